import { aliasedTable, and, asc, eq, exists, gte, inArray, lte, or, type SQL, sql } from 'drizzle-orm';
import type { ProjectListQuery } from '@taskhive/contract';
import {
  departments,
  projectMembers,
  projectEstimateTallies,
  projects,
  taskStatuses,
  tasks,
  timeLogs,
  users,
} from '../../db/schema/index.ts';
import {
  countAll,
  type ListResult,
  nonNull,
  pageWindow,
  searchAny,
  sortBy,
  totalOf,
} from '../../lib/list.ts';
import type { Scope } from '../../lib/scope.ts';
import { taskTallies } from '../tasks/index.ts';
import { managedUserIds } from '../time-logs/index.ts';

export type ProjectRow = {
  id: string;
  code: string;
  name: string;
  description: string | null;
  statusId: string | null;
  statusName: string | null;
  statusColor: string | null;
  startDate: string | null;
  endDate: string | null;
  createdBy: string | null;
  createdAt: Date;
  updatedAt: Date;
};

export type MemberRow = {
  projectId: string;
  userId: string;
  firstName: string;
  lastName: string;
  email: string;
  jobTitle: string | null;
  profilePhotoPath: string | null;
  userUpdatedAt: Date;
  addedAt: Date;
};

/**
 * Who may see a project: `null` = every project of the company, else only those this user is a
 * member of (the policy decides which).
 */
export type Reach = string | null;

/** `exists (a membership of userId in the project)`, for the reach and the member filter. */
function hasMember(scope: Scope, userId: string, project: typeof projects = projects): SQL {
  const pm = aliasedTable(projectMembers, 'pm');
  return exists(
    scope.db
      .select({ one: sql`1` })
      .from(pm)
      .where(and(eq(pm.companyId, project.companyId), eq(pm.projectId, project.id), eq(pm.userId, userId))),
  );
}

export function reachCondition(scope: Scope, reach: Reach): SQL | undefined {
  return reach === null ? undefined : hasMember(scope, reach);
}

function select(scope: Scope) {
  return scope.db
    .select({
      id: projects.id,
      code: projects.code,
      name: projects.name,
      description: projects.description,
      statusId: projects.statusId,
      statusName: taskStatuses.name,
      statusColor: taskStatuses.color,
      startDate: projects.startDate,
      endDate: projects.endDate,
      createdBy: projects.createdBy,
      createdAt: projects.createdAt,
      updatedAt: projects.updatedAt,
    })
    .from(projects)
    .leftJoin(
      taskStatuses,
      and(eq(taskStatuses.id, projects.statusId), eq(taskStatuses.companyId, projects.companyId)),
    );
}

/**
 * THE estimate rule of issue 25 (contract `projectTimeSchema`), for a task row `t` (an alias of
 * `tasks`): its estimate in minutes when it counts, else null. Every task's estimate counts except
 * a parent's whose subtasks carry estimates of their own (theirs count instead), so summing it over
 * any set of tasks never counts a parent and its subtasks both. The project overview and the
 * reports (per person and per task) read it.
 */
export function countedEstimateMinutes(t: typeof tasks): SQL<number | null> {
  const sub = aliasedTable(tasks, 'est_sub');
  // `tasks_parent_idx` (company, parent): a look-up per task with an estimate.
  const estimatedSubtask = sql`exists (select 1 from ${tasks} ${sql.identifier('est_sub')} where ${sub.companyId} = ${t.companyId} and ${sub.parentTaskId} = ${t.id} and ${sub.estimatedHours} is not null)`;
  return sql<
    number | null
  >`case when ${t.estimatedHours} is not null and (${t.parentTaskId} is not null or not ${estimatedSubtask}) then round(${t.estimatedHours} * 60)::int end`;
}

/**
 * Whose time a reader sees, as the time logs' rule says (`timeLogPolicy.seesTimeOf`): null for
 * everyone's (timelog:read:all), else a condition on the entry's user: their own and the members
 * of the departments they manage.
 */
function visibleTime(scope: Scope): SQL | undefined {
  if (scope.actor.permissions.has('timelog:read:all')) return undefined;
  return or(eq(timeLogs.userId, scope.actor.userId), inArray(timeLogs.userId, managedUserIds(scope)));
}

/** What a member row shows of the person (`MemberRow`'s user columns). */
const memberPerson = {
  firstName: users.firstName,
  lastName: users.lastName,
  email: users.email,
  jobTitle: users.jobTitle,
  profilePhotoPath: users.profilePhotoPath,
  userUpdatedAt: users.updatedAt,
};

