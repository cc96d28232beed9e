import { TIMELOG_SORT_FIELDS, type TimeLogSortField } from '@taskhive/contract';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';

/** What the time entry list shows: its filters, its sort and how many pages are loaded. */
export interface TimesheetQuery {
  search: string;
  from: string;
  to: string;
  sortBy: TimeLogSortField;
  sortOrder: 'asc' | 'desc';
  /** Pages loaded (the list appends pages as it scrolls): a reload loads as many again. */
  pages: number;
}

export const DEFAULT_TIMESHEET_QUERY: TimesheetQuery = {
  search: '',
  from: '',
  to: '',
  sortBy: 'loggedAt',
  sortOrder: 'desc',
  pages: 1,
};

/**
 * The address's parameters, prefixed: the Timesheet tab shares its page's address with the task
 * list (`?view=timesheet` on My Tasks), whose `search`, `sortBy` and `page` are its own.
 */
const PARAM: Record<keyof TimesheetQuery, string> = {
  search: 'ts.search',
  from: 'ts.from',
  to: 'ts.to',
  sortBy: 'ts.sortBy',
  sortOrder: 'ts.sortOrder',
  pages: 'ts.pages',
};

/** Most pages a link may ask to load at once. */
const MAX_PAGES = 20;
const DAY = /^\d{4}-\d{2}-\d{2}$/;

export function readTimesheetQuery(params: URLSearchParams): TimesheetQuery {
  const d = DEFAULT_TIMESHEET_QUERY;
  const get = (k: keyof TimesheetQuery) => params.get(PARAM[k]);
  const sortBy = get('sortBy');
  const sortOrder = get('sortOrder');
  const pages = Number(get('pages'));
  const day = (v: string | null) => (v && DAY.test(v) ? v : '');
  return {
    search: get('search')?.trim() ?? d.search,
    from: day(get('from')),
    to: day(get('to')),
    sortBy: (TIMELOG_SORT_FIELDS as readonly string[]).includes(sortBy ?? '')
      ? (sortBy as TimeLogSortField)
      : d.sortBy,
    sortOrder: sortOrder === 'asc' || sortOrder === 'desc' ? sortOrder : d.sortOrder,
    pages: Number.isInteger(pages) && pages >= 1 && pages <= MAX_PAGES ? pages : d.pages,
  };
}

/** The parameters for a query: the fields that differ from the default, the page's others kept. */
export function writeTimesheetQuery(q: TimesheetQuery, params: URLSearchParams): URLSearchParams {
  const next = new URLSearchParams(params);
  for (const k of Object.keys(PARAM) as (keyof TimesheetQuery)[]) {
    next.delete(PARAM[k]);
    if (q[k] !== DEFAULT_TIMESHEET_QUERY[k] && q[k] !== '') next.set(PARAM[k], String(q[k]));
  }
  return next;
}

/**
 * The time entry list's query, in the address (`inAddress`: the Timesheet tab, defect 13 of
 * issue 23: a reload, a shared link and Back show the same entries) or in component state (a
 * task's entries in its drawer, which is opened over other lists). Any change but the pages
 * loads from page 1 again. A filter or sort is a new history entry; typing and loading more
 * replace the current one.
 */
export function useTimesheetQuery(inAddress: boolean) {
  const location = useLocation();
  const navigate = useNavigate();
  const [local, setLocal] = useState(DEFAULT_TIMESHEET_QUERY);
  const query = inAddress ? readTimesheetQuery(new URLSearchParams(location.search)) : local;
  // The address last asked for: a change made before the previous one has rendered (a debounced
  // search right after a date) builds on it, not on the address this render saw.
  const latest = useRef(location.search);
  useEffect(() => {
    latest.current = location.search;
  }, [location.search]);
  const change = useCallback(
    (patch: Partial<TimesheetQuery>, replace = false) => {
      const apply = (q: TimesheetQuery): TimesheetQuery => ({
        ...q,
        ...patch,
        pages: patch.pages ?? (Object.keys(patch).length ? 1 : q.pages),
      });
      if (!inAddress) {
        setLocal(apply);
        return;
      }
      const params = new URLSearchParams(latest.current);
      const next = writeTimesheetQuery(apply(readTimesheetQuery(params)), params).toString();
      const search = next ? `?${next}` : '';
      if (search === latest.current) return;
      latest.current = search;
      void navigate({ search }, { replace, preventScrollReset: true });
    },
    [inAddress, navigate],
  );
  return { query, change };
}
