import AxeBuilder from '@axe-core/playwright';
import { expect, test, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import { ACCOUNTS, expectNoSidewaysScroll, shot, signIn, tokenOf } from './helpers';

/**
 * Issue 26: the project timeline. The demo admin opens Website Redesign's Timeline tab (an arrow
 * joins a task to the one it blocks), drags a bar
 * three days later (the API has the new dates, and the bar stays there after a reload), drags its
 * end to make it longer and takes that back with Undo, moves it with the keyboard (arrows move,
 * Shift+arrows resize, Enter opens the task), and zooms (kept in the URL). On a phone the chart
 * scrolls sideways inside its own box, never the page. axe at both widths.
 */
const DESKTOP = { width: 1440, height: 900 };
const PHONE = { width: 390, height: 844 };
/** A day's width at the default (month) zoom, as the chart draws it. */
const DAY = 16;

type Task = {
  taskId: string;
  key: string;
  title: string;
  parentTaskId: string | null;
  isDone: boolean;
  startDate: string | null;
  dueDate: string | null;
};
type Dates = { startDate: string | null; dueDate: string | null };

const auth = (token: string) => ({ authorization: `Bearer ${token}` });
const iso = (d: Date) => d.toISOString().slice(0, 10);
const addDays = (day: string, n: number) => iso(new Date(Date.parse(`${day}T00:00:00Z`) + n * 86_400_000));
function today(): string {
  const d = new Date();
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
}

async function projectId(request: APIRequestContext, token: string): Promise<string> {
  const res = await request.get('/api/Project?search=Website%20Redesign', { headers: auth(token) });
  expect(res.status()).toBe(200);
  const items = ((await res.json()) as { data: { items: { projectId: string; name: string }[] } }).data.items;
  const p = items.find((i) => i.name === 'Website Redesign');
  if (!p) throw new Error('no Website Redesign in the demo seed');
  return p.projectId;
}

async function timelineTasks(request: APIRequestContext, token: string, id: string): Promise<Task[]> {
  const res = await request.get(`/api/Timeline?projectId=${id}`, { headers: auth(token) });
  expect(res.status()).toBe(200);
  return ((await res.json()) as { data: { tasks: Task[] } }).data.tasks;
}

async function datesOf(request: APIRequestContext, token: string, key: string): Promise<Dates> {
  const res = await request.get(`/api/Tasks/key/${key}`, { headers: auth(token) });
  expect(res.status()).toBe(200);
  const { startDate, dueDate } = ((await res.json()) as { data: Dates }).data;
  return { startDate, dueDate };
}

async function setDates(request: APIRequestContext, token: string, taskId: string, dates: Dates) {
  const res = await request.put(`/api/Tasks/${taskId}`, { headers: auth(token), data: dates });
  expect(res.status(), await res.text()).toBe(200);
}

async function expectNoSeriousViolations(page: Page, screen: string) {
  await expect(page.locator('.MuiSkeleton-root, .MuiCircularProgress-indeterminate')).toHaveCount(0);
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .analyze();
  const blocking = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  const report = blocking
    .map(
      (v) =>
        `  ${v.id} (${v.impact}): ${v.help}\n      ${v.nodes
          .slice(0, 4)
          .map((n) => n.target.join(' '))
          .join('\n      ')}`,
    )
    .join('\n');
  expect(blocking, `${screen}: ${blocking.length} serious/critical violation(s)\n${report}`).toEqual([]);
}

const barOf = (page: Page, taskId: string) => page.locator(`[data-kind="bar"][data-task-id="${taskId}"]`);
const leftOf = (bar: Locator) => bar.evaluate((el) => Number.parseFloat((el as HTMLElement).style.left));
const widthOf = (bar: Locator) => bar.evaluate((el) => Number.parseFloat((el as HTMLElement).style.width));

/** Drags with the mouse from a point of `target` (a fraction of its width) by `dx` pixels, in steps. */
async function dragBy(page: Page, target: Locator, at: number | 'end', dx: number) {
  // The mouse reaches only what is on the screen (at 390 px the filters push the rows down).
  await target.scrollIntoViewIfNeeded();
  const box = await target.boundingBox();
  if (!box) throw new Error('nothing to drag');
  const x = at === 'end' ? box.x + box.width - 3 : box.x + box.width * at;
  const y = box.y + box.height / 2;
  await page.mouse.move(x, y);
  await page.mouse.down();
  await page.mouse.move(x + dx, y, { steps: 12 });
  await page.mouse.up();
}

/**
 * A top-level open task of Website Redesign, given dates from the day after tomorrow for four days
 * (in view when the chart opens on today), and its seed dates to put back.
 */
async function prepare(request: APIRequestContext, token: string) {
  const id = await projectId(request, token);
  const tasks = await timelineTasks(request, token, id);
  const task = tasks.find((t) => !t.isDone && t.parentTaskId === null);
  if (!task) throw new Error('no open task in Website Redesign');
  const start = addDays(today(), 2);
  const planned = { startDate: start, dueDate: addDays(start, 3) };
  await setDates(request, token, task.taskId, planned);
  return { id, task, planned, seed: { startDate: task.startDate, dueDate: task.dueDate } };
}

async function openTimeline(page: Page, id: string, phone: boolean) {
  await signIn(page, ACCOUNTS.acmeAdmin.email);
  await page.goto(`/app/project-detail/${id}`);
  const tab = page.getByRole('tab', { name: 'Timeline' });
  await expect(tab).toBeVisible();
  await tab.click();
  await expect(page).toHaveURL(/[?&]tab=timeline/);
  await expect(page.getByRole('region', { name: 'Timeline of Website Redesign' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Month', pressed: true })).toBeVisible();
  if (phone) await expectNoSidewaysScroll(page);
}

test.describe('at 1440 px', () => {
  test.use({ viewport: DESKTOP });
  test.slow();

  test('drag a bar to move it (kept after a reload), drag its end to resize, Undo, keyboard move and resize, Enter opens', async ({
    page,
    request,
  }) => {
    const token = await tokenOf(request, ACCOUNTS.acmeAdmin.email);
    const { id, task, planned, seed } = await prepare(request, token);
    // Another dated task of the project, blocked by ours: an arrow between their bars.
    const blocked = (await timelineTasks(request, token, id)).find(
      (t) => t.taskId !== task.taskId && t.parentTaskId === null && t.startDate && t.dueDate,
    );
    if (!blocked) throw new Error('no second dated task in Website Redesign');
    const dependency = await request.post('/api/TaskDependencies', {
      headers: auth(token),
      data: { blockerTaskId: task.taskId, blockedTaskId: blocked.taskId },
    });
    expect(dependency.status(), await dependency.text()).toBe(201);
    try {
      await openTimeline(page, id, false);
      await expect(page.locator(`path[data-edge="${task.taskId}>${blocked.taskId}"]`)).toHaveCount(1);
      const bar = barOf(page, task.taskId);
      await expect(bar).toBeVisible();
      await expect(bar).toHaveAccessibleName(new RegExp(`^${task.key} `));
      await expect(page.getByTestId('timeline-today')).toBeVisible();
      await expectNoSidewaysScroll(page);
      await shot(page, 'timeline-1440');
      const left = await leftOf(bar);
      expect(await widthOf(bar)).toBe(4 * DAY);

      // Move: three days later, both dates.
      await dragBy(page, bar, 0.5, 3 * DAY);
      await expect(page.getByText(new RegExp(`^Moved ${task.key}: `))).toBeVisible();
      const moved = { startDate: addDays(planned.startDate, 3), dueDate: addDays(planned.dueDate, 3) };
      await expect.poll(() => datesOf(request, token, task.key)).toEqual(moved);
      await expect.poll(() => leftOf(bar)).toBe(left + 3 * DAY);
      await page.reload();
      await expect(barOf(page, task.taskId)).toBeVisible();
      await expect.poll(() => leftOf(barOf(page, task.taskId))).toBe(left + 3 * DAY);

      // Resize: its end two days later, then Undo.
      await dragBy(page, barOf(page, task.taskId), 'end', 2 * DAY);
      const longer = { startDate: moved.startDate, dueDate: addDays(moved.dueDate, 2) };
      await expect.poll(() => datesOf(request, token, task.key)).toEqual(longer);
      await expect.poll(() => widthOf(barOf(page, task.taskId))).toBe(6 * DAY);
      await page.getByRole('button', { name: 'Undo' }).click();
      await expect(page.getByText(`Moved ${task.key} back`)).toBeVisible();
      await expect.poll(() => datesOf(request, token, task.key)).toEqual(moved);
      await expect.poll(() => widthOf(barOf(page, task.taskId))).toBe(4 * DAY);

      // Keyboard: an arrow moves a day, Shift+arrow moves the end.
      await barOf(page, task.taskId).focus();
      await page.keyboard.press('ArrowLeft');
      const back = { startDate: addDays(moved.startDate, -1), dueDate: addDays(moved.dueDate, -1) };
      await expect.poll(() => datesOf(request, token, task.key)).toEqual(back);
      await expect(barOf(page, task.taskId)).toBeFocused();
      await page.keyboard.press('Shift+ArrowRight');
      await expect
        .poll(() => datesOf(request, token, task.key))
        .toEqual({ startDate: back.startDate, dueDate: addDays(back.dueDate, 1) });
      await expect.poll(() => widthOf(barOf(page, task.taskId))).toBe(5 * DAY);

      // Zoom lives in the URL.
      await page.getByRole('button', { name: 'Week', exact: true }).click();
      await expect(page).toHaveURL(/[?&]zoom=week/);
      await expect.poll(() => widthOf(barOf(page, task.taskId))).toBe(5 * 40);
      await expectNoSeriousViolations(page, 'timeline 1440');

      // Enter opens the task.
      await barOf(page, task.taskId).focus();
      await page.keyboard.press('Enter');
      await expect(page.getByRole('dialog', { name: 'Task detail' })).toBeVisible();
      await expect(page).toHaveURL(/[?&]task=/);
    } finally {
      await setDates(request, token, task.taskId, seed);
      await request.delete(`/api/TaskDependencies/${task.taskId}/${blocked.taskId}`, {
        headers: auth(token),
      });
    }
  });
});

test.describe('at 390 px', () => {
  test.use({ viewport: PHONE });
  test.slow();

  test('the chart scrolls inside its box, not the page; a bar moves by drag and by keyboard', async ({
    page,
    request,
  }) => {
    const token = await tokenOf(request, ACCOUNTS.acmeAdmin.email);
    const { id, task, planned, seed } = await prepare(request, token);
    try {
      await openTimeline(page, id, true);
      const box = page.getByTestId('timeline-scroll');
      const sizes = await box.evaluate((el) => ({ scroll: el.scrollWidth, client: el.clientWidth }));
      expect(sizes.scroll).toBeGreaterThan(sizes.client);
      expect(sizes.client).toBeLessThanOrEqual(390);
      const bar = barOf(page, task.taskId);
      await expect(bar).toBeVisible();
      await shot(page, 'timeline-390');
      await expectNoSeriousViolations(page, 'timeline 390');

      await dragBy(page, bar, 0.5, 2 * DAY);
      const moved = { startDate: addDays(planned.startDate, 2), dueDate: addDays(planned.dueDate, 2) };
      await expect.poll(() => datesOf(request, token, task.key)).toEqual(moved);
      await barOf(page, task.taskId).focus();
      await page.keyboard.press('ArrowRight');
      await expect
        .poll(() => datesOf(request, token, task.key))
        .toEqual({ startDate: addDays(moved.startDate, 1), dueDate: addDays(moved.dueDate, 1) });
      await expectNoSidewaysScroll(page);
    } finally {
      await setDates(request, token, task.taskId, seed);
    }
  });
});
