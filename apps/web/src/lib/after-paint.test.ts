import { afterEach, describe, expect, it, vi } from 'vitest';
import { AFTER_PAINT_MAX_MS, afterPaint, whenPainted } from './after-paint';

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('afterPaint', () => {
  it('runs once, in a task after the next frame’s animation callbacks', () => {
    vi.useFakeTimers();
    const frames: FrameRequestCallback[] = [];
    vi.stubGlobal('requestAnimationFrame', (cb: FrameRequestCallback) => frames.push(cb));
    const fn = vi.fn();
    afterPaint(fn);
    vi.advanceTimersByTime(0);
    expect(fn).not.toHaveBeenCalled();
    // The frame: its callbacks run, the paint follows, then the queued task.
    frames.forEach((cb) => cb(0));
    expect(fn).not.toHaveBeenCalled();
    vi.advanceTimersByTime(0);
    expect(fn).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(AFTER_PAINT_MAX_MS);
    expect(fn).toHaveBeenCalledTimes(1);
  });

  it('runs after AFTER_PAINT_MAX_MS when no frame comes (a hidden tab)', () => {
    vi.useFakeTimers();
    vi.stubGlobal('requestAnimationFrame', () => 0);
    const fn = vi.fn();
    afterPaint(fn);
    vi.advanceTimersByTime(AFTER_PAINT_MAX_MS - 1);
    expect(fn).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(fn).toHaveBeenCalledTimes(1);
  });

  it('whenPainted answers what the function answers, or its error', async () => {
    await expect(whenPainted(() => 7)).resolves.toBe(7);
    await expect(whenPainted(() => Promise.reject(new Error('refused')))).rejects.toThrow('refused');
    await expect(
      whenPainted(() => {
        throw new Error('thrown');
      }),
    ).rejects.toThrow('thrown');
  });
});
