import { act, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { render } from '../test/render';
import { TableScroll } from './table-scroll';

/** jsdom lays nothing out: the test sets the widths and fires the observer by hand. */
let notify: (() => void) | undefined;
class FakeResizeObserver {
  constructor(callback: () => void) {
    notify = callback;
  }
  observe() {}
  disconnect() {}
}

function setWidths(el: HTMLElement, scrollWidth: number, clientWidth: number) {
  Object.defineProperty(el, 'scrollWidth', { configurable: true, value: scrollWidth });
  Object.defineProperty(el, 'clientWidth', { configurable: true, value: clientWidth });
}

const table = (
  <TableScroll label="Fruits">
    <table aria-label="Fruits">
      <tbody>
        <tr>
          <td>Apple</td>
        </tr>
      </tbody>
    </table>
  </TableScroll>
);

describe('TableScroll', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    notify = undefined;
  });

  it('takes the focus as a named region only while the table is wider than its box', () => {
    vi.stubGlobal('ResizeObserver', FakeResizeObserver);
    render(table);
    const box = screen.getByRole('table', { name: 'Fruits' }).parentElement as HTMLElement;
    expect(screen.queryByRole('region', { name: 'Fruits' })).not.toBeInTheDocument();
    expect(box).not.toHaveAttribute('tabindex');

    setWidths(box, 900, 390);
    act(() => notify?.());
    expect(screen.getByRole('region', { name: 'Fruits' })).toBe(box);
    expect(box).toHaveAttribute('tabindex', '0');

    setWidths(box, 1200, 1200);
    act(() => notify?.());
    expect(screen.queryByRole('region', { name: 'Fruits' })).not.toBeInTheDocument();
    expect(box).not.toHaveAttribute('tabindex');
  });

  it('renders the table as it is where the browser has no ResizeObserver', () => {
    vi.stubGlobal('ResizeObserver', undefined);
    render(table);
    expect(screen.getByRole('table', { name: 'Fruits' })).toBeInTheDocument();
    expect(screen.queryByRole('region')).not.toBeInTheDocument();
  });
});
