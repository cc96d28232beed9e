import { expect, test } from '@playwright/test';
import {
  ACCOUNTS,
  auth,
  createTask,
  expectAccessible,
  expectNoSidewaysScroll,
  expectWithinWidth,
  shot,
  signIn,
  tokenOf,
  webProject,
} from './helpers';

/**
 * Issue 26, labels: the admin creates a label in the company page's Labels card, puts it on a task
 * in the task drawer, sees it on the task's board card, and filters the board by it (the filter
 * kept in the URL; a task without the label leaves the board). The calendar and the project's
 * timeline filter by a label too (kept in the URL as `labels=`), a calendar chip and a timeline row
 * showing it. At 1440x900 and 390x844, with nothing wider than the screen and no serious
 * accessibility violation in the new parts.
 */

/** Today in the browser's calendar (the machine's: the page runs here too). */
function today(): string {
  const d = new Date();
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
}

const VIEWPORTS = [
  { width: 1440, height: 900 },
  { width: 390, height: 844 },
];

test.describe.configure({ mode: 'serial' });

for (const viewport of VIEWPORTS) {
  test(`a label made on the company page goes on a task, shows on its card and filters the board (${viewport.width}px)`, async ({
    page,
    request,
  }) => {
    test.setTimeout(150_000);
    await page.setViewportSize(viewport);
    const phone = viewport.width < 600;
    const admin = await tokenOf(request, ACCOUNTS.acmeAdmin.email);
    const { projectId, taskListId } = await webProject(request, admin);
    const stamp = `${viewport.width}-${Date.now() % 100000}`;
    const name = `Urgent ${stamp}`;
    const labelled = await createTask(request, admin, taskListId, `Fix checkout ${stamp}`);
    const other = await createTask(request, admin, taskListId, `Polish footer ${stamp}`);

    // The company page's Labels card: create the label.
    await signIn(page, ACCOUNTS.acmeAdmin.email);
    await page.goto('/app/company');
    const card = page.getByTestId('labels-card');
    await card.getByRole('textbox', { name: 'New label' }).fill(name);
    await card.getByRole('button', { name: 'Create' }).click();
    const row = card.getByRole('list', { name: 'Labels' }).getByRole('listitem').filter({ hasText: name });
    await expect(row).toBeVisible();
    await expect(row).toContainText('0 tasks');
    await row.scrollIntoViewIfNeeded();
    await expectWithinWidth(page, card);
    await expectNoSidewaysScroll(page);
    await expectAccessible(page, '[data-testid="labels-card"]', 'the Labels card');
    await shot(page, `issue26-labels-card-${viewport.width}`, false);

    // The task drawer: pick the label.
    await page.goto(`/app/project-detail/${projectId}?tab=board&task=${labelled.taskId}`);
    const drawer = page.getByRole('dialog', { name: 'Task detail' });
    const picker = drawer.getByRole('combobox', { name: 'Labels' });
    await picker.click();
    await picker.fill(name);
    await page.getByRole('option', { name }).click();
    await expect(drawer.getByLabel(`Remove label ${name}`, { exact: true })).toBeVisible();
    await picker.scrollIntoViewIfNeeded();
    await expectWithinWidth(page, picker);
    await expectNoSidewaysScroll(page);
    await shot(page, `issue26-labels-drawer-${viewport.width}`, false);
    await drawer.getByRole('button', { name: 'Close task' }).click();
    await expect(drawer).toBeHidden();

    // The card on the board shows the label.
    const taskCard = page.locator('.task-card', { hasText: `Fix checkout ${stamp}` });
    const chips = taskCard.getByRole('list', { name: 'Labels' });
    await expect(chips).toHaveText(name);
    await chips.scrollIntoViewIfNeeded();
    await expectWithinWidth(page, taskCard);
    await expectNoSidewaysScroll(page);
    await expect(page.locator('.task-card', { hasText: `Polish footer ${stamp}` })).toBeVisible();
    await shot(page, `issue26-labels-card-on-board-${viewport.width}`, false);

    // Filter the board by the label: the other task leaves, the URL keeps the filter.
    if (phone) await page.getByRole('button', { name: /^Filters/ }).click();
    await page.getByRole('combobox', { name: 'Labels' }).click();
    await page.getByRole('option', { name }).click();
    await page.keyboard.press('Escape');
    if (phone) await page.getByRole('button', { name: 'Done' }).click();
    await expect(page).toHaveURL(/[?&]labels=/);
    await expect(taskCard).toBeVisible();
    await expect(page.locator('.task-card', { hasText: `Polish footer ${stamp}` })).toHaveCount(0);
    await expectNoSidewaysScroll(page);
    await expectAccessible(page, '.task-card', 'the board cards');
    await shot(page, `issue26-labels-filtered-${viewport.width}`, false);

    // The link reproduces the filtered board.
    await page.reload();
    await expect(page.locator('.task-card', { hasText: `Fix checkout ${stamp}` })).toBeVisible();
    await expect(page.locator('.task-card', { hasText: `Polish footer ${stamp}` })).toHaveCount(0);
    expect(other.taskId).not.toBe(labelled.taskId);
  });
}

