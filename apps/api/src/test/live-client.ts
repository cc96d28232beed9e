import { LIVE_EVENTS_PATH, LIVE_FRAME, type LiveMessage } from '@taskhive/contract';

/** One frame: its event name, its JSON data and, for a recorded change, its `id:` (the change id). */
export type Frame = { event: string; data: unknown; id?: string };

/** An SSE client over real HTTP (fetch + a stream reader, as the web app reads it). */
export type LiveClient = {
  frames: Frame[];
  /** The `change` messages received so far. */
  changes(): LiveMessage[];
  /** Resolves with the first frame (already received or coming) that matches, or rejects after `ms`. */
  next(match: (f: Frame) => boolean, ms?: number): Promise<Frame>;
  /** Resolves when the server ended the stream. */
  ended: Promise<void>;
  close(): void;
};

export const isChange = (m: Partial<LiveMessage>) => (f: Frame) =>
  f.event === LIVE_FRAME.change &&
  Object.entries(m).every(([k, v]) => (f.data as Record<string, unknown>)[k] === v);

/**
 * Opens the stream and waits for its `ready` frame (from then on no event is missed). With
 * `lastEventId` it asks to resume after that change (the `Last-Event-ID` header).
 */
export async function openLive(baseUrl: string, token: string, lastEventId?: string): Promise<LiveClient> {
  const abort = new AbortController();
  const res = await fetch(baseUrl + LIVE_EVENTS_PATH, {
    headers: { authorization: `Bearer ${token}`, ...(lastEventId ? { 'last-event-id': lastEventId } : {}) },
    signal: abort.signal,
  });
  if (res.status !== 200 || !res.body) throw new Error(`stream answered ${res.status}`);
  const frames: Frame[] = [];
  const waiters = new Set<() => void>();
  const reader = res.body.pipeThrough(new TextDecoderStream()).getReader();
  const ended = (async () => {
    let buffer = '';
    try {
      for (;;) {
        const { value, done } = await reader.read();
        if (done) return;
        buffer += value;
        let cut: number;
        while ((cut = buffer.indexOf('\n\n')) >= 0) {
          const block = buffer.slice(0, cut);
          buffer = buffer.slice(cut + 2);
          const event = /^event: (.*)$/m.exec(block)?.[1];
          const data = /^data: (.*)$/m.exec(block)?.[1];
          const id = /^id: (.*)$/m.exec(block)?.[1];
          if (event) frames.push({ event, data: data ? JSON.parse(data) : null, ...(id ? { id } : {}) });
          for (const w of waiters) w();
        }
      }
    } catch {
      // aborted by close()
    } finally {
      for (const w of waiters) w();
    }
  })();
  let over = false;
  void ended.then(() => (over = true));
  const client: LiveClient = {
    frames,
    changes: () => frames.filter((f) => f.event === LIVE_FRAME.change).map((f) => f.data as LiveMessage),
    next(match, ms = 5000) {
      return new Promise((resolve, reject) => {
        const check = () => {
          const hit = frames.find(match);
          if (hit) {
            done();
            resolve(hit);
          } else if (over) {
            done();
            reject(new Error(`stream ended without the frame; got ${JSON.stringify(frames)}`));
          }
        };
        const timer = setTimeout(() => {
          done();
          reject(new Error(`no such frame within ${ms} ms; got ${JSON.stringify(frames)}`));
        }, ms);
        const done = () => {
          clearTimeout(timer);
          waiters.delete(check);
        };
        waiters.add(check);
        check();
      });
    },
    ended,
    close: () => abort.abort(),
  };
  await client.next((f) => f.event === LIVE_FRAME.ready);
  return client;
}
