import { act, render } from '@testing-library/react';
import { createElement } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  changeListQuery,
  useListQuery,
  type ListQueryBase,
  type ListQueryOptions,
  type ListQueryState,
} from './use-list-query';

interface TestQuery extends ListQueryBase<'name' | 'createdAt'> {
  statusNames: string[];
  category: string;
}

const INITIAL: TestQuery = {
  page: 1,
  pageSize: 10,
  sortBy: 'name',
  sortOrder: 'asc',
  search: '',
  statusNames: [],
  category: '',
};

/** The hook on a list page at `url` (a memory router, so the address and its history are real). */
function renderHook(init: () => ListQueryState<TestQuery>, url = '/list') {
  const result = { current: undefined as unknown as ListQueryState<TestQuery> };
  function Probe() {
    result.current = init();
    return null;
  }
  const router = createMemoryRouter([{ path: '/list', element: createElement(Probe) }], {
    initialEntries: [url],
  });
  render(createElement(RouterProvider, { router }));
  return { result, router };
}

const listAt = (url: string, options?: ListQueryOptions) =>
  renderHook(() => useListQuery(INITIAL, options), url);

afterEach(() => {
  vi.useRealTimers();
});

describe('changeListQuery', () => {
  const onPage3 = { ...INITIAL, page: 3 };

  it('keeps the other fields when only the page changes', () => {
    expect(changeListQuery(onPage3, { page: 4 })).toEqual({ ...onPage3, page: 4 });
  });

  it.each([
    ['search', { search: 'ada' }],
    ['a filter', { statusNames: ['active'] }],
    ['sortBy', { sortBy: 'createdAt' as const }],
    ['sortOrder', { sortOrder: 'desc' as const }],
    ['pageSize', { pageSize: 25 }],
  ])('goes back to page 1 when %s changes', (_field, patch) => {
    expect(changeListQuery(onPage3, patch)).toEqual({ ...onPage3, ...patch, page: 1 });
  });
});

