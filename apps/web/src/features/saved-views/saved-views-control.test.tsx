import { SAVED_VIEW_MESSAGES as M, type SavedView } from '@taskhive/contract';
import { screen, waitFor, within } from '@testing-library/react';
import { useLocation } from 'react-router';
import { describe, expect, it } from 'vitest';
import { jsonResponse, render, signedIn } from '../../test/render';
import { pathOf, serve } from '../../test/work-fixtures';
import { SavedViewsControl } from './saved-views-control';
import { layoutOf, viewQueryOf } from './view-query';

const PROJECT = '10000000-0000-4000-8000-000000000001';

const view = (over: Partial<SavedView>): SavedView => ({
  viewId: '20000000-0000-4000-8000-000000000001',
  place: PROJECT,
  name: 'Urgent',
  layout: 'board',
  query: 'group=assignee&priority=high&tab=board',
  shared: false,
  ownerId: '30000000-0000-4000-8000-000000000001',
  ownerName: 'Emma Employee',
  mine: true,
  canEdit: true,
  createdAt: '2026-11-27T00:00:00.000Z',
  updatedAt: '2026-11-27T00:00:00.000Z',
  ...over,
});

const URGENT = view({});
const TEAM = view({
  viewId: '20000000-0000-4000-8000-000000000002',
  name: 'Team board',
  query: 'assignee=me&tab=board',
  shared: true,
  mine: false,
  canEdit: false,
  ownerName: 'Max Manager',
});

/** A server holding the place's views; records the writes. */
function serveViews(items: SavedView[]) {
  const writes: { method: string; path: string; body: unknown }[] = [];
  let views = [...items];
  serve(async (req) => {
    const path = pathOf(req);
    if (!path.startsWith('/api/SavedViews')) return jsonResponse(404, null);
    if (req.method === 'GET') return jsonResponse(200, { place: PROJECT, items: views });
    const body = req.method === 'DELETE' ? null : await req.json();
    writes.push({ method: req.method, path, body });
    if (req.method === 'POST') {
      const made = view({ ...(body as Partial<SavedView>), viewId: '20000000-0000-4000-8000-000000000009' });
      views = [...views, made];
      return jsonResponse(201, made);
    }
    if (req.method === 'PUT') {
      const id = path.split('/').at(-1);
      views = views.map((v) => (v.viewId === id ? { ...v, ...(body as Partial<SavedView>) } : v));
      return jsonResponse(
        200,
        views.find((v) => v.viewId === id),
      );
    }
    return jsonResponse(200, { viewId: path.split('/').at(-1) });
  });
  return writes;
}

function Address() {
  const { search } = useLocation();
  return <output aria-label="address">{search}</output>;
}

const mount = (route: string) =>
  render(
    <>
      <SavedViewsControl place={PROJECT} />
      <Address />
    </>,
    { route, preloadedState: signedIn() },
  );

const address = () => new URLSearchParams(screen.getByLabelText('address').textContent ?? '');

describe('view-query', () => {
  it('keeps the view state, sorted, without the drawer, the pages and the open view', () => {
    expect(viewQueryOf(PROJECT, 'tab=board&task=WEB-1&priority=high&page.abc=2&sv=x&group=assignee')).toBe(
      'group=assignee&priority=high&tab=board',
    );
    expect(viewQueryOf('calendar', 'view=week&date=2026-11-01&projectId=p')).toBe('projectId=p&view=week');
    expect(viewQueryOf('my-tasks', 'statusNames=Open&statusNames=Done&q=')).toBe(
      'statusNames=Open&statusNames=Done',
    );
  });

  it('reads the layout from the tab, the view or the place', () => {
    expect(layoutOf(PROJECT, 'tab=board')).toBe('board');
    expect(layoutOf(PROJECT, 'tab=timeline')).toBe('timeline');
    expect(layoutOf(PROJECT, 'tab=lists')).toBe('list');
    expect(layoutOf('all-tasks', 'view=board')).toBe('board');
    expect(layoutOf('calendar', '')).toBe('calendar');
  });
});

