import { z } from 'zod';

/** Failed jobs the Super Admin's screen lists at most (the most recently failed first). */
export const FAILED_JOBS_LIMIT = 100;

/**
 * A background job whose last attempt failed (mail, periodic work): still retrying with back-off,
 * or dead after its last attempt. Payloads are not shown: they may name people.
 */
export const failedJobSchema = z.object({
  jobId: z.string(),
  task: z.string(),
  attempts: z.number().int(),
  maxAttempts: z.number().int(),
  lastError: z.string(),
  state: z.enum(['retrying', 'dead']),
  /** When its last attempt failed. */
  failedAt: z.string(),
  /** When the next attempt is due; null once dead. */
  nextAttemptAt: z.string().nullable(),
  createdAt: z.string(),
});
export type FailedJob = z.infer<typeof failedJobSchema>;

export const jobIdParamsSchema = z.object({ id: z.string().regex(/^\d{1,18}$/, 'Must be a job id') });

/** What the screen says. */
export const JOB_MESSAGES = {
  retried: 'The job will run again shortly.',
  none: 'No failed jobs.',
} as const;
