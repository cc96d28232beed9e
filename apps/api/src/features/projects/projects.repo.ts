import { aliasedTable, and, asc, eq, exists, gte, inArray, lte, type SQL, sql } from 'drizzle-orm';
import type { ProjectListQuery } from '@taskhive/contract';
import { projectMembers, projects, taskStatuses, users } from '../../db/schema/index.ts';
import { countAll, type ListResult, pageWindow, searchAny, sortBy, totalOf } from '../../lib/list.ts';
import type { Scope } from '../../lib/scope.ts';
import { taskTallies } from '../tasks/index.ts';

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
    const keys = {
      name: sql`lower(${projects.name})`,
      code: sql`lower(${projects.code})`,
      statusName: taskStatuses.sortOrder,
      startDate: projects.startDate,
      endDate: projects.endDate,
      progress: taskTallies.projectProgress,
      createdAt: projects.createdAt,
      updatedAt: projects.updatedAt,
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
