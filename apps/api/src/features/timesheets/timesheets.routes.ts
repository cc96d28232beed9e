import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  approvalsQuerySchema,
  approveWeeksBodySchema,
  atLeastOneField,
  capacitySchema,
  envelope,
  idParam,
  paged,
  rejectWeeksBodySchema,
  reopenWeekBodySchema,
  setCellBodySchema,
  submitWeekBodySchema,
  TIMESHEET_MESSAGES,
  timesheetBulkResultSchema,
  timesheetGridSchema,
  timesheetSettingsSchema,
  timesheetUserParam,
  timesheetWeekSchema,
  updateCapacityBodySchema,
  updateTimesheetSettingsBodySchema,
  timesheetExportQuerySchema,
  weekQuerySchema,
  workloadQuerySchema,
  workloadSchema,
} from '@taskhive/contract';
import { SIGNED_IN, scopeOf } from '../../plugins/auth.ts';
import { ok } from '../../plugins/envelope.ts';
import type { TimesheetReports, TimesheetsService } from './timesheets.service.ts';

const tags = ['timesheets'];
/** Whoever tracks time has a week; approving is decided per person by timesheets.policy.ts. */
const tracks = { anyOf: ['timelog:create', 'timelog:read', 'timelog:read:all'] } as const;

/** What the grid's cells need from the time-logs feature (its write path, with its rules and locks). */
export type CellWriter = {
  setCell(
    scope: ReturnType<typeof scopeOf>,
    body: { day: string; projectId: string; taskId: string | null; duration: number | '' | '0' },
  ): Promise<void>;
};

/**
 * Timesheets (issue 25), `/api/Timesheets`: settings, capacity, a person's week (the grid) and its
 * cells, submit, approve and reject in bulk, reopen, the approvals list, workload, the CSV export.
 */
