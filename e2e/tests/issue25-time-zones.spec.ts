import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { ACCOUNTS, auth, PASSWORD, signIn } from './helpers';

/**
 * A person's time zone (issue 25): the manager works in Pago Pago (UTC-11). On a Friday evening
 * there (already Saturday in UTC) the profile offers the device's zone and one click keeps it;
 * an hour and three quarters typed in Friday's cell of My week is Friday's entry, in the grid
 * and in the API, never Saturday's. At 1440 px, and the week read again at 390 px.
 */

const ZONE = 'Pacific/Pago_Pago';
const DESKTOP = { width: 1440, height: 900 };
const PHONE = { width: 390, height: 844 };
const addDays = (d: string, n: number) => {
  const x = new Date(`${d}T00:00:00Z`);
  x.setUTCDate(x.getUTCDate() + n);
  return x.toISOString().slice(0, 10);
};
const weekday = (d: string) => new Date(`${d}T00:00:00Z`).getUTCDay();
const short = (d: string) =>
  new Intl.DateTimeFormat('en-US', { weekday: 'short', day: 'numeric', month: 'short', timeZone: 'UTC' })
    .format(new Date(`${d}T00:00:00Z`))
    .replace(',', '');

interface Week {
  weekStart: string;
  rows: {
    projectId: string;
    taskId: string | null;
    taskKey: string | null;
    taskTitle: string | null;
    minutes: number[];
    entryCounts: number[];
  }[];
}
const dayIndex = (weekStart: string, d: string) =>
  Math.round(
    (new Date(`${d}T00:00:00Z`).getTime() - new Date(`${weekStart}T00:00:00Z`).getTime()) / 86_400_000,
  );

