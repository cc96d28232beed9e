import TableContainer from '@mui/material/TableContainer';
import { useCallback, useState, type ReactNode } from 'react';

interface TableScrollProps {
  /** Names the scroller when it takes the focus: usually the table's own name. */
  label: string;
  children: ReactNode;
}

/**
 * A table's horizontal scroller. When the table is wider than its box (a phone), the box takes
 * the keyboard focus as a named region, so the hidden columns can be scrolled to without a mouse
 * (WCAG 2.1.1, axe scrollable-region-focusable); when everything fits it adds no tab stop.
 */
export function TableScroll({ label, children }: TableScrollProps) {
  const [overflows, setOverflows] = useState(false);
  const ref = useCallback((node: HTMLDivElement | null) => {
    if (!node || typeof ResizeObserver === 'undefined') return undefined;
    const measure = () => setOverflows(node.scrollWidth > node.clientWidth);
    const observer = new ResizeObserver(measure);
    observer.observe(node);
    if (node.firstElementChild) observer.observe(node.firstElementChild);
    measure();
    return () => observer.disconnect();
  }, []);
  return (
    <TableContainer
      ref={ref}
      {...(overflows ? { tabIndex: 0, role: 'region', 'aria-label': label } : {})}
      sx={{ '&:focus-visible': { outline: 2, outlineStyle: 'solid', outlineColor: 'primary.main' } }}
    >
      {children}
    </TableContainer>
  );
}
