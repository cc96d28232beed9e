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

/** The fields of a query that hold a string: the ones a text box can type into. */
export type TextFieldOf<Q> = { [K in keyof Q]-?: Q[K] extends string ? K : never }[keyof Q] & string;

/** The typed texts (the search and any text filter), applied: a change goes back to page 1. */
function withTexts<Q extends ListQueryBase>(query: Q, texts: Readonly<Record<string, string>>): Q {
  const changed = Object.entries(texts).filter(([field, value]) => query[field as keyof Q] !== value);
  return changed.length === 0 ? query : changeListQuery(query, Object.fromEntries(changed) as Partial<Q>);
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
  /** What a free-text filter's box shows (a category, a code...). */
  textInput: (field: TextFieldOf<Q>) => string;
  /**
   * Types into a free-text filter: trimmed and debounced like the search box, then back to page 1.
   * A field typed here is not also set through `update`.
   */
  setTextInput: (field: TextFieldOf<Q>, value: string) => void;
  /** Filters (or any other field): back to page 1 unless only the page changes. */
  update: (patch: Partial<Q>) => void;
  toggleSort: (field: Q['sortBy']) => void;
  /** 1-based. */
  setPage: (page: number) => void;
  setPageSize: (pageSize: number) => void;
}

/**
 * The state of a list page in one place: debounced search (and free-text filters), sort toggle,
 * filters and page, with the reset to page 1 on any change but the page.
 */
export function useListQuery<Q extends ListQueryBase>(
  initial: Q,
  { debounceMs = USER_SEARCH_DEBOUNCE_MS }: ListQueryOptions = {},
): ListQueryState<Q> {
  const [stored, setStored] = useState<Q>(initial);
  const [searchInput, setSearchInput] = useState(initial.search);
  const [textInputs, setTextInputs] = useState<Readonly<Record<string, string>>>({});
  // Every typed text in one value (a string, so the debounce sees a change only when one is made).
  const typed = JSON.stringify(
    Object.fromEntries(
      Object.entries({ ...textInputs, search: searchInput }).map(([field, v]) => [field, v.trim()]),
    ),
  );
  const debounced = useDebouncedValue(typed, debounceMs);
  const applied = debounceMs === 0 ? typed : debounced;
  const texts = useMemo(() => JSON.parse(applied) as Record<string, string>, [applied]);
  // A new search is a change like any other: derived here, so it applies in the same render.
  const query = useMemo(() => withTexts(stored, texts), [stored, texts]);
  const change = (patch: (q: Q) => Partial<Q>) =>
    setStored((q) => {
      const current = withTexts(q, texts);
      return changeListQuery(current, patch(current));
    });
  return {
    query,
    searchInput,
    setSearchInput,
    textInput: (field) => textInputs[field] ?? String(initial[field]),
    setTextInput: (field, value) => setTextInputs((t) => ({ ...t, [field]: value })),
    update: (patch) => change(() => patch),
    toggleSort: (field) => change((q) => toggleSortOf(q, field)),
    setPage: (page) => change(() => ({ page }) as Partial<Q>),
    setPageSize: (pageSize) => change(() => ({ pageSize }) as Partial<Q>),
  };
}
