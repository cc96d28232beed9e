import { expect, test, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import { ACCOUNTS, PASSWORD, signIn } from './helpers';

/**
 * The command palette and keyboard shortcuts (issue 23, keyboard-first): Ctrl+K (or the header's
 * search button) opens a search over tasks, projects, people, screens and actions; `?` lists the
 * shortcuts.
 */

const PROJECT = 'Warehouse Automation';

/** The demo project's id and one of its tasks (key and title), read through the API. */
async function demoTask(request: APIRequestContext) {
  const login = await request.post('/api/auth/login', {
    data: { email: ACCOUNTS.acmeAdmin.email, password: PASSWORD },
  });
  const token = ((await login.json()) as { data: { token: string } }).data.token;
  const headers = { authorization: `Bearer ${token}` };
  const projects = await request.get('/api/Project', { headers, params: { search: PROJECT } });
  const projectId = ((await projects.json()) as { data: { items: { projectId: string }[] } }).data.items[0]
    ?.projectId;
  expect(projectId).toBeTruthy();
  const tasks = await request.get('/api/Tasks/all', {
    headers,
    params: { projectId: projectId ?? '', pageSize: 1, page: 1 },
  });
  const task = ((await tasks.json()) as { data: { items: { taskId: string; key: string; title: string }[] } })
    .data.items[0];
  expect(task).toBeTruthy();
  return {
    headers,
    projectId: projectId ?? '',
    taskId: task?.taskId ?? '',
    key: task?.key ?? '',
    title: task?.title ?? '',
  };
}

const palette = (page: Page) => page.getByRole('dialog', { name: 'Search and commands' });
const searchField = (page: Page) => palette(page).getByRole('combobox', { name: /Search tasks/ });

/** Moves the palette's choice down to the option (at most a page of results). */
async function choose(page: Page, option: Locator) {
  await expect(option).toBeVisible();
  for (let i = 0; i < 20 && (await option.getAttribute('aria-selected')) !== 'true'; i++) {
    await page.keyboard.press('ArrowDown');
  }
  await expect(option).toHaveAttribute('aria-selected', 'true');
}

/** Fully on screen, left to right. */
async function onScreen(locator: Locator, width: number) {
  const box = await locator.boundingBox();
  expect(box).not.toBeNull();
  expect(box?.x ?? -1).toBeGreaterThanOrEqual(0);
  expect((box?.x ?? 0) + (box?.width ?? 0)).toBeLessThanOrEqual(width);
}

test('at 1440 px, Ctrl+K finds a project by name and a task by key, and ? shows the shortcuts', async ({
  page,
  request,
}) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  const { projectId, key, title } = await demoTask(request);
  await signIn(page, ACCOUNTS.acmeAdmin.email);

  await page.keyboard.press('Control+k');
  await expect(palette(page)).toBeVisible();
  await expect(searchField(page)).toBeFocused();
  await searchField(page).fill(PROJECT);
  const project = palette(page)
    .getByRole('group', { name: 'Projects' })
    .getByRole('option', { name: PROJECT });
  await choose(page, project);
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(new RegExp(`/app/project-detail/${projectId}`));
  await expect(page.getByRole('heading', { level: 1, name: PROJECT })).toBeVisible();
  await expect(palette(page)).toHaveCount(0);

  await page.keyboard.press('Control+k');
  await searchField(page).fill(key.toLowerCase());
  const task = palette(page)
    .getByRole('group', { name: 'Tasks' })
    .getByRole('option', { name: new RegExp(key) });
  await choose(page, task);
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(new RegExp(`/app/project-detail/${projectId}\\?task=`));
  await expect(page.getByRole('textbox', { name: 'Title', exact: true })).toHaveValue(title);

  // Escape closes the palette without going anywhere.
  await page.goto('/app/dashboard');
  await expect(page.getByRole('heading', { name: /^Welcome back/ })).toBeVisible();
  await page.keyboard.press('Control+k');
  await expect(palette(page)).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(palette(page)).toHaveCount(0);
  await expect(page).toHaveURL(/\/app\/dashboard$/);

  // ? lists the shortcuts; g then p goes to the projects.
  await page.keyboard.press('?');
  const help = page.getByRole('dialog', { name: 'Keyboard shortcuts' });
  await expect(help).toBeVisible();
  await expect(help).toContainText('Go to Projects');
  await expect(help).toContainText('Search and commands');
  await page.keyboard.press('Escape');
  await expect(help).toHaveCount(0);
  await page.keyboard.press('g');
  await page.keyboard.press('p');
  await expect(page).toHaveURL(/\/app\/project$/);
});

test('at 390 px, the header button opens the palette, which fits the screen', async ({ page, request }) => {
  const width = 390;
  await page.setViewportSize({ width, height: 844 });
  // A running timer: the fullest the bar gets.
  const { headers, taskId } = await demoTask(request);
  await request.delete('/api/Timelogs/timer', { headers });
  expect((await request.post('/api/Timelogs/timer', { headers, data: { taskId } })).status()).toBe(201);
  await signIn(page, ACCOUNTS.acmeAdmin.email);

  const button = page.getByRole('button', { name: 'Search and commands' });
  await expect(button).toBeVisible();
  // The bar keeps the bell, the colour mode and the account menu on screen.
  for (const control of [
    page.getByRole('button', { name: 'Toggle navigation' }),
    page.getByRole('button', { name: 'Running timer' }),
    button,
    page.getByRole('button', { name: /^Notifications/ }),
    page.getByRole('button', { name: /^Switch to (dark|light) mode$/ }),
    page.getByRole('button', { name: 'Open account menu' }),
  ]) {
    await expect(control).toBeVisible();
    await onScreen(control, width);
  }

  await button.click();
  await expect(palette(page)).toBeVisible();
  await onScreen(palette(page), width);
  await searchField(page).fill('Warehouse');
  const project = palette(page)
    .getByRole('group', { name: 'Projects' })
    .getByRole('option', { name: PROJECT });
  await expect(project).toBeVisible();
  await onScreen(project, width);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
  await project.click();
  await expect(page.getByRole('heading', { level: 1, name: PROJECT })).toBeVisible();
  await request.delete('/api/Timelogs/timer', { headers });
});
