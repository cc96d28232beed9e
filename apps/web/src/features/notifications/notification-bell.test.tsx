import {
  EMAIL_BY_DEFAULT,
  NOTIFICATION_KIND_LABELS,
  NOTIFICATION_KINDS,
  NOTIFICATION_MESSAGES,
  type Notification,
  type NotificationPage,
  type NotificationSettings,
  type UpdateNotificationSettingsBody,
} from '@taskhive/contract';
import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { jsonResponse, render, signedIn } from '../../test/render';
import { pathOf, serve } from '../../test/work-fixtures';
import NotificationBell from './notification-bell';
import { NotificationSettingsCard } from './notification-settings-card';

const PROJECT = '00000000-0000-4000-8000-000000000900';
const TASK = '20000000-0000-4000-8000-000000000001';
const ada = {
  userId: '00000000-0000-4000-8000-0000000000aa',
  firstName: 'Ada',
  lastName: 'Admin',
  profilePhotoUrl: null,
};

const note = (n: number, o: Partial<Notification> = {}): Notification => ({
  notificationId: `30000000-0000-4000-8000-00000000000${n}`,
  kind: 'assigned',
  actor: ada,
  taskId: TASK,
  projectId: PROJECT,
  title: 'Write the brief',
  detail: 'Apollo',
  readAt: null,
  createdAt: new Date(Date.now() - 5 * 60_000).toISOString(),
  ...o,
});

function inbox(items: Notification[]): NotificationPage {
  const unreadCount = items.filter((i) => !i.readAt).length;
  return { items, totalCount: items.length, pageNumber: 1, pageSize: 10, totalPages: 1, unreadCount };
}

function serveInbox(initial: Notification[]) {
  let items = initial;
  const unread = () => items.filter((i) => !i.readAt).length;
  return serve((req) => {
    const path = pathOf(req);
    if (path === '/api/Notifications/unread-count') return jsonResponse(200, { unreadCount: unread() });
    if (path === '/api/Notifications' && req.method === 'GET') return jsonResponse(200, inbox(items));
    if (path === '/api/Notifications/read-all' && req.method === 'PUT') {
      const marked = unread();
      items = items.map((i) => ({ ...i, readAt: i.readAt ?? new Date().toISOString() }));
      return jsonResponse(200, { marked });
    }
    const one = /^\/api\/Notifications\/([^/]+)\/read$/.exec(path);
    if (one && req.method === 'PUT') {
      items = items.map((i) =>
        i.notificationId === one[1] ? { ...i, readAt: new Date().toISOString() } : i,
      );
      return jsonResponse(200, { unreadCount: unread() });
    }
    return jsonResponse(404, null);
  });
}

const routes = [
  { path: '/', element: <NotificationBell /> },
  { path: '/app/project-detail/:projectId', element: <p>Project page</p> },
];

describe('NotificationBell', () => {
  it('shows the unread count; the list has icons, text, time ago and unread in bold', async () => {
    serveInbox([
      note(1),
      note(2, { kind: 'status_changed', detail: 'In Review', readAt: '2026-01-01T00:00:00.000Z' }),
      note(3, { kind: 'mentioned', detail: 'Please look @Eve' }),
    ]);
    const { user } = render(null, { routes, preloadedState: signedIn() });
    const bell = await screen.findByRole('button', { name: 'Notifications, 2 unread' });
    await user.click(bell);
    const dialog = await screen.findByRole('dialog', { name: NOTIFICATION_MESSAGES.title });
    const assigned = await within(dialog).findByRole('button', {
      name: 'Unread: Ada Admin assigned you to Write the brief',
    });
    expect(within(assigned).getByText('Ada Admin assigned you to Write the brief')).toHaveStyle({
      fontWeight: '700',
    });
    expect(within(assigned).getByText('5 min. ago')).toBeInTheDocument();
    const moved = within(dialog).getByRole('button', {
      name: 'Ada Admin moved Write the brief to In Review',
    });
    expect(within(moved).getByText('Ada Admin moved Write the brief to In Review')).toHaveStyle({
      fontWeight: '400',
    });
    expect(within(dialog).getByText('Please look @Eve')).toBeInTheDocument();
  });

  it('clicking one marks it read and opens its task on the project page', async () => {
    const calls = serveInbox([note(1)]);
    const { user, router } = render(null, { routes, preloadedState: signedIn() });
    await user.click(await screen.findByRole('button', { name: 'Notifications, 1 unread' }));
    await user.click(await screen.findByRole('button', { name: /Unread: Ada Admin assigned you/ }));
    expect(await screen.findByText('Project page')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe(`/app/project-detail/${PROJECT}`);
    expect(router.state.location.search).toBe(`?task=${TASK}`);
    await vi.waitFor(() =>
      expect(
        calls.some(
          (r) => r.method === 'PUT' && pathOf(r) === `/api/Notifications/${note(1).notificationId}/read`,
        ),
      ).toBe(true),
    );
  });

  it('"Mark all read" clears the badge and the bold', async () => {
    const calls = serveInbox([note(1), note(2, { kind: 'commented', detail: 'Looks good' })]);
    const { user } = render(null, { routes, preloadedState: signedIn() });
    await user.click(await screen.findByRole('button', { name: 'Notifications, 2 unread' }));
    await user.click(await screen.findByRole('button', { name: NOTIFICATION_MESSAGES.markAllRead }));
    expect(
      await screen.findByRole('button', { name: 'Ada Admin commented on Write the brief' }),
    ).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Unread:/ })).not.toBeInTheDocument();
    // The bell sits behind the open popover (hidden from the accessibility tree meanwhile).
    expect(screen.getByRole('button', { name: 'Notifications', hidden: true })).toBeInTheDocument();
    expect(calls.filter((r) => pathOf(r) === '/api/Notifications/read-all')).toHaveLength(1);
  });

  it('says so when there is nothing yet', async () => {
    serveInbox([]);
    const { user } = render(null, { routes, preloadedState: signedIn() });
    await user.click(await screen.findByRole('button', { name: 'Notifications' }));
    expect(await screen.findByText(NOTIFICATION_MESSAGES.empty)).toBeInTheDocument();
  });
});

