import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { envelope, projectTimelineQuerySchema, projectTimelineSchema } from '@taskhive/contract';
import { scopeOf } from '../../plugins/auth.ts';
import { okJson } from '../../plugins/envelope.ts';
import { TIMELINE_PERMISSION, type TimelineService } from './timeline.service.ts';

const tags = ['timeline'];

/** Every route under /api/Timeline (one routes file per URL prefix): a project's timeline. */
export async function timelineRoutes(app: FastifyInstance, opts: { timeline: TimelineService }) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/api/Timeline',
    {
      config: { permission: TIMELINE_PERMISSION },
      schema: {
        tags,
        summary:
          'A project’s timeline: its tasks with dates and labels (filtered by labelIds, any of), its lists, the dependencies among them',
        querystring: projectTimelineQuerySchema,
        response: { 200: envelope(projectTimelineSchema) },
      },
    },
    async (req, reply) => okJson(reply, await opts.timeline.timelineJson(scopeOf(req), req.query)),
  );
}
