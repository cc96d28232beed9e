import { describe, expect, it } from 'vitest';
import { HttpError } from './errors.ts';
import { RestartTransaction, retryTransaction } from './retry.ts';

const pgError = (code: string) => Object.assign(new Error(code), { code });

describe('retryTransaction', () => {
  it('retries a deadlock or serialization failure, then succeeds', async () => {
    let calls = 0;
    const out = await retryTransaction(async () => {
      calls++;
      if (calls < 3) throw pgError(calls === 1 ? '40P01' : '40001');
      return 'done';
    });
    expect(out).toBe('done');
    expect(calls).toBe(3);
  });

  it('restarts on a RestartTransaction and tells each attempt its number', async () => {
    const seen: number[] = [];
    const out = await retryTransaction(async (attempt) => {
      seen.push(attempt);
      if (attempt === 1) throw new RestartTransaction('no room');
      return 'placed';
    });
    expect(out).toBe('placed');
    expect(seen).toEqual([1, 2]);
  });

  it('answers 409 when the retries run out or a foreign key broke in a race', async () => {
    let calls = 0;
    const exhausted = retryTransaction(async () => {
      calls++;
      throw pgError('40001');
    }, 2);
    await expect(exhausted).rejects.toMatchObject({ statusCode: 409 });
    expect(calls).toBe(2);
    await expect(
      retryTransaction(async () => {
        throw { cause: pgError('23503') };
      }),
    ).rejects.toBeInstanceOf(HttpError);
  });

  it('passes any other error through untouched', async () => {
    const boom = new Error('boom');
    await expect(retryTransaction(async () => Promise.reject(boom))).rejects.toBe(boom);
  });
});
