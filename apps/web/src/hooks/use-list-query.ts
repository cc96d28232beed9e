import { DEFAULT_PAGE, USER_SEARCH_DEBOUNCE_MS } from '@taskhive/contract';
import { useMemo, useState } from 'react';
import { useDebouncedValue } from './use-debounced-value';

/** What every list query has: a 1-based page, its size, a sort and a search. Filters come on top. */
export interface ListQueryBase<S extends string = string> {
  page: number;
  pageSize: number;
  sortBy: S;
  sortOrder: 'asc' | 'desc';
  search: string;
}

/** Spec section 4: changing any field but the page sends the list back to page 1. */
export function changeListQuery<Q extends ListQueryBase>(query: Q, patch: Partial<Q>): Q {
  const next = { ...query, ...patch };
  const onlyPage = Object.keys(patch).every((k) => k === 'page');
  return onlyPage ? next : { ...next, page: patch.page ?? DEFAULT_PAGE };
}

/** A click on a column heading: that column ascending, or the other way when it already sorts. */
function toggleSortOf<Q extends ListQueryBase>(query: Q, field: Q['sortBy']): Partial<Q> {
  const sortOrder = query.sortBy === field && query.sortOrder === 'asc' ? 'desc' : 'asc';
  return { sortBy: field, sortOrder } as Partial<Q>;
}

function withSearch<Q extends ListQueryBase>(query: Q, search: string): Q {
  return query.search === search ? query : changeListQuery(query, { search } as Partial<Q>);
}

export interface ListQueryOptions {
  /** How long the search box must stay still before the search applies; 0 applies it at once. */
  debounceMs?: number;
}

export interface ListQueryState<Q extends ListQueryBase> {
  /** The query to fetch (or filter) with; `search` is the trimmed, debounced box. */
  query: Q;
  /** What the search box shows. */
  searchInput: string;
  setSearchInput: (value: string) => void;
  /** Filters (or any other field): back to page 1 unless only the page changes. */
  update: (patch: Partial<Q>) => void;
  toggleSort: (field: Q['sortBy']) => void;
  /** 1-based. */
  setPage: (page: number) => void;
  setPageSize: (pageSize: number) => void;
}

/**
 * The state of a list page in one place: debounced search, sort toggle, filters and page, with
 * the reset to page 1 on any change but the page.
 */
export function useListQuery<Q extends ListQueryBase>(
  initial: Q,
  { debounceMs = USER_SEARCH_DEBOUNCE_MS }: ListQueryOptions = {},
): ListQueryState<Q> {
  const [stored, setStored] = useState<Q>(initial);
  const [searchInput, setSearchInput] = useState(initial.search);
  const typed = searchInput.trim();
  const debounced = useDebouncedValue(typed, debounceMs);
  const search = debounceMs === 0 ? typed : debounced;
  // A new search is a change like any other: derived here, so it applies in the same render.
  const query = useMemo(() => withSearch(stored, search), [stored, search]);
  const change = (patch: (q: Q) => Partial<Q>) =>
    setStored((q) => {
      const current = withSearch(q, search);
      return changeListQuery(current, patch(current));
    });
  return {
    query,
    searchInput,
    setSearchInput,
    update: (patch) => change(() => patch),
    toggleSort: (field) => change((q) => toggleSortOf(q, field)),
    setPage: (page) => change(() => ({ page }) as Partial<Q>),
    setPageSize: (pageSize) => change(() => ({ pageSize }) as Partial<Q>),
  };
}
