import { Socket } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { LIVE_EVENTS_PATH, LIVE_FRAME, LIVE_HEARTBEAT_MS, LIVE_RECHECK_MS } from '@taskhive/contract';
import type { LiveEvent } from '../../lib/live-events.ts';
import { scopeOf, SIGNED_IN } from '../../plugins/auth.ts';
import { liveAudience, toLiveMessage } from './events.service.ts';

/** Why a stream ended (the `end` frame's `reason`). */
type EndReason = 'session-ended' | 'shutdown' | 'error';

/**
 * `GET /api/events`: the signed-in user's live updates as Server-Sent Events. One listener on the
 * bus per connection, on the user's company only; each event passes the rights filter
 * (events.service.ts) before a small message is written. A comment line every 25 s keeps the
 * stream open through proxies; every 30 s (and on any session event about the user) the stream
 * re-checks its session and rights, and ends once the session has. Open streams end on shutdown
 * (preClose), so they never hold the server open.
 */
export async function eventsRoutes(
  app: FastifyInstance,
  opts: { heartbeatMs?: number; recheckMs?: number } = {},
) {
  const heartbeatMs = opts.heartbeatMs ?? LIVE_HEARTBEAT_MS;
  const recheckMs = opts.recheckMs ?? LIVE_RECHECK_MS;
  const open = new Set<(reason: EndReason) => void>();
  app.addHook('preClose', async () => {
    for (const end of [...open]) end('shutdown');
  });

  app.get(
    LIVE_EVENTS_PATH,
    {
      config: { permission: SIGNED_IN },
      schema: {
        tags: ['events'],
        summary: 'Live updates of what the signed-in user may read (text/event-stream)',
        description:
          'Frames: `event: ready` once listening; `event: change` with `{type, action, id, projectId, taskId}`; ' +
          '`event: end` with `{reason}` before the server closes the stream. Comment lines are heartbeats.',
      },
    },
    async (req, reply) => {
      const scope = scopeOf(req);
      const audience = liveAudience(scope);
      await audience.refresh(scope.actor);
      const res = reply.raw;
      reply.hijack();
      for (const [name, value] of Object.entries(reply.getHeaders()))
        if (value !== undefined) res.setHeader(name, value);
      res.writeHead(200, {
        'content-type': 'text/event-stream; charset=utf-8',
        'cache-control': 'no-store, no-transform',
        connection: 'keep-alive',
        'x-accel-buffering': 'no',
      });
      const frame = (event: string, data: unknown) => `event: ${event}\ndata: ${JSON.stringify(data)}\n\n`;

      // An injected request (tests, the security suite) has no connection to hold a stream on:
      // it gets the opening frame and the end.
      if (!(req.raw.socket instanceof Socket)) {
        res.end(frame(LIVE_FRAME.ready, {}));
        return;
      }

      let actor = scope.actor;
      let closed = false;
      let queue = Promise.resolve();
      const heartbeat = setInterval(() => res.write(': ping\n\n'), heartbeatMs);
      const recheckTimer = setInterval(() => enqueue(recheck), recheckMs);
      const end = (reason: EndReason) => {
        if (closed) return;
        res.end(frame(LIVE_FRAME.end, { reason }));
        cleanup();
      };
      const cleanup = () => {
        closed = true;
        clearInterval(heartbeat);
        clearInterval(recheckTimer);
        unsubscribe();
        open.delete(end);
      };
      // Events are handled one at a time, in the order they came.
      const enqueue = (work: () => Promise<void>) => {
        queue = queue
          .then(() => (closed ? undefined : work()))
          .catch((err: unknown) => {
            req.log.warn({ err }, 'live stream failed');
            end('error');
          });
      };
      async function recheck() {
        const next = await app.reauthorize(actor);
        if (!next) return end('session-ended');
        actor = next;
        await audience.refresh(next);
      }
      async function handle(e: LiveEvent) {
        if (e.type === 'session') {
          if (e.userIds && !e.userIds.includes(actor.userId)) return;
          if (e.action === 'ended' && e.id === actor.sessionId) return end('session-ended');
          await recheck();
        }
        if (!closed && (await audience.allows(e))) res.write(frame(LIVE_FRAME.change, toLiveMessage(e)));
      }

      const unsubscribe = app.live.subscribe(scope.companyId, (e) => enqueue(() => handle(e)));
      open.add(end);
      res.on('close', cleanup);
      await app.live.ready(scope.companyId);
      if (!closed) res.write(frame(LIVE_FRAME.ready, {}));
    },
  );
}
