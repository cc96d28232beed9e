import type { SavedViewLayout } from '@taskhive/contract';

/** The address's parameter naming the view that was opened (not part of any view's query). */
export const ACTIVE_VIEW_PARAM = 'sv';

/**
 * What is not a view's state: the open task's drawer, the pages of a list, the view's own name;
 * and the calendar's date (a calendar view shows the current month or week when it is opened).
 */
function transient(place: string, key: string): boolean {
  return (
    key === ACTIVE_VIEW_PARAM ||
    key === 'task' ||
    key === 'page' ||
    key.startsWith('page.') ||
    (place === 'calendar' && key === 'date')
  );
}

/**
 * The view state of an address's query, as a view keeps it: the transient parameters dropped, the
 * rest sorted by name (a parameter's repeated values keep their order), so two addresses showing
 * the same view compare equal whatever order their parameters were set in.
 */
export function viewQueryOf(place: string, query: string | URLSearchParams): string {
  const params = new URLSearchParams(query);
  const kept = [...params.entries()].filter(([key, value]) => !transient(place, key) && value !== '');
  kept.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return new URLSearchParams(kept).toString();
}

/** The layout an address shows: the project page's tab, My/All Tasks' `view`, the calendar. */
export function layoutOf(place: string, query: string | URLSearchParams): SavedViewLayout {
  const params = new URLSearchParams(query);
  if (place === 'calendar') return 'calendar';
  if (place === 'my-tasks' || place === 'all-tasks') return params.get('view') === 'board' ? 'board' : 'list';
  const tab = params.get('tab');
  return tab === 'board' ? 'board' : tab === 'timeline' ? 'timeline' : 'list';
}

/** The address that opens a view: its query and its id (so the page knows which view is open). */
export function viewSearch(view: { viewId: string; query: string }): string {
  const params = new URLSearchParams(view.query);
  params.set(ACTIVE_VIEW_PARAM, view.viewId);
  return `?${params.toString()}`;
}
