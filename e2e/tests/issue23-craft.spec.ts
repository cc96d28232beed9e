import { expect, test, type APIRequestContext, type Locator } from '@playwright/test';
import {
  ACCOUNTS,
  auth,
  PASSWORD,
  registerCompany,
  shot,
  signIn,
  submitSignIn,
  tokenOf,
  uniqueEmail,
} from './helpers';
import { passwordLinkFor } from './issue4-fixtures';

/** Issue 23 ("Everyday craft"): screens as a person sees them at 1440 px and at 390 px. */
const DESKTOP = { width: 1440, height: 900 };
const PHONE = { width: 390, height: 844 };

/** A task the user has logged time on (their newest entry's). */
async function taskWithEntries(request: APIRequestContext, token: string): Promise<string> {
  const res = await request.get('/api/Timelogs?pageSize=1', { headers: auth(token) });
  expect(res.status()).toBe(200);
  const taskId = ((await res.json()) as { data: { items: { taskId: string }[] } }).data.items[0]?.taskId;
  expect(taskId).toBeTruthy();
  return taskId ?? '';
}

/**
 * What of the element a person cannot see: the parts cut off by an ancestor that clips its
 * content (overflow other than visible), up to the element `within` matches (or the page).
 */
async function clippedPixels(el: Locator, within?: string): Promise<number> {
  return el.evaluate((node, stop) => {
    const r = node.getBoundingClientRect();
    let cut = 0;
    for (let p = node.parentElement; p && !(stop && p.matches(stop)); p = p.parentElement) {
      const s = getComputedStyle(p);
      if (s.overflowX === 'visible' && s.overflowY === 'visible') continue;
      const b = p.getBoundingClientRect();
      cut = Math.max(cut, b.top - r.top, r.bottom - b.bottom, b.left - r.left, r.right - b.right);
    }
    return Math.max(0, Math.round(cut));
  }, within);
}

/** True when the element's own text is cut (an ellipsis or overflow) or wraps onto a second line. */
async function textCut(el: Locator): Promise<boolean> {
  return el.evaluate((node) => {
    const lineHeight = parseFloat(getComputedStyle(node).lineHeight) || 24;
    return node.scrollWidth > node.clientWidth + 1 || node.getBoundingClientRect().height > lineHeight * 1.6;
  });
}

