import { expect, test, type Page } from '@playwright/test';
import { ACCOUNTS, expectNoSidewaysScroll, shot, signIn, tokenOf } from './helpers';

/**
 * Issue 24: All Tasks (every task of the company, for holders of task:read:all) and personal
 * to-dos (a user's own tasks outside every project, in My Tasks, seen by no one else).
 */
const DESKTOP = { width: 1440, height: 900 };
const PHONE = { width: 390, height: 844 };

/** Opens an entry of the sidebar (on a phone, the drawer first). */
async function navigate(page: Page, phone: boolean, name: string) {
  if (phone) await page.getByRole('button', { name: 'Toggle navigation' }).click();
  await page
    .getByRole('navigation', { name: 'Main navigation' })
    .getByRole('link', { name, exact: true })
    .click();
}

/** Nothing sticks out sideways: no control is cut off at the screen's edge. */
/** The number in a list's subtitle ("160 tasks across the company"). */
async function countIn(page: Page, pattern: RegExp): Promise<number> {
  const text = (await page.getByText(pattern).textContent()) ?? '';
  return Number(/\d+/.exec(text)?.[0] ?? NaN);
}

for (const [label, viewport] of [
  ['1440 px', DESKTOP],
  ['390 px', PHONE],
] as const) {
  const phone = label === '390 px';
  const tag = phone ? 'phone' : 'desktop';

  /** The Project column's place in the table (a selection checkbox may come first). */
  async function projectColumn(page: Page): Promise<number> {
    const headers = await page.locator('thead th').allTextContents();
    const at = headers.findIndex((h) => h.trim() === 'Project');
    expect(at, `a Project column among ${headers.join(' | ')}`).toBeGreaterThanOrEqual(0);
    return at + 1;
  }

  test.describe(`at ${label}`, () => {
    test.use({ viewport });
    // Two sign-ins and a dozen screens a journey: room for a machine shared with other runs.
    test.slow();

    test('an admin opens All Tasks, sees tasks of several projects and filters by one', async ({ page }) => {
      await signIn(page, ACCOUNTS.acmeAdmin.email);
      await navigate(page, phone, 'All Tasks');
      await expect(page).toHaveURL('/app/all-tasks');
      await expect(page.getByRole('heading', { name: 'All tasks', level: 1 })).toBeVisible();
      const rows = page.getByTestId('task-row');
      await expect(rows.first()).toBeVisible();
      const everything = await countIn(page, /tasks? across the company/);
      expect(everything).toBeGreaterThan(25);

      // A screenful, sorted by due date: tasks of several projects.
      await page.goto('/app/all-tasks?sortBy=dueDate&pageSize=50');
      await expect(rows).toHaveCount(50);
      if (!phone) {
        const projects = new Set(
          await rows.locator(`td:nth-child(${await projectColumn(page)})`).allTextContents(),
        );
        expect(projects.size).toBeGreaterThan(1);
      }
      await expectNoSidewaysScroll(page);
      await shot(page, `issue24-all-tasks-${tag}`);

      // The project filter narrows the list to one project, and the address keeps it.
      await page.getByRole('combobox', { name: 'Project' }).click();
      await page.getByRole('option', { name: 'Mobile App Launch' }).click();
      await expect.poll(() => new URL(page.url()).searchParams.get('projectId')).toBeTruthy();
      await expect.poll(() => countIn(page, /tasks? across the company/)).toBeLessThan(everything);
      const one = await countIn(page, /tasks? across the company/);
      expect(one).toBeGreaterThan(0);
      if (!phone) {
        const projects = new Set(
          await rows.locator(`td:nth-child(${await projectColumn(page)})`).allTextContents(),
        );
        expect([...projects]).toEqual(['Mobile App Launch']);
      }
      // A row opens its task.
      await rows.first().getByRole('button').first().click();
      await expect(page.getByRole('dialog', { name: 'Task detail' })).toBeVisible();
      await expect(page.getByRole('dialog', { name: 'Task detail' })).toContainText('Mobile App Launch');
      await expectNoSidewaysScroll(page);
      await shot(page, `issue24-all-tasks-filtered-${tag}`);
    });

    test('an employee keeps a personal to-do in My Tasks; the admin sees it nowhere', async ({
      page,
      browser,
      request,
    }) => {
      const title = `Pick up the dry cleaning ${tag} ${Date.now()}`;
      await signIn(page, ACCOUNTS.acmeEmployee.email);
      // No All Tasks for an Employee (no task:read:all).
      if (phone) await page.getByRole('button', { name: 'Toggle navigation' }).click();
      const nav = page.getByRole('navigation', { name: 'Main navigation' });
      await expect(nav.getByRole('link', { name: 'Tasks', exact: true })).toBeVisible();
      await expect(nav.getByRole('link', { name: 'All Tasks' })).toHaveCount(0);
      await nav.getByRole('link', { name: 'Tasks', exact: true }).click();
      await expect(page.getByRole('heading', { name: 'My tasks', level: 1 })).toBeVisible();

      await page.getByRole('button', { name: 'Add to-do' }).click();
      const dialog = page.getByRole('dialog', { name: 'New personal to-do' });
      await dialog.getByLabel(/^Title/).fill(title);
      await dialog.getByLabel('Due date').fill('2030-06-15');
      await dialog.getByRole('combobox', { name: 'Priority' }).click();
      await page.getByRole('option', { name: 'High' }).click();
      await dialog.getByRole('button', { name: 'Add to-do' }).click();
      await expect(dialog).toBeHidden();

      const row = page.getByTestId('todo-row').filter({ hasText: title });
      await expect(row).toBeVisible();
      await expect(row.getByText('Personal', { exact: true })).toBeVisible();
      await expect(row.getByText(/Due Jun 15, 2030/).filter({ visible: true })).toBeVisible();
      await expectNoSidewaysScroll(page);
      await shot(page, `issue24-todo-added-${tag}`);

      await row.getByRole('checkbox', { name: `Complete ${title}` }).check();
      await expect(row.getByRole('checkbox', { name: `Reopen ${title}` })).toBeChecked();
      // Still done after a reload: the server kept it.
      await page.reload();
      await expect(
        page
          .getByTestId('todo-row')
          .filter({ hasText: title })
          .getByRole('checkbox', { name: `Reopen ${title}` }),
      ).toBeChecked();
      await shot(page, `issue24-todo-done-${tag}`);

      // The admin, in a browser of their own: not in their My Tasks, not in All Tasks, not in the audit log.
      const context = await browser.newContext({ viewport });
      const admin = await context.newPage();
      try {
        await signIn(admin, ACCOUNTS.acmeAdmin.email);
        await navigate(admin, phone, 'Tasks');
        await expect(admin.getByRole('heading', { name: 'My tasks', level: 1 })).toBeVisible();
        await expect(admin.getByRole('heading', { name: 'Personal to-dos' })).toBeVisible();
        await expect(admin.getByTestId('task-row').first()).toBeVisible();
        await expect(admin.getByText(title)).toHaveCount(0);
        await navigate(admin, phone, 'All Tasks');
        await expect(admin.getByRole('heading', { name: 'All tasks', level: 1 })).toBeVisible();
        await admin.getByRole('textbox', { name: 'Search tasks' }).fill('dry cleaning');
        await expect(admin.getByText('No tasks match these filters')).toBeVisible();
        await navigate(admin, phone, 'Audit log');
        await expect(admin.getByRole('heading', { name: 'Audit log' })).toBeVisible();
        await expect(admin.getByText(title)).toHaveCount(0);
      } finally {
        await context.close();
      }
      // And through the API: the admin's to-dos and every task of the company leave it out.
      const token = await tokenOf(request, ACCOUNTS.acmeAdmin.email);
      const headers = { Authorization: `Bearer ${token}` };
      const todos = await request.get('/api/Todos?pageSize=200&search=dry%20cleaning', { headers });
      expect(((await todos.json()) as { data: { totalCount: number } }).data.totalCount).toBe(0);
      const all = await request.get('/api/Tasks/all?search=dry%20cleaning', { headers });
      expect(((await all.json()) as { data: { totalCount: number } }).data.totalCount).toBe(0);
    });
  });
}
