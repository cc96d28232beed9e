/**
 * Live updates (issue 13): what the event stream `GET /api/events` (Server-Sent Events) sends.
 * A message names what changed, never its contents: the client refetches through the normal
 * reads, so the rights check on the record stays the one source of truth.
 */
export const LIVE_EVENTS_PATH = '/api/events';

export type LiveMessageType =
  'task' | 'project' | 'tasklist' | 'comment' | 'timelog' | 'notification' | 'session';

/** One `data:` line of the stream (JSON). */
export type LiveMessage = {
  type: LiveMessageType;
  action: 'created' | 'updated' | 'deleted' | 'ended';
  id: string;
  projectId: string | null;
  taskId: string | null;
};

/** SSE event names: `ready` once the stream listens, `change` per event, `end` before it closes. */
export const LIVE_FRAME = { ready: 'ready', change: 'change', end: 'end' } as const;

/** A comment line keeps proxies and the client's idle timer from ending a quiet stream. */
export const LIVE_HEARTBEAT_MS = 25_000;
/** How often a stream re-checks its session and the reader's rights (besides session events). */
export const LIVE_RECHECK_MS = 30_000;
/** The client waits this long before its first reconnect, doubling up to the maximum (with jitter). */
export const LIVE_RECONNECT_MIN_MS = 1_000;
export const LIVE_RECONNECT_MAX_MS = 30_000;
/** With no byte (not even a heartbeat) for this long, the client takes the stream for dead. */
export const LIVE_STALE_MS = 2 * LIVE_HEARTBEAT_MS + 5_000;