for (const viewport of VIEWPORTS) {
  test(`the calendar and the timeline filter by a label; the chip and the row show it (${viewport.width}px)`, async ({
    page,
    request,
  }) => {
    test.setTimeout(150_000);
    await page.setViewportSize(viewport);
    const phone = viewport.width < 600;
    const admin = await tokenOf(request, ACCOUNTS.acmeAdmin.email);
    const { projectId, taskListId } = await webProject(request, admin);
    const stamp = `${viewport.width}-${Date.now() % 100000}`;
    const name = `Launch ${stamp}`;
    const created = await request.post('/api/Labels', {
      headers: auth(admin),
      data: { name, color: 'teal' },
    });
    expect(created.status()).toBe(201);
    const labelId = ((await created.json()) as { data: { labelId: string } }).data.labelId;
    const labelled = await createTask(request, admin, taskListId, `Print flyers ${stamp}`);
    const other = await createTask(request, admin, taskListId, `Water plants ${stamp}`);
    const day = today();
    for (const t of [labelled, other])
      expect(
        (
          await request.put(`/api/Tasks/${t.taskId}`, {
            headers: auth(admin),
            data: { startDate: day, dueDate: day },
          })
        ).status(),
      ).toBe(200);
    expect(
      (
        await request.put(`/api/Labels/tasks/${labelled.taskId}`, {
          headers: auth(admin),
          data: { labelIds: [labelId] },
        })
      ).status(),
    ).toBe(200);

    // The calendar of the project, filtered by the label from its Labels control.
    await signIn(page, ACCOUNTS.acmeAdmin.email);
    await page.goto(`/app/calendar?projectId=${projectId}`);
    await expect(page.getByRole('heading', { name: 'Calendar', level: 1 })).toBeVisible();
    const filter = page.getByRole('combobox', { name: 'Labels' });
    await filter.click();
    await page.getByRole('option', { name }).click();
    await page.keyboard.press('Escape');
    await expect(page).toHaveURL(new RegExp(`[?&]labels=${labelId}`));
    const chip = page.getByRole('button', {
      name: new RegExp(`^${labelled.key} Print flyers ${stamp}.*labels: ${name}$`),
    });
    await expect(chip).toBeVisible();
    await expect(page.getByRole('button', { name: new RegExp(`^${other.key} `) })).toHaveCount(0);
    // Narrow grid cells: a dot in the label's colour; the agenda's wider chip: the label's name.
    if (phone) await expect(chip.locator('.calendar-chip__labels')).toHaveText(name);
    else await expect(chip.locator('.calendar-chip__labels > span')).toHaveCount(1);
    await chip.scrollIntoViewIfNeeded();
    await expectWithinWidth(page, chip);
    await expectWithinWidth(page, filter);
    await expectNoSidewaysScroll(page);
    // The whole page: the chips and the grid (its other months' day numbers are muted, readable).
    await expectAccessible(page, undefined, 'the filtered calendar');
    await shot(page, `issue26-labels-calendar-${viewport.width}`, false);
    // The link reproduces the filtered calendar.
    await page.reload();
    await expect(chip).toBeVisible();
    await expect(page.getByRole('button', { name: new RegExp(`^${other.key} `) })).toHaveCount(0);

    // The project's timeline, filtered the same way: only the labelled task has a row.
    await page.goto(`/app/project-detail/${projectId}?tab=timeline`);
    const timelineFilter = page.getByRole('combobox', { name: 'Labels' });
    await timelineFilter.click();
    await page.getByRole('option', { name }).click();
    await page.keyboard.press('Escape');
    await expect(page).toHaveURL(new RegExp(`[?&]labels=${labelId}`));
    const row = page.getByRole('button', { name: `${labelled.key} Print flyers ${stamp}, labels: ${name}` });
    await expect(row).toBeVisible();
    await expect(row.locator('.timeline-row__labels > span')).toHaveCount(1);
    await expect(page.getByRole('button', { name: new RegExp(`^${other.key} Water plants`) })).toHaveCount(0);
    await expectWithinWidth(page, timelineFilter);
    await expectNoSidewaysScroll(page);
    await expectAccessible(page, '[data-testid="timeline-scroll"]', 'the filtered timeline');
    await shot(page, `issue26-labels-timeline-${viewport.width}`, false);
  });
}
