import { expect, test, type Page } from '@playwright/test';
import { ACCOUNTS, signIn } from './helpers';

const toast = (page: Page, text: string) => page.getByRole('alert').filter({ hasText: text }).first();

test('on a demo task, an admin comments with a mention and sees the status change in the timeline', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const note = `Ready for review ${Date.now() % 100000}`;

  await signIn(page, ACCOUNTS.acmeAdmin.email);
  await page
    .getByRole('navigation', { name: 'Main navigation' })
    .getByRole('link', { name: 'Projects' })
    .click();
  await page.getByRole('textbox', { name: 'Search projects' }).fill('WEB');
  const card = page.getByTestId('project-card').filter({ hasText: 'Website Redesign' });
  await card.getByRole('link').first().click();
  await expect(page.getByRole('heading', { name: 'Website Redesign', level: 1 })).toBeVisible();
  await page.getByRole('tab', { name: 'Task lists' }).click();
  const firstTask = page
    .getByTestId('task-list')
    .first()
    .getByRole('listitem')
    .first()
    .getByRole('button')
    .first();
  await firstTask.click();
  await expect(page).toHaveURL(/[?&]task=/);
  const drawer = page.getByRole('presentation').filter({ has: page.getByLabel('Close task') });
  const timeline = drawer.getByRole('list', { name: 'Timeline' });
  await expect(drawer.getByText('Timeline', { exact: true })).toBeVisible();

  // A comment with a mention: `@` opens the picker of the company's people.
  const box = drawer.getByRole('textbox', { name: 'Comment' });
  await box.fill(`${note} `);
  await box.press('@');
  const picker = page.getByRole('combobox', { name: 'Mention someone' });
  await picker.fill('Olivia');
  await page.getByRole('option', { name: 'Olivia Martin' }).click();
  await expect(drawer.getByText('Mentions: Olivia Martin')).toBeVisible();
  await drawer.getByRole('button', { name: 'Comment', exact: true }).click();
  await expect(toast(page, 'Comment Posted Successfully')).toBeVisible();
  const comment = timeline
    .getByRole('listitem', { name: 'Comment by Alice Admin' })
    .filter({ hasText: note });
  await expect(comment).toBeVisible();
  await expect(comment.getByText('@Olivia Martin')).toBeVisible();
  await expect(box).toHaveValue('');

  // Change the status in the drawer: the activity line follows under the comment.
  const status = drawer.getByRole('combobox', { name: 'Status' });
  const before = (await status.textContent())?.trim() ?? '';
  await status.click();
  const options = page.getByRole('listbox').getByRole('option');
  const names = (await options.allTextContents()).map((t) => t.trim());
  const after = names.find((n) => n !== before && n !== 'Completed' && n !== 'Cancelled') ?? '';
  await options.filter({ hasText: after }).first().click();
  await expect(timeline).toContainText(`Alice Admin changed status from ${before} to ${after}`);
  const lines = await timeline.locator(':scope > li').allTextContents();
  expect(lines.findIndex((l) => l.includes(note))).toBeLessThan(
    lines.findIndex((l) => l.includes(`changed status from ${before} to ${after}`)),
  );

  // The comment survives a reload, with the mention shown by name.
  await page.reload();
  await expect(
    page.getByRole('listitem', { name: 'Comment by Alice Admin' }).filter({ hasText: note }),
  ).toContainText('@Olivia Martin');
});

test("on a demo project's Discussion tab, an admin comments with a mention and sees it after a reload", async ({
  page,
}) => {
  test.setTimeout(120_000);
  const note = `Kick-off notes ${Date.now() % 100000}`;

  await signIn(page, ACCOUNTS.acmeAdmin.email);
  await page
    .getByRole('navigation', { name: 'Main navigation' })
    .getByRole('link', { name: 'Projects' })
    .click();
  await page.getByRole('textbox', { name: 'Search projects' }).fill('WEB');
  const card = page.getByTestId('project-card').filter({ hasText: 'Website Redesign' });
  await card.getByRole('link').first().click();
  await expect(page.getByRole('heading', { name: 'Website Redesign', level: 1 })).toBeVisible();
  await page.getByRole('tab', { name: 'Discussion' }).click();
  await expect(page).toHaveURL(/[?&]tab=discussion/);

  const box = page.getByRole('textbox', { name: 'Comment' });
  await box.fill(`${note} `);
  await box.press('@');
  await page.getByRole('combobox', { name: 'Mention someone' }).fill('Olivia');
  await page.getByRole('option', { name: 'Olivia Martin' }).click();
  await expect(page.getByText('Mentions: Olivia Martin')).toBeVisible();
  await page.getByRole('button', { name: 'Comment', exact: true }).click();
  await expect(toast(page, 'Comment Posted Successfully')).toBeVisible();
  const discussion = page.getByRole('list', { name: 'Discussion' });
  const comment = discussion
    .getByRole('listitem', { name: 'Comment by Alice Admin' })
    .filter({ hasText: note });
  await expect(comment).toContainText('@Olivia Martin');
  await expect(box).toHaveValue('');
  // Newest last.
  await expect(discussion.locator(':scope > li').last()).toContainText(note);

  // The address keeps the tab: after a reload the comment is there, the mention shown by name.
  await page.reload();
  await expect(page.getByRole('tab', { name: 'Discussion' })).toHaveAttribute('aria-selected', 'true');
  const again = page
    .getByRole('list', { name: 'Discussion' })
    .getByRole('listitem', { name: 'Comment by Alice Admin' })
    .filter({ hasText: note });
  await expect(again).toContainText('@Olivia Martin');
  await expect(again).not.toContainText('@[');
});
