import { conflict } from './errors.ts';

const codeOf = (err: unknown): string | undefined => {
  const e = err as { code?: string; cause?: { code?: string } } | null;
  return e?.code ?? e?.cause?.code;
};

/** What a request that lost a race to another is answered (409): the client may try again. */
export const RACE_MESSAGE = 'The record changed while saving: please try again';

/**
 * Thrown by a step that must start its transaction again rather than wait: it holds a lock it
 * would have to upgrade (a column's placement lock, tasks.repo.ts), and waiting for the upgrade
 * is how two such steps deadlock. The retry rolls the transaction (or its savepoint) back, which
 * releases the lock, and tells the next attempt its number.
 */
export class RestartTransaction extends Error {}

/** PostgreSQL gave up on this transaction so that another could go on: worth one more try. */
export const isTransient = (err: unknown) =>
  err instanceof RestartTransaction || ['40001', '40P01'].includes(codeOf(err) ?? '');

/** A foreign key broke because another request removed the row at the same moment. */
export const isForeignKeyRace = (err: unknown) => codeOf(err) === '23503';

/**
 * Runs a transaction, retrying a serialization failure, a deadlock or a `RestartTransaction` a
 * bounded number of times (with a short random pause; `work` is told the attempt, from 1), and
 * answers 409 when a concurrent delete broke a foreign key or the retries ran out: the conflict
 * is real and the client may try again.
 */
export async function retryTransaction<T>(work: (attempt: number) => Promise<T>, attempts = 3): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await work(attempt);
    } catch (err) {
      if (isForeignKeyRace(err)) throw conflict(RACE_MESSAGE);
      if (!isTransient(err)) throw err;
      if (attempt >= attempts) throw conflict(RACE_MESSAGE);
      await new Promise((r) => setTimeout(r, 5 + Math.random() * 20 * attempt));
    }
  }
}
