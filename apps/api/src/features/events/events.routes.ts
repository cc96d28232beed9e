import { Socket } from 'node:net';
import type { FastifyInstance } from 'fastify';
import {
  LIVE_EVENTS_PATH,
  LIVE_FRAME,
  LIVE_HEARTBEAT_MS,
  LIVE_RECHECK_MS,
  type LiveReady,
} from '@taskhive/contract';
import { isAfter } from '../../lib/changes.ts';
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
  opts: {
    heartbeatMs?: number;
    recheckMs?: number;
    /** Counts the open streams (the metrics' `taskhive_live_streams`). */
    liveStreams?: { inc(): void; dec(): void };
  } = {},
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
      // Open for hours: on the owner's handle, not in a request transaction (plugins/auth.ts).
      config: { permission: SIGNED_IN, tenantTransaction: false },
      schema: {
        tags: ['events'],
        summary: 'Live updates of what the signed-in user may read (text/event-stream)',
        description:
          'Frames: `event: ready` once listening (`{resumed: true}` when the `Last-Event-ID` header named a ' +
          'change it could resume from: the changes since follow); `event: change` with `{type, action, id, ' +
          'projectId, taskId}` and the change id as `id:`; `event: end` with `{reason}` before the server ' +
          'closes the stream. Comment lines are heartbeats.',
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
      const frame = (event: string, data: unknown, id?: string) =>
        `${id ? `id: ${id}\n` : ''}event: ${event}\ndata: ${JSON.stringify(data)}\n\n`;

      // An injected request (tests, the security suite) has no connection to hold a stream on:
      // it gets the opening frame and the end.
      if (!(req.raw.socket instanceof Socket)) {
        res.end(frame(LIVE_FRAME.ready, {}));
        return;
      }

      let actor = scope.actor;
      let closed = false;
      // Held until the opening frames (and a resumed stream's backlog) are written: changes that
      // come meanwhile wait their turn.
      let opened: () => void = () => {};
      let queue = new Promise<void>((resolve) => (opened = resolve));
      /** The last change the backlog sent: the feed's copies of it and of those before are skipped. */
      let resumedTo: { tx: string; id: string } | null = null;
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
        if (open.delete(end)) opts.liveStreams?.dec();
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
        if (!isAfter(e, resumedTo)) return;
        if (!closed && (await audience.allows(e)))
          res.write(frame(LIVE_FRAME.change, toLiveMessage(e, actor.sessionId), e.changeId));
      }

      const unsubscribe = app.liveFeed.subscribe(scope.companyId, (e) => enqueue(() => handle(e)));
      open.add(end);
      opts.liveStreams?.inc();
      res.on('close', cleanup);
      try {
        await app.liveFeed.ready(scope.companyId);
        // A reconnecting client names the last change it had: it gets every change since, that
        // it may see, right after `ready` (at most LIVE_RESUME_MAX_CHANGES, LIVE_RESUME_MAX_AGE_MS
        // back); otherwise `ready` says it was not resumed and the client refetches.
        const lastId = req.headers['last-event-id'];
        const backlog =
          typeof lastId === 'string' && lastId !== ''
            ? await app.liveFeed.backlog(scope.companyId, lastId)
            : 'refetch';
        if (closed) return;
        const ready: LiveReady = { resumed: backlog !== 'refetch' };
        res.write(frame(LIVE_FRAME.ready, ready));
        if (backlog !== 'refetch') {
          for (const e of backlog) await handle(e);
          const last = backlog.at(-1);
          if (last?.changeId && last.tx) resumedTo = { tx: last.tx, id: last.changeId };
        }
      } catch (err) {
        req.log.warn({ err }, 'live stream failed to open');
        end('error');
      } finally {
        opened();
      }
    },
  );
}
