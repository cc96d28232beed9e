import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import {
  ACCOUNTS,
  auth,
  createTask,
  expectNoSidewaysScroll,
  shot,
  signIn,
  tokenOf,
  webProject,
} from './helpers';

/**
 * Issue 23, watch/unwatch and notification settings per kind: Eve watches a task from its drawer,
 * the admin moves it, Eve's bell tells her; she switches status changes off in the app on her
 * account page, the next move tells her nothing. At 1440x900 and at 390x844.
 */

const VIEWPORTS = [
  { width: 1440, height: 900 },
  { width: 390, height: 844 },
];

/** A fresh task in the first list of the demo's Website Redesign project, made by the admin. */
async function freshTask(request: APIRequestContext, admin: string, title: string) {
  const { projectId, taskListId } = await webProject(request, admin);
  const { taskId } = await createTask(request, admin, taskListId, title);
  return { projectId, taskId };
}

async function move(request: APIRequestContext, admin: string, taskId: string, statusName: string) {
  const res = await request.put(`/api/Tasks/${taskId}`, { headers: auth(admin), data: { statusName } });
  expect(res.status()).toBe(200);
}

/** Status changes shown in the app again (a run that stopped half way leaves them off). */
async function statusChangesInApp(request: APIRequestContext, eve: string, inApp: boolean) {
  const res = await request.put('/api/Notifications/settings', {
    headers: auth(eve),
    data: { kinds: [{ kind: 'status_changed', inApp }] },
  });
  expect(res.status()).toBe(200);
}

async function openBell(page: Page) {
  await page.getByRole('button', { name: /^Notifications/ }).click();
  return page.getByRole('dialog', { name: 'Notifications' });
}

/** No control wider than the screen. */
test.describe.configure({ mode: 'serial' });

for (const viewport of VIEWPORTS) {
  test(`watch a task, hear of its move, switch status changes off (${viewport.width}px)`, async ({
    page,
    request,
  }) => {
    test.setTimeout(90_000);
    await page.setViewportSize(viewport);
    const admin = await tokenOf(request, ACCOUNTS.acmeAdmin.email);
    const eve = await tokenOf(request, ACCOUNTS.acmeEmployee.email);
    await statusChangesInApp(request, eve, true);
    const title = `Watch me ${viewport.width} ${Date.now() % 100000}`;
    const { projectId, taskId } = await freshTask(request, admin, title);

    try {
      // Eve watches it from the drawer: the toggle turns pressed, the admin (its creator) and she watch.
      await signIn(page, ACCOUNTS.acmeEmployee.email);
      await page.goto(`/app/project-detail/${projectId}?task=${taskId}`);
      const drawer = page.getByRole('dialog', { name: 'Task detail' });
      const watchers = drawer.getByTestId('task-watchers');
      const watch = watchers.getByRole('button', { name: 'Watch', exact: true });
      await expect(watch).toHaveAttribute('aria-pressed', 'false');
      await expect(watchers.getByRole('button', { name: '1 watcher' })).toBeVisible();
      await watch.click();
      await expect(watchers.getByRole('button', { name: 'Unwatch' })).toHaveAttribute('aria-pressed', 'true');
      await watchers.getByRole('button', { name: '2 watchers' }).click();
      const names = watchers.getByRole('list', { name: 'Watchers' });
      await expect(names.getByRole('listitem')).toHaveCount(2);
      await expect(names).toContainText('Alice Admin');
      await expect(names).toContainText('Eve Employee');
      await expectNoSidewaysScroll(page);
      await shot(page, `issue23-watch-drawer-${viewport.width}`, false);
      await drawer.getByRole('button', { name: 'Close task' }).click();

      // The admin moves it: Eve's bell has it.
      await move(request, admin, taskId, 'In Progress');
      await page.reload();
      const inbox = await openBell(page);
      await expect(
        inbox.getByRole('button', { name: new RegExp(`Alice Admin moved ${title} to In Progress`) }),
      ).toBeVisible();
      await page.keyboard.press('Escape');

      // Eve switches status changes off in the app, on her account page.
      await page.goto('/app/profile');
      const settings = page.getByRole('table', { name: 'Notifications' });
      const inApp = settings.getByRole('switch', { name: 'Status of a watched task: In app' });
      await inApp.scrollIntoViewIfNeeded();
      await expect(inApp).toBeChecked();
      await inApp.click();
      await expect(inApp).not.toBeChecked();
      await expect(page.getByText('Notification Settings Saved Successfully')).toBeVisible();
      await expect(settings.getByRole('switch', { name: 'Status of a watched task: Email' })).toBeDisabled();
      await expectNoSidewaysScroll(page);
      await shot(page, `issue23-watch-settings-${viewport.width}`, false);

      // The next move tells her nothing (the move's answer came after its notifications were written).
      await move(request, admin, taskId, 'In Review');
      await page.reload();
      const after = await openBell(page);
      await expect(
        after.getByRole('button', { name: new RegExp(`Alice Admin moved ${title} to In Progress`) }),
      ).toBeVisible();
      await expect(
        after.getByRole('button', { name: new RegExp(`moved ${title} to In Review`) }),
      ).toHaveCount(0);
    } finally {
      await statusChangesInApp(request, eve, true);
    }
  });
}
