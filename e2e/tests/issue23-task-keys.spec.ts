import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { ACCOUNTS, PASSWORD, signIn } from './helpers';

/**
 * Task keys (issue 23, raise the bar): a task's key (its project's code and its number) shows on
 * the board's cards, in the lists and in the drawer, opens the task at /app/t/{key} and is found
 * by a list's search.
 */

/** A fresh project of the demo company with two tasks; answers its code and the tasks' keys. */
async function keyedProject(request: APIRequestContext) {
  const login = await request.post('/api/auth/login', {
    data: { email: ACCOUNTS.acmeAdmin.email, password: PASSWORD },
  });
  const token = ((await login.json()) as { data: { token: string } }).data.token;
  const headers = { authorization: `Bearer ${token}` };
  const code = `K${Date.now() % 100000}`;
  const project = await request.post('/api/Project', { headers, data: { code, name: `Keys ${code}` } });
  expect(project.status()).toBe(201);
  const projectId = ((await project.json()) as { data: { projectId: string } }).data.projectId;
  const list = await request.post(`/api/Tasks/projects/${projectId}/tasklists`, {
    headers,
    data: { name: 'Keyed' },
  });
  const taskListId = ((await list.json()) as { data: { taskListId: string } }).data.taskListId;
  const keys: string[] = [];
  for (const title of ['Pour the foundation', 'Raise the walls']) {
    const created = await request.post(`/api/Tasks/tasklists/${taskListId}/tasks`, {
      headers,
      data: { title },
    });
    expect(created.status()).toBe(201);
    keys.push(((await created.json()) as { data: { key: string } }).data.key);
  }
  return { projectId, code, keys };
}

const drawerTitle = (page: Page) => page.getByRole('textbox', { name: 'Title', exact: true });

for (const viewport of [
  { width: 1440, height: 900 },
  { width: 390, height: 844 },
]) {
  test(`keys on cards and lists, and /app/t/{key} opens the task (${viewport.width} px)`, async ({
    page,
    request,
  }) => {
    await page.setViewportSize(viewport);
    const { projectId, code, keys } = await keyedProject(request);
    expect(keys).toEqual([`${code}-1`, `${code}-2`]);
    await signIn(page, ACCOUNTS.acmeAdmin.email);

    // The board's cards say their keys.
    await page.goto(`/app/project-detail/${projectId}?tab=board`);
    const card = page.getByTestId('board-card').filter({ hasText: 'Raise the walls' });
    await expect(card.getByText(`${code}-2`, { exact: true })).toBeVisible();

    // The key in the address opens the task in its project, with the key shown in the drawer.
    await page.goto(`/app/t/${code.toLowerCase()}-1`);
    await expect(page).toHaveURL(new RegExp(`/app/project-detail/${projectId}\\?task=`));
    await expect(drawerTitle(page)).toHaveValue('Pour the foundation');
    const keyLink = page.getByRole('link', { name: `${code}-1`, exact: true });
    await expect(keyLink).toBeVisible();
    await expect(keyLink).toHaveAttribute('href', `/app/t/${code}-1`);

    // A key that names no task is a page that is not found, not an error.
    await page.goto(`/app/t/${code}-999`);
    await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
    await page.goto('/app/t/not-a-key');
    await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
  });
}

test('All Tasks finds a task by its key', async ({ page, request }) => {
  const { keys } = await keyedProject(request);
  await signIn(page, ACCOUNTS.acmeAdmin.email);
  await page.goto(`/app/all-tasks?search=${keys[1]}`);
  const row = page.getByRole('button', { name: `${keys[1]} Raise the walls` });
  await expect(row).toBeVisible();
  await expect(page.getByRole('button', { name: /Pour the foundation/ })).toHaveCount(0);
});
