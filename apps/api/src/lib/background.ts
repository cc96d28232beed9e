import type { FastifyBaseLogger } from 'fastify';

export type Background = {
  /** Runs `task` once the current answer has gone out; a failure is logged, never thrown. */
  later(name: string, task: () => Promise<void>): void;
  /** Resolves when every task started so far has ended (before shutdown). */
  drain(): Promise<void>;
};

/**
 * Work a request starts but its answer must not wait on, nor reveal by its duration (a failed
 * sign-in is audited only for a real account). Lost if the process dies: work that must not be
 * lost (mail) is a job instead (lib/jobs.ts).
 */
export function background(log: FastifyBaseLogger): Background {
  const pending = new Set<Promise<void>>();
  return {
    later(name, task) {
      const run = new Promise<void>((resolve) => setImmediate(resolve))
        .then(task)
        .catch((err: unknown) => log.error({ err }, `${name} failed`))
        .finally(() => pending.delete(run));
      pending.add(run);
    },
    async drain() {
      await Promise.allSettled([...pending]);
    },
  };
}
