import type {} from '@fastify/rate-limit';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  CALENDAR_MESSAGES,
  calendarFeedCreatedSchema,
  calendarFeedSchema,
  calendarTasksQuerySchema,
  calendarTasksSchema,
  envelope,
  MESSAGES,
  text,
} from '@taskhive/contract';
import type { Config } from '../../config.ts';
import { HttpError } from '../../lib/errors.ts';
import { scopeOf } from '../../plugins/auth.ts';
import { ok } from '../../plugins/envelope.ts';
import { CALENDAR_PERMISSION, type CalendarService, feedNotFound } from './calendar.service.ts';

const tags = ['calendar'];

/** The feed's path parameter: `<token>.ics` (anything else answers 404 from the service). */
const feedParams = z.object({ file: text().max(100) });

/**
 * Every route under /api/Calendar (one routes file per URL prefix): tasks by due date for the
 * calendar, the reader's feed link, and the public iCalendar feed behind a link.
 */
export async function calendarRoutes(
  app: FastifyInstance,
  opts: { calendar: CalendarService; config: Config },
) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { calendar, config } = opts;

  r.get(
    '/api/Calendar/tasks',
    {
      config: { permission: CALENDAR_PERMISSION },
      schema: {
        tags,
        summary:
          'Tasks due in a range (at most 62 days): mine, or one project’s; filtered by labels (labelIds, any of); each with its labels',
        querystring: calendarTasksQuerySchema,
        response: { 200: envelope(calendarTasksSchema) },
      },
    },
    async (req, reply) => ok(reply, await calendar.tasks(scopeOf(req), req.query)),
  );

  r.get(
    '/api/Calendar/feed',
    {
      config: { permission: CALENDAR_PERMISSION },
      schema: {
        tags,
        summary: 'Whether I have a calendar feed link, and since when',
        response: { 200: envelope(calendarFeedSchema) },
      },
    },
    async (req, reply) => ok(reply, await calendar.feed(scopeOf(req))),
  );

  r.post(
    '/api/Calendar/feed',
    {
      // A feed link opens the owner's tasks to whoever holds it: the account's owner makes it.
      config: { permission: CALENDAR_PERMISSION, refuseImpersonation: true },
      schema: {
        tags,
        summary: 'Create my calendar feed link, or reset it (the old link stops working); answered once',
        response: { 201: envelope(calendarFeedCreatedSchema) },
      },
    },
    async (req, reply) =>
      ok(reply, await calendar.createFeed(scopeOf(req)), CALENDAR_MESSAGES.feedCreated, 201),
  );

  r.delete(
    '/api/Calendar/feed',
    {
      config: { permission: CALENDAR_PERMISSION, refuseImpersonation: true },
      schema: {
        tags,
        summary: 'Turn my calendar feed link off',
        response: { 200: envelope(calendarFeedSchema) },
      },
    },
    async (req, reply) => ok(reply, await calendar.deleteFeed(scopeOf(req)), CALENDAR_MESSAGES.feedDeleted),
  );

  // Public: the token in the path is the authorisation. Limited per address like the other
  // public routes (sign-in's address limit and window).
  const perIp = app.rateLimit({
    max: config.rateLimit.authIpMax,
    timeWindow: config.rateLimit.authWindowMs,
    hook: 'onRequest',
    errorResponseBuilder: (_req, ctx) =>
      new HttpError(429, MESSAGES.tooManyRequests, {
        headers: { 'retry-after': String(Math.ceil(ctx.ttl / 1000)) },
      }),
  });

  r.get(
    '/api/Calendar/feed/:file',
    {
      config: { public: true },
      onRequest: perIp,
      schema: {
        tags,
        summary:
          'The iCalendar feed behind a link (`<token>.ics`): my tasks by due date, labels as CATEGORIES',
        params: feedParams,
      },
    },
    async (req, reply) => {
      reply.header('cache-control', 'no-store');
      const body = await calendar.calendar(req.params.file);
      if (body === null) throw feedNotFound();
      return reply
        .type('text/calendar; charset=utf-8')
        .header('content-disposition', 'inline; filename="taskhive.ics"')
        .send(body);
    },
  );
}
