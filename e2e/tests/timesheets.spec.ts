import { readFileSync } from 'node:fs';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { ACCOUNTS, auth, PASSWORD, signIn, tokenOf } from './helpers';

/** A bearer token for API set-up steps, as the web app would get one. */
/** One of the user's own demo entries: a task they log time on. */
async function myTaskId(request: APIRequestContext, token: string): Promise<string> {
  const res = await request.get('/api/Timelogs?pageSize=1', { headers: auth(token) });
  expect(res.status()).toBe(200);
  const taskId = (await res.json()).data.items[0]?.taskId as string | undefined;
  expect(taskId).toBeTruthy();
  return taskId ?? '';
}

const localDay = (offset = 0) => {
  const d = new Date();
  d.setDate(d.getDate() + offset);
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
};

/** The timesheet: the Timesheet tab of /app/tasks. */
async function openTimesheet(page: Page) {
  await page.goto('/app/tasks?view=timesheet');
  await expect(page.getByRole('textbox', { name: 'Search entries' })).toBeVisible();
}

async function search(page: Page, text: string) {
  await page.getByRole('textbox', { name: 'Search entries' }).fill(text);
}

const entries = (page: Page) => page.getByRole('table', { name: 'Time entries' }).getByTestId('time-entry');

test('start a timer on a task, stop it from the header and find the entry', async ({ page, request }) => {
  const token = await tokenOf(request, ACCOUNTS.acmeEmployee.email);
  const taskId = await myTaskId(request, token);
  await request.delete('/api/Timelogs/timer', { headers: auth(token) });
  const note = `e2e timer ${Date.now()}`;
  const started = await request.post('/api/Timelogs/timer', {
    headers: auth(token),
    data: { taskId, description: note },
  });
  expect(started.status()).toBe(201);

  await signIn(page, ACCOUNTS.acmeEmployee.email);
  const chip = page.getByRole('button', { name: 'Running timer' });
  await expect(chip).toBeVisible();
  await page.reload();
  await expect(chip).toBeVisible();
  await page.getByLabel('Stop timer').first().click();
  await expect(page.getByText('Timesheet Entry Created')).toBeVisible();
  await expect(chip).toBeHidden();

  await openTimesheet(page);
  await search(page, note);
  await expect(entries(page)).toHaveCount(1);
  await expect(entries(page).first()).toContainText('00:01');
});

test('log time for yesterday through the dialog', async ({ page }) => {
  await signIn(page, ACCOUNTS.acmeEmployee.email);
  await openTimesheet(page);
  await page.getByRole('button', { name: 'Log time' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Task').click();
  await page.getByRole('option').first().click();
  await dialog.getByLabel('Day').fill(localDay(-1));
  // Typed as people type it elsewhere (issue 23): shown as a clock duration.
  await dialog.getByLabel('Duration').fill('1h 15m');
  const note = `e2e yesterday ${Date.now()}`;
  await dialog.getByLabel('Description').fill(note);
  await dialog.getByRole('button', { name: 'Log time' }).click();
  await expect(page.getByText('Timesheet Entry Created')).toBeVisible();
  await expect(dialog).toBeHidden();

  await search(page, note);
  await expect(entries(page)).toHaveCount(1);
  await expect(entries(page).first()).toContainText('01:15');

  // A duration over a day is refused beside the field.
  await page.getByRole('button', { name: 'Log time' }).click();
  await page.getByRole('dialog').getByLabel('Duration').fill('25:00');
  await page.getByRole('dialog').getByRole('button', { name: 'Log time' }).click();
  await expect(page.getByRole('dialog').getByText('Duration must be between 00:01 and 24:00')).toBeVisible();
});

test("a manager sees the department's entries; an employee does not see a colleague's", async ({
  page,
  request,
}) => {
  // Olivia is in Engineering, which Mark manages; Eve is her colleague there.
  const token = await tokenOf(request, 'olivia.martin@acme.test');
  const taskId = await myTaskId(request, token);
  const note = `e2e olivia ${Date.now()}`;
  const res = await request.post('/api/Timelogs', {
    headers: auth(token),
    data: { taskId, loggedAt: localDay(-2), duration: '00:45', description: note },
  });
  expect(res.status()).toBe(201);

  await signIn(page, ACCOUNTS.acmeManager.email);
  await openTimesheet(page);
  await search(page, note);
  await expect(entries(page)).toHaveCount(1);
  await expect(entries(page).first()).toContainText('Olivia Martin');

  await page.context().clearCookies();
  await page.evaluate(() => localStorage.clear());
  await signIn(page, ACCOUNTS.acmeEmployee.email);
  await openTimesheet(page);
  await search(page, note);
  await expect(page.getByText('No entries match these filters')).toBeVisible();
});

test('the report shows the counts of the API for the range', async ({ page, request }) => {
  const token = await tokenOf(request, ACCOUNTS.acmeEmployee.email);
  const login = await request.post('/api/auth/login', {
    data: { email: ACCOUNTS.acmeEmployee.email, password: PASSWORD },
  });
  const userId = (await login.json()).data.user.userId as string;
  const from = localDay(-29);
  const to = localDay(0);
  const api = await request.get(
    `/api/taskreports/user-tasks-by-status/${userId}?startDateTo=${from}&endDateTo=${to}`,
    { headers: auth(token) },
  );
  expect(api.status()).toBe(200);
  const report = (await api.json()).data as {
    totalCount: number;
    items: { statusName: string; taskCount: number }[];
  };
  expect(report.totalCount).toBeGreaterThan(0);

  await signIn(page, ACCOUNTS.acmeEmployee.email);
  await page.goto('/app/reports');
  const table = page.getByRole('table', { name: 'Tasks by status' });
  await expect(table).toBeVisible();
  for (const item of report.items) {
    await expect(
      table.getByRole('row', { name: new RegExp(`^${item.statusName} ${item.taskCount} `) }),
    ).toBeVisible();
  }
  await expect(table.getByRole('row', { name: new RegExp(`^Total ${report.totalCount} `) })).toBeVisible();
});

test('CSV export downloads the filtered entries', async ({ page }) => {
  await signIn(page, ACCOUNTS.acmeEmployee.email);
  await openTimesheet(page);
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export CSV' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toBe('timesheet.csv');
  const path = await file.path();
  const csv = readFileSync(path, 'utf8').replace(/^\uFEFF/, '');
  expect(csv.split('\n')[0]).toBe('Date,User,Project,Task,Description,Duration,Hours,Billable');
  expect(csv).toContain('Eve Employee');
  expect(csv).not.toContain('Olivia Martin');
});
