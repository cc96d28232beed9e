import AxeBuilder from '@axe-core/playwright';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { ACCOUNTS, PASSWORD, signIn } from './helpers';

/**
 * Issue 26, saved views: on a project's board the admin filters by priority and groups by
 * assignee, saves that as a view shared with the project; the manager opens it from the Views
 * list and sees the same filtered, grouped board (its address carries the view); the address
 * opened afresh reproduces it, and Back returns to the board as it was. At 1440x900 and 390x844,
 * with nothing wider than the screen and no serious axe violation on the open menu's page.
 */

const VIEWPORTS = [
  { width: 1440, height: 900, phone: false },
  { width: 390, height: 844, phone: true },
];
const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];
const BLOCKING = new Set(['serious', 'critical']);

/** Screenshots for review, when E2E_SHOTS_DIR names a folder. */
const SHOTS = process.env.E2E_SHOTS_DIR;
async function shot(page: Page, name: string) {
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: false });
}

const auth = (token: string) => ({ authorization: `Bearer ${token}` });

/** A fresh project of the demo company: two urgent tasks (one the admin's) and a low one. */
async function boardProject(request: APIRequestContext) {
  const login = await request.post('/api/auth/login', {
    data: { email: ACCOUNTS.acmeAdmin.email, password: PASSWORD },
  });
  expect(login.ok()).toBe(true);
  const d = (
    (await login.json()) as {
      data: { token: string; user: { userId: string; firstName: string; lastName: string } };
    }
  ).data;
  const headers = auth(d.token);
  const suffix = `${Date.now() % 100000}${Math.floor(Math.random() * 100)}`;
  const project = await request.post('/api/Project', {
    headers,
    data: { code: `V${suffix}`, name: `Views ${suffix}` },
  });
  expect(project.status()).toBe(201);
  const projectId = ((await project.json()) as { data: { projectId: string } }).data.projectId;
  const list = await request.post(`/api/Tasks/projects/${projectId}/tasklists`, {
    headers,
    data: { name: 'Work' },
  });
  expect(list.status()).toBe(201);
  const taskListId = ((await list.json()) as { data: { taskListId: string } }).data.taskListId;
  const prios = (
    (await (await request.get('/api/Taskpriorities', { headers })).json()) as {
      data: { priorityId: string; name: string }[];
    }
  ).data;
  const priorityId = (name: string) => prios.find((p) => p.name === name)?.priorityId;
  const tasks = [
    { title: 'Urgent and mine', priorityId: priorityId('Urgent'), assigneeIds: [d.user.userId] },
    { title: 'Urgent for nobody', priorityId: priorityId('Urgent') },
    { title: 'Low for later', priorityId: priorityId('Low') },
  ];
  for (const data of tasks) {
    const created = await request.post(`/api/Tasks/tasklists/${taskListId}/tasks`, { headers, data });
    expect(created.status()).toBe(201);
  }
  return { projectId, suffix, me: `${d.user.firstName} ${d.user.lastName}`.trim() };
}

const column = (page: Page, label: string) => page.getByRole('group', { name: label, exact: true });
const titles = (page: Page) => page.locator('.task-card__title');

async function expectNoSidewaysScroll(page: Page) {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
}

async function expectWithinWidth(page: Page, locator: ReturnType<Page['locator']>) {
  const box = await locator.boundingBox();
  expect(box, 'shown').not.toBeNull();
  const width = page.viewportSize()?.width ?? 0;
  expect((box?.x ?? 0) + (box?.width ?? 0)).toBeLessThanOrEqual(width + 0.5);
  expect(box?.x ?? -1).toBeGreaterThanOrEqual(0);
}

