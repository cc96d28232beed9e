import { expect, test } from '@playwright/test';
import {
  ACCOUNTS,
  auth,
  expectAccessible,
  expectNoSidewaysScroll,
  shot,
  signIn,
  tokenOf,
  webProject,
} from './helpers';

/**
 * Issue 26, recurring tasks: in the task drawer the admin makes a task (with a subtask) repeat
 * weekly on Monday and Thursday; the card shows the repeat mark; completing the task in its drawer
 * makes the scheduler's job create the next occurrence, due the Thursday after, with its subtask,
 * which appears on the board. At 1440x900 and at 390x844, with nothing wider than the screen and no
 * serious accessibility violation in the repeat dialog.
 */

const VIEWPORTS = [
  { width: 1440, height: 900 },
  { width: 390, height: 844 },
];

/** A Monday at least a week ahead (UTC calendar), as YYYY-MM-DD, and the Thursday after it. */
function nextMondayAndThursday(): { monday: string; thursday: string } {
  const d = new Date();
  d.setUTCDate(d.getUTCDate() + 7 + ((8 - d.getUTCDay()) % 7));
  const monday = d.toISOString().slice(0, 10);
  d.setUTCDate(d.getUTCDate() + 3);
  return { monday, thursday: d.toISOString().slice(0, 10) };
}

type ListedTask = { taskId: string; title: string; dueDate: string | null; statusName: string | null };

test.describe.configure({ mode: 'serial' });

for (const viewport of VIEWPORTS) {
  test(`a weekly task completed gets its next occurrence, with its subtask (${viewport.width}px)`, async ({
    page,
    request,
  }) => {
    test.setTimeout(150_000);
    await page.setViewportSize(viewport);
    const admin = await tokenOf(request, ACCOUNTS.acmeAdmin.email);
    const { projectId, taskListId } = await webProject(request, admin);
    const { monday, thursday } = nextMondayAndThursday();
    const title = `Water the plants ${viewport.width}-${Date.now() % 100000}`;
    const created = await request.post(`/api/Tasks/tasklists/${taskListId}/tasks`, {
      headers: auth(admin),
      data: { title, dueDate: monday },
    });
    expect(created.status()).toBe(201);
    const first = ((await created.json()) as { data: { taskId: string } }).data;
    const sub = await request.post(`/api/tasks/${first.taskId}/subtasks`, {
      headers: auth(admin),
      data: { title: 'Refill the can' },
    });
    expect(sub.status()).toBe(201);

    await signIn(page, ACCOUNTS.acmeAdmin.email);
    await page.goto(`/app/project-detail/${projectId}?tab=board&task=${first.taskId}`);
    const drawer = page.getByRole('dialog', { name: 'Task detail' });
    const repeat = drawer.getByRole('region', { name: 'Repeat' });
    await expect(repeat.getByTestId('repeat-summary')).toHaveText('Does not repeat');

    // Weekly: Monday (the due date's day) is chosen; Thursday is added.
    await repeat.getByRole('button', { name: 'Set repeat' }).click();
    const dialog = page.getByRole('dialog', { name: 'Repeat this task' });
    await expect(dialog.getByRole('combobox', { name: 'Repeats' })).toHaveText('Weekly on…');
    await expect(dialog.getByRole('button', { name: 'Monday' })).toHaveAttribute('aria-pressed', 'true');
    await dialog.getByRole('button', { name: 'Thursday' }).click();
    await expect(dialog.getByTestId('repeat-preview')).toHaveText('Every week on Mon, Thu');
    await expectNoSidewaysScroll(page);
    await expectAccessible(page, '[role="dialog"]');
    await shot(page, `issue26-repeat-dialog-${viewport.width}`, false);
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(dialog).toBeHidden();
    await expect(repeat.getByTestId('repeat-summary')).toHaveText('Every week on Mon, Thu');
    await expect(repeat).toContainText('created when this one is completed');
    await repeat.scrollIntoViewIfNeeded();
    await expectNoSidewaysScroll(page);
    await shot(page, `issue26-repeat-drawer-${viewport.width}`, false);

    // Completed in its drawer: the scheduler's job makes the next occurrence.
    await drawer.getByRole('combobox', { name: 'Status' }).click();
    await page.getByRole('option', { name: 'Completed' }).click();
    await expect(page.getByText('Task Updated Successfully')).toBeVisible();
    await drawer.getByRole('button', { name: 'Close task' }).click();
    await expect(drawer).toBeHidden();

    const listed = async () => {
      const res = await request.get(
        `/api/Tasks/projects/${projectId}/tasks?search=${encodeURIComponent(title)}&pageSize=50`,
        { headers: auth(admin) },
      );
      return ((await res.json()) as { data: { items: ListedTask[] } }).data.items.filter(
        (t) => t.title === title,
      );
    };
    await expect.poll(async () => (await listed()).length, { timeout: 30_000 }).toBe(2);
    const next = (await listed()).find((t) => t.taskId !== first.taskId);
    expect(next).toMatchObject({ dueDate: thursday });

    // The board shows both cards with the repeat mark, the new one without a reload.
    const cards = page.locator('.task-card', { hasText: title });
    await expect(cards).toHaveCount(2, { timeout: 20_000 });
    await expect(cards.getByRole('img', { name: 'Repeats' })).toHaveCount(2);
    await cards.last().scrollIntoViewIfNeeded();
    await expectNoSidewaysScroll(page);
    await shot(page, `issue26-repeat-board-${viewport.width}`, false);

    // The next occurrence: due the Thursday after, its subtask copied, the same repeat.
    await page.goto(`/app/project-detail/${projectId}?tab=board&task=${next?.taskId ?? ''}`);
    await expect(drawer.getByLabel('Due date')).toHaveValue(thursday);
    await expect(drawer.getByText('Subtasks (1)')).toBeVisible();
    await expect(drawer.getByText('Refill the can')).toBeVisible();
    await expect(drawer.getByRole('region', { name: 'Repeat' }).getByTestId('repeat-summary')).toHaveText(
      'Every week on Mon, Thu',
    );
    await expectNoSidewaysScroll(page);
    await shot(page, `issue26-repeat-next-${viewport.width}`, false);
  });
}