describe('SavedViewsControl', () => {
  it('lists my views and the shared ones; opening one navigates to its address', async () => {
    serveViews([URGENT, TEAM]);
    const { user } = mount('/?tab=board');
    await user.click(await screen.findByRole('button', { name: M.views }));
    const menu = await screen.findByRole('menu');
    expect(within(menu).getByText(M.myViews)).toBeInTheDocument();
    expect(within(menu).getByText(M.sharedViews)).toBeInTheDocument();
    expect(within(menu).getByText('by Max Manager')).toBeInTheDocument();
    await user.click(within(menu).getByRole('menuitem', { name: /Team board/ }));
    await waitFor(() => expect(address().get('assignee')).toBe('me'));
    expect(address().get('tab')).toBe('board');
    expect(address().get('sv')).toBe(TEAM.viewId);
    expect(await screen.findByRole('button', { name: 'Views: Team board' })).toBeInTheDocument();
  });

  it('names the open view and says "modified" when the address differs; the owner updates it', async () => {
    const writes = serveViews([URGENT]);
    const { user } = mount(`/?tab=board&priority=low&group=assignee&sv=${URGENT.viewId}`);
    const button = await screen.findByRole('button', { name: `Views: Urgent (${M.modified})` });
    await user.click(button);
    await user.click(await screen.findByRole('menuitem', { name: new RegExp(M.update) }));
    await waitFor(() => expect(writes).toHaveLength(1));
    expect(writes[0]).toEqual({
      method: 'PUT',
      path: `/api/SavedViews/${URGENT.viewId}`,
      body: { query: 'group=assignee&priority=low&tab=board', layout: 'board' },
    });
    expect(await screen.findByRole('button', { name: 'Views: Urgent' })).toBeInTheDocument();
  });

  it('recognises an address that shows a view exactly, without its id', async () => {
    serveViews([URGENT]);
    mount('/?priority=high&tab=board&group=assignee&task=WEB-3');
    expect(await screen.findByRole('button', { name: 'Views: Urgent' })).toBeInTheDocument();
  });

  it('saves the current address as a shared view and opens it', async () => {
    const writes = serveViews([]);
    const { user } = mount('/?tab=board&assignee=me&group=priority&task=WEB-1');
    await user.click(await screen.findByRole('button', { name: M.views }));
    expect(await screen.findByText(M.none)).toBeInTheDocument();
    await user.click(screen.getByRole('menuitem', { name: M.save }));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: M.save }));
    expect(await within(dialog).findByText('Name the view')).toBeInTheDocument();
    expect(writes).toHaveLength(0);
    await user.type(within(dialog).getByLabelText(/View name/), 'Mine by priority');
    await user.click(within(dialog).getByRole('switch', { name: M.shareLabel }));
    await user.click(within(dialog).getByRole('button', { name: M.save }));
    await waitFor(() => expect(writes).toHaveLength(1));
    expect(writes[0]?.body).toEqual({
      place: PROJECT,
      name: 'Mine by priority',
      layout: 'board',
      query: 'assignee=me&group=priority&tab=board',
      shared: true,
    });
    await waitFor(() => expect(address().get('sv')).toBe('20000000-0000-4000-8000-000000000009'));
    expect(await screen.findByRole('button', { name: 'Views: Mine by priority' })).toBeInTheDocument();
  });

  it('shows the server’s field error (a taken name) in the dialog', async () => {
    serve(async (req) =>
      req.method === 'GET'
        ? jsonResponse(200, { place: PROJECT, items: [] })
        : jsonResponse(409, null, { message: M.nameTaken, errors: { name: [M.nameTaken] } }),
    );
    const { user } = mount('/?tab=board');
    await user.click(await screen.findByRole('button', { name: M.views }));
    await user.click(await screen.findByRole('menuitem', { name: M.save }));
    const dialog = await screen.findByRole('dialog');
    await user.type(within(dialog).getByLabelText(/View name/), 'Urgent');
    await user.click(within(dialog).getByRole('button', { name: M.save }));
    expect(await within(dialog).findByText(M.nameTaken)).toBeInTheDocument();
  });

  it('offers no update, rename or delete for a shared view the reader may not edit', async () => {
    serveViews([TEAM]);
    const { user } = mount(`/?tab=board&assignee=none&sv=${TEAM.viewId}`);
    await user.click(await screen.findByRole('button', { name: `Views: Team board (${M.modified})` }));
    const menu = await screen.findByRole('menu');
    expect(within(menu).getByRole('menuitem', { name: M.saveAs })).toBeInTheDocument();
    expect(within(menu).queryByRole('menuitem', { name: new RegExp(M.update) })).toBeNull();
    expect(within(menu).queryByRole('menuitem', { name: M.rename })).toBeNull();
    expect(within(menu).queryByRole('menuitem', { name: M.delete })).toBeNull();
  });

  it('deletes the open view after a confirmation', async () => {
    const writes = serveViews([URGENT]);
    const { user } = mount(`/?group=assignee&priority=high&tab=board&sv=${URGENT.viewId}`);
    await user.click(await screen.findByRole('button', { name: 'Views: Urgent' }));
    await user.click(await screen.findByRole('menuitem', { name: M.delete }));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() =>
      expect(writes).toEqual([{ method: 'DELETE', path: `/api/SavedViews/${URGENT.viewId}`, body: null }]),
    );
    expect(await screen.findByText(M.deleted)).toBeInTheDocument();
  });
});
