import { act, render, screen } from '@testing-library/react';
import { Suspense } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { lazyFrom, loader } from './preloadable';

const Hello = ({ name }: { name: string }) => <p>hello {name}</p>;

describe('loader and lazyFrom', () => {
  it('a loader asks for its chunk once and remembers the module', async () => {
    const load = vi.fn(async () => ({ Hello }));
    const l = loader(load);
    expect(l.loaded()).toBeUndefined();
    await Promise.all([l(), l()]);
    expect(load).toHaveBeenCalledTimes(1);
    expect(l.loaded()?.Hello).toBe(Hello);
  });

  it('a failed load may be tried again', async () => {
    const load = vi.fn().mockRejectedValueOnce(new Error('offline')).mockResolvedValueOnce({ Hello });
    const l = loader(load);
    await expect(l()).rejects.toThrow('offline');
    await expect(l()).resolves.toEqual({ Hello });
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('a preloaded chunk renders in the first commit, without showing the fallback', async () => {
    const l = loader(async () => ({ Hello }));
    await l();
    const Lazy = lazyFrom(l, (m) => m.Hello);
    render(
      <Suspense fallback={<p>loading</p>}>
        <Lazy name="Ada" />
      </Suspense>,
    );
    expect(screen.getByText('hello Ada')).toBeInTheDocument();
    expect(screen.queryByText('loading')).toBeNull();
  });

  it('a chunk not loaded yet suspends, then renders', async () => {
    let release: (m: { Hello: typeof Hello }) => void = () => {};
    const l = loader(() => new Promise<{ Hello: typeof Hello }>((r) => (release = r)));
    const Lazy = lazyFrom(l, (m) => m.Hello);
    render(
      <Suspense fallback={<p>loading</p>}>
        <Lazy name="Bo" />
      </Suspense>,
    );
    expect(screen.getByText('loading')).toBeInTheDocument();
    await act(async () => release({ Hello }));
    expect(await screen.findByText('hello Bo')).toBeInTheDocument();
  });
});