export async function timesheetsRoutes(
  app: FastifyInstance,
  opts: { timesheets: TimesheetsService; reports: TimesheetReports; cells: CellWriter },
) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { timesheets, reports, cells } = opts;

  r.get(
    '/api/Timesheets/settings',
    {
      config: { permission: SIGNED_IN },
      schema: {
        tags,
        summary: "The company's first day of the week, lock date and reminder day",
        response: { 200: envelope(timesheetSettingsSchema) },
      },
    },
    async (req, reply) => ok(reply, await timesheets.settings(scopeOf(req))),
  );

  r.put(
    '/api/Timesheets/settings',
    {
      config: { permission: 'company:update' },
      schema: {
        tags,
        summary: 'Change the timesheet settings sent',
        body: atLeastOneField(updateTimesheetSettingsBodySchema),
        response: { 200: envelope(timesheetSettingsSchema) },
      },
    },
    async (req, reply) =>
      ok(reply, await timesheets.updateSettings(scopeOf(req), req.body), TIMESHEET_MESSAGES.settingsUpdated),
  );

  r.get(
    '/api/Timesheets/capacity/:userId',
    {
      config: { permission: SIGNED_IN },
      schema: {
        tags,
        summary: "A person's expected minutes per week: themself, or with employee:read",
        params: timesheetUserParam,
        response: { 200: envelope(capacitySchema) },
      },
    },
    async (req, reply) => ok(reply, await timesheets.capacity(scopeOf(req), req.params.userId)),
  );

  r.put(
    '/api/Timesheets/capacity/:userId',
    {
      config: { permission: 'employee:update' },
      schema: {
        tags,
        summary: "A person's expected minutes per week",
        params: timesheetUserParam,
        body: updateCapacityBodySchema,
        response: { 200: envelope(capacitySchema) },
      },
    },
    async (req, reply) =>
      ok(
        reply,
        await timesheets.setCapacity(scopeOf(req), req.params.userId, req.body.expectedWeeklyMinutes),
        TIMESHEET_MESSAGES.capacityUpdated,
      ),
  );

  r.get(
    '/api/Timesheets/weeks/mine',
    {
      config: { permission: tracks },
      schema: {
        tags,
        summary: 'My week holding weekStart (default: this week) as a grid of tasks × days',
        querystring: weekQuerySchema,
        response: { 200: envelope(timesheetGridSchema) },
      },
    },
    async (req, reply) => ok(reply, await timesheets.grid(scopeOf(req), null, req.query.weekStart)),
  );

  r.get(
    '/api/Timesheets/weeks/:userId',
    {
      config: { permission: tracks },
      schema: {
        tags,
        summary: "A person's week as a grid: the person or an approver of theirs (else 404)",
        params: timesheetUserParam,
        querystring: weekQuerySchema,
        response: { 200: envelope(timesheetGridSchema) },
      },
    },
    async (req, reply) =>
      ok(reply, await timesheets.grid(scopeOf(req), req.params.userId, req.query.weekStart)),
  );

  r.put(
    '/api/Timesheets/cells',
    {
      config: { permission: 'timelog:create' },
      schema: {
        tags,
        summary: 'Set my time on a task and day (creates, changes or clears its one entry); answers the week',
        body: setCellBodySchema,
        response: { 200: envelope(timesheetGridSchema) },
      },
    },
    async (req, reply) => {
      const scope = scopeOf(req);
      await cells.setCell(scope, req.body);
      return ok(reply, await timesheets.grid(scope, null, req.body.day));
    },
  );

  r.post(
    '/api/Timesheets/weeks/submit',
    {
      config: { permission: tracks },
      schema: {
        tags,
        summary: 'Submit my week holding weekStart for approval',
        body: submitWeekBodySchema,
        response: { 200: envelope(timesheetWeekSchema) },
      },
    },
    async (req, reply) =>
      ok(reply, await timesheets.submit(scopeOf(req), req.body.weekStart), TIMESHEET_MESSAGES.submitted),
  );

  r.post(
    '/api/Timesheets/weeks/approve',
    {
      config: { permission: tracks },
      schema: {
        tags,
        summary: 'Approve submitted weeks of people I approve (all or nothing)',
        body: approveWeeksBodySchema,
        response: { 200: envelope(timesheetBulkResultSchema) },
      },
    },
    async (req, reply) => {
      const count = await timesheets.approve(scopeOf(req), req.body.weekIds);
      return ok(
        reply,
        { count },
        count === 1 ? TIMESHEET_MESSAGES.approved : TIMESHEET_MESSAGES.approvedMany(count),
      );
    },
  );

  r.post(
    '/api/Timesheets/weeks/reject',
    {
      config: { permission: tracks },
      schema: {
        tags,
        summary: 'Reject submitted weeks with a reason (all or nothing)',
        body: rejectWeeksBodySchema,
        response: { 200: envelope(timesheetBulkResultSchema) },
      },
    },
    async (req, reply) => {
      const count = await timesheets.reject(scopeOf(req), req.body.weekIds, req.body.reason);
      return ok(
        reply,
        { count },
        count === 1 ? TIMESHEET_MESSAGES.rejected : TIMESHEET_MESSAGES.rejectedMany(count),
      );
    },
  );

  r.post(
    '/api/Timesheets/weeks/:id/reopen',
    {
      config: { permission: tracks },
      schema: {
        tags,
        summary: 'Send a submitted, approved or rejected week back to open',
        params: idParam,
        body: reopenWeekBodySchema.nullish(),
        response: { 200: envelope(timesheetWeekSchema) },
      },
    },
    async (req, reply) =>
      ok(
        reply,
        await timesheets.reopen(scopeOf(req), req.params.id, req.body?.reason || null),
        TIMESHEET_MESSAGES.reopened,
      ),
  );

  r.get(
    '/api/Timesheets/workload',
    {
      config: { permission: { anyOf: ['report:read', 'report:read:all'] } },
      schema: {
        tags,
        summary:
          'Per person: capacity, planned and logged minutes of a week (a department, a project or all)',
        querystring: workloadQuerySchema,
        response: { 200: envelope(workloadSchema) },
      },
    },
    async (req, reply) => ok(reply, await reports.workload(scopeOf(req), req.query)),
  );

  r.get(
    '/api/Timesheets/export.csv',
    {
      config: { permission: { anyOf: ['report:read:all', 'timesheet:approve:all'] } },
      schema: {
        tags,
        summary: 'Approved time by day, person, project and task as CSV (payroll and billing)',
        querystring: timesheetExportQuerySchema,
      },
    },
    async (req, reply) => {
      const csv = await reports.exportCsv(scopeOf(req), req.query);
      return reply
        .type('text/csv; charset=utf-8')
        .header(
          'content-disposition',
          `attachment; filename="approved-time-${req.query.from}-${req.query.to}.csv"`,
        )
        .send(csv);
    },
  );

  r.get(
    '/api/Timesheets/approvals',
    {
      config: { permission: tracks },
      schema: {
        tags,
        summary: 'Weeks of the people I approve, in a status (submitted by default), oldest first',
        querystring: approvalsQuerySchema,
        response: { 200: envelope(paged(timesheetWeekSchema)) },
      },
    },
    async (req, reply) => ok(reply, await timesheets.approvals(scopeOf(req), req.query)),
  );
}
