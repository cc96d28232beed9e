import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { ACCOUNTS, auth, shot, signIn, tokenOf } from './helpers';

/**
 * Issue 23 ("Everyday craft"), defects 13 and 14: no dead ends (breadcrumbs, cards and rows open
 * what they show, a list's filters live in its address) and pages that fill the screen.
 */
const DESKTOP = { width: 1440, height: 900 };
const PHONE = { width: 390, height: 844 };

interface ProjectRow {
  projectId: string;
  name: string;
}

async function projects(request: APIRequestContext, token: string): Promise<ProjectRow[]> {
  const res = await request.get('/api/Project?pageSize=200&sortBy=name&sortOrder=asc', {
    headers: auth(token),
  });
  expect(res.status()).toBe(200);
  return ((await res.json()) as { data: { items: ProjectRow[] } }).data.items;
}

/** The first project, with its first list holding at least `tasks` tasks (added through the API). */
async function projectWithLongList(request: APIRequestContext, token: string, tasks: number) {
  const [project] = await projects(request, token);
  expect(project).toBeTruthy();
  const { projectId, name } = project as ProjectRow;
  const res = await request.get(`/api/Tasks/projects/${projectId}/tasklists`, { headers: auth(token) });
  const lists = ((await res.json()) as { data: { items: { taskListId: string; taskCount: number }[] } }).data
    .items;
  const list = lists[0];
  expect(list).toBeTruthy();
  const { taskListId, taskCount } = list as { taskListId: string; taskCount: number };
  for (let i = taskCount; i < tasks; i++) {
    const created = await request.post(`/api/Tasks/tasklists/${taskListId}/tasks`, {
      headers: auth(token),
      data: { title: `Long list task ${i + 1}` },
    });
    expect(created.status()).toBe(201);
  }
  return { projectId, name };
}

const params = (page: Page) => new URL(page.url()).searchParams;

