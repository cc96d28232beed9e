import { expect, test, type Locator, type Page } from '@playwright/test';
import { ACCOUNTS, signIn } from './helpers';

const toast = (page: Page, text: string) => page.getByRole('alert').filter({ hasText: text }).first();

/** Press on a card, move past the drag threshold in small steps, and let go over the target. */
async function dragWithMouse(page: Page, card: Locator, target: Locator) {
  const from = await card.boundingBox();
  const to = await target.boundingBox();
  if (!from || !to) throw new Error('card or column not on screen');
  await page.mouse.move(from.x + from.width / 2, from.y + from.height - 8);
  await page.mouse.down();
  await page.mouse.move(from.x + from.width / 2 + 10, from.y + from.height - 8, { steps: 3 });
  await page.mouse.move(to.x + to.width / 2, to.y + 60, { steps: 12 });
  await page.mouse.move(to.x + to.width / 2, to.y + 64, { steps: 2 });
  await page.mouse.up();
}

test('an admin plans a project: members, a task list, a task with a subtask, the board, documents, My Tasks', async ({
  page,
}) => {
  test.setTimeout(180_000);
  const suffix = `${Date.now() % 100000}`;
  const code = `E2E-${suffix}`;
  const name = `Launch ${suffix}`;
  const title = `Write the launch plan ${suffix}`;

  await signIn(page, ACCOUNTS.acmeAdmin.email);
  await page
    .getByRole('navigation', { name: 'Main navigation' })
    .getByRole('link', { name: 'Projects' })
    .click();
  await expect(page).toHaveURL('/app/project');
  await expect(page.getByRole('list', { name: 'Projects' })).toBeVisible();

  // Create: the dialog checks the fields with the contract's schema, then the project is first.
  await page.getByRole('button', { name: 'New project' }).click();
  const dialog = page.getByRole('dialog', { name: 'New project' });
  await dialog.getByRole('button', { name: 'Create project' }).click();
  await expect(dialog.getByText('Project code is required')).toBeVisible();
  await dialog.getByLabel(/^Code/).fill(code);
  await dialog.getByLabel(/^Project name/).fill(name);
  await dialog.getByLabel('Start date').fill('2026-03-01');
  await dialog.getByLabel('End date').fill('2026-02-01');
  await dialog.getByRole('button', { name: 'Create project' }).click();
  await expect(dialog.getByText('The end date cannot be before the start date')).toBeVisible();
  await dialog.getByLabel('End date').fill('2026-06-30');
  await dialog.getByRole('button', { name: 'Create project' }).click();
  await expect(toast(page, 'Project Created')).toBeVisible();
  await expect(dialog).toBeHidden();

  await page.getByRole('textbox', { name: 'Search projects' }).fill(code);
  const card = page.getByTestId('project-card').filter({ hasText: name });
  await expect(card).toHaveCount(1);
  await card.getByRole('link').first().click();
  await expect(page.getByRole('heading', { name, level: 1 })).toBeVisible();

  // Members: add a colleague, then remove them again; the creator is a member already.
  const members = page.getByRole('list', { name: 'Project members' });
  await expect(members).toContainText('Alice Admin');
  await page.getByLabel('Add a member').fill('Olivia');
  await page.getByRole('option', { name: /Olivia Martin/ }).click();
  await page.getByRole('button', { name: 'Add', exact: true }).click();
  await expect(toast(page, 'Member Added Successfully')).toBeVisible();
  await expect(members).toContainText('Olivia Martin');
  await page.getByRole('button', { name: 'Remove Olivia Martin' }).click();
  await expect(toast(page, 'Member Removed')).toBeVisible();
  await expect(members).not.toContainText('Olivia Martin');

  // A task list, then a task in it: at the front, with the count.
  await page.getByRole('tab', { name: 'Task lists' }).click();
  await page.getByRole('button', { name: 'New task list' }).click();
  const listDialog = page.getByRole('dialog', { name: 'New task list' });
  await listDialog.getByLabel(/^List name/).fill('Sprint 1');
  await listDialog.getByRole('button', { name: 'Create list' }).click();
  await expect(toast(page, 'Task List Created Successfully')).toBeVisible();
  const list = page.getByTestId('task-list').filter({ hasText: 'Sprint 1' });
  await expect(list).toContainText('0 tasks');

  await page.getByRole('button', { name: 'Add task to Sprint 1' }).click();
  const taskDialog = page.getByRole('dialog', { name: 'New task' });
  await taskDialog.getByLabel(/^Title/).fill(title);
  await taskDialog.getByLabel('Assignees').click();
  await page.getByRole('option', { name: 'Alice Admin' }).click();
  await taskDialog.getByRole('button', { name: 'Create task' }).click();
  await expect(toast(page, 'Task Created Successfully')).toBeVisible();
  await expect(list).toContainText('1 task');
  await expect(list.getByRole('list', { name: 'Tasks of Sprint 1' })).toContainText(title);

  // The task detail opens from the list at ?task=…; a subtask, completed, rolls progress up.
  // The row's own button reads '<key> <title>' (its pickers and the title's edit button name it too).
  await list.getByRole('button', { name: new RegExp(`^\\S+ ${title}$`) }).click();
  await expect(page).toHaveURL(/[?&]task=/);
  const drawer = page.getByRole('presentation').filter({ has: page.getByLabel('Close task') });
  await drawer.getByRole('textbox', { name: 'New subtask title' }).fill('Draft the outline');
  await drawer.getByRole('button', { name: 'Add', exact: true }).click();
  await expect(toast(page, 'Subtask Created Successfully')).toBeVisible();
  await expect(drawer.getByRole('list', { name: 'Subtasks' })).toContainText('Draft the outline');
  await drawer.getByRole('checkbox', { name: 'Complete Draft the outline' }).check();
  await expect(drawer.getByText('100% done')).toBeVisible();
  await drawer.getByRole('button', { name: 'Close task' }).click();
  await expect(page).not.toHaveURL(/[?&]task=/);

  // The board: with the mouse from Not Started to In Progress, then with the keyboard to In Review.
  await page.getByRole('tab', { name: 'Board' }).click();
  const column = (status: string) => page.getByRole('group', { name: `${status} column` });
  const boardCard = page.getByTestId('board-card').filter({ hasText: title });
  await expect(column('Not Started').getByTestId('board-card').filter({ hasText: title })).toBeVisible();
  await dragWithMouse(page, boardCard, column('In Progress'));
  await expect(column('In Progress').getByTestId('board-card').filter({ hasText: title })).toBeVisible();
  await expect(toast(page, `Moved “${title}” to In Progress`)).toBeVisible();

  // At a person's pace: the sensor measures the columns after the lift, before the first arrow.
  await boardCard.focus();
  await page.keyboard.press('Space');
  await page.waitForTimeout(300);
  await page.keyboard.press('ArrowRight');
  await page.waitForTimeout(300);
  await page.keyboard.press('Space');
  await expect(column('In Review').getByTestId('board-card').filter({ hasText: title })).toBeVisible();
  await page.reload();
  await expect(column('In Review').getByTestId('board-card').filter({ hasText: title })).toBeVisible();

  // Documents: upload, then delete.
  await page.getByRole('tab', { name: 'Documents' }).click();
  await page.getByLabel('Project document file').setInputFiles({
    name: 'launch-notes.txt',
    mimeType: 'text/plain',
    buffer: Buffer.from('Launch notes\n'),
  });
  await expect(toast(page, 'Document uploaded successfully')).toBeVisible();
  const docs = page.getByRole('list', { name: 'Project documents' });
  await expect(docs).toContainText('launch-notes.txt');
  await page.getByRole('button', { name: 'Delete launch-notes.txt' }).click();
  await page
    .getByRole('dialog', { name: 'Delete document?' })
    .getByRole('button', { name: 'Delete' })
    .click();
  await expect(toast(page, 'Document Deleted Successfully')).toBeVisible();
  await expect(page.getByText('launch-notes.txt')).toBeHidden();

  // My Tasks: the task assigned to the admin is there, in its new status.
  await page
    .getByRole('navigation', { name: 'Main navigation' })
    .getByRole('link', { name: 'Tasks', exact: true })
    .click();
  await expect(page).toHaveURL('/app/tasks');
  await page.getByRole('textbox', { name: 'Search tasks' }).fill(suffix);
  const rows = page.getByRole('table', { name: 'My tasks' }).getByTestId('task-row');
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText(title);
  await expect(rows.first()).toContainText('In Review');
  await expect(rows.first()).toContainText(name);
});

// Issue 23, defect 14: a page of My Tasks is 25 rows (five left most of the screen empty).
test('My Tasks shows the demo workload as a list of 25 a page and as a board', async ({ page }) => {
  await signIn(page, ACCOUNTS.acmeEmployee.email);
  await page
    .getByRole('navigation', { name: 'Main navigation' })
    .getByRole('link', { name: 'Tasks', exact: true })
    .click();
  const rows = page.getByRole('table', { name: 'My tasks' }).getByTestId('task-row');
  await expect(rows.first()).toBeVisible();
  expect(await rows.count()).toBeLessThanOrEqual(25);
  await page.getByRole('tab', { name: 'Board' }).click();
  await expect(page).toHaveURL(/view=board/);
  await expect(page.getByRole('region', { name: 'My tasks board' })).toBeVisible();
  await expect(page.getByTestId('board-card').first()).toBeVisible();
});
