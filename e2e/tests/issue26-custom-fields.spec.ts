import { expect, test } from '@playwright/test';
import {
  ACCOUNTS,
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
 * Issue 26, custom fields: the admin defines a single-select field on the company page, enables it
 * on the Website Redesign project from its edit dialog, sets a task's value in the drawer, sees it
 * as a column of the project's lists, and filters the lists, then the board, by it (kept in the URL). At 1440x900
 * and 390x844, with nothing wider than the screen and no serious accessibility violation.
 */

const VIEWPORTS = [
  { width: 1440, height: 900 },
  { width: 390, height: 844 },
];

test.describe.configure({ mode: 'serial' });

for (const viewport of VIEWPORTS) {
  test(`a field defined, enabled on a project, set in the drawer, shown as a column and filtered by (${viewport.width}px)`, async ({
    page,
    request,
  }) => {
    test.setTimeout(150_000);
    await page.setViewportSize(viewport);
    const admin = await tokenOf(request, ACCOUNTS.acmeAdmin.email);
    const { projectId, taskListId } = await webProject(request, admin);
    const stamp = `${viewport.width}-${Date.now() % 100000}`;
    const fieldName = `Risk ${stamp}`;
    const valued = await createTask(request, admin, taskListId, `Check hosting ${stamp}`);
    const other = await createTask(request, admin, taskListId, `Write copy ${stamp}`);

    // Define the field on the company page.
    await signIn(page, ACCOUNTS.acmeAdmin.email);
    await page.goto('/app/company');
    const card = page.getByRole('list', { name: 'Custom fields' }).or(page.getByText('No custom fields yet'));
    await expect(card.first()).toBeVisible();
    await page.getByRole('button', { name: 'Add field' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('textbox', { name: 'Name' }).fill(fieldName);
    await dialog.getByRole('combobox', { name: 'Type' }).click();
    await page.getByRole('option', { name: 'Single select' }).click();
    await dialog.getByRole('textbox', { name: 'Options' }).fill('Low\nHigh');
    await dialog.getByRole('switch', { name: 'Show on cards' }).check();
    await shot(page, `issue26-fields-dialog-${viewport.width}`);
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('Field added')).toBeVisible();
    const fields = page.getByRole('list', { name: 'Custom fields' });
    await expect(fields.getByText(fieldName)).toBeVisible();
    await fields.getByText(fieldName).scrollIntoViewIfNeeded();
    await expectNoSidewaysScroll(page);
    await expectAccessible(page);
    await shot(page, `issue26-fields-card-${viewport.width}`);

    // Enable it on the project from its edit dialog.
    await page.goto(`/app/project-detail/${projectId}`);
    await page.getByRole('button', { name: 'Edit', exact: true }).click();
    const edit = page.getByRole('dialog');
    const box = edit.getByRole('checkbox', { name: `${fieldName} (Single select)` });
    await box.scrollIntoViewIfNeeded();
    await box.check();
    await expect(page.getByText('Fields saved')).toBeVisible();
    await expect(box).toBeChecked();
    await expectWithinWidth(page, box);
    await shot(page, `issue26-fields-project-${viewport.width}`);
    await edit.getByRole('button', { name: 'Cancel' }).click();
    await expect(edit).toBeHidden();

    // Set the task's value in the drawer.
    await page.goto(`/app/project-detail/${projectId}?tab=lists&task=${valued.taskId}`);
    const drawer = page.getByRole('dialog', { name: 'Task detail' });
    const section = drawer.getByRole('region', { name: 'Custom fields' });
    const risk = section.getByRole('combobox', { name: fieldName });
    await risk.scrollIntoViewIfNeeded();
    await risk.click();
    await page.getByRole('option', { name: 'High' }).click();
    await expect(risk).toHaveText('High');
    await expectWithinWidth(page, section);
    await expectNoSidewaysScroll(page);
    await shot(page, `issue26-fields-drawer-${viewport.width}`);
    await drawer.getByRole('button', { name: 'Close task' }).click();
    await expect(drawer).toBeHidden();

    // The list shows the value as the field's column.
    const row = page.getByTestId('list-task-row').filter({ hasText: `Check hosting ${stamp}` });
    const cell = row.getByTestId('custom-field-cell').filter({ hasText: fieldName });
    await expect(cell).toContainText('High');
    await expectWithinWidth(page, row);

    // Filter the lists by the field: only the task holding High is left, and the URL keeps it.
    const bar = page.getByRole('group', { name: 'Custom fields' });
    await bar.getByRole('combobox', { name: 'Custom field' }).click();
    await page.getByRole('option', { name: fieldName }).click();
    await bar.getByRole('combobox', { name: 'Value' }).click();
    await page.getByRole('option', { name: 'High' }).click();
    await expect(page).toHaveURL(/[?&]cf=/);
    await expect(page.getByTestId('list-task-row').filter({ hasText: `Write copy ${stamp}` })).toHaveCount(0);
    await expect(row).toBeVisible();
    await expectNoSidewaysScroll(page);
    await expectAccessible(page);
    await shot(page, `issue26-fields-filtered-${viewport.width}`);

    // A reload keeps the filter (the whole page loads again: more time on a loaded machine).
    await page.reload();
    await expect(page.getByRole('combobox', { name: 'Value' })).toHaveText('High', { timeout: 30_000 });
    await expect(page.getByTestId('list-task-row').filter({ hasText: `Check hosting ${stamp}` })).toBeVisible(
      { timeout: 30_000 },
    );
    await expect(page.getByTestId('list-task-row').filter({ hasText: `Write copy ${stamp}` })).toHaveCount(0);
    expect(other.taskId).not.toBe(valued.taskId);
    const cf = new URL(page.url()).searchParams.get('cf');
    expect(cf).toMatch(/^[0-9a-f-]{36}:/);

    // The board filters by the field too, from its own filter bar (a dialog on a phone), same `cf`.
    const phone = viewport.width < 600;
    await page.goto(`/app/project-detail/${projectId}?tab=board`);
    const cards = page.locator('.task-card__title');
    await expect(cards.filter({ hasText: `Write copy ${stamp}` })).toHaveCount(1, { timeout: 30_000 });
    if (phone) await page.getByRole('button', { name: /^Filters/ }).click();
    const filters = phone
      ? page.getByRole('dialog', { name: 'Filters' })
      : page.getByRole('search', { name: 'Board filters' });
    await filters.getByRole('combobox', { name: 'Custom field' }).click();
    await page.getByRole('option', { name: fieldName }).click();
    await filters.getByRole('combobox', { name: 'Value' }).click();
    await page.getByRole('option', { name: 'High' }).click();
    await expect.poll(() => new URL(page.url()).searchParams.get('cf')).toBe(cf);
    await expectWithinWidth(page, filters.getByRole('combobox', { name: 'Value' }));
    await expectAccessible(page);
    await shot(page, `issue26-fields-board-filter-${viewport.width}`);
    if (phone) await filters.getByRole('button', { name: 'Done' }).click();
    await expect(cards.filter({ hasText: `Write copy ${stamp}` })).toHaveCount(0);
    await expect(cards.filter({ hasText: `Check hosting ${stamp}` })).toHaveCount(1);
    await expect(page.getByTestId('board-hidden-count')).toBeVisible();
    await expectNoSidewaysScroll(page);
  });
}