async function expectNoSeriousViolations(page: Page) {
  const results = await new AxeBuilder({ page }).withTags(WCAG_TAGS).analyze();
  const blocking = results.violations.filter((v) => BLOCKING.has(v.impact ?? ''));
  expect(blocking.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
}

/** The filtered, grouped board: the two urgent cards, each in its assignee's lane; the low one hidden. */
async function expectUrgentByAssignee(page: Page, me: string) {
  await expect(column(page, `Not Started column, ${me} lane`).locator('.task-card__title')).toHaveText([
    'Urgent and mine',
  ]);
  await expect(column(page, 'Not Started column, Unassigned lane').locator('.task-card__title')).toHaveText([
    'Urgent for nobody',
  ]);
  await expect(page.getByText('Low for later')).toHaveCount(0);
}

test.describe.configure({ mode: 'serial' });

for (const vp of VIEWPORTS) {
  test(`a board view saved shared opens the same for the manager, and from its address (${vp.width}px)`, async ({
    page,
    browser,
    request,
  }) => {
    test.setTimeout(150_000);
    await page.setViewportSize({ width: vp.width, height: vp.height });
    const { projectId, suffix, me } = await boardProject(request);
    const name = `Urgent by person ${suffix}`;

    // The admin filters the board and groups it.
    await signIn(page, ACCOUNTS.acmeAdmin.email);
    await page.goto(`/app/project-detail/${projectId}?tab=board`);
    await expect(titles(page)).toHaveCount(3);
    if (vp.phone) await page.getByRole('button', { name: /^Filters/ }).click();
    const filters = vp.phone
      ? page.getByRole('dialog', { name: 'Filters' })
      : page.getByRole('search', { name: 'Board filters' });
    await filters.getByRole('combobox', { name: 'Priority' }).click();
    await page.getByRole('option', { name: 'Urgent', exact: true }).click();
    await filters.getByRole('combobox', { name: 'Group by' }).click();
    await page.getByRole('option', { name: 'Assignee', exact: true }).click();
    if (vp.phone) await filters.getByRole('button', { name: 'Done' }).click();
    await expect(page).toHaveURL(/group=assignee/);
    await expect(page).toHaveURL(/priority=/);
    await expectUrgentByAssignee(page, me);

    // Save it, shared with the project.
    const views = page.getByRole('button', { name: /^Views/ });
    await expectWithinWidth(page, views);
    await views.click();
    await expect(page.getByRole('menuitem', { name: 'No saved views here yet' })).toBeVisible();
    await page.getByRole('menuitem', { name: 'Save view' }).click();
    const dialog = page.getByRole('dialog', { name: 'Save view' });
    await dialog.getByRole('textbox', { name: 'View name' }).fill(name);
    await dialog.getByRole('switch', { name: 'Share with the project' }).check();
    await expectWithinWidth(page, dialog.getByRole('button', { name: 'Save view' }));
    await shot(page, `issue26-views-save-${vp.width}`);
    await dialog.getByRole('button', { name: 'Save view' }).click();
    await expect(page.getByRole('alert').filter({ hasText: 'View saved' }).first()).toBeVisible();
    await expect(page.getByRole('button', { name: `Views: ${name}` })).toBeVisible();
    await expect(page).toHaveURL(/sv=/);
    await expectNoSidewaysScroll(page);

    // The manager, elsewhere, opens it from the list.
    const other = await browser.newContext({ viewport: { width: vp.width, height: vp.height } });
    const manager = await other.newPage();
    await signIn(manager, ACCOUNTS.acmeManager.email);
    await manager.goto(`/app/project-detail/${projectId}?tab=board`);
    await expect(titles(manager)).toHaveCount(3);
    await manager.getByRole('button', { name: /^Views/ }).click();
    const menu = manager.getByRole('menu');
    await expect(menu.getByText('Shared with the project')).toBeVisible();
    const item = menu.getByRole('menuitem', { name: new RegExp(name) });
    await expect(item).toContainText('by ');
    await expectWithinWidth(manager, item);
    await expectNoSeriousViolations(manager);
    await shot(manager, `issue26-views-menu-${vp.width}`);
    await item.click();
    await expect(manager).toHaveURL(/group=assignee/);
    await expectUrgentByAssignee(manager, me);
    await expect(manager.getByRole('button', { name: `Views: ${name}` })).toBeVisible();
    await expectNoSidewaysScroll(manager);
    await shot(manager, `issue26-views-opened-${vp.width}`);

    // Back returns to the board as it was before the view was opened.
    const opened = manager.url();
    await manager.goBack();
    await expect(titles(manager)).toHaveCount(3);
    await expect(manager.getByRole('button', { name: 'Views', exact: true })).toBeVisible();

    // Its address opened afresh reproduces it.
    const fresh = await other.newPage();
    await fresh.goto(opened);
    await expectUrgentByAssignee(fresh, me);
    await expect(fresh.getByRole('button', { name: `Views: ${name}` })).toBeVisible();
    if (vp.phone) await fresh.getByRole('button', { name: /^Filters/ }).click();
    const freshFilters = vp.phone
      ? fresh.getByRole('dialog', { name: 'Filters' })
      : fresh.getByRole('search', { name: 'Board filters' });
    await freshFilters.getByRole('combobox', { name: 'Group by' }).click();
    await fresh.getByRole('option', { name: 'None', exact: true }).click();
    if (vp.phone) await freshFilters.getByRole('button', { name: 'Done' }).click();
    await expect(fresh.getByRole('button', { name: `Views: ${name} (modified)` })).toBeVisible();
    await expectNoSidewaysScroll(fresh);
    await shot(fresh, `issue26-views-modified-${vp.width}`);
    await other.close();
  });
}