/** '02:15' → 135; '' or none → 0. */
const minutesOf = (text: string | null) => {
  const m = /(\d+):(\d{2})/.exec(text ?? '');
  return m ? Number(m[1]) * 60 + Number(m[2]) : 0;
};
const hhmm = (minutes: number) =>
  `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;

async function token(request: APIRequestContext, email: string) {
  const login = await request.post('/api/auth/login', { data: { email, password: PASSWORD } });
  expect(login.ok()).toBe(true);
  return ((await login.json()) as { data: { token: string } }).data.token;
}

async function noSidewaysScroll(page: Page) {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow, 'the page does not scroll sideways').toBeLessThanOrEqual(0);
}

test('at 390 px the profile shows the zone and its hint within the screen', async ({ browser }) => {
  const context = await browser.newContext({ viewport: PHONE, timezoneId: ZONE });
  const page = await context.newPage();
  await signIn(page, ACCOUNTS.acmeAdmin.email);
  await page.goto('/app/profile');
  await expect(page.getByRole('combobox', { name: 'Time zone' })).toHaveValue('UTC');
  for (const name of [`Use ${ZONE}`, 'Keep UTC']) {
    const button = page.getByRole('button', { name });
    await expect(button).toBeVisible();
    const box = await button.boundingBox();
    expect(box && box.x >= 0 && box.x + box.width <= PHONE.width, `${name} within the screen`).toBe(true);
  }
  await noSidewaysScroll(page);
  await page.screenshot({ path: test.info().outputPath('profile-390.png'), fullPage: true });
  // Keeping UTC hides the hint; nothing was saved.
  await page.getByRole('button', { name: 'Keep UTC' }).click();
  await expect(page.getByRole('button', { name: `Use ${ZONE}` })).toHaveCount(0);
  await expect(page.getByRole('combobox', { name: 'Time zone' })).toHaveValue('UTC');
  await context.close();
});

test('an evening entry in Pago Pago lands on that day in My week, at 1440 and 390 px', async ({
  browser,
  request,
}) => {
  test.setTimeout(120_000);
  const me = ACCOUNTS.acmeManager.email;
  const bearer = auth(await token(request, me));
  // The last Friday at least two weeks back in Pago Pago (a past week no other journey uses), at
  // 21:30 there.
  const pagoToday = new Intl.DateTimeFormat('en-CA', { timeZone: ZONE }).format(new Date());
  let friday = addDays(pagoToday, -14);
  while (weekday(friday) !== 5) friday = addDays(friday, -1);
  const saturday = addDays(friday, 1);
  const evening = new Date(`${saturday}T08:30:00Z`); // Friday 21:30 in Pago Pago (UTC-11)

  const context = await browser.newContext({ viewport: DESKTOP, timezoneId: ZONE });
  const page = await context.newPage();
  await page.clock.setFixedTime(evening);
  await signIn(page, me);

  // The profile: still UTC, the device is in Pago Pago; one click keeps that zone.
  await page.goto('/app/profile');
  const zoneField = page.getByRole('combobox', { name: 'Time zone' });
  await expect(zoneField).toHaveValue('UTC');
  const saved = page.waitForResponse(
    (r) => r.url().endsWith('/api/auth/me') && r.request().method() === 'PUT',
  );
  await page.getByRole('button', { name: `Use ${ZONE}` }).click();
  expect((await saved).status()).toBe(200);
  await expect(zoneField).toHaveValue(ZONE);
  await expect(page.getByRole('button', { name: `Use ${ZONE}` })).toHaveCount(0);
  try {
    // My week of that Friday: add a task's row and type 1:45 in Friday's cell.
    await page.goto(`/app/timesheets/week?week=${friday}`);
    await expect(page.getByRole('heading', { name: 'My week', level: 1 })).toBeVisible();
    const table = page.getByRole('table', { name: 'My week' });
    await page.getByRole('button', { name: 'Add row' }).click();
    const picker = page.getByRole('combobox', { name: 'Task to add' });
    await picker.fill('');
    await picker.press('ArrowDown');
    const option = page.getByRole('listbox').getByRole('option').first();
    const taskName = ((await option.textContent()) ?? '').trim();
    expect(taskName, 'the manager has a task to log on').not.toBe('');
    await option.click();
    const cell = table.getByRole('textbox', { name: `${taskName}, ${short(friday)}` });
    await expect(cell).toHaveValue('');
    // What the seed logged on Friday on other tasks, if anything: Friday's total grows by 1:45.
    const fridayTotal = page.getByTestId(`day-total-${friday}`);
    const before = minutesOf(await fridayTotal.textContent());
    const after = hhmm(before + 105);
    const put = page.waitForResponse(
      (r) => r.url().includes('/api/Timesheets/cells') && r.request().method() === 'PUT',
    );
    await cell.fill('1:45');
    await cell.press('Enter');
    const answer = await put;
    expect(answer.status()).toBe(200);
    expect((answer.request().postDataJSON() as { day: string }).day).toBe(friday);
    await expect(fridayTotal).toHaveText(after);

    // Read again from the server: Friday holds it, Saturday nothing more than before.
    await page.reload();
    await expect(table.getByRole('textbox', { name: `${taskName}, ${short(friday)}` })).toHaveValue('01:45');
    await expect(table.getByRole('textbox', { name: `${taskName}, ${short(saturday)}` })).toHaveValue('');
    const grid = await request.get(`/api/Timesheets/weeks/mine?weekStart=${friday}`, { headers: bearer });
    const week = ((await grid.json()) as { data: Week }).data;
    const row = week.rows.find((r) => taskName === `${r.taskKey ?? ''} ${r.taskTitle ?? ''}`.trim());
    const fridayIndex = dayIndex(week.weekStart, friday);
    expect(row?.minutes[fridayIndex]).toBe(105);
    expect(row?.minutes[fridayIndex + 1] ?? 0).toBe(0);
    await noSidewaysScroll(page);

    // At 390 px: the same week, Friday's cell in reach inside the grid's scroller.
    await page.setViewportSize(PHONE);
    await page.reload();
    const phoneCell = table.getByRole('textbox', { name: `${taskName}, ${short(friday)}` });
    await phoneCell.scrollIntoViewIfNeeded();
    await expect(phoneCell).toBeVisible();
    await expect(phoneCell).toHaveValue('01:45');
    await expect(fridayTotal).toHaveText(after);
    await noSidewaysScroll(page);
    await page.screenshot({ path: test.info().outputPath('my-week-390.png'), fullPage: true });
  } finally {
    // Leave the account as the seed made it for the other journeys: Friday's cell cleared, UTC.
    const grid = await request.get(`/api/Timesheets/weeks/mine?weekStart=${friday}`, { headers: bearer });
    const week = ((await grid.json()) as { data: Week }).data;
    const i = dayIndex(week.weekStart, friday);
    for (const r of week.rows.filter((x) => x.taskId && (x.minutes[i] ?? 0) > 0 && x.entryCounts[i] === 1))
      await request.put('/api/Timesheets/cells', {
        headers: bearer,
        data: { day: friday, projectId: r.projectId, taskId: r.taskId, duration: '' },
      });
    const who = (
      (await (await request.get('/api/auth/me', { headers: bearer })).json()) as {
        data: { user: { firstName: string; lastName: string } };
      }
    ).data.user;
    await request.put('/api/auth/me', {
      headers: bearer,
      data: { firstName: who.firstName, lastName: who.lastName, timeZone: 'UTC' },
    });
    await context.close();
  }
});