for (const [label, viewport] of [
  ['1440 px', DESKTOP],
  ['390 px', PHONE],
] as const) {
  const tag = label === '1440 px' ? 'desktop' : 'phone';

  test.describe(`at ${label}`, () => {
    test.use({ viewport });

    test('13. the project page’s breadcrumbs name the project, linked, under a linked Projects', async ({
      page,
      request,
    }) => {
      const admin = await tokenOf(request, ACCOUNTS.acmeAdmin.email);
      const [project] = await projects(request, admin);
      const { projectId, name } = project as ProjectRow;
      await signIn(page, ACCOUNTS.acmeAdmin.email);
      await page.goto(`/app/project-detail/${projectId}?tab=lists`);
      const crumbs = page.getByRole('navigation', { name: 'breadcrumb' });
      const here = crumbs.getByRole('link', { name });
      await expect(here).toBeVisible();
      await expect(crumbs.getByRole('listitem')).toHaveText(['Dashboard', 'Projects', name]);
      await expect(here).toHaveAttribute('href', `/app/project-detail/${projectId}`);
      await expect(crumbs).not.toContainText('Details');
      await shot(page, `13-breadcrumbs-${tag}`);
      await crumbs.getByRole('link', { name: 'Projects' }).click();
      await expect(page).toHaveURL(/\/app\/project$/);
      await expect(page.getByRole('heading', { name: 'Projects', level: 1 })).toBeVisible();
    });

    test('13. dashboard cards open what they count', async ({ page }) => {
      await signIn(page, ACCOUNTS.acmeEmployee.email);
      const value = page.getByLabel('My open tasks value');
      await expect(value).toHaveText(/^\d+$/);
      const open = Number(await value.textContent());
      await shot(page, `13-dashboard-${tag}`);
      await page.getByRole('link', { name: /My open tasks/ }).click();
      await expect(page).toHaveURL(/\/app\/tasks\?/);
      expect(params(page).getAll('statusNames').length).toBeGreaterThan(0);
      await expect(page.getByText(`${open} ${open === 1 ? 'task' : 'tasks'} assigned to you`)).toBeVisible();

      // Due this week and Overdue open the same tasks they count.
      for (const card of ['Due this week', 'Overdue']) {
        await page.goBack();
        const figure = page.getByLabel(`${card} value`);
        await expect(figure).toHaveText(/^\d+$/);
        const n = Number(await figure.textContent());
        await page.getByRole('link', { name: new RegExp(`^${card}`) }).click();
        await expect(page).toHaveURL(/dueDateTo=/);
        await expect(page.getByText(`${n} ${n === 1 ? 'task' : 'tasks'} assigned to you`)).toBeVisible();
      }

      await page.goBack();
      const firstProject = page.locator('a[href^="/app/project-detail/"]').first();
      const projectName = (await firstProject.textContent()) ?? '';
      await firstProject.click();
      await expect(page).toHaveURL(/\/app\/project-detail\//);
      await expect(page.getByRole('heading', { name: projectName, level: 1 })).toBeVisible();
    });

    test('13. a My Tasks row opens its task; the list’s filters, sort and page survive a reload and Back', async ({
      page,
    }) => {
      await signIn(page, ACCOUNTS.acmeEmployee.email);
      await page.goto('/app/tasks');
      const rows = page.getByTestId('task-row');
      await expect(rows.first()).toBeVisible();
      // The row leads with the task's key (task keys, issue 23), then its title.
      const label = (await rows.first().getByRole('button').first().textContent()) ?? '';
      const [key = '', ...words] = label.split(' ');
      expect(key).toMatch(/^[A-Za-z0-9_-]+-\d+$/);
      const title = words.join(' ');
      // A click beside the title (in its cell, off its button) opens the task too. (The row's other
      // cells are pickers since inline edit, so the last cell is no longer a place beside it.)
      await rows
        .first()
        .locator('td:visible')
        .filter({ hasText: title })
        .click({ position: { x: 3, y: 3 } });
      const drawer = page.getByRole('dialog', { name: 'Task detail' });
      await expect(drawer).toBeVisible();
      await expect(drawer.getByRole('textbox', { name: 'Title', exact: true })).toHaveValue(title);
      await expect(drawer.getByRole('link', { name: key, exact: true })).toBeVisible();
      expect(params(page).get('task')).toBeTruthy();
      await page.keyboard.press('Escape');
      await expect(drawer).toBeHidden();

      // A filter, then a sort: each in the address.
      await page.goto('/app/tasks');
      await page.getByLabel('Search tasks').fill('a');
      await expect.poll(() => params(page).get('search')).toBe('a');
      const sort = page.getByRole('columnheader', { name: 'Due' }).getByRole('button');
      await sort.click();
      await expect.poll(() => params(page).get('sortBy')).toBe('dueDate');
      await sort.click();
      await expect.poll(() => params(page).get('sortOrder')).toBe('desc');

      await page.reload();
      await expect(page.getByLabel('Search tasks')).toHaveValue('a');
      await expect(page.getByRole('columnheader', { name: 'Due' })).toHaveAttribute(
        'aria-sort',
        'descending',
      );

      await page.goBack();
      await expect(page.getByRole('columnheader', { name: 'Due' })).toHaveAttribute('aria-sort', 'ascending');
      expect(params(page).get('search')).toBe('a');
      await page.goForward();
      await expect(page.getByRole('columnheader', { name: 'Due' })).toHaveAttribute(
        'aria-sort',
        'descending',
      );
      await shot(page, `13-my-tasks-${tag}`);
    });

    test('13. a project row of the table opens the project; the view, filters and page are in the address', async ({
      page,
      request,
    }) => {
      const admin = await tokenOf(request, ACCOUNTS.acmeAdmin.email);
      await signIn(page, ACCOUNTS.acmeAdmin.email);
      await page.goto('/app/project');
      await page.getByRole('button', { name: 'Table' }).click();
      await expect.poll(() => params(page).get('view')).toBe('table');
      await page.getByRole('combobox', { name: 'Sort by' }).click();
      await page.getByRole('option', { name: 'Name ↑' }).click();
      await expect.poll(() => params(page).get('sortBy')).toBe('name');
      await page.reload();
      const rows = page.getByTestId('project-row');
      const first = (await projects(request, admin))[0] as ProjectRow;
      await expect(rows.first()).toContainText(first.name);
      // A click on the row's progress cell, not its name link.
      await rows.first().locator('td').nth(2).click();
      await expect(page).toHaveURL(new RegExp(`/app/project-detail/${first.projectId}`));
      await page.goBack();
      await expect(rows.first()).toContainText(first.name);
      expect(params(page).get('view')).toBe('table');
    });

    test('14. lists fill the screen, with a page-size selector kept in the address', async ({
      page,
      request,
    }) => {
      const admin = await tokenOf(request, ACCOUNTS.acmeAdmin.email);
      const all = await projects(request, admin);
      expect(all.length).toBeGreaterThan(5);
      const { projectId } = await projectWithLongList(request, admin, 8);
      await signIn(page, ACCOUNTS.acmeAdmin.email);

      // Projects: every one of the company's projects on the first page, not 5.
      await page.goto('/app/project');
      await expect(page.getByTestId('project-card')).toHaveCount(Math.min(all.length, 24));
      await shot(page, `14-projects-${tag}`);
      const perPage = page.getByRole('combobox', { name: /Per page/ });
      await expect(perPage).toBeVisible();
      await perPage.click();
      await page.getByRole('option', { name: '12', exact: true }).click();
      await expect.poll(() => params(page).get('pageSize')).toBe('12');
      await page.reload();
      await expect(page.getByRole('combobox', { name: /Per page/ })).toHaveText('12');

      // My Tasks: 25 rows a page, and a selector.
      await page.goto('/app/tasks');
      const rows = page.getByTestId('task-row');
      await expect(rows.first()).toBeVisible();
      expect(await rows.count()).toBeGreaterThan(5);
      await page.getByRole('combobox', { name: /Rows per page/ }).click();
      await page.getByRole('option', { name: '10', exact: true }).click();
      await expect(rows).toHaveCount(10);
      await expect.poll(() => params(page).get('pageSize')).toBe('10');
      await page.reload();
      await expect(rows).toHaveCount(10);
      await shot(page, `14-my-tasks-${tag}`);

      // A task list: its 8 tasks on one page, a selector.
      await page.goto(`/app/project-detail/${projectId}?tab=lists`);
      const list = page.getByTestId('task-list').first();
      await expect(list.getByRole('listitem')).toHaveCount(8);
      await expect(list.getByRole('combobox', { name: /Per page/ })).toBeVisible();
      await shot(page, `14-task-lists-${tag}`);
      await list.getByRole('combobox', { name: /Per page/ }).click();
      await page.getByRole('option', { name: '10', exact: true }).click();
      await expect.poll(() => params(page).get('pageSize')).toBe('10');
    });
  });
}
