import {
  aliasedTable,
  and,
  asc,
  eq,
  exists,
  gt,
  gte,
  inArray,
  isNotNull,
  isNull,
  lt,
  lte,
  ne,
  not,
  or,
  type SQL,
  sql,
} from 'drizzle-orm';
import {
  type BoardQuery,
  OVERDUE_STATUS_NAME,
  TASK_KEY_PATTERN,
  type TaskLabel,
  type TaskListQuery,
} from '@taskhive/contract';
import {
  priorities,
  projectMembers,
  projects,
  taskAssignees,
  taskLists,
  taskStatuses,
  tasks,
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
import { type Db, rowsOf, sideHandle } from '../../db/client.ts';
import { runPrepared } from '../../db/prepared.ts';
import { RestartTransaction } from '../../lib/retry.ts';
import type { Scope } from '../../lib/scope.ts';
import type { Reach } from '../projects/index.ts';
import { type CustomFieldListPart, taskValuesJson } from '../custom-fields/index.ts';
import { taskStatusesReads } from '../task-statuses/index.ts';
import { talliesRepo } from './tallies.repo.ts';
import { isOverdue, labelsOfTask, taskKey, withAnyLabel } from './task-expressions.ts';

/** A task to insert: what a create knows. */
export type NewTask = Required<Omit<TaskPatch, 'taskListId' | 'statusId' | 'sortOrder'>> & {
  sortOrder: number | 'front';
  statusId: string | null | 'first';
  projectId: string;
  taskListId: string;
  parentTaskId: string | null;
  createdBy: string;
  /** Its number in its project, from `takeNumber`; absent, trigger tasks_number takes one. */
  number?: number;
};

export type TaskRow = {
  id: string;
  key: string;
  projectId: string;
  projectName: string;
  taskListId: string;
  listName: string;
  parentTaskId: string | null;
  title: string;
  description: string | null;
  statusId: string | null;
  statusName: string | null;
  statusColor: string | null;
  /** Issue 26: its status is a built-in closed one (Completed, Cancelled): it blocks nothing. */
  statusDone: boolean;
  priorityId: string | null;
  priorityName: string | null;
  startDate: string | null;
  dueDate: string | null;
  estimatedHours: string | null;
  actualHours: string | null;
  progress: number;
  sortOrder: number;
  isOverdue: boolean;
  subtaskCount: number;
  blockedByOpenCount: number;
  /** Issue 26: how many tasks it blocks (a status change asks what it frees only when it blocks some). */
  blockingCount: number;
  /** Issue 26: its labels by name. */
  labels: TaskLabel[];
  /** Issue 26: it is an occurrence of a recurring series (the repeat icon; a completion asks for the next). */
  recurring: boolean;
  /** Issue 26: the values of the custom fields enabled on its project, by field id (null: none). */
  customFields: Record<string, unknown> | null;
  createdBy: string | null;
  completedAt: Date | null;
  createdAt: Date;
  updatedAt: Date;
};

export type AssigneeRow = {
  taskId: string;
  userId: string;
  firstName: string;
  lastName: string;
  profilePhotoPath: string | null;
  userUpdatedAt: Date;
};

/**
 * Which tasks a list shows: one list's, one project's (top-level only), one assignee's (subtasks
 * too) or, for All Tasks, every task of the company (subtasks too; the reach still applies).
 */
export type TaskSet = { taskListId: string } | { projectId: string } | { assignedTo: string } | { all: true };

const subtaskCount = sql<number>`(select count(*) from tasks sub
  where sub.company_id = ${tasks.companyId} and sub.parent_task_id = ${tasks.id})::int`.mapWith(Number);

/**
 * Issue 26: how many of the task's blockers are not done (neither Completed nor Cancelled, a task
 * without a status counts as open). Part of the statement that reads the tasks, served by
 * `task_dependencies_blocked_idx`, so a page costs no extra statement whatever its size.
 */
const blockedByOpenCount = sql<number>`(select count(*) from task_dependencies dep
  join tasks blocker on blocker.company_id = dep.company_id and blocker.id = dep.blocker_task_id
  left join task_statuses blocker_status on blocker_status.company_id = blocker.company_id
    and blocker_status.id = blocker.status_id
  where dep.company_id = ${tasks.companyId} and dep.blocked_task_id = ${tasks.id}
    and blocker_status.built_in is null)::int`.mapWith(Number);

/** Issue 26: how many tasks this one blocks: the first entries of the dependencies' primary key. */
const blockingCount = sql<number>`(select count(*) from task_dependencies dep
  where dep.company_id = ${tasks.companyId} and dep.blocker_task_id = ${tasks.id})::int`.mapWith(Number);

/** Issue 26: the task is an occurrence of a series (one look into `task_occurrences_pk`). */
const recurring = sql<boolean>`exists (select 1 from task_occurrences occ
  where occ.company_id = ${tasks.companyId} and occ.task_id = ${tasks.id})`.mapWith(Boolean);

const joins = {
  project: and(eq(projects.id, tasks.projectId), eq(projects.companyId, tasks.companyId)),
  list: and(eq(taskLists.id, tasks.taskListId), eq(taskLists.companyId, tasks.companyId)),
  status: and(eq(taskStatuses.id, tasks.statusId), eq(taskStatuses.companyId, tasks.companyId)),
  priority: eq(priorities.id, tasks.priorityId),
};

function select(scope: Scope) {
  return scope.db
    .select({
      id: tasks.id,
      key: taskKey,
      projectId: tasks.projectId,
      projectName: projects.name,
      taskListId: tasks.taskListId,
      listName: taskLists.name,
      parentTaskId: tasks.parentTaskId,
      title: tasks.title,
      description: tasks.description,
      statusId: tasks.statusId,
      statusName: taskStatuses.name,
      statusColor: taskStatuses.color,
      statusDone: sql<boolean>`(${taskStatuses.builtIn} is not null)`.mapWith(Boolean),
      priorityId: tasks.priorityId,
      priorityName: priorities.name,
      startDate: tasks.startDate,
      dueDate: tasks.dueDate,
      estimatedHours: tasks.estimatedHours,
      actualHours: tasks.actualHours,
      progress: tasks.progress,
      sortOrder: tasks.sortOrder,
      isOverdue,
      subtaskCount,
      blockedByOpenCount,
      blockingCount,
      labels: labelsOfTask,
      recurring,
      customFields: taskValuesJson(tasks),
      createdBy: tasks.createdBy,
      completedAt: tasks.completedAt,
      createdAt: tasks.createdAt,
      updatedAt: tasks.updatedAt,
    })
    .from(tasks)
    .innerJoin(projects, joins.project)
    .innerJoin(taskLists, joins.list)
    .leftJoin(taskStatuses, joins.status)
    .leftJoin(priorities, joins.priority);
}

/** `exists (a row of table for this task/project with this user)`. */
function assignedTo(scope: Scope, userId: string): SQL {
  const ta = aliasedTable(taskAssignees, 'ta');
  return exists(
    scope.db
      .select({ one: sql`1` })
      .from(ta)
      .where(and(eq(ta.companyId, tasks.companyId), eq(ta.taskId, tasks.id), eq(ta.userId, userId))),
  );
}

/** The task's project has this user as a member (the reach of someone without `*:read:all`). */
function inReach(scope: Scope, reach: Reach): SQL | undefined {
  if (reach === null) return undefined;
  const pm = aliasedTable(projectMembers, 'pm');
  return exists(
    scope.db
      .select({ one: sql`1` })
      .from(pm)
      .where(and(eq(pm.companyId, tasks.companyId), eq(pm.projectId, tasks.projectId), eq(pm.userId, reach))),
  );
}

function setCondition(scope: Scope, set: TaskSet): SQL | undefined {
  if ('taskListId' in set) return and(eq(tasks.taskListId, set.taskListId), isNull(tasks.parentTaskId));
  if ('projectId' in set) return and(eq(tasks.projectId, set.projectId), isNull(tasks.parentTaskId));
  if ('all' in set) return undefined;
  return assignedTo(scope, set.assignedTo);
}

/** A search that is a task key (`APL-42`) also finds that task. */
function byKey(term: string | undefined): SQL | undefined {
  const m = term ? TASK_KEY_PATTERN.exec(term.trim()) : null;
  if (!m?.[1] || !m[2] || Number(m[2]) > 2_147_483_647) return undefined;
  // A subquery, not the projects join: the list's count reads tasks without it.
  return and(
    eq(tasks.number, Number(m[2])),
    sql`${tasks.projectId} = (select p.id from projects p
      where p.company_id = ${tasks.companyId} and lower(p.code) = ${m[1].toLowerCase()})`,
  );
}

function filters(scope: Scope, q: TaskListQuery): (SQL | undefined)[] {
  const statusNames = q.statusNames?.map((n) => n.toLowerCase());
  const priorityNames = q.priorityNames?.map((n) => n.toLowerCase());
  const byStatus = statusNames?.length ? inArray(sql`lower(${taskStatuses.name})`, statusNames) : undefined;
  return [
    or(searchAny(q.search, tasks.title, tasks.description), byKey(q.search)),
    byStatus && statusNames?.includes(OVERDUE_STATUS_NAME.toLowerCase()) ? or(byStatus, isOverdue) : byStatus,
    priorityNames?.length ? inArray(sql`lower(${priorities.name})`, priorityNames) : undefined,
    q.projectId ? eq(tasks.projectId, q.projectId) : undefined,
    q.startDateFrom ? gte(tasks.startDate, q.startDateFrom) : undefined,
    q.endDateTo ? lte(tasks.dueDate, q.endDateTo) : undefined,
    q.dueDateFrom ? gte(tasks.dueDate, q.dueDateFrom) : undefined,
    q.dueDateTo ? lte(tasks.dueDate, q.dueDateTo) : undefined,
    q.overdue === 'true' ? isOverdue : q.overdue === 'false' ? not(isOverdue) : undefined,
    q.memberUserId ? assignedTo(scope, q.memberUserId) : undefined,
    withAnyLabel(tasks, q.labelIds),
  ];
}

/** The board's filters (GET /Tasks/projects/{id}/board): each one set must hold. */
export type BoardFilter = Pick<BoardQuery, 'assignee' | 'priority' | 'due' | 'search' | 'labelIds'> & {
  /** Issue 26: a custom field's condition (`cf`, resolved by the custom-fields feature). */
  custom?: CustomFieldListPart['where'];
};

export const hasBoardFilter = (f: BoardFilter) =>
  f.assignee !== undefined ||
  f.priority !== undefined ||
  f.due !== undefined ||
  Boolean(f.search) ||
  Boolean(f.labelIds?.length) ||
  f.custom !== undefined;

/**
 * `filter` on a board's cards (`card`, an alias of tasks) in their column (`column`, an alias of
 * task_statuses). Overdue as everywhere (`isOverdue`): past due and not Completed or Cancelled;
 * this week: Monday to Sunday of the database's current date. The search matches the title or the
 * key (`APL-4` as typed; the project's code is read once per statement).
 */
function boardFilter(
  scope: Scope,
  card: typeof tasks,
  column: typeof taskStatuses,
  f: BoardFilter,
): (SQL | undefined)[] {
  const ta = aliasedTable(taskAssignees, 'board_ta');
  const assigned = (userId?: string) =>
    exists(
      scope.db
        .select({ one: sql`1` })
        .from(ta)
        .where(
          and(
            eq(ta.companyId, card.companyId),
            eq(ta.taskId, card.id),
            userId ? eq(ta.userId, userId) : undefined,
          ),
        ),
    );
  const week = sql`date_trunc('week', current_date)::date`;
  const key = sql`((select p.code from projects p where p.company_id = ${card.companyId} and p.id = ${card.projectId}) || '-' || ${card.number})`;
  return [
    f.assignee === 'none' ? not(assigned()) : f.assignee ? assigned(f.assignee) : undefined,
    f.priority === 'none'
      ? isNull(card.priorityId)
      : f.priority
        ? eq(card.priorityId, f.priority)
        : undefined,
    f.due === 'none'
      ? isNull(card.dueDate)
      : f.due === 'overdue'
        ? and(sql`${card.dueDate} < current_date`, isNull(column.builtIn))
        : f.due === 'week'
          ? and(gte(card.dueDate, week), sql`${card.dueDate} <= ${week} + 6`)
          : undefined,
    f.search ? searchAny(f.search, card.title, key) : undefined,
    withAnyLabel(card, f.labelIds),
    f.custom?.(card),
  ];
}

/**
 * The total of a set with no filter, without visiting its tasks: a list's or a project's top-level
 * tasks are their tally (the caller has checked that the list or project is within the reach, so
 * all its tasks are); an assignee's tasks are their `task_assignees` rows, an index-only count,
 * when every project is within the reach. Otherwise null: count the tasks.
 */
function plainTotal(scope: Scope, set: TaskSet, reach: Reach): Promise<number> | null {
  if ('all' in set) return null;
  if (!('assignedTo' in set)) return talliesRepo.topLevelCount(scope, set);
  if (reach !== null) return null;
  return totalOf(
    scope.db
      .select({ n: countAll() })
      .from(taskAssignees)
      .where(scope.own(taskAssignees, eq(taskAssignees.userId, set.assignedTo))),
  );
}

/** A column of cards: one project's top-level tasks in one status, or one task's subtasks. */
type Column = { projectId: string; statusId: string } | { parentTaskId: string };

/** The room left between two cards placed one after the other. */
const SORT_GAP = 1024;
/** A key below every key ever given: the sequence only grows, every other key is at or above one it gave. */
const frontKey = sql`-nextval('tasks_front_seq') * ${SORT_GAP}`;

function columnWhere(column: Column): SQL | undefined {
  return 'parentTaskId' in column
    ? eq(tasks.parentTaskId, column.parentTaskId)
    : and(
        eq(tasks.projectId, column.projectId),
        eq(tasks.statusId, column.statusId),
        isNull(tasks.parentTaskId),
      );
}

/** The name of a column's advisory locks: (company, column). */
function columnLockName(scope: Scope, column: Column): string {
  return 'parentTaskId' in column
    ? `${scope.companyId}:sub:${column.parentTaskId}`
    : `${scope.companyId}:col:${column.projectId}:${column.statusId}`;
}

/**
 * A column's writer that takes it alone (a renumbering, a new subtask's last key): a transaction
 * advisory lock on (company, column), exclusive, so it waits for the placements holding it shared
 * (`place`) and they for it.
 */
async function lockColumn(scope: Scope, column: Column) {
  await scope.db.execute(
    sql`select pg_advisory_xact_lock(hashtextextended(${columnLockName(scope, column)}, 0))`,
  );
}

/** The key of a claim on one key of a column (`place`): the column's lock name and the key. */
const claimOf = (name: string, key: SQL | number) => sql`hashtextextended(${name} || ':' || ${key}, 0)`;

/**
 * The neighbours of a place in a column: the last key before `before` and the first at or after
 * it (null: none), `except` the card being moved; with `taken`, whether a card holds that key.
 */
function gapQuery(scope: Scope, column: Column, before: number, except: string | undefined, taken?: number) {
  const where = scope.own(tasks, columnWhere(column), except ? ne(tasks.id, except) : undefined);
  return sql`select
    (select max(${tasks.sortOrder}) from ${tasks} where ${and(where, lt(tasks.sortOrder, before))}) as lo,
    (select min(${tasks.sortOrder}) from ${tasks} where ${and(where, gte(tasks.sortOrder, before))}) as hi,
    ${taken === undefined ? sql`false` : sql`exists (select from ${tasks} where ${and(where, eq(tasks.sortOrder, taken))})`} as taken`;
}

const keyOf = (v: unknown) => (v === null || v === undefined ? null : Number(v));

/**
 * Up to `n` keys strictly between `lo` and `hi` (`hi` null: past `lo`), none of `avoid`: drawn at
 * random in the widest free stretch (between the neighbours and the keys others claimed), so
 * placements that lost a claim to each other rarely draw the same key again. Empty: no room.
 */
function freeKeys(lo: number, hi: number | null, avoid: number[], n: number): number[] {
  const inside = avoid.filter((k) => k > lo && (hi === null || k < hi)).sort((a, b) => a - b);
  if (hi === null) {
    const last = inside.at(-1) ?? lo;
    return Array.from({ length: n }, (_, i) => last + SORT_GAP * (i + 1));
  }
  const bounds = [lo, ...inside, hi];
  let a = lo;
  let b = lo;
  for (let i = 1; i < bounds.length; i++) {
    const x = bounds[i - 1] ?? lo;
    const y = bounds[i] ?? hi;
    if (y - x > b - a) [a, b] = [x, y];
  }
  const room = b - a - 1;
  if (room < 1) return [];
  const keys = new Set<number>();
  for (let i = 0; i < n * 2 && keys.size < Math.min(n, room); i++)
    keys.add(a + 1 + Math.floor(Math.random() * room));
  return [...keys];
}

/** Spreads a column's keys by SORT_GAP from its smallest, in their order (under the column's lock). */
async function renumber(scope: Scope, column: Column, except: string | undefined) {
  const ranked = scope.db
    .select({
      id: tasks.id,
      key: sql<number>`min(${tasks.sortOrder}) over () + (row_number() over (order by ${tasks.sortOrder}, ${tasks.createdAt}, ${tasks.id}) - 1) * ${SORT_GAP}`.as(
        'key',
      ),
    })
    .from(tasks)
    .where(scope.own(tasks, columnWhere(column), except ? ne(tasks.id, except) : undefined))
    .as('ranked');
  await scope.db
    .update(tasks)
    .set({ sortOrder: sql`${ranked.key}` })
    .from(ranked)
    .where(scope.own(tasks, eq(tasks.id, ranked.id)));
}

/** The least step between the keys `spreadBelow` writes, and how many cards it looks at. */
const SPREAD_STEP = 64;
const SPREAD_SCAN = 500;

/**
 * Makes room just below the card at key `hi` (under the column's exclusive lock) without moving
 * it or any card after it: the nearest card `w` below it, the k-th counting down, whose key leaves
 * at least SPREAD_STEP per place for the k - 1 cards between them and one more, is the floor; those
 * cards are spaced evenly between `w` and `hi`, in their order. Answers the free key half a step
 * below `hi`, or null when no such card is among the SPREAD_SCAN below (then the column is renumbered).
 */
async function spreadBelow(scope: Scope, column: Column, hi: number, except: string | undefined) {
  const where = scope.own(
    tasks,
    columnWhere(column),
    except ? ne(tasks.id, except) : undefined,
    lt(tasks.sortOrder, hi),
  );
  const [floor] = rowsOf<{ k: unknown; key: unknown }>(
    await scope.db.execute(sql`select b.k, b.key from (
        select ${tasks.sortOrder} as key, row_number() over (order by ${tasks.sortOrder} desc) as k
        from ${tasks} where ${where} order by ${tasks.sortOrder} desc limit ${SPREAD_SCAN}
      ) b where ${hi}::bigint - b.key >= (b.k + 1) * ${SPREAD_STEP} order by b.k limit 1`),
  );
  const k = keyOf(floor?.k);
  const low = keyOf(floor?.key);
  if (k === null || low === null) return null;
  const step = Math.floor((hi - low) / k);
  if (k > 1) {
    const ranked = scope.db
      .select({
        id: tasks.id,
        k: sql<number>`row_number() over (order by ${tasks.sortOrder} desc, ${tasks.createdAt} desc, ${tasks.id} desc)`.as(
          'k',
        ),
      })
      .from(tasks)
      .where(and(where, gt(tasks.sortOrder, low)))
      .as('ranked');
    await scope.db
      .update(tasks)
      .set({ sortOrder: sql`${hi}::bigint - ${ranked.k} * ${step}::bigint` })
      .from(ranked)
      .where(scope.own(tasks, eq(tasks.id, ranked.id)));
  }
  return hi - Math.floor(step / 2);
}

type TaskPatch = {
  title?: string;
  description?: string | null;
  statusId?: string;
  priorityId?: string | null;
  startDate?: string | null;
  dueDate?: string | null;
  estimatedHours?: string | null;
  actualHours?: string | null;
  sortOrder?: number;
  taskListId?: string;
};

/** The only place that touches `tasks` and `task_assignees`. */
export const tasksRepo = {
  /**
   * One page and the total: two queries whatever the page size (assignees come in one more). With
   * no filter the total is read where it costs the least (`plainTotal`).
   */
  async list(
    scope: Scope,
    set: TaskSet,
    q: TaskListQuery,
    reach: Reach,
    custom: CustomFieldListPart = {},
  ): Promise<ListResult<TaskRow>> {
    const conditions = [...filters(scope, q), custom.where?.(tasks)];
    const where = scope.own(tasks, setCondition(scope, set), inReach(scope, reach), ...conditions);
    const plain = conditions.every((c) => c === undefined) ? plainTotal(scope, set, reach) : null;
    const { limit, offset } = pageWindow(q);
    // The task's own NOT NULL columns are `nonNull`: a descending page reads its index backwards.
    const keys = {
      sortOrder: nonNull(tasks.sortOrder),
      title: nonNull(sql`lower(${tasks.title})`),
      statusName: taskStatuses.sortOrder,
      priority: priorities.sortOrder,
      startDate: tasks.startDate,
      dueDate: tasks.dueDate,
      progress: nonNull(tasks.progress),
      createdAt: nonNull(tasks.createdAt),
      updatedAt: nonNull(tasks.updatedAt),
    };
    const [rows, total] = await Promise.all([
      select(scope)
        .where(where)
        .orderBy(
          ...(custom.order ? sortBy({ cf: custom.order(tasks) }, 'cf', q.sortOrder) : []),
          ...sortBy(keys, q.sortBy, q.sortOrder, tasks.createdAt, tasks.id),
        )
        .limit(limit)
        .offset(offset),
      plain ??
        totalOf(
          scope.db
            .select({ n: countAll() })
            .from(tasks)
            .leftJoin(taskStatuses, joins.status)
            .leftJoin(priorities, joins.priority)
            .where(where),
        ),
    ]);
    return { rows, total };
  },

  /**
   * A project's board: each status's first cards (top-level tasks in column order), `perColumn`
   * of them or the column's own limit. One statement: per status of the company, a lateral read
   * of the first entries of `tasks_project_board_idx`, then those tasks with their columns; the
   * answer is as large as the limits, however many tasks the project has.
   */
  board(
    scope: Scope,
    projectId: string,
    perColumn: number,
    limits: Record<string, number>,
    filter: BoardFilter = {},
  ): Promise<TaskRow[]> {
    const column = aliasedTable(taskStatuses, 'board_column');
    const card = aliasedTable(tasks, 'card');
    const pairs = Object.entries(limits);
    const limit = pairs.length
      ? sql`case ${sql.join(
          pairs.map(([statusId, n]) => sql`when ${column.id} = ${statusId} then ${n}::int`),
          sql` `,
        )} else ${perColumn}::int end`
      : sql`${perColumn}::int`;
    const firstCards = sql`select first_cards.id from ${taskStatuses} ${column} cross join lateral (
        select ${card.id} as id from ${tasks} ${card}
         where ${scope.own(card, eq(card.projectId, projectId), eq(card.statusId, column.id), isNull(card.parentTaskId), ...boardFilter(scope, card, column, filter))}
         order by ${card.sortOrder}, ${card.createdAt}, ${card.id} limit ${limit}) first_cards
      where ${scope.own(column)}`;
    return select(scope)
      .where(scope.own(tasks, sql`${tasks.id} in (${firstCards})`))
      .orderBy(asc(taskStatuses.sortOrder), asc(tasks.sortOrder), asc(tasks.createdAt), asc(tasks.id));
  },

  /**
   * The cards of each column of a project's board that pass `filter` (top-level tasks by status):
   * one grouped count over the project's part of `tasks_project_board_idx`. Only asked when a
   * filter is set (without one the tallies answer).
   */
  async boardCounts(scope: Scope, projectId: string, filter: BoardFilter): Promise<Map<string, number>> {
    const column = aliasedTable(taskStatuses, 'board_column');
    const card = aliasedTable(tasks, 'card');
    const rows = await scope.db
      .select({ statusId: card.statusId, n: countAll() })
      .from(card)
      .innerJoin(column, and(eq(column.id, card.statusId), eq(column.companyId, card.companyId)))
      .where(
        scope.own(
          card,
          eq(card.projectId, projectId),
          isNull(card.parentTaskId),
          ...boardFilter(scope, card, column, filter),
        ),
      )
      .groupBy(card.statusId);
    return new Map(rows.flatMap((r) => (r.statusId ? [[r.statusId, Number(r.n)] as const] : [])));
  },

  /**
   * The task a time entry is logged on, with its project: null when it is not this company's or
   * outside `reach` (`projectsPolicy.taskReach`, the rule `byId` reads a task by).
   */
  async taskRef(
    scope: Scope,
    taskId: string,
    reach: Reach,
  ): Promise<{ taskId: string; projectId: string; title: string } | null> {
    const [row] = await scope.db
      .select({ taskId: tasks.id, projectId: tasks.projectId, title: tasks.title })
      .from(tasks)
      .where(scope.own(tasks, eq(tasks.id, taskId), inReach(scope, reach)));
    return row ?? null;
  },

  /** A named prepared statement (db/prepared.ts): the read of every task write and detail. */
  async byId(scope: Scope, id: string, reach: Reach): Promise<TaskRow | null> {
    const [row] = await runPrepared(
      'task_by_id',
      select(scope).where(scope.own(tasks, eq(tasks.id, id), inReach(scope, reach))),
    );
    return row ?? null;
  },

  /**
   * The companies with an open task (neither Completed nor Cancelled) due on `day`: the due-soon
   * reminder's daily round, the platform's one look across tenants here (each company's tasks are
   * then read through its own scope).
   */
  async companiesWithOpenTasksDue(db: Db, day: string): Promise<string[]> {
    const rows = await db
      .selectDistinct({ companyId: tasks.companyId })
      .from(tasks)
      .leftJoin(taskStatuses, joins.status)
      .where(and(eq(tasks.dueDate, day), isNull(taskStatuses.builtIn)));
    return rows.map((r) => r.companyId);
  },

  /** The active assignees of the scope's open tasks due on `day`, a row per task and person. */
  async openDueAssignees(
    scope: Scope,
    day: string,
  ): Promise<{ taskId: string; projectId: string; title: string; userId: string }[]> {
    return scope.db
      .select({ taskId: tasks.id, projectId: tasks.projectId, title: tasks.title, userId: users.id })
      .from(tasks)
      .innerJoin(
        taskAssignees,
        and(eq(taskAssignees.companyId, tasks.companyId), eq(taskAssignees.taskId, tasks.id)),
      )
      .innerJoin(users, and(eq(users.id, taskAssignees.userId), eq(users.status, 'active')))
      .leftJoin(taskStatuses, joins.status)
      .where(scope.own(tasks, eq(tasks.dueDate, day), isNull(taskStatuses.builtIn)));
  },

  /** The task a key names (`APL-42`, the code in any case), within the reach; null if none. */
  async byKey(scope: Scope, key: string, reach: Reach): Promise<TaskRow | null> {
    const m = TASK_KEY_PATTERN.exec(key);
    if (!m?.[1] || !m[2] || Number(m[2]) > 2_147_483_647) return null;
    const [row] = await select(scope).where(
      scope.own(
        tasks,
        sql`lower(${projects.code}) = ${m[1].toLowerCase()}`,
        eq(tasks.number, Number(m[2])),
        inReach(scope, reach),
      ),
    );
    return row ?? null;
  },

  /** A task's subtasks in their order. */
  subtasks(scope: Scope, parentTaskId: string): Promise<TaskRow[]> {
    return select(scope)
      .where(scope.own(tasks, eq(tasks.parentTaskId, parentTaskId)))
      .orderBy(asc(tasks.sortOrder), asc(tasks.createdAt), asc(tasks.id));
  },

  /** The assignees of these tasks: one query for a whole page. */
  async assignees(scope: Scope, taskIds: string[]): Promise<AssigneeRow[]> {
    if (taskIds.length === 0) return [];
    return scope.db
      .select({
        taskId: taskAssignees.taskId,
        userId: users.id,
        firstName: users.firstName,
        lastName: users.lastName,
        profilePhotoPath: users.profilePhotoPath,
        userUpdatedAt: users.updatedAt,
      })
      .from(taskAssignees)
      .innerJoin(users, and(eq(users.id, taskAssignees.userId), eq(users.companyId, taskAssignees.companyId)))
      .where(scope.own(taskAssignees, inArray(taskAssignees.taskId, taskIds)))
      .orderBy(asc(users.firstName), asc(users.lastName), asc(users.id));
  },

  async setAssignees(scope: Scope, taskId: string, userIds: string[]) {
    await scope.db.delete(taskAssignees).where(scope.own(taskAssignees, eq(taskAssignees.taskId, taskId)));
    await tasksRepo.addAssignees(scope, taskId, userIds);
  },

  /** A new task's assignees: nothing to replace, and no statement when there are none. */
  async addAssignees(scope: Scope, taskId: string, userIds: string[]) {
    if (userIds.length === 0) return;
    await scope.db
      .insert(taskAssignees)
      .values([...new Set(userIds)].map((userId) => scope.values({ taskId, userId })));
  },

  /** A member leaving a project stops being assigned to its tasks. */
  async unassignFromProject(scope: Scope, projectId: string, userId: string) {
    await scope.db.delete(taskAssignees).where(
      scope.own(
        taskAssignees,
        eq(taskAssignees.userId, userId),
        inArray(
          taskAssignees.taskId,
          scope.db
            .select({ id: tasks.id })
            .from(tasks)
            .where(scope.own(tasks, eq(tasks.projectId, projectId))),
        ),
      ),
    );
  },

  /**
   * The key that puts a card just before the first card at or after `before` in a column (board
   * column: one project's top-level tasks in one status; or a task's subtasks), `except` the card
   * being moved. Sparse keys, so a write usually touches one row:
   * - nothing before it: the front ('front': a sequence key, below every key ever given; no lock);
   * - nothing after it: the last key + 1024;
   * - `before` itself free between its neighbours: `before`;
   * - else the midpoint of the neighbours; when they are adjacent the column is renumbered first
   *   (spaced by 1024 from its smallest key, in the same order), the only write of many rows.
   * Placements into one column run side by side (issue 28): the neighbours are read with no lock,
   * and that read decides. With room, the same statement takes the column's advisory lock SHARED
   * (a renumbering, which takes it exclusive, waits for the placements and they for it) and claims
   * the key (`pg_try_advisory_xact_lock` on (column, key): never waits); a second read, after the
   * lock, checks that the key is still free and between the neighbours (a renumbering or a commit
   * may have come between). A lost claim or a taken key draws others in the free stretch left;
   * when none is left the placement never waits to upgrade its shared lock (two such waits
   * deadlock, bench/README.md 03:28): it throws `RestartTransaction`, the retry rolls back (which
   * releases the lock) and the next attempt (`exclusive`) takes the column alone from the start.
   * With no room at the first read, the column is taken exclusive at once and renumbered. Every
   * key stays a card's own: a key is written only under its claim, after a read that began once
   * the claim was held, so no other placement is writing it and none has committed it.
   */
  async place(
    scope: Scope,
    column: Column,
    before: number,
    except?: string,
    exclusive = false,
  ): Promise<number | 'front'> {
    const name = columnLockName(scope, column);
    if (!exclusive) {
      const [first] = rowsOf<{ lo: unknown; hi: unknown; key: unknown; claimed: boolean | null }>(
        await scope.db.execute(sql`select g.lo, g.hi, g.key,
            case when g.key is not null then pg_advisory_xact_lock_shared(hashtextextended(${name}, 0)) end as locked,
            case when g.key is not null then pg_try_advisory_xact_lock(${claimOf(name, sql`g.key`)}) end as claimed
          from (select n.lo, n.hi, case
              when n.lo is null then null
              when n.hi is null then n.lo + ${SORT_GAP}
              when n.hi > ${before}::bigint then ${before}::bigint
              when n.hi - n.lo >= 2 then (n.lo + n.hi) / 2
            end as key
            from (${gapQuery(scope, column, before, except)}) n) g`),
      );
      if (keyOf(first?.lo) === null) return 'front';
      let key = keyOf(first?.key);
      if (key !== null) {
        let claimed = first?.claimed === true;
        const lost: number[] = [];
        for (let round = 0; round < 5; round++) {
          const [now] = rowsOf<{ lo: unknown; hi: unknown; taken: boolean }>(
            await scope.db.execute(gapQuery(scope, column, before, except, key)),
          );
          const lo = keyOf(now?.lo);
          const hi = keyOf(now?.hi);
          if (claimed && !now?.taken && (lo === null || lo < key) && (hi === null || key < hi)) return key;
          lost.push(key);
          // Every card before `before` left the column: the front is still just before it.
          if (lo === null) return 'front';
          const keys = freeKeys(lo, hi, lost, 4);
          if (!keys.length) break;
          // The first of them this placement can claim (a function scan stops at the first).
          const [won] = rowsOf<{ key: unknown }>(
            await scope.db.execute(sql`select k as key from unnest(${`{${keys.join(',')}}`}::bigint[]) k
              where pg_try_advisory_xact_lock(${claimOf(name, sql`k`)}) limit 1`),
          );
          const next = keyOf(won?.key);
          claimed = next !== null;
          if (next === null) lost.push(...keys);
          key = next ?? keys[0] ?? key;
        }
        throw new RestartTransaction('no room left to place the card while other cards were placed there');
      }
    }
    await lockColumn(scope, column);
    const where = scope.own(tasks, columnWhere(column), except ? ne(tasks.id, except) : undefined);
    const [row] = rowsOf<{ lo: unknown; hi: unknown }>(
      await scope.db.execute(gapQuery(scope, column, before, except)),
    );
    const lo = keyOf(row?.lo);
    const hi = keyOf(row?.hi);
    if (lo === null) return 'front';
    if (hi === null) return lo + SORT_GAP;
    if (hi > before) return before;
    if (hi - lo >= 2) return Math.floor((lo + hi) / 2);
    // No room. First the cards just below the next card (key hi) are spread out, down to the
    // first of them far enough below it; the next card and every card after it keep their keys, so
    // a move sent with the key of one of them ("before B") still means that card when it lands
    // after this one (issue 28: ten moves before one card at once).
    const spread = await spreadBelow(scope, column, hi, except);
    if (spread !== null) return spread;
    // Cards packed down to the column's first: the whole column is renumbered, which keeps the
    // order, so the card before the next one sits half a gap below it.
    const [next] = await scope.db
      .select({ id: tasks.id })
      .from(tasks)
      .where(and(where, eq(tasks.sortOrder, hi)))
      .orderBy(asc(tasks.createdAt), asc(tasks.id))
      .limit(1);
    if (!next) throw new Error('the next card vanished under the column lock');
    await renumber(scope, column, except);
    const [moved] = await scope.db
      .select({ key: tasks.sortOrder })
      .from(tasks)
      .where(scope.own(tasks, eq(tasks.id, next.id)));
    if (!moved) throw new Error('the next card vanished under the column lock');
    return moved.key - SORT_GAP / 2;
  },

  /** The key after the last subtask of a parent (0 for the first), taken in turn with other writers. */
  async nextSubtaskOrder(scope: Scope, parentTaskId: string): Promise<number> {
    await lockColumn(scope, { parentTaskId });
    const [row] = await scope.db
      .select({ n: sql<string | null>`max(${tasks.sortOrder})` })
      .from(tasks)
      .where(scope.own(tasks, eq(tasks.parentTaskId, parentTaskId)));
    return row?.n === null || row?.n === undefined ? 0 : Number(row.n) + SORT_GAP;
  },

  /** Sets a task's key (after `place`), the last write of a move so the column's lock is held briefly. */
  /** Answers the key written (a front key is drawn in SQL) and the row's new update time. */
  async setSortOrder(
    scope: Scope,
    id: string,
    key: number | 'front',
  ): Promise<{ sortOrder: number; updatedAt: Date } | undefined> {
    const [row] = await scope.db
      .update(tasks)
      .set({ sortOrder: key === 'front' ? frontKey : key })
      .where(scope.own(tasks, eq(tasks.id, id)))
      .returning({ sortOrder: tasks.sortOrder, updatedAt: tasks.updatedAt });
    return row;
  },

  /**
   * The insert of a new task, answering its id and project, not yet run: `insert` runs it;
   * `activitiesRepo.recordCreated` runs it with its activity as one statement. `statusId`
   * 'first': the company's first status, looked up inside the statement.
   */
  /**
   * The project's next task number, taken in a statement and a transaction of its own
   * (`sideHandle`, issue 28): the project row is locked for that statement alone, not from the
   * task's insert to the request's commit, so creates in one project no longer queue on it. A
   * create that fails after this leaves its number unused: numbers may skip, never repeat
   * (ARCHITECTURE.md, Task keys). Undefined when the project is not the company's.
   */
  async takeNumber(scope: Scope, projectId: string): Promise<number | undefined> {
    const [row] = await runPrepared(
      'task_number_take',
      sideHandle(scope.db)
        .update(projects)
        .set({ lastTaskNumber: sql`${projects.lastTaskNumber} + 1` })
        .where(scope.own(projects, eq(projects.id, projectId)))
        .returning({ number: projects.lastTaskNumber }),
    );
    return row?.number;
  },

  insertQuery(scope: Scope, t: NewTask) {
    const statusId = t.statusId === 'first' ? taskStatusesReads.firstId(scope) : t.statusId;
    // Progress and completion follow the status from the start (a new task has no subtasks), so
    // a create needs no `recomputeProgress` of its own; a subtask's parent still does.
    const completed = sql`coalesce((select ${taskStatuses.builtIn} = 'completed' from ${taskStatuses}
      where ${taskStatuses.companyId} = ${scope.companyId} and ${taskStatuses.id} = ${statusId}), false)`;
    return scope.db
      .insert(tasks)
      .values(
        scope.values({
          ...t,
          statusId,
          sortOrder: t.sortOrder === 'front' ? frontKey : t.sortOrder,
          progress: sql`case when ${completed} then 100 else 0 end`,
          completedAt: sql`case when ${completed} then now() end`,
        }),
      )
      .returning({ id: tasks.id, projectId: tasks.projectId });
  },

  async insert(scope: Scope, t: NewTask): Promise<string> {
    const [row] = await tasksRepo.insertQuery(scope, t);
    if (!row) throw new Error('insert returned no row');
    return row.id;
  },

  async update(scope: Scope, id: string, patch: TaskPatch) {
    if (Object.values(patch).every((v) => v === undefined)) return;
    await scope.db
      .update(tasks)
      .set(patch)
      .where(scope.own(tasks, eq(tasks.id, id)));
  },

  /** Subtasks follow their parent to another list. */
  async moveSubtasksToList(scope: Scope, parentTaskId: string, taskListId: string) {
    await scope.db
      .update(tasks)
      .set({ taskListId })
      .where(scope.own(tasks, eq(tasks.parentTaskId, parentTaskId)));
  },

  /** Deletes a task (its subtasks, assignees and document rows go with it). */
  async delete(scope: Scope, id: string) {
    await scope.db.delete(tasks).where(scope.own(tasks, eq(tasks.id, id)));
  },

  /** Ids of a task and its subtasks (to collect their files before deleting). */
  async withSubtaskIds(scope: Scope, id: string): Promise<string[]> {
    const rows = await scope.db
      .select({ id: tasks.id })
      .from(tasks)
      .where(scope.own(tasks, or(eq(tasks.id, id), eq(tasks.parentTaskId, id))));
    return rows.map((r) => r.id);
  },

  /** Ids of the tasks of a list (to collect their files before deleting it). */
  async idsInList(scope: Scope, taskListId: string): Promise<string[]> {
    const rows = await scope.db
      .select({ id: tasks.id })
      .from(tasks)
      .where(scope.own(tasks, eq(tasks.taskListId, taskListId)));
    return rows.map((r) => r.id);
  },

  /** Tasks in `from` move to `to` (a status being deleted); answers their ids. */
  async moveStatus(scope: Scope, from: string, to: string): Promise<string[]> {
    const rows = await scope.db
      .update(tasks)
      .set({ statusId: to })
      .where(scope.own(tasks, eq(tasks.statusId, from)))
      .returning({ id: tasks.id });
    return rows.map((r) => r.id);
  },

  /**
   * The progress rule, applied in the caller's transaction to these tasks and their parents:
   * 100 when Completed, else 0; a task with subtasks takes the mean of its subtasks. Also stamps
   * `completed_at` when a task reaches Completed and clears it when it leaves.
   */
  async recomputeProgress(scope: Scope, ids: string[]) {
    if (ids.length === 0) return;
    // The tasks and their parents as ONE set the update joins by primary key. (An `or` of two
    // `in` lists made PostgreSQL scan every task of the database: 1.3 s at 100,000 tasks.)
    const x = aliasedTable(tasks, 'x');
    const targets = sql`${scope.db
      .select({ id: x.id })
      .from(x)
      .where(and(eq(x.companyId, scope.companyId), inArray(x.id, ids)))} union ${scope.db
      .select({ id: sql`${x.parentTaskId}` })
      .from(x)
      .where(and(eq(x.companyId, scope.companyId), inArray(x.id, ids), isNotNull(x.parentTaskId)))}`;
    const done = (task: string) =>
      sql.raw(`(select st.built_in = 'completed' from task_statuses st
      where st.company_id = ${task}.company_id and st.id = ${task}.status_id)`);
    await scope.db.execute(sql`
      update tasks t set
        progress = coalesce(
          (select round(avg(case when ${done('s')} then 100 else 0 end))::int from tasks s
            where s.company_id = t.company_id and s.parent_task_id = t.id),
          case when ${done('t')} then 100 else 0 end),
        completed_at = case when ${done('t')} then coalesce(t.completed_at, now()) else null end
      where t.company_id = ${scope.companyId} and t.id in (${targets})`);
  },

  // Bulk actions (POST /Tasks/bulk): each a fixed number of statements whatever the number of tasks.

  /** These tasks of the company (any reach), in no particular order: one statement. */
  byIds(scope: Scope, ids: string[]): Promise<TaskRow[]> {
    if (ids.length === 0) return Promise.resolve([]);
    return select(scope).where(scope.own(tasks, anyId(ids)));
  },

  /** Issue 26: these tasks of the company within `reach` (the task read rule), in no particular order. */
  byIdsInReach(scope: Scope, ids: string[], reach: Reach): Promise<TaskRow[]> {
    if (ids.length === 0) return Promise.resolve([]);
    return select(scope).where(scope.own(tasks, anyId(ids), inReach(scope, reach)));
  },

  /**
   * Issue 26, the dependency picker: tasks within `reach` whose title contains the term or whose
   * key it is (as a list's search), but `exceptId`; by key, at most `limit`.
   */
  search(scope: Scope, term: string, reach: Reach, exceptId: string, limit: number): Promise<TaskRow[]> {
    return select(scope)
      .where(
        scope.own(
          tasks,
          ne(tasks.id, exceptId),
          or(searchAny(term, tasks.title, taskKey), byKey(term)),
          inReach(scope, reach),
        ),
      )
      .orderBy(asc(projects.code), asc(tasks.number))
      .limit(limit);
  },

  /**
   * Issue 26, auto-scheduling: new start and due dates for these tasks, one statement (a VALUES
   * list) whatever their number.
   */
  async setDates(scope: Scope, rows: { id: string; startDate: string | null; dueDate: string | null }[]) {
    if (rows.length === 0) return;
    const values = sql.join(
      rows.map((r) => sql`(${r.id}::uuid, ${r.startDate}::date, ${r.dueDate}::date)`),
      sql`, `,
    );
    await scope.db.execute(sql`update tasks t set start_date = v.start_date, due_date = v.due_date,
        updated_at = now()
      from (values ${values}) as v(id, start_date, due_date)
      where t.company_id = ${scope.companyId} and t.id = v.id`);
  },

  /** Which of these tasks are within `reach` (all of them when the reach is every project). */
  async inReachAmong(scope: Scope, ids: string[], reach: Reach): Promise<Set<string>> {
    if (reach === null || ids.length === 0) return new Set(ids);
    const rows = await scope.db
      .select({ id: tasks.id })
      .from(tasks)
      .where(scope.own(tasks, anyId(ids), inReach(scope, reach)));
    return new Set(rows.map((r) => r.id));
  },

  /** Of these projects, the ones `userId` is a member of. */
  async projectsWithMember(scope: Scope, projectIds: string[], userId: string): Promise<Set<string>> {
    if (projectIds.length === 0) return new Set();
    const rows = await scope.db
      .select({ projectId: projectMembers.projectId })
      .from(projectMembers)
      .where(
        scope.own(
          projectMembers,
          inArray(projectMembers.projectId, projectIds),
          eq(projectMembers.userId, userId),
        ),
      );
    return new Set(rows.map((r) => r.projectId));
  },

  /**
   * One UPDATE of these tasks' status. A top-level task that changes column goes to the front of
   * its new one (a sequence key, as a single move without a place); a subtask keeps its place.
   */
  async setStatusOf(scope: Scope, ids: string[], statusId: string) {
    if (ids.length === 0) return;
    await scope.db
      .update(tasks)
      .set({
        statusId,
        sortOrder: sql`case when ${tasks.parentTaskId} is null and ${tasks.statusId} is distinct from ${statusId}
          then ${frontKey} else ${tasks.sortOrder} end`,
      })
      .where(scope.own(tasks, anyId(ids)));
  },

  /** These tasks' assignees become `userId` alone (none when null): two statements. */
  async setAssigneeOf(scope: Scope, ids: string[], userId: string | null) {
    if (ids.length === 0) return;
    await scope.db.delete(taskAssignees).where(scope.own(taskAssignees, inArray(taskAssignees.taskId, ids)));
    if (userId)
      await scope.db.insert(taskAssignees).values(ids.map((taskId) => scope.values({ taskId, userId })));
  },

  /** These tasks and their subtasks (to collect their files before deleting). */
  async withSubtaskIdsOf(scope: Scope, ids: string[]): Promise<string[]> {
    if (ids.length === 0) return [];
    const rows = await scope.db
      .select({ id: tasks.id })
      .from(tasks)
      .where(scope.own(tasks, or(anyId(ids), inArray(tasks.parentTaskId, ids))));
    return rows.map((r) => r.id);
  },

  /** Deletes these tasks in one statement (subtasks, assignees and document rows go with them). */
  async deleteMany(scope: Scope, ids: string[]) {
    if (ids.length === 0) return;
    await scope.db.delete(tasks).where(scope.own(tasks, anyId(ids)));
  },
};

/** `id = any($1)`: one parameter (an array) whatever the number of ids, so the statement's text is one. */
function anyId(ids: string[]): SQL {
  return sql`${tasks.id} = any(${sql.param(ids)}::uuid[])`;
}
