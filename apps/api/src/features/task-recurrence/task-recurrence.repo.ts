import { and, asc, desc, eq, gt, isNotNull, lte } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { taskOccurrences, taskRecurrences } from '../../db/schema/index.ts';
import type { Scope } from '../../lib/scope.ts';

export type RuleRow = typeof taskRecurrences.$inferSelect;
export type NewRule = Omit<
  typeof taskRecurrences.$inferInsert,
  'id' | 'companyId' | 'createdAt' | 'updatedAt'
>;
export type RulePatch = Partial<Omit<NewRule, 'createdBy'>>;

/** The only place that touches `task_recurrences` and `task_occurrences` (issue 26). */
export const recurrenceRepo = {
  /** The series a task is an occurrence of, with its date there; null when it does not repeat. */
  async ofTask(scope: Scope, taskId: string): Promise<{ rule: RuleRow; occurrenceDate: string } | null> {
    const [row] = await scope.db
      .select({ rule: taskRecurrences, occurrenceDate: taskOccurrences.occurrenceDate })
      .from(taskOccurrences)
      .innerJoin(
        taskRecurrences,
        and(
          eq(taskRecurrences.companyId, taskOccurrences.companyId),
          eq(taskRecurrences.id, taskOccurrences.ruleId),
        ),
      )
      .where(scope.own(taskOccurrences, eq(taskOccurrences.taskId, taskId)));
    return row ?? null;
  },

  /** A rule, locked to the end of the transaction (one occurrence at a time per series). */
  async lock(scope: Scope, ruleId: string): Promise<RuleRow | null> {
    const [row] = await scope.db
      .select()
      .from(taskRecurrences)
      .where(scope.own(taskRecurrences, eq(taskRecurrences.id, ruleId)))
      .for('update');
    return row ?? null;
  },

  async insert(scope: Scope, rule: NewRule): Promise<RuleRow> {
    const [row] = await scope.db.insert(taskRecurrences).values(scope.values(rule)).returning();
    if (!row) throw new Error('insert returned no row');
    return row;
  },

  async update(scope: Scope, ruleId: string, patch: RulePatch): Promise<RuleRow> {
    const [row] = await scope.db
      .update(taskRecurrences)
      .set({ ...patch, updatedAt: new Date() })
      .where(scope.own(taskRecurrences, eq(taskRecurrences.id, ruleId)))
      .returning();
    if (!row) throw new Error('update returned no row');
    return row;
  },

  /** Ends a series: its occurrences stay as ordinary tasks (their links go with the rule). */
  async delete(scope: Scope, ruleId: string): Promise<void> {
    await scope.db.delete(taskRecurrences).where(scope.own(taskRecurrences, eq(taskRecurrences.id, ruleId)));
  },

  /** Links a task to a series on a date; false when the series already has that date (made by another). */
  async addOccurrence(
    scope: Scope,
    o: { ruleId: string; taskId: string; occurrenceDate: string },
  ): Promise<boolean> {
    const rows = await scope.db
      .insert(taskOccurrences)
      .values(scope.values(o))
      .onConflictDoNothing({
        target: [taskOccurrences.companyId, taskOccurrences.ruleId, taskOccurrences.occurrenceDate],
      })
      .returning({ taskId: taskOccurrences.taskId });
    return rows.length > 0;
  },

  async removeOccurrence(scope: Scope, taskId: string): Promise<void> {
    await scope.db
      .delete(taskOccurrences)
      .where(scope.own(taskOccurrences, eq(taskOccurrences.taskId, taskId)));
  },

  async hasOccurrenceOn(scope: Scope, ruleId: string, day: string): Promise<boolean> {
    const rows = await scope.db
      .select({ taskId: taskOccurrences.taskId })
      .from(taskOccurrences)
      .where(
        scope.own(
          taskOccurrences,
          eq(taskOccurrences.ruleId, ruleId),
          eq(taskOccurrences.occurrenceDate, day),
        ),
      );
    return rows.length > 0;
  },

  /** The series' latest occurrence (the next one is its copy); null once none is left. */
  async latest(scope: Scope, ruleId: string): Promise<{ taskId: string; occurrenceDate: string } | null> {
    const [row] = await scope.db
      .select({ taskId: taskOccurrences.taskId, occurrenceDate: taskOccurrences.occurrenceDate })
      .from(taskOccurrences)
      .where(scope.own(taskOccurrences, eq(taskOccurrences.ruleId, ruleId)))
      .orderBy(desc(taskOccurrences.occurrenceDate))
      .limit(1);
    return row ?? null;
  },

  /** The series' occurrences dated after `day`, in date order. */
  async after(scope: Scope, ruleId: string, day: string): Promise<string[]> {
    const rows = await scope.db
      .select({ taskId: taskOccurrences.taskId })
      .from(taskOccurrences)
      .where(
        scope.own(
          taskOccurrences,
          eq(taskOccurrences.ruleId, ruleId),
          gt(taskOccurrences.occurrenceDate, day),
        ),
      )
      .orderBy(asc(taskOccurrences.occurrenceDate));
    return rows.map((r) => r.taskId);
  },

  /** How many occurrences a series has. */
  async count(scope: Scope, ruleId: string): Promise<number> {
    const rows = await scope.db
      .select({ taskId: taskOccurrences.taskId })
      .from(taskOccurrences)
      .where(scope.own(taskOccurrences, eq(taskOccurrences.ruleId, ruleId)));
    return rows.length;
  },

  /**
   * The hourly round's look across tenants (allowed in the tenant guard): the companies with an
   * on_date series whose next date is on or before `day` (the easternmost zone's today).
   */
  async companiesWithDueRules(db: Db, day: string): Promise<string[]> {
    const rows = await db
      .selectDistinct({ companyId: taskRecurrences.companyId })
      .from(taskRecurrences)
      .where(
        and(
          eq(taskRecurrences.trigger, 'on_date'),
          isNotNull(taskRecurrences.nextDate),
          lte(taskRecurrences.nextDate, day),
        ),
      );
    return rows.map((r) => r.companyId);
  },

  /** The scope's on_date series whose next date is on or before `day`. */
  async dueRules(scope: Scope, day: string): Promise<RuleRow[]> {
    return scope.db
      .select()
      .from(taskRecurrences)
      .where(
        scope.own(
          taskRecurrences,
          eq(taskRecurrences.trigger, 'on_date'),
          isNotNull(taskRecurrences.nextDate),
          lte(taskRecurrences.nextDate, day),
        ),
      );
  },
};
