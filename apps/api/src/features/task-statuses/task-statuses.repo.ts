import { asc, eq, gte, ne, type SQL, sql } from 'drizzle-orm';
import { BUILT_IN_STATUS_KEYS, BUILT_IN_STATUS_NAMES, DEFAULT_TASK_STATUSES } from '@taskhive/contract';
import type { Db } from '../../db/client.ts';
import { priorities, taskStatuses } from '../../db/schema/index.ts';
import type { Scope } from '../../lib/scope.ts';

const firstQuery = (scope: Scope) =>
  scope.db
    .select({ id: taskStatuses.id })
    .from(taskStatuses)
    .where(scope.own(taskStatuses))
    .orderBy(asc(taskStatuses.sortOrder))
    .limit(1);

export type TaskStatusRow = {
  id: string;
  name: string;
  color: string;
  sortOrder: number;
  builtIn: string | null;
  usageCount: number;
};

/**
 * Tasks and projects in the status (correlated, so the list stays one query). Spelled out with
 * the table name: Drizzle leaves columns unqualified in a one-table select, which would bind them
 * to the inner tables here.
 */
const usageCount = sql<number>`(
  (select count(*) from tasks t where t.company_id = "task_statuses"."company_id" and t.status_id = "task_statuses"."id")
  + (select count(*) from projects p where p.company_id = "task_statuses"."company_id" and p.status_id = "task_statuses"."id")
)::int`.mapWith(Number);

const columns = {
  id: taskStatuses.id,
  name: taskStatuses.name,
  color: taskStatuses.color,
  sortOrder: taskStatuses.sortOrder,
  builtIn: taskStatuses.builtIn,
  usageCount,
};

/** The only place that touches `task_statuses`. Every statement goes through the scope. */
export const taskStatusesRepo = {
  /** Copies the master list (Not Started … Cancelled, with colours and order) to the company. */
  async copyDefaults(scope: Scope) {
    await scope.db
      .insert(taskStatuses)
      .values(
        DEFAULT_TASK_STATUSES.map((s) =>
          scope.values({
            ...s,
            builtIn: BUILT_IN_STATUS_KEYS.find((k) => BUILT_IN_STATUS_NAMES[k] === s.name) ?? null,
          }),
        ),
      )
      .onConflictDoNothing();
  },

  /** The company's statuses in their order, with how many tasks and projects use each. */
  list(scope: Scope): Promise<TaskStatusRow[]> {
    return scope.db
      .select(columns)
      .from(taskStatuses)
      .where(scope.own(taskStatuses))
      .orderBy(asc(taskStatuses.sortOrder), asc(taskStatuses.name));
  },

  async byId(scope: Scope, id: string): Promise<TaskStatusRow | null> {
    const [row] = await scope.db
      .select(columns)
      .from(taskStatuses)
      .where(scope.own(taskStatuses, eq(taskStatuses.id, id)));
    return row ?? null;
  },

  /** The first status in the company's order: where new tasks and projects start. */
  async first(scope: Scope): Promise<string | null> {
    const [row] = await firstQuery(scope);
    return row?.id ?? null;
  },

  /** `first` as a subquery, for a statement that looks the status up inside itself. */
  firstId(scope: Scope): SQL {
    return sql`(${firstQuery(scope)})`;
  },

  async nextSortOrder(scope: Scope): Promise<number> {
    const [row] = await scope.db
      .select({ n: sql<number>`coalesce(max(${taskStatuses.sortOrder}), 0)::int + 1`.mapWith(Number) })
      .from(taskStatuses)
      .where(scope.own(taskStatuses));
    return row?.n ?? 1;
  },

  /** Makes room at `sortOrder`: the statuses from there on move one down. */
  async shiftFrom(scope: Scope, sortOrder: number, except?: string) {
    await scope.db
      .update(taskStatuses)
      .set({ sortOrder: sql`${taskStatuses.sortOrder} + 1` })
      .where(
        scope.own(
          taskStatuses,
          gte(taskStatuses.sortOrder, sortOrder),
          except ? ne(taskStatuses.id, except) : undefined,
        ),
      );
  },

  async insert(scope: Scope, s: { name: string; color: string; sortOrder: number }) {
    const [row] = await scope.db
      .insert(taskStatuses)
      .values(scope.values(s))
      .returning({ id: taskStatuses.id });
    if (!row) throw new Error('insert returned no row');
    return row.id;
  },

  async update(scope: Scope, id: string, patch: { name?: string; color?: string; sortOrder?: number }) {
    await scope.db
      .update(taskStatuses)
      .set(patch)
      .where(scope.own(taskStatuses, eq(taskStatuses.id, id)));
  },

  async delete(scope: Scope, id: string) {
    await scope.db.delete(taskStatuses).where(scope.own(taskStatuses, eq(taskStatuses.id, id)));
  },

  /** Is this the company's status (and is it Completed)? For task and project writes. */
  /** A status of the company by its name, in any case (names are unique per company). */
  async idByName(scope: Scope, name: string): Promise<string | null> {
    const [row] = await scope.db
      .select({ id: taskStatuses.id })
      .from(taskStatuses)
      .where(scope.own(taskStatuses, sql`lower(${taskStatuses.name}) = lower(${name})`))
      .limit(1);
    return row?.id ?? null;
  },

  async lookup(scope: Scope, id: string): Promise<{ id: string; builtIn: string | null } | null> {
    const [row] = await scope.db
      .select({ id: taskStatuses.id, builtIn: taskStatuses.builtIn })
      .from(taskStatuses)
      .where(scope.own(taskStatuses, eq(taskStatuses.id, id)));
    return row ?? null;
  },
};

/** The platform's priorities (the same for every company), in order. */
export const prioritiesRepo = {
  list(db: Db) {
    return db
      .select({ priorityId: priorities.id, name: priorities.name, sortOrder: priorities.sortOrder })
      .from(priorities)
      .orderBy(asc(priorities.sortOrder));
  },
};
