import { conflict } from './errors.ts';

const codeOf = (err: unknown): string | undefined => {
  const e = err as { code?: string; cause?: { code?: string } } | null;
  return e?.code ?? e?.cause?.code;
};

/** What a request that lost a race to another is answered (409): the client may try again. */
export const RACE_MESSAGE = 'The record changed while saving: please try again';

/** PostgreSQL gave up on this transaction so that another could go on: worth one more try. */
export const isTransient = (err: unknown) => ['40001', '40P01'].includes(codeOf(err) ?? '');

/** A foreign key broke because another request removed the row at the same moment. */
export const isForeignKeyRace = (err: unknown) => codeOf(err) === '23503';

/**
 * Runs a transaction, retrying a serialization failure or deadlock a bounded number of times
 * (with a short random pause), and answers 409 when a concurrent delete broke a foreign key or
 * the retries ran out: the conflict is real and the client may try again.
 */
export async function retryTransaction<T>(work: () => Promise<T>, attempts = 3): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await work();
    } catch (err) {
      if (isForeignKeyRace(err)) throw conflict(RACE_MESSAGE);
      if (!isTransient(err)) throw err;
      if (attempt >= attempts) throw conflict(RACE_MESSAGE);
      await new Promise((r) => setTimeout(r, 5 + Math.random() * 20 * attempt));
    }
  }
}
