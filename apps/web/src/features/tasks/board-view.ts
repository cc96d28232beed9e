import { BOARD_DUE_FILTERS, type BoardDueFilter } from '@taskhive/contract';
import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import type { BoardFilterArgs } from './tasks-api';

export const BOARD_GROUPS = ['none', 'assignee', 'priority'] as const;
export type BoardGroup = (typeof BOARD_GROUPS)[number];

/**
 * What the project board shows, kept in the page's URL (a reload or a shared link shows the same
 * board; each change is a history entry, so Back undoes it): `assignee` (`me`, `none` or a user
 * id), `priority` (`none` or an id), `due` (overdue, week, none), `q` (title or key), `labels`
 * (label ids, comma-separated: cards with any of them; issue 26), `cf` (a custom field's value,
 * `<fieldId>:<value>` as the API reads it; issue 26) and `group` (assignee or priority lanes).
 * Empty: no filter.
 */
export interface BoardView {
  assignee: string;
  priority: string;
  due: BoardDueFilter | '';
  q: string;
  labels: string;
  cf: string;
  group: BoardGroup;
}

const FILTER_KEYS = ['assignee', 'priority', 'due', 'q', 'labels', 'cf'] as const;

/** The view an address names (`?assignee=me&due=overdue`...). */
export function viewOf(params: URLSearchParams): BoardView {
  const due = params.get('due') ?? '';
  const group = params.get('group') ?? '';
  return {
    assignee: params.get('assignee') ?? '',
    priority: params.get('priority') ?? '',
    due: BOARD_DUE_FILTERS.find((d) => d === due) ?? '',
    q: params.get('q') ?? '',
    labels: params.get('labels') ?? '',
    cf: params.get('cf') ?? '',
    group: BOARD_GROUPS.find((g) => g === group) ?? 'none',
  };
}

/** How many filters are set (the phone's "Filters (2)"); grouping is not a filter. */
export const activeFilters = (v: BoardView) => FILTER_KEYS.filter((k) => v[k].trim() !== '').length;

/** The view's filters as the board endpoint reads them, `me` being the signed-in user. */
export function filterArgs(v: BoardView, myUserId: string | undefined): BoardFilterArgs {
  const assignee = v.assignee === 'me' ? myUserId : v.assignee;
  return {
    ...(assignee ? { assignee } : {}),
    ...(v.priority ? { priority: v.priority } : {}),
    ...(v.due ? { due: v.due } : {}),
    ...(v.q.trim() ? { search: v.q.trim() } : {}),
    ...(v.labels ? { labelIds: v.labels } : {}),
    ...(v.cf ? { cf: v.cf } : {}),
  };
}

export function useBoardView() {
  const [params, setParams] = useSearchParams();
  const view = useMemo(() => viewOf(params), [params]);
  /** Sets some of the view (an empty value or `none` group removes its parameter). */
  const update = useCallback(
    (patch: Partial<BoardView>, { replace = false }: { replace?: boolean } = {}) =>
      setParams(
        (p) => {
          const next = new URLSearchParams(p);
          for (const [key, value] of Object.entries(patch)) {
            if (value === '' || (key === 'group' && value === 'none')) next.delete(key);
            else next.set(key, value);
          }
          return next;
        },
        { replace },
      ),
    [setParams],
  );
  const clear = useCallback(
    () => update({ assignee: '', priority: '', due: '', q: '', labels: '', cf: '' }),
    [update],
  );
  return { view, update, clear };
}
