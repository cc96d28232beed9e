import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { LabelColor, TaskLabel } from '@taskhive/contract';
import { labels, taskLabels } from '../../db/schema/index.ts';
import type { Scope } from '../../lib/scope.ts';

export type LabelRow = TaskLabel & { taskCount: number; createdAt: Date };

const asLabel = { labelId: labels.id, name: labels.name, color: sql<LabelColor>`${labels.color}` };

/** The only place that touches `labels` and `task_labels`. */
export const labelsRepo = {
  /** The company's labels by name, each with how many tasks carry it (task_labels_label_idx). */
  list(scope: Scope, id?: string): Promise<LabelRow[]> {
    return scope.db
      .select({
        ...asLabel,
        taskCount: sql<number>`(select count(*) from task_labels tl
          where tl.company_id = ${labels.companyId} and tl.label_id = ${labels.id})::int`.mapWith(Number),
        createdAt: labels.createdAt,
      })
      .from(labels)
      .where(scope.own(labels, id ? eq(labels.id, id) : undefined))
      .orderBy(sql`lower(${labels.name})`, asc(labels.id));
  },

  async byId(scope: Scope, id: string): Promise<LabelRow | null> {
    const [row] = await labelsRepo.list(scope, id);
    return row ?? null;
  },

  /** These labels of the company (those that exist), by name. */
  byIds(scope: Scope, ids: string[]): Promise<TaskLabel[]> {
    if (ids.length === 0) return Promise.resolve([]);
    return scope.db
      .select(asLabel)
      .from(labels)
      .where(scope.own(labels, inArray(labels.id, ids)))
      .orderBy(sql`lower(${labels.name})`, asc(labels.id));
  },

  async count(scope: Scope): Promise<number> {
    const [row] = await scope.db
      .select({ n: sql<number>`count(*)::int`.mapWith(Number) })
      .from(labels)
      .where(scope.own(labels));
    return row?.n ?? 0;
  },

  async insert(scope: Scope, name: string, color: LabelColor): Promise<string> {
    const [row] = await scope.db
      .insert(labels)
      .values(scope.values({ name, color, createdBy: scope.actor.userId }))
      .returning({ id: labels.id });
    if (!row) throw new Error('label insert returned no row');
    return row.id;
  },

  async update(scope: Scope, id: string, patch: { name?: string; color?: LabelColor }): Promise<void> {
    await scope.db
      .update(labels)
      .set(patch)
      .where(scope.own(labels, eq(labels.id, id)));
  },

  /** Deletes the label; its task rows go with it (the foreign key's cascade). */
  async delete(scope: Scope, id: string): Promise<void> {
    await scope.db.delete(labels).where(scope.own(labels, eq(labels.id, id)));
  },

  /** A task's labels, by name. */
  ofTask(scope: Scope, taskId: string): Promise<TaskLabel[]> {
    return scope.db
      .select(asLabel)
      .from(taskLabels)
      .innerJoin(labels, and(eq(labels.companyId, taskLabels.companyId), eq(labels.id, taskLabels.labelId)))
      .where(scope.own(taskLabels, eq(taskLabels.taskId, taskId)))
      .orderBy(sql`lower(${labels.name})`, asc(labels.id));
  },

  /** Puts these labels on the task and takes these off (each list may be empty: no statement). */
  async change(scope: Scope, taskId: string, add: string[], remove: string[]): Promise<void> {
    if (remove.length)
      await scope.db
        .delete(taskLabels)
        .where(scope.own(taskLabels, eq(taskLabels.taskId, taskId), inArray(taskLabels.labelId, remove)));
    if (add.length)
      await scope.db
        .insert(taskLabels)
        .values(add.map((labelId) => scope.values({ taskId, labelId })))
        .onConflictDoNothing();
  },
};
