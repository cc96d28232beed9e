import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { ACCOUNTS, PASSWORD, signIn } from './helpers';

/**
 * Live updates (issue 13): two people of one company on the same project board, in two browsers.
 * What one changes, the other sees without reloading: a card moved to another column, a comment
 * that mentions them, and their bell's unread count rising.
 */

/** The unread count the header's bell announces (its accessible name). */
// Found by its label rather than its role: while the task drawer is open the header is hidden from
// the accessibility tree (the drawer is modal), but the count is still there to read.
const bellOf = (page: Page) => page.locator('header button[aria-label^="Notifications"]');

async function unreadOf(page: Page): Promise<number> {
  const bell = bellOf(page);
  const name = (await bell.getAttribute('aria-label')) ?? '';
  return Number(/(\d+) unread/.exec(name)?.[1] ?? 0);
}

async function apiToken(request: APIRequestContext, email: string): Promise<string> {
  const res = await request.post('/api/auth/login', { data: { email, password: PASSWORD } });
  expect(res.ok()).toBe(true);
  return ((await res.json()) as { data: { token: string } }).data.token;
}

/** A fresh task in the first list of the demo's Website Redesign project (Not Started, top of its column). */
async function freshTask(request: APIRequestContext, title: string) {
  const headers = { authorization: `Bearer ${await apiToken(request, ACCOUNTS.acmeAdmin.email)}` };
  const list = await request.get('/api/Project?search=WEB', { headers });
  const projects = ((await list.json()) as { data: { items: { projectId: string; code: string }[] } }).data
    .items;
  const project = projects.find((p) => p.code === 'WEB');
  if (!project) throw new Error('no demo project WEB');
  const detail = await request.get(`/api/Project/${project.projectId}`, { headers });
  const lists = ((await detail.json()) as { data: { taskLists: { taskListId: string }[] } }).data.taskLists;
  const first = lists[0];
  if (!first) throw new Error('no task list in WEB');
  const created = await request.post(`/api/Tasks/tasklists/${first.taskListId}/tasks`, {
    headers,
    data: { title },
  });
  expect(created.status()).toBe(201);
  const taskId = ((await created.json()) as { data: { taskId: string } }).data.taskId;
  return { projectId: project.projectId, taskId };
}

const column = (page: Page, status: string) => page.getByRole('group', { name: `${status} column` });
const cardIn = (page: Page, status: string, title: string) =>
  column(page, status).getByTestId('board-card').filter({ hasText: title });

test('a card moved and a comment posted by one user show on the other user’s open board', async ({
  browser,
  request,
}) => {
  test.setTimeout(120_000);
  const title = `Live card ${Date.now() % 100000}`;
  const { projectId, taskId } = await freshTask(request, title);

  // The watcher starts with nothing unread, so the bell's count can only rise from the mention.
  const managerToken = await apiToken(request, ACCOUNTS.acmeManager.email);
  const readAll = await request.put('/api/Notifications/read-all', {
    headers: { authorization: `Bearer ${managerToken}` },
  });
  expect(readAll.ok()).toBe(true);

  const mover = await (await browser.newContext()).newPage();
  const watcher = await (await browser.newContext()).newPage();
  await signIn(mover, ACCOUNTS.acmeAdmin.email);
  await signIn(watcher, ACCOUNTS.acmeManager.email);
  const board = `/app/project-detail/${projectId}?tab=board`;
  await mover.goto(board);
  await watcher.goto(board);
  await expect(cardIn(mover, 'Not Started', title)).toBeVisible();
  await expect(cardIn(watcher, 'Not Started', title)).toBeVisible();
  // Both streams are open once the pages loaded; give the watcher's a moment to say ready.
  await watcher.waitForTimeout(500);
  let reloads = 0;
  watcher.on('load', () => reloads++);
  // What the watcher reads for the move (issue 28): the task once, not its whole board again.
  const boardPath = `/api/Tasks/projects/${projectId}/board`;
  const reads = { board: 0, task: 0 };
  watcher.on('request', (r) => {
    const path = new URL(r.url()).pathname;
    if (r.method() !== 'GET') return;
    if (path === boardPath) reads.board++;
    if (path === `/api/Tasks/${taskId}`) reads.task++;
  });

  // The mover takes the card to the next column with the keyboard.
  await mover.getByTestId('board-card').filter({ hasText: title }).focus();
  await mover.keyboard.press('Space');
  await mover.waitForTimeout(300);
  await mover.keyboard.press('ArrowRight');
  await mover.waitForTimeout(300);
  await mover.keyboard.press('Space');
  await expect(cardIn(mover, 'Open', title)).toBeVisible();
  await expect(cardIn(watcher, 'Open', title)).toBeVisible({ timeout: 5000 });
  await expect(cardIn(watcher, 'Not Started', title)).toHaveCount(0);
  // The watcher's board followed from one read of the task; its columns were not read again (nor
  // later: the rest of what the move made stale refreshes after the card moved).
  expect(reads.task).toBeGreaterThanOrEqual(1);
  await watcher.waitForTimeout(1000);
  expect(reads.board).toBe(0);

  // The watcher opens the task; the mover comments on it.
  await watcher.goto(`${board}&task=${taskId}`);
  const watcherTimeline = watcher.getByRole('list', { name: 'Timeline' });
  await expect(watcherTimeline).toBeVisible();
  reloads = 0;
  await watcher.waitForTimeout(500);
  await expect(bellOf(watcher)).toHaveAttribute('aria-label', 'Notifications');
  const note = `Seen live ${Date.now() % 100000}`;
  await mover.goto(`${board}&task=${taskId}`);
  const moverDrawer = mover.getByRole('presentation').filter({ has: mover.getByLabel('Close task') });
  // The comment mentions the watcher (the demo's Mark Manager) through the @ picker.
  const box = moverDrawer.getByRole('textbox', { name: 'Comment' });
  await box.fill(`${note} `);
  await box.press('@');
  await mover.getByRole('combobox', { name: 'Mention someone' }).fill('Mark');
  await mover.getByRole('option', { name: 'Mark Manager' }).click();
  await expect(moverDrawer.getByText('Mentions: Mark Manager')).toBeVisible();
  await moverDrawer.getByRole('button', { name: 'Comment', exact: true }).click();
  await expect(
    watcherTimeline.getByRole('listitem', { name: 'Comment by Alice Admin' }).filter({ hasText: note }),
  ).toBeVisible({ timeout: 5000 });
  // The watcher's bell counts the mention, without a reload.
  await expect.poll(() => unreadOf(watcher), { timeout: 5000 }).toBeGreaterThanOrEqual(1);
  await watcher.keyboard.press('Escape');
  await watcher.getByRole('button', { name: /^Notifications, \d+ unread/ }).click();
  // The newest unread entry is the mention; opening it goes to the task.
  const mention = watcher
    .getByRole('dialog', { name: 'Notifications' })
    .getByRole('button', { name: /^Unread: Alice Admin mentioned you on/ })
    .first();
  await expect(mention).toBeVisible();
  await mention.click();
  await expect(watcher).toHaveURL(new RegExp(`task=${taskId}`));
  expect(reloads).toBe(0);
});