test.describe('at 1440 px', () => {
  test.use({ viewport: DESKTOP });

  test('1. the task drawer shows its time entries readably, with the total logged against the estimate', async ({
    page,
    request,
  }) => {
    const employee = await tokenOf(request, ACCOUNTS.acmeEmployee.email);
    const admin = await tokenOf(request, ACCOUNTS.acmeAdmin.email);
    const taskId = await taskWithEntries(request, employee);
    const put = await request.put(`/api/Tasks/${taskId}`, {
      headers: auth(admin),
      data: { estimatedHours: 12 },
    });
    expect(put.status()).toBe(200);
    const totals = await request.get(
      `/api/Timelogs/filtered?taskId=${taskId}&loggedAtFrom=2000-01-01&loggedAtTo=2100-01-01`,
      { headers: auth(employee) },
    );
    const minutes = ((await totals.json()) as { data: { totalMinutes: number } }).data.totalMinutes;
    expect(minutes).toBeGreaterThan(0);
    const [h, m] = [Math.floor(minutes / 60), minutes % 60];
    const logged = h === 0 ? `${m} min` : m === 0 ? `${h} h` : `${h} h ${m} min`;

    await signIn(page, ACCOUNTS.acmeEmployee.email);
    await page.goto(`/app/tasks?task=${taskId}`);
    const drawer = page.getByRole('dialog', { name: 'Task detail' });
    const entries = drawer.getByTestId('time-entry');
    await expect(entries.first()).toBeVisible();
    await entries.first().scrollIntoViewIfNeeded();
    await shot(page, '1-drawer-time-desktop', false);

    // Every entry shows whole (no box cuts it) and reads on a few lines, not 157 px of wrapped cells.
    for (const entry of await entries.all()) {
      expect(await clippedPixels(entry, '.MuiDrawer-paper')).toBe(0);
      expect((await entry.boundingBox())?.height ?? 0).toBeLessThanOrEqual(90);
    }
    // The toolbar's controls keep their words whole, on one line.
    const logTime = drawer.getByRole('button', { name: 'Log time' });
    await expect(logTime).toBeVisible();
    expect(await textCut(logTime)).toBe(false);
    for (const control of await drawer.getByRole('textbox').all()) {
      if (!(await control.isVisible())) continue;
      expect(await clippedPixels(control, '.MuiDrawer-paper')).toBe(0);
    }
    // The task's total against its estimate.
    const summary = drawer.getByTestId('task-time-summary');
    await expect(summary).toContainText(`${logged} logged`);
    await expect(summary).toContainText('of 12 h estimated');
  });

  test('2. the running timer shows its whole time in the header and a Stop in the task drawer', async ({
    page,
    request,
  }) => {
    const employee = await tokenOf(request, ACCOUNTS.acmeEmployee.email);
    const taskId = await taskWithEntries(request, employee);
    await request.delete('/api/Timelogs/timer', { headers: auth(employee) });
    const started = await request.post('/api/Timelogs/timer', { headers: auth(employee), data: { taskId } });
    expect(started.status()).toBe(201);

    await signIn(page, ACCOUNTS.acmeEmployee.email);
    const chip = page.getByRole('button', { name: 'Running timer' });
    await expect(chip).toBeVisible();
    const time = chip.getByText(/^\d{2}:\d{2}:\d{2}$/);
    await expect(time).toBeVisible();
    expect(await textCut(time)).toBe(false);
    expect(await clippedPixels(time)).toBe(0);
    await shot(page, '2-header-timer-desktop', false);

    await page.goto(`/app/tasks?task=${taskId}`);
    const drawer = page.getByRole('dialog', { name: 'Task detail' });
    const stop = drawer.getByRole('button', { name: 'Stop timer' });
    await expect(stop).toBeEnabled();
    await shot(page, '2-drawer-timer-desktop', false);
    await stop.click();
    await expect(page.getByRole('alert').filter({ hasText: 'Timesheet Entry Created' })).toBeVisible();
    await expect(drawer.getByRole('button', { name: 'Start timer' })).toBeEnabled();
    await expect(chip).toBeHidden();
  });

  test('9. a wrong current password, then the right one: the error goes and the success shows', async ({
    page,
    request,
  }) => {
    const { email, password } = await registerCompany(request, 'pw23', PASSWORD);
    await signIn(page, email, password);
    await page.goto('/app/profile');
    const form = page.locator('form').filter({ has: page.getByLabel(/^Current password/) });
    await form.getByLabel(/^Current password/).fill('Not-the-password-1');
    await form.getByLabel(/^New password/).fill('Velvet-Harbour-2091');
    await form.getByLabel(/^Confirm new password/).fill('Velvet-Harbour-2091');
    await form.getByRole('button', { name: 'Update password' }).click();
    const toasts = page.getByRole('alert');
    await expect(toasts.filter({ hasText: /incorrect|Validation failed/ })).toBeVisible();
    await expect(form.getByText('The current password is incorrect')).toBeVisible();
    await shot(page, '9-wrong-password', false);

    await form.getByLabel(/^Current password/).fill(password);
    await form.getByRole('button', { name: 'Update password' }).click();
    // Well within the 3 s a toast stays: the success replaces the stale error at once.
    await expect(toasts.filter({ hasText: 'Password Updated Successfully' })).toBeVisible({ timeout: 1500 });
    await expect(toasts.filter({ hasText: /incorrect|Validation failed/ })).toHaveCount(0);
    await shot(page, '9-right-password', false);
  });

  test('15. the sidebar names its pages as the pages do', async ({ page }) => {
    await signIn(page, ACCOUNTS.acmeAdmin.email);
    const nav = page.getByRole('navigation');
    for (const [link, heading] of [
      ['Employees', 'Employees'],
      ['Roles', 'Roles'],
      ['Departments', 'Departments'],
    ] as const) {
      await nav.getByRole('link', { name: link, exact: true }).click();
      await expect(page.getByRole('heading', { name: heading, exact: true })).toBeVisible();
    }
  });

  test('15. an invitation link opens a page to set your password, not a reset', async ({ page, request }) => {
    const admin = await tokenOf(request, ACCOUNTS.acmeAdmin.email);
    const email = uniqueEmail('invite23');
    const invite = await request.post('/api/CompanyUsers', {
      headers: auth(admin),
      data: { firstName: 'Nia', lastName: 'Newcomer', email },
    });
    expect(invite.status()).toBe(201);
    await page.goto(await passwordLinkFor(request, email));
    await expect(page.getByRole('heading', { name: 'Set your password' })).toBeVisible();
    await expect(page.getByText(/^Welcome to Taskhive/)).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Reset password' })).toHaveCount(0);
    await shot(page, '15-invitation', false);
    const NEW_PASSWORD = 'Lantern-Orchard-2088';
    await page.getByLabel(/^New password/).fill(NEW_PASSWORD);
    await page.getByLabel(/^Confirm new password/).fill(NEW_PASSWORD);
    await page.getByRole('button', { name: 'Set password' }).click();
    await expect(page).toHaveURL('/success');
    await expect(page.getByRole('heading', { name: 'Password set' })).toBeVisible();
    await page.goto('/');
    await submitSignIn(page, email, NEW_PASSWORD);
    await expect(page.getByRole('heading', { name: 'Welcome back, Nia' })).toBeVisible();
  });
});

