import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  atLeastOneField,
  createTimeLogBodySchema,
  envelope,
  idParam,
  MESSAGES,
  paged,
  runningTimerSchema,
  startTimerBodySchema,
  stopTimerBodySchema,
  timeLogExportQuerySchema,
  timeLogListQuerySchema,
  timeLogSchema,
  timeLogTotalsQuerySchema,
  timeLogTotalsSchema,
  updateTimeLogBodySchema,
} from '@taskhive/contract';
import { scopeOf } from '../../plugins/auth.ts';
import { ok } from '../../plugins/envelope.ts';
import type { TimeLogsService } from './time-logs.service.ts';

const tags = ['time logs'];
const read = { anyOf: ['timelog:read', 'timelog:read:all'] } as const;
const update = { anyOf: ['timelog:update', 'timelog:update:all'] } as const;
const remove = { anyOf: ['timelog:delete', 'timelog:delete:all'] } as const;
const tracks = { anyOf: ['timelog:create', 'timelog:read'] } as const;

/**
 * Time logs, their totals and CSV export, and the running timer:
 * GET /api/Timelogs/timer (mine or null), POST /api/Timelogs/timer (start),
 * POST /api/Timelogs/timer/stop (the entry it makes), DELETE /api/Timelogs/timer (discard).
 */
export async function timeLogsRoutes(app: FastifyInstance, opts: { timeLogs: TimeLogsService }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { timeLogs } = opts;

  r.get(
    '/api/Timelogs',
    {
      config: { permission: read },
      schema: {
        tags,
        summary: 'Time logs the caller may see, paged (10 by default, newest day first)',
        querystring: timeLogListQuerySchema,
        response: { 200: envelope(paged(timeLogSchema)) },
      },
    },
    async (req, reply) => ok(reply, await timeLogs.list(scopeOf(req), req.query)),
  );

  r.get(
    '/api/Timelogs/filtered',
    {
      config: { permission: read },
      schema: {
        tags,
        summary: 'Totals per task over the filters (the last 30 days by default)',
        querystring: timeLogTotalsQuerySchema,
        response: { 200: envelope(timeLogTotalsSchema) },
      },
    },
    async (req, reply) => ok(reply, await timeLogs.totals(scopeOf(req), req.query)),
  );

  r.get(
    '/api/Timelogs/export.csv',
    {
      config: { permission: read },
      schema: {
        tags,
        summary: 'The filtered time logs as CSV, streamed',
        querystring: timeLogExportQuerySchema,
      },
    },
    async (req, reply) => {
      const stream = timeLogs.exportCsv(scopeOf(req), req.query);
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', 'attachment; filename="timesheet.csv"')
        .header('cache-control', 'no-store')
        .send(stream);
    },
  );

  r.post(
    '/api/Timelogs',
    {
      config: { permission: 'timelog:create' },
      schema: {
        tags,
        summary: 'Log time on a task for a day (at most 24 hours a day per user)',
        body: createTimeLogBodySchema,
        response: { 201: envelope(timeLogSchema) },
      },
    },
    async (req, reply) =>
      ok(reply, await timeLogs.create(scopeOf(req), req.body), MESSAGES.timesheets.created, 201),
  );

  r.get(
    '/api/Timelogs/timer',
    {
      config: { permission: tracks },
      schema: {
        tags,
        summary: 'My running timer, or null',
        response: { 200: envelope(runningTimerSchema.nullable()) },
      },
    },
    async (req, reply) => ok(reply, await timeLogs.timer.current(scopeOf(req))),
  );

  r.post(
    '/api/Timelogs/timer',
    {
      config: { permission: 'timelog:create' },
      schema: {
        tags,
        summary: 'Start a timer on a task (one at a time)',
        body: startTimerBodySchema,
        response: { 201: envelope(runningTimerSchema) },
      },
    },
    async (req, reply) =>
      ok(reply, await timeLogs.timer.start(scopeOf(req), req.body), MESSAGES.timesheets.timerStarted, 201),
  );

  r.post(
    '/api/Timelogs/timer/stop',
    {
      config: { permission: 'timelog:create' },
      schema: {
        tags,
        summary: 'Stop my timer; it becomes a time log',
        body: stopTimerBodySchema.nullish(),
        response: { 201: envelope(timeLogSchema) },
      },
    },
    async (req, reply) =>
      ok(reply, await timeLogs.timer.stop(scopeOf(req), req.body ?? {}), MESSAGES.timesheets.created, 201),
  );

  r.delete(
    '/api/Timelogs/timer',
    {
      config: { permission: 'timelog:create' },
      schema: {
        tags,
        summary: 'Discard my timer without logging',
        response: { 200: envelope(z.object({ discarded: z.literal(true) })) },
      },
    },
    async (req, reply) =>
      ok(reply, await timeLogs.timer.discard(scopeOf(req)), MESSAGES.timesheets.timerDiscarded),
  );

  r.get(
    '/api/Timelogs/:id',
    {
      config: { permission: read },
      schema: {
        tags,
        summary: 'One time log (403 when it is someone else’s outside your rights)',
        params: idParam,
        response: { 200: envelope(timeLogSchema) },
      },
    },
    async (req, reply) => ok(reply, await timeLogs.get(scopeOf(req), req.params.id)),
  );

  r.put(
    '/api/Timelogs/:id',
    {
      config: { permission: update },
      schema: {
        tags,
        summary: 'Update the fields sent',
        params: idParam,
        body: atLeastOneField(updateTimeLogBodySchema),
        response: { 200: envelope(timeLogSchema) },
      },
    },
    async (req, reply) =>
      ok(reply, await timeLogs.update(scopeOf(req), req.params.id, req.body), MESSAGES.timesheets.updated),
  );

  r.delete(
    '/api/Timelogs/:id',
    {
      config: { permission: remove },
      schema: {
        tags,
        summary: 'Delete a time log',
        params: idParam,
        response: { 200: envelope(z.object({ timeLogId: z.uuid() })) },
      },
    },
    async (req, reply) =>
      ok(reply, await timeLogs.remove(scopeOf(req), req.params.id), MESSAGES.timesheets.deleted),
  );
}
