import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { LabelColor, TaskLabel } from '@taskhive/contract';
import { rowsOf } from '../../db/client.ts';
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
  /**
   * Puts each source task's labels on its copy (`pairs`: from a task to its copy; a recurring
   * series' next occurrence and its subtasks): ONE `INSERT ... SELECT` whatever the number of
   * tasks and labels, answering what it put on, with the label's name (the copies' history).
   */
  async copyToTasks(
    scope: Scope,
    pairs: readonly { from: string; to: string }[],
  ): Promise<{ taskId: string; name: string }[]> {
    if (pairs.length === 0) return [];
    const map = sql.join(
      pairs.map((p) => sql`(${p.from}::uuid, ${p.to}::uuid)`),
      sql`, `,
    );
    const result = await scope.db.execute(sql`with m (src, dst) as (values ${map}),
      ins as (
        insert into task_labels (company_id, task_id, label_id)
        select tl.company_id, m.dst, tl.label_id from task_labels tl join m on m.src = tl.task_id
        where tl.company_id = ${scope.companyId}
        on conflict do nothing
        returning task_id, label_id)
      select ins.task_id::text as "taskId", l.name from ins
      join labels l on l.company_id = ${scope.companyId} and l.id = ins.label_id
      order by lower(l.name), l.id`);
    return rowsOf<{ taskId: string; name: string }>(result);
  },
};
