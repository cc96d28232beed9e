import { aliasedTable, and, asc, eq, exists, gte, lte, type SQL, sql } from 'drizzle-orm';
import type { TaskLabel } from '@taskhive/contract';
import type { Db } from '../../db/client.ts';
import {
  calendarFeeds,
  companies,
  priorities,
  projects,
  roles,
  taskAssignees,
  taskStatuses,
  tasks,
  users,
} from '../../db/schema/index.ts';
import type { Scope } from '../../lib/scope.ts';
import { type Reach, reachCondition } from '../projects/index.ts';
import { isOverdue, labelsOfTask, taskKey, withAnyLabel } from '../tasks/index.ts';

/** Which tasks a calendar shows: one project's (subtasks too) or one assignee's (subtasks too). */
export type CalendarSet = { projectId: string } | { assignedTo: string };

export type CalendarTaskRow = {
  id: string;
  key: string;
  title: string;
  projectId: string;
  projectName: string;
  parentTaskId: string | null;
  statusName: string | null;
  statusColor: string | null;
  isDone: boolean;
  /** 'completed' or 'cancelled' for the built-in statuses, else null. */
  builtIn: string | null;
  priorityName: string | null;
  startDate: string | null;
  dueDate: string;
  isOverdue: boolean;
  assigneeNames: string[];
  /** Issue 26: its labels by name. */
  labels: TaskLabel[];
};

/** The owner of a feed link, as the auth plugin's session look-up reads a user. */
export type FeedOwner = {
  userId: string;
  companyId: string;
  roleName: string | null;
  roleType: string | null;
  userStatus: string;
  companyActive: boolean;
  authzVersion: number;
  mustChangePassword: boolean;
};

/**
 * Done as the tasks feature decides it: a status with `built_in` set is Completed or Cancelled
 * (overdue and the key are the tasks feature's own expressions, imported above).
 */
const isDone = sql<boolean>`(${taskStatuses.builtIn} is not null)`.mapWith(Boolean);

/** The assignees' names, in name order: part of the statement that reads the tasks (no N+1). */
const assigneeNames = sql<string[]>`coalesce((select array_agg(u.first_name || ' ' || u.last_name
    order by u.first_name, u.last_name, u.id)
  from task_assignees ta
  join users u on u.company_id = ta.company_id and u.id = ta.user_id
  where ta.company_id = ${tasks.companyId} and ta.task_id = ${tasks.id}), '{}')`;

function assignedTo(scope: Scope, userId: string): SQL {
  const ta = aliasedTable(taskAssignees, 'mine');
  return exists(
    scope.db
      .select({ one: sql`1` })
      .from(ta)
      .where(and(eq(ta.companyId, tasks.companyId), eq(ta.taskId, tasks.id), eq(ta.userId, userId))),
  );
}

/**
 * Read-only views of tasks by due date for the calendar and the feed, and the feed links' table
 * (the only code touching `calendar_feeds`). Tasks are read here as the reports read them: one
 * bounded statement, the tasks feature's rules (key, done, overdue) spelled as it spells them,
 * the read rule taken from the projects feature (`reachCondition`), never a copy of it.
 */
export const calendarRepo = {
  /**
   * The tasks of `set` due in [from, to] within `reach` (carrying any of `labelIds` when given),
   * ordered by due date then key, at most `limit`: ONE statement (assignees' names and labels
   * folded in), whatever the number of tasks or labels.
   */
  tasksDue(
    scope: Scope,
    set: CalendarSet,
    range: { from: string; to: string },
    reach: Reach,
    limit: number,
    labelIds?: readonly string[],
  ): Promise<CalendarTaskRow[]> {
    return scope.db
      .select({
        id: tasks.id,
        key: taskKey,
        title: tasks.title,
        projectId: tasks.projectId,
        projectName: projects.name,
        parentTaskId: tasks.parentTaskId,
        statusName: taskStatuses.name,
        statusColor: taskStatuses.color,
        isDone,
        builtIn: taskStatuses.builtIn,
        priorityName: priorities.name,
        startDate: tasks.startDate,
        dueDate: sql<string>`${tasks.dueDate}`,
        isOverdue,
        assigneeNames,
        labels: labelsOfTask,
      })
      .from(tasks)
      .innerJoin(projects, and(eq(projects.id, tasks.projectId), eq(projects.companyId, tasks.companyId)))
      .leftJoin(
        taskStatuses,
        and(eq(taskStatuses.id, tasks.statusId), eq(taskStatuses.companyId, tasks.companyId)),
      )
      .leftJoin(priorities, eq(priorities.id, tasks.priorityId))
      .where(
        scope.own(
          tasks,
          'projectId' in set ? eq(tasks.projectId, set.projectId) : assignedTo(scope, set.assignedTo),
          gte(tasks.dueDate, range.from),
          lte(tasks.dueDate, range.to),
          reachCondition(scope, reach),
          withAnyLabel(tasks, labelIds),
        ),
      )
      .orderBy(asc(tasks.dueDate), asc(projects.code), asc(tasks.number), asc(tasks.id))
      .limit(limit);
  },

  /** The reader's own feed link, if any. */
  async feedOf(scope: Scope): Promise<{ createdAt: Date } | null> {
    const [row] = await scope.db
      .select({ createdAt: calendarFeeds.createdAt })
      .from(calendarFeeds)
      .where(scope.own(calendarFeeds, eq(calendarFeeds.userId, scope.actor.userId)));
    return row ?? null;
  },

  /** Sets the reader's link to this hash (a new one, or in place of the old: it stops working). */
  async setFeed(scope: Scope, tokenHash: string): Promise<Date> {
    const [row] = await scope.db
      .insert(calendarFeeds)
      .values(scope.values({ userId: scope.actor.userId, tokenHash }))
      .onConflictDoUpdate({
        target: [calendarFeeds.companyId, calendarFeeds.userId],
        set: { tokenHash, createdAt: sql`now()` },
      })
      .returning({ createdAt: calendarFeeds.createdAt });
    if (!row) throw new Error('calendar feed not written');
    return row.createdAt;
  },

  /** Turns the reader's link off; answers whether there was one. */
  async deleteFeed(scope: Scope): Promise<boolean> {
    const rows = await scope.db
      .delete(calendarFeeds)
      .where(scope.own(calendarFeeds, eq(calendarFeeds.userId, scope.actor.userId)))
      .returning({ userId: calendarFeeds.userId });
    return rows.length > 0;
  },

  /**
   * The owner of the link whose token hashes to `tokenHash`, before any tenant is known (like a
   * refresh token's look-up): one statement by the unique index, with what the auth plugin reads
   * of a session's user (status, company active, primary role, the company's authz version).
   */
  async ownerByTokenHash(db: Db, tokenHash: string): Promise<FeedOwner | null> {
    const [row] = await db
      .select({
        userId: users.id,
        companyId: users.companyId,
        roleName: roles.name,
        roleType: roles.roleType,
        userStatus: users.status,
        companyActive: companies.isActive,
        authzVersion: companies.authzVersion,
        mustChangePassword: users.mustChangePassword,
      })
      .from(calendarFeeds)
      .innerJoin(users, and(eq(users.id, calendarFeeds.userId), eq(users.companyId, calendarFeeds.companyId)))
      .innerJoin(companies, eq(companies.id, users.companyId))
      .leftJoin(roles, and(eq(roles.id, users.roleId), eq(roles.companyId, users.companyId)))
      .where(eq(calendarFeeds.tokenHash, tokenHash))
      .limit(1);
    return row ? { ...row, authzVersion: Number(row.authzVersion) } : null;
  },
};
