import { useEffect, type RefObject } from 'react';

/** How near the board's left or right edge (px) a held pointer turns it. */
export const EDGE_ZONE_PX = 48;
/** How long the pointer stays there before the board turns one column. */
export const EDGE_DWELL_MS = 450;
/** How much longer it must stay for each further column. */
export const EDGE_REPEAT_MS = 900;
const TICK_MS = 50;

/**
 * While `active` (a card dragged by a pointer), a pointer held near the left or right edge of the
 * scrolling `region` turns it by one column after EDGE_DWELL_MS, then by one more every
 * EDGE_REPEAT_MS it stays: the column under the finger shows whole before the next one comes, so
 * a drag that reaches the edge of a phone's screen does not slide on to the last column.
 */
export function useEdgePaging(region: RefObject<HTMLElement | null>, active: boolean) {
  useEffect(() => {
    const el = region.current;
    if (!active || !el) return;
    let x: number | null = null;
    let dwell = 0;
    const onPointer = (e: MouseEvent | PointerEvent) => {
      x = e.clientX;
    };
    const onTouch = (e: TouchEvent) => {
      const t = e.touches[0];
      if (t) x = t.clientX;
    };
    window.addEventListener('pointermove', onPointer, { passive: true });
    window.addEventListener('mousemove', onPointer, { passive: true });
    window.addEventListener('touchmove', onTouch, { passive: true });
    const timer = window.setInterval(() => {
      if (x === null) return;
      const r = el.getBoundingClientRect();
      const zone = Math.min(EDGE_ZONE_PX, r.width / 6);
      const direction = x >= r.right - zone ? 1 : x <= r.left + zone ? -1 : 0;
      const room = direction > 0 ? el.scrollWidth - el.clientWidth - el.scrollLeft : el.scrollLeft;
      if (direction === 0 || room < 1) {
        dwell = 0;
        return;
      }
      dwell += TICK_MS;
      if (dwell < EDGE_DWELL_MS) return;
      dwell = EDGE_DWELL_MS - EDGE_REPEAT_MS;
      el.scrollBy({ left: direction * columnStep(el), behavior: 'smooth' });
    }, TICK_MS);
    return () => {
      window.clearInterval(timer);
      window.removeEventListener('pointermove', onPointer);
      window.removeEventListener('mousemove', onPointer);
      window.removeEventListener('touchmove', onTouch);
    };
  }, [region, active]);
}

/** One column's width and the gap after it (the first two columns: side by side also in a lane). */
function columnStep(el: HTMLElement): number {
  const [first, second] = Array.from(el.querySelectorAll<HTMLElement>('[data-column-id]'));
  if (!first) return el.clientWidth;
  if (!second) return first.offsetWidth;
  return second.offsetLeft - first.offsetLeft;
}
