import {
  LIVE_EVENTS_PATH,
  LIVE_FRAME,
  LIVE_RECONNECT_MAX_MS,
  LIVE_RECONNECT_MIN_MS,
  LIVE_STALE_MS,
  type LiveMessage,
  type LiveReady,
} from '@taskhive/contract';
import { baseApi } from './base-api';
import { isOwnChange } from './own-changes';

/**
 * Live updates (issue 13), the reading half: the SSE stream `GET /api/events` read with `fetch`
 * (EventSource cannot send the bearer header), its frames parsed, and each message turned into
 * the RTK Query tags to invalidate. The screens then refetch through their normal reads, so no
 * record content travels on the stream. The hook that runs it is layout/use-live-updates.ts.
 */
/** The API whose cache the stream invalidates (every tag type is declared once, in api/tags.ts). */
export const liveApi = baseApi;
import { tagsFor } from './tags';
export { LIVE_TAGS, tagsFor } from './tags';

/**
 * Changes whose own writer's screens are already right: the mutations of these screens put their
 * answer in the cache themselves (an invited person first in the list until a reload, a renamed
 * role, an edited comment) or refetch what the change touched through their own tags (a project,
 * a task list, a time entry: the same tags `tagsFor` names), so the tab that made the change skips
 * its echo (the frame whose change id its write's answer named: api/own-changes.ts) instead of
 * reading it all a second time; every other tab, of this session too, refetches. Tasks are
 * handled in part (OWN_ECHO_KEEPS).
 */
const SELF_UPDATING: readonly LiveMessage['type'][] = [
  'taskstatus',
  'employee',
  'companyrole',
  'department',
  'subscription',
  'todo',
  'project',
  'tasklist',
  'comment',
  'timelog',
  'customfield',
  'savedview',
];

/**
 * Kinds whose own echo refetches what its tags cover except the caches this tab's write already
 * filled with the server's answer (features/tasks/task-cache.ts `serverRows`): a task's boards
 * and its detail. Lists still refetch (a move can take a task out of a list filtered by status or
 * assignee, which only a refetch tells), and so do the project's figures.
 */
export const OWN_ECHO_KEEPS: Partial<Record<LiveMessage['type'], readonly string[]>> = {
  task: ['projectBoard', 'getTask', 'getTaskByKey'],
};

/** How long a frame of this session's own (`mine`) waits for this tab's write to name its id. */
export const OWN_ECHO_WAIT_MS = 1_500;

/**
 * What a frame asks of this tab: 'skip' its own echo where its screens are already right, 'own'
 * for its own echo of a kind in OWN_ECHO_KEEPS (refetch all but what the write's answer filled),
 * 'apply' (refetch) anything else, or 'wait' when this session made such a change but no answer
 * of this tab has named its id yet: the stream can bring the echo before the write's answer
 * arrives, so the caller asks again once the answer had time to come (OWN_ECHO_WAIT_MS), and
 * refetches if it is still not this tab's (another tab's of the session).
 */
export function ownEcho(m: LiveMessage, changeId: string | undefined): 'skip' | 'own' | 'apply' | 'wait' {
  const partly = OWN_ECHO_KEEPS[m.type] !== undefined;
  if (!SELF_UPDATING.includes(m.type) && !partly) return 'apply';
  if (isOwnChange(changeId)) return partly ? 'own' : 'skip';
  return m.mine === true && changeId !== undefined ? 'wait' : 'apply';
}

type Thunk = (dispatch: (action: unknown) => unknown, getState: () => unknown) => void;
type Refetchable = {
  initiate(arg: unknown, options: { subscribe: false; forceRefetch: true }): unknown;
};
/** A cached query (what `selectInvalidatedBy` answers). */
export type CacheEntry = { endpointName: string; originalArgs: unknown; queryCacheKey: string };
type Subscriptions = { getSubscriptionCount?: (queryCacheKey: string) => number };

/**
 * One query read again, as RTK Query's own invalidation would: after the request already running
 * for it (a refetch asked while one runs would be dropped, and the running one may predate the
 * change), then anew. Resolves to the read's result.
 */
export function refetchAfterRunning(endpointName: string, args: unknown) {
  return async (dispatch: (action: unknown) => unknown): Promise<unknown> => {
    const util = liveApi.util as unknown as {
      getRunningQueryThunk(name: string, arg: unknown): unknown;
    };
    const running = dispatch(util.getRunningQueryThunk(endpointName, args)) as Promise<unknown> | undefined;
    if (running) await running;
    const endpoint = (liveApi.endpoints as unknown as Record<string, Refetchable | undefined>)[endpointName];
    return endpoint ? dispatch(endpoint.initiate(args, { subscribe: false, forceRefetch: true })) : undefined;
  };
}

/**
 * These cached queries made stale, entry by entry, as `invalidateTags` does with every query its
 * tags name: one some screen shows is read again, one nothing shows is dropped (read when next
 * shown).
 */
