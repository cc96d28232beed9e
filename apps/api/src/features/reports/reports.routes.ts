import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  dashboardQuerySchema,
  dashboardSchema,
  envelope,
  HOURS_REPORT_TOP_ROWS,
  hoursCsvQuerySchema,
  hoursReportQuerySchema,
  hoursReportSchema,
  memberReportSchema,
  reportPeopleQuerySchema,
  reportPersonSchema,
  reportRangeQuerySchema,
  teamReportQuerySchema,
  teamReportSchema,
  userTasksByStatusParamsSchema,
  userTasksByStatusSchema,
} from '@taskhive/contract';
import { SIGNED_IN, scopeOf } from '../../plugins/auth.ts';
import { ok } from '../../plugins/envelope.ts';
import type { ReportsService } from './reports.service.ts';

const tags = ['reports'];
const reads = { anyOf: ['report:read', 'report:read:all'] } as const;

/** A CSV answer, named for download and never cached. */
const csv = (reply: FastifyReply, name: string, r: { from: string; to: string; body: string }) =>
  reply
    .type('text/csv; charset=utf-8')
    .header('content-disposition', `attachment; filename="${name}-${r.from}-${r.to}.csv"`)
    .header('cache-control', 'no-store')
    .send(r.body);

/**
 * Reports (per user by status; hours by project, user and day; the team and one member, with
 * CSV) and the dashboard figures.
 */
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
        summary: `Hours in a range by project, by user and by day (the whole company with report:read:all): the top ${HOURS_REPORT_TOP_ROWS} projects and people by minutes (then name, id), how many there are and the minutes of the rest`,
        querystring: hoursReportQuerySchema,
        response: { 200: envelope(hoursReportSchema) },
      },
    },
    async (req, reply) => ok(reply, await reports.hours(scopeOf(req), req.query)),
  );

  r.get(
    '/api/taskreports/company-hours/export.csv',
    {
      config: { permission: reads },
      schema: {
        tags,
        summary:
          'The hours report as CSV: every project (by=project, the default) or every person (by=person) with time in the range, in its order, and a Total row',
        querystring: hoursCsvQuerySchema,
      },
    },
    async (req, reply) => {
      const r = await reports.hoursCsv(scopeOf(req), req.query);
      return csv(reply, `company-hours-${r.by}`, r);
    },
  );

  r.get(
    '/api/taskreports/people',
    {
      config: { permission: reads },
      schema: {
        tags,
        summary:
          'The people whose reports the caller may read (everyone with report:read:all, else themself and the departments they manage), by name; search and limit',
        querystring: reportPeopleQuerySchema,
        response: { 200: envelope(z.array(reportPersonSchema)) },
      },
    },
    async (req, reply) => ok(reply, await reports.people(scopeOf(req), req.query)),
  );

  r.get(
    '/api/taskreports/team',
    {
      config: { permission: reads },
      schema: {
        tags,
        summary:
          "Every member's tasks by status, done tasks and hours in a range (the company's with report:read:all, else the departments one manages); optionally one department's or project's",
        querystring: teamReportQuerySchema,
        response: { 200: envelope(teamReportSchema) },
      },
    },
    async (req, reply) => ok(reply, await reports.team(scopeOf(req), req.query)),
  );

  r.get(
    '/api/taskreports/team/export.csv',
    {
      config: { permission: reads },
      schema: {
        tags,
        summary: 'The team report as CSV, a row per member',
        querystring: teamReportQuerySchema,
      },
    },
    async (req, reply) => csv(reply, 'team-report', await reports.teamCsv(scopeOf(req), req.query)),
  );

  r.get(
    '/api/taskreports/member/:userId',
    {
      config: { permission: reads },
      schema: {
        tags,
        summary: "One member's tasks in a range (by due date), per status, and their hours per day",
        params: userTasksByStatusParamsSchema,
        querystring: reportRangeQuerySchema,
        response: { 200: envelope(memberReportSchema) },
      },
    },
    async (req, reply) => ok(reply, await reports.member(scopeOf(req), req.params.userId, req.query)),
  );

  r.get(
    '/api/taskreports/member/:userId/export.csv',
    {
      config: { permission: reads },
      schema: {
        tags,
        summary: "One member's report as CSV, a row per task by due date",
        params: userTasksByStatusParamsSchema,
        querystring: reportRangeQuerySchema,
      },
    },
    async (req, reply) =>
      csv(reply, 'member-report', await reports.memberCsv(scopeOf(req), req.params.userId, req.query)),
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
