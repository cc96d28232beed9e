import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  envelope,
  FAILED_JOBS_LIMIT,
  type FailedJob,
  failedJobSchema,
  JOB_MESSAGES,
  jobIdParamsSchema,
} from '@taskhive/contract';
import { forbidden, notFound } from '../../lib/errors.ts';
import type { Jobs } from '../../lib/jobs.ts';
import { scopeOf, SIGNED_IN } from '../../plugins/auth.ts';
import { ok } from '../../plugins/envelope.ts';

const tags = ['jobs'];

/**
 * The platform's background jobs hold every tenant's work: only the Super Admin reads or retries
 * them (checked before the input, so anyone else gets 403 whatever they send).
 */
async function superAdminOnly(req: FastifyRequest) {
  if (!scopeOf(req).actor.isSuperAdmin) throw forbidden();
}

const toFailedJob = (j: Awaited<ReturnType<Jobs['failed']>>[number]): FailedJob => ({
  jobId: j.id,
  task: j.task,
  attempts: j.attempts,
  maxAttempts: j.maxAttempts,
  lastError: j.lastError,
  state: j.dead ? 'dead' : 'retrying',
  failedAt: j.failedAt.toISOString(),
  nextAttemptAt: j.dead ? null : j.runAt.toISOString(),
  createdAt: j.createdAt.toISOString(),
});

/** GET /api/platform/jobs/failed and POST /api/platform/jobs/{id}/retry (Super Admin only). */
export async function jobsRoutes(app: FastifyInstance, opts: { jobs: Jobs }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { jobs } = opts;

  r.get(
    '/api/platform/jobs/failed',
    {
      config: { permission: SIGNED_IN },
      preValidation: superAdminOnly,
      schema: {
        tags,
        summary: 'Jobs whose last attempt failed (retrying or dead), most recently failed first',
        response: { 200: envelope(z.array(failedJobSchema)) },
      },
    },
    async (_req, reply) => ok(reply, (await jobs.failed(FAILED_JOBS_LIMIT)).map(toFailedJob)),
  );

  r.post(
    '/api/platform/jobs/:id/retry',
    {
      config: { permission: SIGNED_IN },
      preValidation: superAdminOnly,
      schema: {
        tags,
        summary: 'Gives a failed or dead job a fresh set of attempts, due now',
        params: jobIdParamsSchema,
        response: { 200: envelope(z.null()) },
      },
    },
    async (req, reply) => {
      if (!(await jobs.retry(req.params.id))) throw notFound('Failed job');
      return ok(reply, null, JOB_MESSAGES.retried);
    },
  );
}