export function refreshEntries(entries: readonly CacheEntry[]): Thunk {
  return (dispatch) => {
    if (entries.length === 0) return;
    const subscriptions = dispatch(liveApi.internalActions.internal_getRTKQSubscriptions()) as Subscriptions;
    for (const e of entries) {
      if (subscriptions.getSubscriptionCount?.(e.queryCacheKey) === 0)
        dispatch(liveApi.internalActions.removeQueryResult({ queryCacheKey: e.queryCacheKey as never }));
      else void dispatch(refetchAfterRunning(e.endpointName, e.originalArgs));
    }
  };
}

/**
 * This tab's own echo of a kind in OWN_ECHO_KEEPS: every query its tags make stale is refreshed,
 * except those of the endpoints the write's answer already filled.
 */
export function refetchOwnEcho(m: LiveMessage): Thunk {
  return (dispatch, getState) => {
    const keep = OWN_ECHO_KEEPS[m.type] ?? [];
    const stale = liveApi.util.selectInvalidatedBy(getState() as never, tagsFor(m));
    dispatch(refreshEntries(stale.filter((e) => !keep.includes(e.endpointName))));
  };
}

/** The wait before reconnect number `attempt` (0-based): doubling from 1 s to 30 s, with jitter. */
export function reconnectDelay(attempt: number, random: () => number = Math.random): number {
  const ceiling = Math.min(LIVE_RECONNECT_MAX_MS, LIVE_RECONNECT_MIN_MS * 2 ** attempt);
  return Math.round(ceiling / 2 + (random() * ceiling) / 2);
}

/** One frame: its event, its data and, for a change from the change log, its id (`id:`). */
export type SseFrame = { event: string; data: string; id?: string };

/** Splits what arrived into whole frames; the rest waits for more. Comment lines are dropped. */
export function parseSse(buffer: string): { frames: SseFrame[]; rest: string } {
  const frames: SseFrame[] = [];
  const blocks = buffer.replace(/\r\n?/g, '\n').split('\n\n');
  const rest = blocks.pop() ?? '';
  for (const block of blocks) {
    let event = 'message';
    let id: string | undefined;
    const data: string[] = [];
    for (const line of block.split('\n')) {
      if (line === '' || line.startsWith(':')) continue;
      const colon = line.indexOf(':');
      const field = colon < 0 ? line : line.slice(0, colon);
      const value = colon < 0 ? '' : line.slice(colon + 1).replace(/^ /, '');
      if (field === 'event') event = value;
      else if (field === 'data') data.push(value);
      else if (field === 'id') id = value;
    }
    if (data.length || event !== 'message')
      frames.push({ event, data: data.join('\n'), ...(id !== undefined ? { id } : {}) });
  }
  return { frames, rest };
}

/** How a stream ended: refused (401), ended by the server (with its reason), or broken. */
export type LiveStreamEnd =
  { kind: 'unauthorized' } | { kind: 'ended'; reason: string | null } | { kind: 'failed' };

/**
 * Reads one stream until it ends. `onReady` once the server listens (from then on nothing is
 * missed; `resumed` when the server sent what happened since `lastEventId`, the last change this
 * tab had); `onMessage` per change, with its change id. A stream silent for longer than two
 * heartbeats counts as broken (a proxy or a sleeping laptop can leave a dead connection open).
 */
export async function readLiveStream(o: {
  token: string;
  signal: AbortSignal;
  lastEventId?: string | undefined;
  onReady: (ready: LiveReady) => void;
  onMessage: (m: LiveMessage, changeId: string | undefined) => void;
}): Promise<LiveStreamEnd> {
  const abort = new AbortController();
  const stop = () => abort.abort();
  o.signal.addEventListener('abort', stop);
  let stale: ReturnType<typeof setTimeout> | undefined;
  const alive = () => {
    clearTimeout(stale);
    stale = setTimeout(stop, LIVE_STALE_MS);
  };
  try {
    const res = await fetch(`${window.location.origin}${LIVE_EVENTS_PATH}`, {
      headers: {
        authorization: `Bearer ${o.token}`,
        accept: 'text/event-stream',
        ...(o.lastEventId ? { 'last-event-id': o.lastEventId } : {}),
      },
      signal: abort.signal,
      cache: 'no-store',
    });
    if (res.status === 401) return { kind: 'unauthorized' };
    if (!res.ok || !res.body) return { kind: 'failed' };
    alive();
    const reader = res.body.pipeThrough(new TextDecoderStream()).getReader();
    let buffer = '';
    let reason: string | null = null;
    for (;;) {
      const { value, done } = await reader.read();
      if (done) return { kind: 'ended', reason };
      alive();
      const parsed = parseSse(buffer + value);
      buffer = parsed.rest;
      for (const f of parsed.frames) {
        if (f.event === LIVE_FRAME.ready) o.onReady((f.data ? JSON.parse(f.data) : {}) as LiveReady);
        else if (f.event === LIVE_FRAME.change) o.onMessage(JSON.parse(f.data) as LiveMessage, f.id);
        else if (f.event === LIVE_FRAME.end)
          reason = (JSON.parse(f.data) as { reason?: string }).reason ?? null;
      }
    }
  } catch {
    return { kind: 'failed' };
  } finally {
    clearTimeout(stale);
    o.signal.removeEventListener('abort', stop);
  }
}