describe('NotificationSettingsCard', () => {
  const defaults = (): NotificationSettings => ({
    emailOnAssigned: true,
    emailOnMentioned: true,
    kinds: NOTIFICATION_KINDS.map((kind) => ({ kind, inApp: true, email: EMAIL_BY_DEFAULT.includes(kind) })),
  });

  it('shows a row per kind with its in-app and email switches, and saves the one flipped', async () => {
    let settings = defaults();
    const calls = serve(async (req) => {
      if (pathOf(req) !== '/api/Notifications/settings') return jsonResponse(404, null);
      if (req.method === 'PUT') {
        const body = (await req.clone().json()) as UpdateNotificationSettingsBody;
        settings = {
          ...settings,
          kinds: settings.kinds.map((k) => {
            const p = body.kinds?.find((b) => b.kind === k.kind);
            return p ? { ...k, ...p } : k;
          }),
        };
      }
      return jsonResponse(200, settings);
    });
    const { user, store } = render(<NotificationSettingsCard />, { preloadedState: signedIn() });
    const table = await screen.findByRole('table', { name: NOTIFICATION_MESSAGES.settingsTitle });
    expect(within(table).getAllByRole('row')).toHaveLength(NOTIFICATION_KINDS.length + 1);
    const moves = NOTIFICATION_KIND_LABELS.status_changed;
    const assignedEmail = screen.getByRole('switch', { name: `${NOTIFICATION_KIND_LABELS.assigned}: Email` });
    expect(assignedEmail).toBeChecked();
    expect(screen.getByRole('switch', { name: `${moves}: Email` })).not.toBeChecked();
    const movesInApp = screen.getByRole('switch', { name: `${moves}: In app` });
    expect(movesInApp).toBeChecked();

    await user.click(movesInApp);
    await vi.waitFor(() =>
      expect(store.getState().toast.queue.map((t) => t.message)).toEqual([
        NOTIFICATION_MESSAGES.settingsUpdated,
      ]),
    );
    const put = calls.find((r) => r.method === 'PUT');
    expect(await put?.clone().json()).toEqual({ kinds: [{ kind: 'status_changed', inApp: false }] });
    expect(screen.getByRole('switch', { name: `${moves}: In app` })).not.toBeChecked();
    // No in-app notification, no email: its email switch is off and disabled.
    expect(screen.getByRole('switch', { name: `${moves}: Email` })).toBeDisabled();

    await user.click(assignedEmail);
    await vi.waitFor(() =>
      expect(
        screen.getByRole('switch', { name: `${NOTIFICATION_KIND_LABELS.assigned}: Email` }),
      ).not.toBeChecked(),
    );
    const puts = calls.filter((r) => r.method === 'PUT');
    expect(await puts[1]?.clone().json()).toEqual({ kinds: [{ kind: 'assigned', email: false }] });
  });

  it('a refused save shows the error and puts the switch back', async () => {
    serve(async (req) => {
      if (pathOf(req) !== '/api/Notifications/settings') return jsonResponse(404, null);
      return req.method === 'PUT' ? jsonResponse(403, null) : jsonResponse(200, defaults());
    });
    const { user, store } = render(<NotificationSettingsCard />, { preloadedState: signedIn() });
    const sw = await screen.findByRole('switch', { name: `${NOTIFICATION_KIND_LABELS.commented}: In app` });
    await user.click(sw);
    await vi.waitFor(() => expect(store.getState().toast.queue.map((t) => t.severity)).toEqual(['error']));
    expect(
      screen.getByRole('switch', { name: `${NOTIFICATION_KIND_LABELS.commented}: In app` }),
    ).toBeChecked();
  });
});
