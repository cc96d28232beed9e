import { conflict } from '../../lib/errors.ts';
import type { Scope } from '../../lib/scope.ts';
import { timesheetsPolicy } from './timesheets.policy.ts';
import { timesheetsRepo } from './timesheets.repo.ts';

/**
 * The locks of issue 25, enforced inside every write of time (time-logs create, update, delete,
 * the timer's stop, the grid's cells): inside the writing transaction, after the person's
 * timesheet lock (so no transition of their weeks runs meanwhile), each day the write touches
 * (an entry's old and new day) is checked for the actor against the lock date and every submitted
 * or approved week holding it: 409 with the contract's text.
 */
export const timesheetLocks = {
  async assertWritable(
    tx: Scope,
    ownerId: string,
    days: readonly string[],
    alsoLock: readonly string[] = [],
  ): Promise<void> {
    // The person's lock (and `alsoLock`, the advisory locks the write takes next: its day's), then
    // the settings and every submitted or approved week holding the day, by its dates (one made
    // under an older first day of the week keeps them): each may lock it. Two statements.
    await timesheetsRepo.lockPeople(tx, [ownerId], alsoLock);
    const { settings, holding } = await timesheetsRepo.settingsAndHolding(tx, ownerId, days);
    for (const day of days)
      for (const status of [...(holding.get(day) ?? []).map((h) => h.status), 'open' as const]) {
        const lock = timesheetsPolicy.lockOf(tx.actor, ownerId, day, status, settings.lockedBefore);
        if (lock) throw conflict(lock.message);
      }
  },
};