type ProjectPatch = {
  code?: string;
  name?: string;
  description?: string | null;
  statusId?: string;
  startDate?: string | null;
  endDate?: string | null;
};

/** The only place that touches `projects` and `project_members`. Every statement goes through the scope. */
export const projectsRepo = {
  /**
   * A project's time against its estimate (contract `projectTimeSchema`): one statement. Estimated:
   * `countedEstimateMinutes` summed over the project's tasks, as its estimate tallies keep it
   * (migration 0042). Logged: the
   * entries of the project the reader may see (`time_logs_project_page_idx`), grouped by task
   * first, so the join to tasks is one row per task; an entry counts as unestimated when its task's
   * top-level task has no estimate on it or any subtask, or when it has no task.
   */
  async timeFigures(scope: Scope, projectId: string) {
    const visible = visibleTime(scope);
    const byTask = scope.db.$with('by_task').as(
      scope.db
        .select({ taskId: timeLogs.taskId, minutes: sql<number>`sum(${timeLogs.durationMinutes})`.as('m') })
        .from(timeLogs)
        .where(scope.own(timeLogs, eq(timeLogs.projectId, projectId), visible))
        .groupBy(timeLogs.taskId),
    );
    // Top-level tasks of the project with an estimate on them or on a subtask.
    const e = aliasedTable(tasks, 'e');
    const estimatedTops = scope.db.$with('estimated_tops').as(
      scope.db
        .selectDistinct({ id: sql<string>`coalesce(${e.parentTaskId}, ${e.id})`.as('top_id') })
        .from(e)
        .where(scope.own(e, eq(e.projectId, projectId), sql`${e.estimatedHours} is not null`)),
    );
    const estimated = scope.db
      .select({ n: sql<number>`coalesce(sum(${projectEstimateTallies.minutes}), 0)` })
      .from(projectEstimateTallies)
      .where(scope.own(projectEstimateTallies, eq(projectEstimateTallies.projectId, projectId)));
    const manages = scope.db
      .select({ one: sql`1` })
      .from(departments)
      .where(scope.own(departments, eq(departments.managerId, scope.actor.userId)));
    const task = aliasedTable(tasks, 'task');
    const [row] = await scope.db
      .with(byTask, estimatedTops)
      .select({
        estimated: sql<number>`(${estimated})`.mapWith(Number),
        logged: sql<number>`coalesce(sum(${byTask.minutes}), 0)`.mapWith(Number),
        unestimated:
          sql<number>`coalesce(sum(${byTask.minutes}) filter (where ${estimatedTops.id} is null), 0)`.mapWith(
            Number,
          ),
        manages: sql<boolean>`exists (${manages})`,
      })
      .from(byTask)
      .leftJoin(task, and(eq(task.companyId, scope.companyId), eq(task.id, byTask.taskId)))
      .leftJoin(estimatedTops, sql`${estimatedTops.id} = coalesce(${task.parentTaskId}, ${task.id})`);
    const coverage: 'all' | 'team' | 'own' = visible === undefined ? 'all' : row?.manages ? 'team' : 'own';
    return {
      estimatedMinutes: row?.estimated ?? 0,
      loggedMinutes: row?.logged ?? 0,
      unestimatedLoggedMinutes: row?.unestimated ?? 0,
      coverage,
    };
  },

  /**
   * The estimates of these projects (`countedEstimateMinutes` summed per project), one grouped
   * statement; a project whose tasks carry no estimate is absent.
   */
  async estimates(scope: Scope, projectIds: string[]): Promise<Map<string, number>> {
    if (projectIds.length === 0) return new Map();
    // The estimate tallies (migration 0042): a row or two per project, whatever its tasks.
    const rows = await scope.db
      .select({
        projectId: projectEstimateTallies.projectId,
        minutes: sql<number>`sum(${projectEstimateTallies.minutes})`.mapWith(Number),
        families: sql<number>`sum(${projectEstimateTallies.families})`.mapWith(Number),
      })
      .from(projectEstimateTallies)
      // One array parameter, not one a project: the company report asks for every project with
      // time in its range (2,000 at 1,000,000 tasks: 2,000 bound parameters cost the query
      // builder about 10 ms a request).
      .where(
        scope.own(
          projectEstimateTallies,
          sql`${projectEstimateTallies.projectId} = any(${`{${projectIds.join(',')}}`}::uuid[])`,
        ),
      )
      .groupBy(projectEstimateTallies.projectId);
    return new Map(rows.filter((r) => r.families > 0).map((r) => [r.projectId, r.minutes] as const));
  },

  /** The projects a user is a member of, within `reach` (null: any the company has), by name. */
  forMember(
    scope: Scope,
    userId: string,
    reach: Reach = null,
  ): Promise<{ projectId: string; name: string }[]> {
    return scope.db
      .select({ projectId: projects.id, name: projects.name })
      .from(projects)
      .innerJoin(
        projectMembers,
        and(eq(projectMembers.projectId, projects.id), eq(projectMembers.companyId, projects.companyId)),
      )
      .where(scope.own(projects, eq(projectMembers.userId, userId), reachCondition(scope, reach)))
      .orderBy(asc(projects.name), asc(projects.id));
  },

  /** A subquery of the ids of users who share at least one project with `userId` (them included). */
  coMemberIds(scope: Scope, userId: string): SQL {
    const mine = aliasedTable(projectMembers, 'mine');
    const theirs = aliasedTable(projectMembers, 'theirs');
    const ids = scope.db
      .selectDistinct({ userId: theirs.userId })
      .from(mine)
      .innerJoin(theirs, and(eq(theirs.projectId, mine.projectId), eq(theirs.companyId, mine.companyId)))
      .where(scope.own(mine, eq(mine.userId, userId)));
    return sql`(${ids})`;
  },

  /** One page and the total: two queries whatever the page size (members come in one more). */
  async list(scope: Scope, q: ProjectListQuery, reach: Reach): Promise<ListResult<ProjectRow>> {
    const names = q.statusNames?.map((n) => n.toLowerCase());
    const where = scope.own(
      projects,
      reachCondition(scope, reach),
      searchAny(q.search, projects.name, projects.code, projects.description),
      names?.length ? inArray(sql`lower(${taskStatuses.name})`, names) : undefined,
      q.startDateFrom ? gte(projects.startDate, q.startDateFrom) : undefined,
      q.endDateTo ? lte(projects.endDate, q.endDateTo) : undefined,
      q.memberUserId ? hasMember(scope, q.memberUserId) : undefined,
    );
    const { limit, offset } = pageWindow(q);
    // Keys never null (nonNull) are ordered without `nulls last`, so the company's created, updated
    // and name indexes give the first page: a `desc nulls last` on created_at sorted every project
    // of the company for ten (1.6 ms at 2,000 projects against 0.08 ms at 20; issue 28, growth).
    const keys = {
      name: nonNull(sql`lower(${projects.name})`),
      code: sql`lower(${projects.code})`,
      statusName: taskStatuses.sortOrder,
      startDate: projects.startDate,
      endDate: projects.endDate,
      progress: taskTallies.projectProgress,
      createdAt: nonNull(projects.createdAt),
      updatedAt: nonNull(projects.updatedAt),
    };
    const [rows, total] = await Promise.all([
      select(scope)
        .where(where)
        .orderBy(...sortBy(keys, q.sortBy, q.sortOrder, projects.id))
        .limit(limit)
        .offset(offset),
      totalOf(
        scope.db
          .select({ n: countAll() })
          .from(projects)
          .leftJoin(
            taskStatuses,
            and(eq(taskStatuses.id, projects.statusId), eq(taskStatuses.companyId, projects.companyId)),
          )
          .where(where),
      ),
    ]);
    return { rows, total };
  },

  async byId(scope: Scope, id: string, reach: Reach): Promise<ProjectRow | null> {
    const [row] = await select(scope).where(
      scope.own(projects, eq(projects.id, id), reachCondition(scope, reach)),
    );
    return row ?? null;
  },

  /** The members of these projects, by first name: one query for a whole page. */
  async members(scope: Scope, projectIds: string[]): Promise<MemberRow[]> {
    if (projectIds.length === 0) return [];
    return scope.db
      .select({
        projectId: projectMembers.projectId,
        userId: users.id,
        ...memberPerson,
        addedAt: projectMembers.createdAt,
      })
      .from(projectMembers)
      .innerJoin(
        users,
        and(eq(users.id, projectMembers.userId), eq(users.companyId, projectMembers.companyId)),
      )
      .where(scope.own(projectMembers, inArray(projectMembers.projectId, projectIds)))
      .orderBy(asc(users.firstName), asc(users.lastName), asc(users.id));
  },

  /**
   * A page's member preview: the first `limit` members of each project by joining date (then id),
   * and each project's member count. One statement: per project, the first members are the first
   * entries of `project_members_joined_idx` and the count an index-only count, and only the
   * preview's rows are joined to their users, so the answer and its cost stay the same size
   * however many people a project has (bar the count).
   */
  async memberPreview(
    scope: Scope,
    projectIds: string[],
    limit: number,
  ): Promise<{ members: MemberRow[]; counts: Map<string, number> }> {
    if (projectIds.length === 0) return { members: [], counts: new Map() };
    const counted = aliasedTable(projectMembers, 'counted');
    const total = scope.db
      .select({ n: sql<number>`count(*)::int`.as('n') })
      .from(counted)
      .where(scope.own(counted, eq(counted.projectId, projects.id)))
      .as('total');
    const first = scope.db
      .select({ userId: projectMembers.userId, addedAt: projectMembers.createdAt })
      .from(projectMembers)
      .where(scope.own(projectMembers, eq(projectMembers.projectId, projects.id)))
      .orderBy(asc(projectMembers.createdAt), asc(projectMembers.userId))
      .limit(limit)
      .as('first');
    const rows = await scope.db
      .select({
        projectId: projects.id,
        userId: users.id,
        ...memberPerson,
        addedAt: first.addedAt,
        total: sql<number>`${total.n}`.mapWith(Number),
      })
      .from(projects)
      .crossJoinLateral(total)
      .innerJoinLateral(first, sql`true`)
      .innerJoin(users, and(eq(users.id, first.userId), eq(users.companyId, projects.companyId)))
      .where(scope.own(projects, inArray(projects.id, projectIds)))
      .orderBy(asc(projects.id), asc(first.addedAt), asc(first.userId));
    return {
      members: rows.map(({ total: _total, ...m }) => m),
      counts: new Map(rows.map((r) => [r.projectId, r.total])),
    };
  },

  async isMember(scope: Scope, projectId: string, userId: string): Promise<boolean> {
    const [row] = await scope.db
      .select({ userId: projectMembers.userId })
      .from(projectMembers)
      .where(
        scope.own(projectMembers, eq(projectMembers.projectId, projectId), eq(projectMembers.userId, userId)),
      );
    return !!row;
  },

  /** Which of `userIds` are members of the project. */
  async membersAmong(scope: Scope, projectId: string, userIds: string[]): Promise<Set<string>> {
    if (userIds.length === 0) return new Set();
    const rows = await scope.db
      .select({ userId: projectMembers.userId })
      .from(projectMembers)
      .where(
        scope.own(
          projectMembers,
          eq(projectMembers.projectId, projectId),
          inArray(projectMembers.userId, userIds),
        ),
      );
    return new Set(rows.map((r) => r.userId));
  },

  async addMembers(scope: Scope, projectId: string, userIds: string[]) {
    if (userIds.length === 0) return;
    await scope.db
      .insert(projectMembers)
      .values(userIds.map((userId) => scope.values({ projectId, userId })))
      .onConflictDoNothing();
  },

  async removeMember(scope: Scope, projectId: string, userId: string): Promise<boolean> {
    const rows = await scope.db
      .delete(projectMembers)
      .where(
        scope.own(projectMembers, eq(projectMembers.projectId, projectId), eq(projectMembers.userId, userId)),
      )
      .returning({ userId: projectMembers.userId });
    return rows.length > 0;
  },

  async insert(
    scope: Scope,
    p: Required<Omit<ProjectPatch, 'statusId'>> & { statusId: string | null; createdBy: string },
  ) {
    const [row] = await scope.db.insert(projects).values(scope.values(p)).returning({ id: projects.id });
    if (!row) throw new Error('insert returned no row');
    return row.id;
  },

  async update(scope: Scope, id: string, patch: ProjectPatch) {
    if (Object.keys(patch).length === 0) return;
    await scope.db
      .update(projects)
      .set(patch)
      .where(scope.own(projects, eq(projects.id, id)));
  },

  async delete(scope: Scope, id: string) {
    await scope.db.delete(projects).where(scope.own(projects, eq(projects.id, id)));
  },

  /** Projects in `from` move to `to` (a status being deleted); answers how many moved. */
  async moveStatus(scope: Scope, from: string, to: string): Promise<number> {
    const rows = await scope.db
      .update(projects)
      .set({ statusId: to })
      .where(scope.own(projects, eq(projects.statusId, from)))
      .returning({ id: projects.id });
    return rows.length;
  },
};
