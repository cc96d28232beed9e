import { conflict } from '../../lib/errors.ts';
import type { Scope } from '../../lib/scope.ts';
import { timesheetsPolicy } from './timesheets.policy.ts';
import { timesheetsRepo } from './timesheets.repo.ts';
import { weekOf } from './weeks.ts';

/**
 * The locks of issue 25, enforced inside every write of time (time-logs create, update, delete,
 * the timer's stop, the grid's cells): inside the writing transaction, after the person's
 * timesheet lock (so no transition of their weeks runs meanwhile), each day the write touches
 * (an entry's old and new day) is checked for the actor: 409 with the contract's text.
 */
export const timesheetLocks = {
  async assertWritable(tx: Scope, ownerId: string, days: readonly string[]): Promise<void> {
    const settings = await timesheetsRepo.lockPersonAndSettings(tx, [ownerId]);
    const weeks = new Map(days.map((d) => [d, weekOf(d, settings.weekStartsOn).weekStart]));
    const statuses = await timesheetsRepo.statuses(tx, ownerId, [...new Set(weeks.values())]);
    for (const day of days) {
      const status = statuses.get(weeks.get(day) ?? '') ?? 'open';
      const lock = timesheetsPolicy.lockOf(tx.actor, ownerId, day, status, settings.lockedBefore);
      if (lock) throw conflict(lock.message);
    }
  },
};