test.describe('at 390 px', () => {
  test.use({ viewport: PHONE, hasTouch: true, isMobile: true });

  test('1. the drawer’s time toolbar stays inside the drawer, a timer running', async ({ page, request }) => {
    const employee = await tokenOf(request, ACCOUNTS.acmeEmployee.email);
    const taskId = await taskWithEntries(request, employee);
    await request.delete('/api/Timelogs/timer', { headers: auth(employee) });
    const started = await request.post('/api/Timelogs/timer', { headers: auth(employee), data: { taskId } });
    expect(started.status()).toBe(201);

    await signIn(page, ACCOUNTS.acmeEmployee.email);
    await page.goto(`/app/tasks?task=${taskId}`);
    const drawer = page.getByRole('dialog', { name: 'Task detail' });
    const entries = drawer.getByTestId('time-entry');
    await entries.first().scrollIntoViewIfNeeded();
    await shot(page, '1-drawer-time-phone', false);
    const content = await drawer.getByTestId('task-time-summary').boundingBox();
    for (const name of ['Stop timer', 'Export CSV', 'Log time']) {
      const control = drawer.getByRole('button', { name });
      if (name !== 'Export CSV') expect(await textCut(control)).toBe(false);
      const box = await control.boundingBox();
      expect(
        box && content && box.x >= content.x && box.x + box.width <= content.x + content.width + 0.5,
      ).toBe(true);
    }
    for (const entry of await entries.all()) {
      expect(await clippedPixels(entry, '.MuiDrawer-paper')).toBe(0);
    }
    await request.delete('/api/Timelogs/timer', { headers: auth(employee) });
  });

  test('2. the header keeps its height and its controls while a timer runs', async ({ page, request }) => {
    const employee = await tokenOf(request, ACCOUNTS.acmeEmployee.email);
    const taskId = await taskWithEntries(request, employee);
    await request.delete('/api/Timelogs/timer', { headers: auth(employee) });
    const started = await request.post('/api/Timelogs/timer', { headers: auth(employee), data: { taskId } });
    expect(started.status()).toBe(201);

    await signIn(page, ACCOUNTS.acmeEmployee.email);
    await expect(page.getByRole('button', { name: 'Running timer' })).toBeVisible();
    await shot(page, '2-header-timer-phone', false);
    const header = page.locator('header').first();
    expect((await header.boundingBox())?.height ?? 0).toBeLessThanOrEqual(64);
    for (const name of [/^Notifications/, /Switch to (dark|light) mode/, 'Open account menu']) {
      const control = header.getByRole('button', { name });
      await expect(control).toBeInViewport({ ratio: 1 });
    }
    await expect(
      page.getByRole('button', { name: 'Running timer' }).getByText(/^\d{2}:\d{2}:\d{2}$/),
    ).toBeInViewport({
      ratio: 1,
    });
    await request.delete('/api/Timelogs/timer', { headers: auth(employee) });
  });

  test('7. a malformed or unknown employee id shows the not-found page', async ({ page }) => {
    await signIn(page, ACCOUNTS.acmeAdmin.email);
    for (const id of ['x', '00000000-0000-4000-8000-000000000000']) {
      await page.goto(`/app/employee-profile/${id}`);
      await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
      await expect(page.getByText('Validation failed')).toHaveCount(0);
      await expect(page.getByRole('link', { name: 'Back to dashboard' })).toBeVisible();
      await shot(page, `7-employee-${id.length}`, false);
    }
  });

  test('10. a task list header keeps its name whole; its actions are in a menu', async ({
    page,
    request,
  }) => {
    const admin = await tokenOf(request, ACCOUNTS.acmeAdmin.email);
    const projects = await request.get('/api/Project?pageSize=1', { headers: auth(admin) });
    const projectId = ((await projects.json()) as { data: { items: { projectId: string }[] } }).data.items[0]
      ?.projectId;
    expect(projectId).toBeTruthy();
    await signIn(page, ACCOUNTS.acmeAdmin.email);
    await page.goto(`/app/project-detail/${projectId}?tab=lists`);
    const cards = page.getByTestId('task-list');
    await expect(cards.first()).toBeVisible();
    await shot(page, '10-task-lists-phone', false);
    for (const card of await cards.all()) {
      const name = card.getByRole('heading', { level: 2 }).locator('span').first();
      expect(await clippedPixels(name)).toBe(0);
      expect(await textCut(name)).toBe(false);
      const box = await name.boundingBox();
      const cardBox = await card.boundingBox();
      expect(box && cardBox && box.x >= cardBox.x && box.x + box.width <= cardBox.x + cardBox.width).toBe(
        true,
      );
    }
    const first = cards.first();
    const listName =
      (await first.getByRole('heading', { level: 2 }).locator('span').first().textContent()) ?? '';
    await first.getByRole('button', { name: `Actions for ${listName}` }).click();
    await expect(page.getByRole('menuitem', { name: 'Rename' })).toBeVisible();
    await expect(page.getByRole('menuitem', { name: 'Delete' })).toBeVisible();
    await shot(page, '10-task-list-menu-phone', false);
  });

  test('10. the status chart names every status', async ({ page }) => {
    await signIn(page, ACCOUNTS.acmeEmployee.email);
    const answer = page.waitForResponse((r) => r.url().includes('/api/taskreports/user-tasks-by-status/'));
    await page.goto('/app/reports');
    const report = (await (await answer).json()) as { data: { items: { statusName: string }[] } };
    const names = report.data.items.map((i) => i.statusName);
    expect(names.length).toBeGreaterThan(3);
    const chart = page
      .locator('svg')
      .filter({ hasText: names[0] ?? '' })
      .first();
    await expect(chart).toBeVisible();
    await chart.scrollIntoViewIfNeeded();
    await shot(page, '10-status-chart-phone', false);
    for (const name of names) {
      await expect(chart.locator('text', { hasText: name }).first()).toBeVisible();
    }
  });
});
