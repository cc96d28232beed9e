import { and, eq, gte, ne, sql } from 'drizzle-orm';
import type { TaskListListQuery } from '@taskhive/contract';
import { projects, taskLists } from '../../db/schema/index.ts';
import { countAll, type ListResult, pageWindow, sortBy, totalOf } from '../../lib/list.ts';
import type { Scope } from '../../lib/scope.ts';
import { reachCondition, type Reach } from '../projects/index.ts';
import { taskTallies } from '../tasks/index.ts';

export type TaskListRow = {
  id: string;
  projectId: string;
  projectName: string;
  name: string;
  description: string | null;
  sortOrder: number;
  startDate: string | null;
  endDate: string | null;
  taskCount: number;
  overallProgress: number;
  createdAt: Date;
  updatedAt: Date;
};

function select(scope: Scope) {
  return scope.db
    .select({
      id: taskLists.id,
      projectId: taskLists.projectId,
      projectName: projects.name,
      name: taskLists.name,
      description: taskLists.description,
      sortOrder: taskLists.sortOrder,
      startDate: taskLists.startDate,
      endDate: taskLists.endDate,
      taskCount: taskTallies.listColumns.taskCount,
      overallProgress: taskTallies.listColumns.overallProgress,
      createdAt: taskLists.createdAt,
      updatedAt: taskLists.updatedAt,
    })
    .from(taskLists)
    .innerJoin(
      projects,
      and(eq(projects.id, taskLists.projectId), eq(projects.companyId, taskLists.companyId)),
    );
}

/** The only place that touches `task_lists`. A list is visible when its project is (the reach). */
export const taskListsRepo = {
  /** One project's lists, in their order: two queries whatever the page size. */
  async list(scope: Scope, projectId: string, q: TaskListListQuery): Promise<ListResult<TaskListRow>> {
    const where = scope.own(taskLists, eq(taskLists.projectId, projectId));
    const { limit, offset } = pageWindow(q);
    const keys = {
      sortOrder: taskLists.sortOrder,
      name: sql`lower(${taskLists.name})`,
      createdAt: taskLists.createdAt,
    };
    const [rows, total] = await Promise.all([
      select(scope)
        .where(where)
        .orderBy(...sortBy(keys, q.sortBy, q.sortOrder, taskLists.createdAt, taskLists.id))
        .limit(limit)
        .offset(offset),
      totalOf(scope.db.select({ n: countAll() }).from(taskLists).where(where)),
    ]);
    return { rows, total };
  },

  /** Every list of these projects, in order (for project detail). */
  forProject(scope: Scope, projectId: string): Promise<TaskListRow[]> {
    return select(scope)
      .where(scope.own(taskLists, eq(taskLists.projectId, projectId)))
      .orderBy(taskLists.sortOrder, taskLists.createdAt, taskLists.id);
  },

  async byId(scope: Scope, id: string, reach: Reach): Promise<TaskListRow | null> {
    const [row] = await select(scope).where(
      scope.own(taskLists, eq(taskLists.id, id), reachCondition(scope, reach)),
    );
    return row ?? null;
  },

  /**
   * A list within the reach, without its figures: for a guard or a write that needs only the list
   * and its project (the full row counts and averages every task of the list).
   */
  async ref(scope: Scope, id: string, reach: Reach): Promise<{ id: string; projectId: string } | null> {
    const [row] = await scope.db
      .select({ id: taskLists.id, projectId: taskLists.projectId })
      .from(taskLists)
      // The reach is a condition on the project.
      .innerJoin(
        projects,
        and(eq(projects.id, taskLists.projectId), eq(projects.companyId, taskLists.companyId)),
      )
      .where(scope.own(taskLists, eq(taskLists.id, id), reachCondition(scope, reach)));
    return row ?? null;
  },

  async nextSortOrder(scope: Scope, projectId: string): Promise<number> {
    const [row] = await scope.db
      .select({ n: sql<number>`coalesce(max(${taskLists.sortOrder}) + 1, 0)::int`.mapWith(Number) })
      .from(taskLists)
      .where(scope.own(taskLists, eq(taskLists.projectId, projectId)));
    return row?.n ?? 0;
  },

  /** Makes room at `sortOrder` among the project's lists. */
  async shiftFrom(scope: Scope, projectId: string, sortOrder: number, except?: string) {
    await scope.db
      .update(taskLists)
      .set({ sortOrder: sql`${taskLists.sortOrder} + 1` })
      .where(
        scope.own(
          taskLists,
          eq(taskLists.projectId, projectId),
          gte(taskLists.sortOrder, sortOrder),
          except ? ne(taskLists.id, except) : undefined,
        ),
      );
  },

  async insert(
    scope: Scope,
    l: {
      projectId: string;
      name: string;
      description: string | null;
      sortOrder: number;
      startDate: string | null;
      endDate: string | null;
    },
  ) {
    const [row] = await scope.db.insert(taskLists).values(scope.values(l)).returning({ id: taskLists.id });
    if (!row) throw new Error('insert returned no row');
    return row.id;
  },

  async update(
    scope: Scope,
    id: string,
    patch: {
      name?: string;
      description?: string | null;
      sortOrder?: number;
      startDate?: string | null;
      endDate?: string | null;
    },
  ) {
    if (Object.keys(patch).length === 0) return;
    await scope.db
      .update(taskLists)
      .set(patch)
      .where(scope.own(taskLists, eq(taskLists.id, id)));
  },

  async delete(scope: Scope, id: string) {
    await scope.db.delete(taskLists).where(scope.own(taskLists, eq(taskLists.id, id)));
  },
};