describe('useListQuery', () => {
  it('toggles the sort: a new column ascending, the same column the other way, from page 1', () => {
    const { result } = renderHook(() => useListQuery(INITIAL));
    act(() => result.current.setPage(3));
    expect(result.current.query.page).toBe(3);

    act(() => result.current.toggleSort('name'));
    expect(result.current.query).toMatchObject({ sortBy: 'name', sortOrder: 'desc', page: 1 });
    act(() => result.current.toggleSort('name'));
    expect(result.current.query).toMatchObject({ sortBy: 'name', sortOrder: 'asc' });

    act(() => result.current.setPage(2));
    act(() => result.current.toggleSort('createdAt'));
    expect(result.current.query).toMatchObject({ sortBy: 'createdAt', sortOrder: 'asc', page: 1 });
  });

  it('goes back to page 1 when a filter or the page size changes, and not when the page does', () => {
    const { result } = renderHook(() => useListQuery(INITIAL));
    act(() => result.current.setPage(4));
    act(() => result.current.update({ statusNames: ['active'] }));
    expect(result.current.query).toMatchObject({ statusNames: ['active'], page: 1 });

    act(() => result.current.setPage(2));
    expect(result.current.query).toMatchObject({ statusNames: ['active'], page: 2 });
    act(() => result.current.setPageSize(25));
    expect(result.current.query).toMatchObject({ pageSize: 25, page: 1 });
  });

  it('applies the trimmed search once typing stops, from page 1', () => {
    vi.useFakeTimers();
    const { result } = renderHook(() => useListQuery(INITIAL, { debounceMs: 300 }));
    act(() => result.current.setPage(3));

    act(() => result.current.setSearchInput(' ad'));
    act(() => vi.advanceTimersByTime(200));
    act(() => result.current.setSearchInput(' ada '));
    act(() => vi.advanceTimersByTime(299));
    expect(result.current.searchInput).toBe(' ada ');
    expect(result.current.query).toMatchObject({ search: '', page: 3 });

    act(() => vi.advanceTimersByTime(1));
    expect(result.current.query).toMatchObject({ search: 'ada', page: 1 });

    // Paging through the results keeps the search.
    act(() => result.current.setPage(2));
    expect(result.current.query).toMatchObject({ search: 'ada', page: 2 });
  });

  it('debounces a free-text filter with the search box, trimmed, from page 1', () => {
    vi.useFakeTimers();
    const { result } = renderHook(() => useListQuery(INITIAL, { debounceMs: 300 }));
    act(() => result.current.setPage(3));

    act(() => result.current.setTextInput('category', 'Wor'));
    act(() => vi.advanceTimersByTime(200));
    act(() => result.current.setSearchInput('ada'));
    act(() => result.current.setTextInput('category', ' Work '));
    act(() => vi.advanceTimersByTime(299));
    expect(result.current.textInput('category')).toBe(' Work ');
    expect(result.current.query).toMatchObject({ category: '', search: '', page: 3 });

    act(() => vi.advanceTimersByTime(1));
    expect(result.current.query).toMatchObject({ category: 'Work', search: 'ada', page: 1 });
    act(() => result.current.setPage(2));
    act(() => result.current.update({ statusNames: ['active'] }));
    expect(result.current.query).toMatchObject({ category: 'Work', statusNames: ['active'], page: 1 });
  });

  it('searches at once when asked for no debounce', () => {
    const { result } = renderHook(() => useListQuery(INITIAL, { debounceMs: 0 }));
    act(() => result.current.setPage(2));
    act(() => result.current.setSearchInput('ada'));
    expect(result.current.query).toMatchObject({ search: 'ada', page: 1 });
  });

  it('keeps both of two changes made in one event', () => {
    const { result } = renderHook(() => useListQuery(INITIAL));
    act(() => {
      result.current.update({ statusNames: ['invited'] });
      result.current.toggleSort('createdAt');
    });
    expect(result.current.query).toMatchObject({ statusNames: ['invited'], sortBy: 'createdAt', page: 1 });
  });

  it('reads the list from the address: a reload or a shared link shows the same list', () => {
    const { result } = listAt(
      '/list?search=ada&statusNames=active&statusNames=invited&sortBy=createdAt&sortOrder=desc&page=3&pageSize=25&category=Work',
    );
    expect(result.current.query).toEqual({
      page: 3,
      pageSize: 25,
      sortBy: 'createdAt',
      sortOrder: 'desc',
      search: 'ada',
      statusNames: ['active', 'invited'],
      category: 'Work',
    });
    expect(result.current.searchInput).toBe('ada');
    expect(result.current.textInput('category')).toBe('Work');
  });

  it('ignores what it cannot read in the address and keeps the defaults', () => {
    const { result } = listAt('/list?page=-2&pageSize=100000&sortOrder=sideways');
    expect(result.current.query).toEqual(INITIAL);
  });

  it('writes every change into the address, leaving out defaults and keeping the page’s own parameters', () => {
    vi.useFakeTimers();
    const { result, router } = listAt('/list?task=t-1', { debounceMs: 300 });
    act(() => result.current.update({ statusNames: ['active', 'invited'] }));
    act(() => result.current.toggleSort('createdAt'));
    act(() => result.current.setPageSize(25));
    act(() => result.current.setPage(2));
    act(() => result.current.setSearchInput('ada '));
    act(() => vi.advanceTimersByTime(300));
    const params = new URLSearchParams(router.state.location.search);
    expect(params.get('task')).toBe('t-1');
    expect(params.getAll('statusNames')).toEqual(['active', 'invited']);
    expect(params.get('sortBy')).toBe('createdAt');
    expect(params.get('pageSize')).toBe('25');
    expect(params.get('search')).toBe('ada');
    // The search went back to page 1, which is the default: no page in the address.
    expect(params.has('page')).toBe(false);
    expect(params.has('sortOrder')).toBe(false);
    expect(params.has('category')).toBe(false);
  });

  it('goes back and forward through the changes, the search box following the address', () => {
    vi.useFakeTimers();
    const { result, router } = listAt('/list', { debounceMs: 300 });
    act(() => result.current.update({ statusNames: ['active'] }));
    act(() => result.current.setPage(2));
    act(() => result.current.setSearchInput('ada'));
    act(() => vi.advanceTimersByTime(300));
    expect(result.current.query).toMatchObject({ statusNames: ['active'], search: 'ada', page: 1 });

    // The search replaced the page-2 entry: Back goes to the list before the page change.
    act(() => void router.navigate(-1));
    expect(result.current.query).toMatchObject({ statusNames: ['active'], search: '', page: 1 });
    expect(result.current.searchInput).toBe('');
    act(() => void router.navigate(-1));
    expect(result.current.query).toEqual(INITIAL);

    act(() => void router.navigate(1));
    act(() => void router.navigate(1));
    expect(result.current.query).toMatchObject({ statusNames: ['active'], search: 'ada', page: 1 });
    expect(result.current.searchInput).toBe('ada');
  });
});
