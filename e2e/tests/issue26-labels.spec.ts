import AxeBuilder from '@axe-core/playwright';
import { expect, test, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import { ACCOUNTS, auth, expectNoSidewaysScroll, shot, signIn, tokenOf } from './helpers';

/**
 * Issue 26, labels: the admin creates a label in the company page's Labels card, puts it on a task
 * in the task drawer, sees it on the task's board card, and filters the board by it (the filter
 * kept in the URL; a task without the label leaves the board). At 1440x900 and 390x844, with
 * nothing wider than the screen and no serious accessibility violation in the new parts.
 */

const VIEWPORTS = [
  { width: 1440, height: 900 },
  { width: 390, height: 844 },
];

/** Screenshots for review, when E2E_SHOTS_DIR names a folder. */
/** The demo's Website Redesign project (code WEB) and its first task list. */
async function webProject(request: APIRequestContext, admin: string) {
  const list = await request.get('/api/Project?search=WEB', { headers: auth(admin) });
  const projects = ((await list.json()) as { data: { items: { projectId: string; code: string }[] } }).data
    .items;
  const project = projects.find((p) => p.code === 'WEB');
  expect(project, 'the demo project WEB').toBeTruthy();
  const projectId = project?.projectId ?? '';
  const detail = await request.get(`/api/Project/${projectId}`, { headers: auth(admin) });
  const lists = ((await detail.json()) as { data: { taskLists: { taskListId: string }[] } }).data.taskLists;
  return { projectId, taskListId: lists[0]?.taskListId ?? '' };
}

async function createTask(request: APIRequestContext, admin: string, taskListId: string, title: string) {
  const created = await request.post(`/api/Tasks/tasklists/${taskListId}/tasks`, {
    headers: auth(admin),
    data: { title },
  });
  expect(created.status()).toBe(201);
  return ((await created.json()) as { data: { taskId: string; key: string } }).data;
}

/** No control wider than the screen. */
/** The element lies within the screen's width (not clipped at its right edge). */
async function expectWithinWidth(page: Page, locator: Locator) {
  const box = await locator.boundingBox();
  expect(box, 'shown').not.toBeNull();
  const width = page.viewportSize()?.width ?? 0;
  expect((box?.x ?? 0) + (box?.width ?? 0)).toBeLessThanOrEqual(width + 0.5);
  expect(box?.x ?? -1).toBeGreaterThanOrEqual(0);
}

/** axe-core on one part of the page: no serious or critical WCAG 2.1 A/AA violation. */
async function expectAccessible(page: Page, selector: string, what: string) {
  const results = await new AxeBuilder({ page })
    .include(selector)
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .analyze();
  const blocking = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(
    blocking.map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`),
    what,
  ).toEqual([]);
}

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
