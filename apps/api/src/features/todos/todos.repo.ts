import { eq, gte, inArray, isNotNull, isNull, lte, type SQL, sql } from 'drizzle-orm';
import type { TodoListQuery } from '@taskhive/contract';
import { personalTodos, priorities } from '../../db/schema/index.ts';
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

export type TodoRow = {
  id: string;
  title: string;
  dueDate: string | null;
  priorityId: string | null;
  priorityName: string | null;
  completedAt: Date | null;
  isOverdue: boolean;
  createdAt: Date;
  updatedAt: Date;
};

export type TodoPatch = {
  title?: string | undefined;
  dueDate?: string | null | undefined;
  priorityId?: string | null | undefined;
  done?: boolean | undefined;
};

/** Past its due date and not done, decided when read (the database's calendar, as tasks). */
const isOverdue = sql<boolean>`coalesce(${personalTodos.dueDate} < current_date and ${personalTodos.completedAt} is null, false)`;

const priorityJoin = eq(priorities.id, personalTodos.priorityId);

/**
 * The signed-in user's own to-dos, and nothing else: every statement of this repository goes
 * through it, so another user's to-do is never read, changed or deleted (it answers 404).
 */
const own = (scope: Scope, ...more: (SQL | undefined)[]) =>
  scope.own(personalTodos, eq(personalTodos.userId, scope.actor.userId), ...more);

function select(scope: Scope) {
  return scope.db
    .select({
      id: personalTodos.id,
      title: personalTodos.title,
      dueDate: personalTodos.dueDate,
      priorityId: personalTodos.priorityId,
      priorityName: priorities.name,
      completedAt: personalTodos.completedAt,
      isOverdue,
      createdAt: personalTodos.createdAt,
      updatedAt: personalTodos.updatedAt,
    })
    .from(personalTodos)
    .leftJoin(priorities, priorityJoin);
}

/** Done: completed_at set once (kept while it stays done), cleared when undone. */
const completedAt = (done: boolean | undefined) =>
  done === undefined ? undefined : done ? sql`coalesce(${personalTodos.completedAt}, now())` : null;

/** The only place that touches `personal_todos`. */
export const todosRepo = {
  /** One page and the total: two statements whatever the page size. */
  async list(scope: Scope, q: TodoListQuery): Promise<ListResult<TodoRow>> {
    const priorityNames = q.priorityNames?.map((n) => n.toLowerCase());
    const where = own(
      scope,
      searchAny(q.search, personalTodos.title),
      priorityNames?.length ? inArray(sql`lower(${priorities.name})`, priorityNames) : undefined,
      q.dueDateFrom ? gte(personalTodos.dueDate, q.dueDateFrom) : undefined,
      q.dueDateTo ? lte(personalTodos.dueDate, q.dueDateTo) : undefined,
      q.done === 'true'
        ? isNotNull(personalTodos.completedAt)
        : q.done === 'false'
          ? isNull(personalTodos.completedAt)
          : undefined,
    );
    const { limit, offset } = pageWindow(q);
    const keys = {
      dueDate: personalTodos.dueDate,
      title: nonNull(sql`lower(${personalTodos.title})`),
      priority: priorities.sortOrder,
      createdAt: nonNull(personalTodos.createdAt),
      updatedAt: nonNull(personalTodos.updatedAt),
    };
    const [rows, total] = await Promise.all([
      select(scope)
        .where(where)
        .orderBy(...sortBy(keys, q.sortBy, q.sortOrder, personalTodos.createdAt, personalTodos.id))
        .limit(limit)
        .offset(offset),
      totalOf(
        scope.db
          .select({ n: countAll() })
          .from(personalTodos)
          .leftJoin(priorities, priorityJoin)
          .where(where),
      ),
    ]);
    return { rows, total };
  },

  async byId(scope: Scope, id: string): Promise<TodoRow | null> {
    const [row] = await select(scope).where(own(scope, eq(personalTodos.id, id)));
    return row ?? null;
  },

  async insert(
    scope: Scope,
    t: { title: string; dueDate: string | null; priorityId: string | null; done: boolean },
  ): Promise<string> {
    const [row] = await scope.db
      .insert(personalTodos)
      .values(
        scope.values({
          userId: scope.actor.userId,
          title: t.title,
          dueDate: t.dueDate,
          priorityId: t.priorityId,
          completedAt: t.done ? sql`now()` : null,
        }),
      )
      .returning({ id: personalTodos.id });
    if (!row) throw new Error('insert returned no row');
    return row.id;
  },

  /** Answers whether the to-do was there to change. */
  async update(scope: Scope, id: string, patch: TodoPatch): Promise<boolean> {
    const rows = await scope.db
      .update(personalTodos)
      .set({
        title: patch.title,
        dueDate: patch.dueDate,
        priorityId: patch.priorityId,
        completedAt: completedAt(patch.done),
        updatedAt: new Date(),
      })
      .where(own(scope, eq(personalTodos.id, id)))
      .returning({ id: personalTodos.id });
    return rows.length > 0;
  },

  /** Answers whether the to-do was there to delete. */
  async delete(scope: Scope, id: string): Promise<boolean> {
    const rows = await scope.db
      .delete(personalTodos)
      .where(own(scope, eq(personalTodos.id, id)))
      .returning({ id: personalTodos.id });
    return rows.length > 0;
  },
};
