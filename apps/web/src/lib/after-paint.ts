/** The longest `afterPaint` waits when no frame comes (a hidden tab draws none). */
export const AFTER_PAINT_MAX_MS = 100;

/**
 * Runs `fn` once the browser has painted the next frame (a task queued from that frame's
 * animation callback), or after AFTER_PAINT_MAX_MS if no frame comes. An interaction's handler
 * shows what the person did at once and leaves the rest here (a write and the cache updates that
 * re-render screens): the interaction's next paint does not wait for it (issue 28, INP).
 */
export function afterPaint(fn: () => void): void {
  let done = false;
  const run = () => {
    if (done) return;
    done = true;
    clearTimeout(fallback);
    fn();
  };
  const fallback = setTimeout(run, AFTER_PAINT_MAX_MS);
  if (typeof requestAnimationFrame === 'function') requestAnimationFrame(() => setTimeout(run, 0));
}

/** `afterPaint` as a promise of what `fn` returns. */
export function whenPainted<T>(fn: () => T | Promise<T>): Promise<T> {
  return new Promise<T>((resolve, reject) =>
    afterPaint(() => {
      try {
        Promise.resolve(fn()).then(resolve, reject);
      } catch (err) {
        reject(err instanceof Error ? err : new Error(String(err)));
      }
    }),
  );
}
