import { expect, test, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import { ACCOUNTS, expectNoSidewaysScroll, shot, signIn, tokenOf } from './helpers';

/**
 * Issue 26: the calendar. Eve (the demo Employee) opens it from the sidebar, finds a task of hers
 * on its due day, drags it to another day (it stays there after a reload, the API says so, Undo
 * puts a second move back), reads it as an agenda on a phone, and subscribes: the private link's
 * .ics carries the task.
 */
const DESKTOP = { width: 1440, height: 900 };
const PHONE = { width: 390, height: 844 };

type Item = {
  taskId: string;
  key: string;
  title: string;
  dueDate: string;
  startDate: string | null;
  isDone: boolean;
};

const iso = (d: Date) => d.toISOString().slice(0, 10);
const addDays = (day: string, n: number) => iso(new Date(Date.parse(`${day}T00:00:00Z`) + n * 86_400_000));

/** Today in the browser's calendar (the machine's: the page runs here too). */
function today(): string {
  const d = new Date();
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
}

/** The month view's 42 days, from the Monday on or before the 1st (as the page draws them). */
function monthRange(day: string) {
  const first = `${day.slice(0, 7)}-01`;
  const weekday = (new Date(`${first}T00:00:00Z`).getUTCDay() + 6) % 7;
  const from = addDays(first, -weekday);
  return { from, to: addDays(from, 41) };
}

async function calendarItems(request: APIRequestContext, token: string, range: { from: string; to: string }) {
  const res = await request.get(`/api/Calendar/tasks?from=${range.from}&to=${range.to}`, {
    headers: { authorization: `Bearer ${token}` },
  });
  expect(res.status()).toBe(200);
  return ((await res.json()) as { data: { items: Item[] } }).data.items;
}

async function dueOf(request: APIRequestContext, token: string, key: string): Promise<string | null> {
  const res = await request.get(`/api/Tasks/key/${key}`, { headers: { authorization: `Bearer ${token}` } });
  expect(res.status()).toBe(200);
  return ((await res.json()) as { data: { dueDate: string | null } }).data.dueDate;
}

/** Opens an entry of the sidebar (on a phone, the drawer first). */
async function navigate(page: Page, phone: boolean, name: string) {
  if (phone) await page.getByRole('button', { name: 'Toggle navigation' }).click();
  await page
    .getByRole('navigation', { name: 'Main navigation' })
    .getByRole('link', { name, exact: true })
    .click();
}

const cell = (page: Page, day: string) => page.getByTestId('month-grid').locator(`[data-day="${day}"]`);
const chip = (scope: Locator, key: string) => scope.locator(`[data-task-key="${key}"]`);

/** Drags with the mouse, in steps (dnd-kit starts a drag after 5 px). */
async function drag(page: Page, from: Locator, to: Locator) {
  const a = await from.boundingBox();
  const b = await to.boundingBox();
  if (!a || !b) throw new Error('nothing to drag or nowhere to drop');
  await page.mouse.move(a.x + a.width / 2, a.y + a.height / 2);
  await page.mouse.down();
  await page.mouse.move(a.x + a.width / 2 + 10, a.y + a.height / 2 + 10, { steps: 5 });
  await page.mouse.move(b.x + b.width / 2, b.y + b.height / 2, { steps: 15 });
  await page.mouse.up();
}

/**
 * A task of Eve's in this month's grid that the grid shows (among the first three of its day),
 * open, with a free day two days later in the grid.
 */
function pickTask(items: Item[], range: { from: string; to: string }) {
  const byDay = new Map<string, Item[]>();
  for (const t of items) byDay.set(t.dueDate, [...(byDay.get(t.dueDate) ?? []), t]);
  const shown = [...byDay.values()].flatMap((list) => list.slice(0, 3));
  const free = (day: string) => day >= range.from && day <= range.to && (byDay.get(day)?.length ?? 0) < 3;
  const task = shown.find((t) => !t.isDone && free(addDays(t.dueDate, 2)) && free(addDays(t.dueDate, 4)));
  if (!task) throw new Error('no demo task of the Employee fits this month');
  return task;
}

/** From a project's page, its Calendar button opens the calendar showing that project. */
async function openFromProject(page: Page, phone: boolean) {
  await signIn(page, ACCOUNTS.acmeAdmin.email);
  await navigate(page, phone, 'Projects');
  // The projects page, not the dashboard still on screen (whose task rows name their project too).
  await expect(page).toHaveURL(/\/app\/project(\?|$)/);
  await expect(page.getByRole('heading', { name: 'Projects', level: 1 })).toBeVisible();
  // Found by its name, as a person would: the list's first page is the newest projects, and the
  // suite's other specs make enough of them to push a demo project to the second page.
  await page.getByRole('textbox', { name: 'Search projects' }).fill('Website Redesign');
  await page
    .getByRole('main')
    .getByRole('link', { name: /Website Redesign/ })
    .first()
    .click();
  await expect(page).toHaveURL(/\/app\/project-detail\//);
  const calendar = page.getByRole('main').getByRole('link', { name: 'Calendar', exact: true });
  await expect(calendar).toBeVisible();
  await expectNoSidewaysScroll(page);
  await calendar.click();
  await expect(page).toHaveURL(/\/app\/calendar\?projectId=[0-9a-f-]{36}/);
  await expect(page.getByRole('combobox', { name: 'Show' })).toHaveText(/Website Redesign/);
}

test.describe('at 1440 px', () => {
  test.use({ viewport: DESKTOP });
  test.slow();

  test('a task shows on its due day, moves by drag (kept after a reload), and Undo puts a move back; the keyboard moves it too', async ({
    page,
    request,
  }) => {
    const token = await tokenOf(request, ACCOUNTS.acmeEmployee.email);
    const range = monthRange(today());
    const task = pickTask(await calendarItems(request, token, range), range);
    const there = addDays(task.dueDate, 2);
    const further = addDays(task.dueDate, 4);
    try {
      await signIn(page, ACCOUNTS.acmeEmployee.email);
      await navigate(page, false, 'Calendar');
      await expect(page).toHaveURL('/app/calendar');
      await expect(page.getByRole('heading', { name: 'Calendar', level: 1 })).toBeVisible();
      await expect(chip(cell(page, task.dueDate), task.key)).toBeVisible();
      await expect(chip(cell(page, task.dueDate), task.key)).toContainText(task.title);
      await expect(page.locator('[aria-current="date"]')).toHaveCount(1);
      await shot(page, 'calendar-month-1440');

      await drag(page, chip(cell(page, task.dueDate), task.key), cell(page, there));
      await expect(page.getByText(new RegExp(`^Moved ${task.key} to `))).toBeVisible();
      await expect(chip(cell(page, there), task.key)).toBeVisible();
      await expect(chip(cell(page, task.dueDate), task.key)).toHaveCount(0);
      await expect.poll(() => dueOf(request, token, task.key)).toBe(there);

      await page.reload();
      await expect(chip(cell(page, there), task.key)).toBeVisible();
      await expect(chip(cell(page, task.dueDate), task.key)).toHaveCount(0);

      // A second move, undone from its toast.
      await drag(page, chip(cell(page, there), task.key), cell(page, further));
      await expect(chip(cell(page, further), task.key)).toBeVisible();
      await expect.poll(() => dueOf(request, token, task.key)).toBe(further);
      await page.getByRole('button', { name: 'Undo' }).click();
      await expect(page.getByText(new RegExp(`^Moved ${task.key} back to `))).toBeVisible();
      await expect(chip(cell(page, there), task.key)).toBeVisible();
      await expect(chip(cell(page, further), task.key)).toHaveCount(0);
      await expect.poll(() => dueOf(request, token, task.key)).toBe(there);

      // By keyboard: Space picks it up, two arrows move it two days on, Space drops it.
      // Each key waits for what a screen reader hears (dnd-kit's live region) about the day it
      // reached (first the day it was picked up on): an arrow pressed before the pick-up has
      // measured the days is not a move yet (CI under load once moved one day for two presses).
      const heard = page.locator('[id^="DndLiveRegion"]');
      const over = (day: string) =>
        page.evaluate(
          (d) =>
            new Intl.DateTimeFormat(undefined, {
              weekday: 'long',
              day: 'numeric',
              month: 'long',
              timeZone: 'UTC',
            }).format(new Date(`${d}T00:00:00Z`)),
          day,
        );
      await chip(cell(page, there), task.key).focus();
      await expect(chip(cell(page, there), task.key)).toBeFocused();
      await page.keyboard.press('Space');
      await expect(heard).toContainText(`is over ${await over(there)}`);
      await page.keyboard.press('ArrowRight');
      await expect(heard).toContainText(`is over ${await over(addDays(there, 1))}`);
      await page.keyboard.press('ArrowRight');
      await expect(heard).toContainText(`is over ${await over(further)}`);
      await page.keyboard.press('Space');
      await expect(chip(cell(page, further), task.key)).toBeVisible();
      await expect.poll(() => dueOf(request, token, task.key)).toBe(further);
      await expect(chip(cell(page, further), task.key)).toBeFocused();

      // The chip opens the task's drawer.
      await chip(cell(page, further), task.key).click();
      await expect(page.getByRole('dialog', { name: 'Task detail' })).toBeVisible();
      await expect(page).toHaveURL(/[?&]task=/);
    } finally {
      // The seed's dates back, for the journeys that follow.
      await request.put(`/api/Tasks/${task.taskId}`, {
        headers: { authorization: `Bearer ${token}` },
        data: { dueDate: task.dueDate, ...(task.startDate ? { startDate: task.startDate } : {}) },
      });
    }
  });

  test('week view and a project from the picker live in the URL', async ({ page }) => {
    await signIn(page, ACCOUNTS.acmeEmployee.email);
    await page.goto('/app/calendar');
    await page.getByRole('button', { name: 'Week', exact: true }).click();
    await expect(page).toHaveURL(/view=week/);
    await expect(page.getByTestId('week-grid')).toBeVisible();
    await page.getByRole('combobox', { name: 'Show' }).click();
    const option = page.getByRole('option').nth(1);
    const name = (await option.textContent()) ?? '';
    await option.click();
    await expect(page).toHaveURL(/projectId=[0-9a-f-]{36}/);
    await page.reload();
    await expect(page.getByTestId('week-grid')).toBeVisible();
    await expect(page.getByRole('combobox', { name: 'Show' })).toHaveText(name);
    await shot(page, 'calendar-week-1440');
  });

  test("a project's page opens the calendar of that project", async ({ page }) => {
    await openFromProject(page, false);
  });

  test("subscribe: the link is shown once and its .ics carries Eve's task", async ({ page, request }) => {
    const token = await tokenOf(request, ACCOUNTS.acmeEmployee.email);
    const items = await calendarItems(request, token, {
      from: addDays(today(), -20),
      to: addDays(today(), 40),
    });
    const task = items[0];
    if (!task) throw new Error('no demo task of the Employee around today');
    await signIn(page, ACCOUNTS.acmeEmployee.email);
    await page.goto('/app/calendar');
    await page.getByRole('button', { name: 'Subscribe' }).click();
    const dialog = page.getByRole('dialog', { name: 'Subscribe to your tasks' });
    await dialog.getByRole('button', { name: 'Create link' }).click();
    const field = dialog.getByRole('textbox', { name: 'Your calendar link' });
    await expect(field).toHaveValue(/\/api\/Calendar\/feed\/[A-Za-z0-9_-]{43}\.ics$/);
    const url = await field.inputValue();
    await shot(page, 'calendar-subscribe-1440');
    const ics = await page.request.get(new URL(url).pathname);
    expect(ics.status()).toBe(200);
    expect(ics.headers()['content-type']).toBe('text/calendar; charset=utf-8');
    const body = (await ics.text()).replace(/\r\n /g, '');
    expect(body).toContain('BEGIN:VCALENDAR\r\n');
    expect(body).toContain(`SUMMARY:${task.key} `);
    expect(body).toContain(`UID:${task.taskId}@taskhive`);

    // Turned off, the link answers 404.
    await dialog.getByRole('button', { name: 'Turn off' }).click();
    await page
      .getByRole('dialog', { name: 'Turn off your calendar link?' })
      .getByRole('button', { name: 'Turn off' })
      .click();
    await expect(dialog.getByText(/no calendar link yet/)).toBeVisible();
    expect((await page.request.get(new URL(url).pathname)).status()).toBe(404);
  });
});

test.describe('at 390 px', () => {
  test.use({ viewport: PHONE });
  test.slow();

  test("a project's page opens the calendar of that project; its header's buttons fit", async ({ page }) => {
    await openFromProject(page, true);
  });

  test('the month is an agenda of the days with tasks: nothing clipped, no sideways scroll', async ({
    page,
    request,
  }) => {
    const token = await tokenOf(request, ACCOUNTS.acmeEmployee.email);
    const now = today();
    const inMonth = (await calendarItems(request, token, monthRange(now))).filter(
      (t) => t.dueDate.slice(0, 7) === now.slice(0, 7),
    );
    const first = inMonth[0];
    if (!first) throw new Error('no demo task of the Employee this month');
    await signIn(page, ACCOUNTS.acmeEmployee.email);
    await navigate(page, true, 'Calendar');
    await expect(page).toHaveURL('/app/calendar');
    const agenda = page.getByTestId('agenda');
    await expect(agenda).toBeVisible();
    await expect(page.getByTestId('month-grid')).toHaveCount(0);
    await expect(
      agenda.locator(`[data-day="${first.dueDate}"]`).locator(`[data-task-key="${first.key}"]`),
    ).toBeVisible();
    const days = new Set(inMonth.map((t) => t.dueDate));
    await expect(agenda.locator('[data-day]')).toHaveCount(days.size);
    await expectNoSidewaysScroll(page);
    // Every chip lies within the screen.
    for (const box of await agenda
      .locator('[data-task-key]')
      .evaluateAll((els) => els.map((e) => e.getBoundingClientRect().right)))
      expect(box).toBeLessThanOrEqual(390);
    await shot(page, 'calendar-agenda-390');

    await page.getByRole('button', { name: 'Week', exact: true }).click();
    await expect(agenda.locator('[data-day]')).toHaveCount(7);
    await expectNoSidewaysScroll(page);
    await shot(page, 'calendar-week-390');
  });
});
