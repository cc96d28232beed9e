import { expect, test } from '@playwright/test';
import {
  ACCOUNTS,
  createTask,
  expectNoSidewaysScroll,
  expectWithinWidth,
  shot,
  signIn,
  tokenOf,
  webProject,
} from './helpers';

/**
 * Issue 26, dependencies: in the task drawer the admin makes one task block another; the blocked
 * task's card says Blocked (with how many open tasks block it); the reverse dependency is refused
 * with the cycle named; completing the blocker in its drawer clears the card's mark. At 1440x900
 * and at 390x844, with nothing wider than the screen.
 */

const VIEWPORTS = [
  { width: 1440, height: 900 },
  { width: 390, height: 844 },
];

test.describe.configure({ mode: 'serial' });

for (const viewport of VIEWPORTS) {
  test(`a blocker added in the drawer marks the card; a cycle is refused; done clears it (${viewport.width}px)`, async ({
    page,
    request,
  }) => {
    test.setTimeout(120_000);
    await page.setViewportSize(viewport);
    const admin = await tokenOf(request, ACCOUNTS.acmeAdmin.email);
    const { projectId, taskListId } = await webProject(request, admin);
    const stamp = `${viewport.width}-${Date.now() % 100000}`;
    const blocker = await createTask(request, admin, taskListId, `Pour foundation ${stamp}`);
    const waits = await createTask(request, admin, taskListId, `Raise walls ${stamp}`);

    await signIn(page, ACCOUNTS.acmeAdmin.email);
    await page.goto(`/app/project-detail/${projectId}?tab=board&task=${waits.taskId}`);
    const drawer = page.getByRole('dialog', { name: 'Task detail' });
    const section = drawer.getByTestId('task-dependencies');
    await expect(section.getByText('Nothing blocks this task')).toBeVisible();

    // Add the blocker by searching its title.
    await section.getByRole('button', { name: 'Add a blocker' }).click();
    const search = section.getByRole('combobox', { name: 'Add a blocker' });
    await search.fill(`Pour foundation ${stamp}`);
    await page
      .getByRole('option', { name: new RegExp(`${blocker.key}\\s*Pour foundation ${stamp}`) })
      .click();
    const blockedBy = section.getByRole('list', { name: 'Blocked by' });
    await expect(blockedBy.getByRole('listitem')).toHaveCount(1);
    await expect(blockedBy).toContainText(blocker.key);
    await expect(blockedBy).toContainText(`Pour foundation ${stamp}`);
    await expect(drawer.getByRole('img', { name: 'Blocked by 1 open task' })).toBeVisible();
    await section.scrollIntoViewIfNeeded();
    await expectWithinWidth(page, section);
    await expectNoSidewaysScroll(page);
    await shot(page, `issue26-drawer-${viewport.width}`, false);
    await drawer.getByRole('button', { name: 'Close task' }).click();
    await expect(drawer).toBeHidden();

    // The board's card of the waiting task says it is blocked.
    const card = page.locator('.task-card', { hasText: `Raise walls ${stamp}` });
    const mark = card.getByRole('img', { name: 'Blocked by 1 open task' });
    await expect(mark).toBeVisible();
    await mark.scrollIntoViewIfNeeded();
    await expectWithinWidth(page, card);
    await expectNoSidewaysScroll(page);
    await shot(page, `issue26-board-${viewport.width}`, false);

    // The reverse dependency closes a cycle: refused, with the cycle named under the field.
    await page.goto(`/app/project-detail/${projectId}?tab=board&task=${blocker.taskId}`);
    await expect(drawer.getByRole('link', { name: blocker.key, exact: true })).toBeVisible();
    const blockerSection = drawer.getByTestId('task-dependencies');
    await expect(blockerSection.getByRole('list', { name: 'Blocking' })).toContainText(waits.key);
    await blockerSection.getByRole('button', { name: 'Add a blocker' }).click();
    await blockerSection.getByRole('combobox', { name: 'Add a blocker' }).fill(`Raise walls ${stamp}`);
    await page.getByRole('option', { name: new RegExp(`${waits.key}\\s*Raise walls ${stamp}`) }).click();
    const refusal = blockerSection.getByRole('alert');
    await expect(refusal).toHaveText(`This would make a cycle: ${waits.key} → ${blocker.key} → ${waits.key}`);
    await expectWithinWidth(page, refusal);
    await expectNoSidewaysScroll(page);
    await shot(page, `issue26-cycle-${viewport.width}`, false);
    await blockerSection.getByRole('button', { name: 'Cancel' }).click();

    // Completing the blocker in its drawer: the waiting card's mark goes.
    await drawer.getByRole('combobox', { name: 'Status' }).click();
    await page.getByRole('option', { name: 'Completed' }).click();
    await expect(page.getByText('Task Updated Successfully')).toBeVisible();
    await drawer.getByRole('button', { name: 'Close task' }).click();
    await expect(card).toBeVisible();
    await expect(card.getByRole('img', { name: /^Blocked by/ })).toHaveCount(0, { timeout: 15_000 });
    await shot(page, `issue26-done-${viewport.width}`, false);
  });
}
