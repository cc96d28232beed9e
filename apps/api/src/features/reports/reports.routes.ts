import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  dashboardQuerySchema,
  dashboardSchema,
  envelope,
  hoursReportQuerySchema,
  hoursReportSchema,
  reportRangeQuerySchema,
  userTasksByStatusParamsSchema,
  userTasksByStatusSchema,
} from '@taskhive/contract';
import { SIGNED_IN, scopeOf } from '../../plugins/auth.ts';
import { ok } from '../../plugins/envelope.ts';
import type { ReportsService } from './reports.service.ts';

const tags = ['reports'];
const reads = { anyOf: ['report:read', 'report:read:all'] } as const;

/** Reports (per user by status; hours by project, user and day) and the dashboard figures. */
export async function reportsRoutes(app: FastifyInstance, opts: { reports: ReportsService }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { reports } = opts;

  r.get(
    '/api/taskreports/user-tasks-by-status/:userId',
    {
      config: { permission: reads },
      schema: {
        tags,
        summary: "A user's tasks per status in a range (startDateTo … endDateTo), with hours logged",
        params: userTasksByStatusParamsSchema,
        querystring: reportRangeQuerySchema,
        response: { 200: envelope(userTasksByStatusSchema) },
      },
    },
    async (req, reply) =>
      ok(reply, await reports.userTasksByStatus(scopeOf(req), req.params.userId, req.query)),
  );

  r.get(
    '/api/taskreports/company-hours',
    {
      config: { permission: reads },
      schema: {
        tags,
        summary: 'Hours in a range by project, by user and by day (the whole company with report:read:all)',
        querystring: hoursReportQuerySchema,
        response: { 200: envelope(hoursReportSchema) },
      },
    },
    async (req, reply) => ok(reply, await reports.hours(scopeOf(req), req.query)),
  );

  r.get(
    '/api/dashboard/me',
    {
      config: { permission: SIGNED_IN },
      schema: {
        tags,
        summary: 'My dashboard figures (and company-wide ones for a company admin)',
        querystring: dashboardQuerySchema,
        response: { 200: envelope(dashboardSchema) },
      },
    },
    async (req, reply) => ok(reply, await reports.dashboard(scopeOf(req), req.query)),
  );
}
