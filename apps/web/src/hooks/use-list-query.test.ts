import { act, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { changeListQuery, useListQuery, type ListQueryBase } from './use-list-query';

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
});
