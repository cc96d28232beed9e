import { type ComponentType, lazy, type LazyExoticComponent } from 'react';

/** A chunk's loader that keeps its one request and, once it has arrived, its module. */
export type Loader<M> = (() => Promise<M>) & { readonly loaded: () => M | undefined };

export function loader<M>(load: () => Promise<M>): Loader<M> {
  let module: M | undefined;
  let pending: Promise<M> | undefined;
  const start = () =>
    (pending ??= load().then(
      (m) => (module = m),
      (error: unknown) => {
        pending = undefined; // a failed chunk may be asked for again
        throw error;
      },
    ));
  return Object.assign(start, { loaded: () => module });
}

/**
 * `React.lazy` over a loader. When the chunk was loaded ahead (the sign-in form starts the company
 * layout, the start-up load the dashboard and the bell), the component renders at once: React
 * resolves a lazy synchronously when its thenable calls back synchronously. A lazy that suspends,
 * even for a chunk already in memory, shows its boundary's fallback, and React 19 reveals a
 * boundary's content no sooner than 300 ms after its fallback appeared: that throttle was a third
 * of every sign-in (bench/README.md, "Browser budgets").
 */
export function lazyFrom<M, P extends object>(
  from: Loader<M>,
  pick: (m: M) => ComponentType<P>,
): LazyExoticComponent<ComponentType<P>> {
  return lazy(() => {
    const ready = from.loaded();
    if (ready) {
      const now = { default: pick(ready) };
      // A thenable that answers at once (React reads it before it would suspend).
      return { then: (resolve: (m: typeof now) => void) => resolve(now) } as unknown as Promise<typeof now>;
    }
    return from().then((m) => ({ default: pick(m) }));
  });
}
