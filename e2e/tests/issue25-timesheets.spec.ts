import AxeBuilder from '@axe-core/playwright';
import { expect, test, type APIRequestContext, type Browser, type Page } from '@playwright/test';
import { ACCOUNTS, auth, PASSWORD, signIn } from './helpers';

/**
 * Timesheets (issue 25): the employee fills a week and submits it, the department manager rejects
 * it with a reason, the employee sees the reason, fixes the week and submits again, the manager
 * approves it; the entries are then locked in the screen (no typed cell) and in the API (409). At
 * 1440 px; My week and Approvals also at 390 px (no sideways page scroll, controls on screen);
 * the approved time in the CSV export; axe on the three screens at both widths.
 */

const DESKTOP = { width: 1440, height: 900 };
const PHONE = { width: 390, height: 844 };
interface Grid {
  id: string | null;
  weekStart: string;
  weekEnd: string;
  status: string;
  rows: {
    projectId: string;
    taskId: string | null;
    taskKey: string | null;
    taskTitle: string | null;
    entryCounts: number[];
  }[];
}

async function token(request: APIRequestContext, email: string) {
  const login = await request.post('/api/auth/login', { data: { email, password: PASSWORD } });
  expect(login.ok()).toBe(true);
  return ((await login.json()) as { data: { token: string } }).data.token;
}

const day = (d: string, n: number) => {
  const x = new Date(`${d}T00:00:00Z`);
  x.setUTCDate(x.getUTCDate() + n);
  return x.toISOString().slice(0, 10);
};
const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

async function signedInPage(browser: Browser, email: string, viewport = DESKTOP): Promise<Page> {
  const context = await browser.newContext({ viewport });
  const page = await context.newPage();
  await signIn(page, email);
  return page;
}

async function noSidewaysScroll(page: Page) {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow, 'the page does not scroll sideways').toBeLessThanOrEqual(0);
}

/** Every part of the element is inside the viewport's width. */
async function onScreen(page: Page, locator: ReturnType<Page['getByRole']>) {
  await expect(locator).toBeVisible();
  const box = await locator.boundingBox();
  const width = page.viewportSize()?.width ?? 0;
  expect(box, 'has a box').toBeTruthy();
  expect((box?.x ?? -1) >= 0 && (box?.x ?? 0) + (box?.width ?? 0) <= width, 'within the screen').toBe(true);
}

test('a week is filled, submitted, rejected with a reason, fixed, approved and locked', async ({
  browser,
  request,
}) => {
  test.setTimeout(120_000);
  const eveToken = await token(request, ACCOUNTS.acmeEmployee.email);
  // Last week: its days are all past, the demo logged Eve's weekdays in it and left the weekend empty.
  const lastWeek = day(new Date().toISOString().slice(0, 10), -7);
  const res = await request.get(`/api/Timesheets/weeks/mine?weekStart=${lastWeek}`, {
    headers: auth(eveToken),
  });
  expect(res.status()).toBe(200);
  const grid = ((await res.json()) as { data: Grid }).data;
  expect(grid.status).toBe('open');
  const row = grid.rows.find((r) => r.taskId && r.taskKey);
  expect(row, 'the demo logged time on a task of Eve last week').toBeTruthy();
  const rowName = `${row?.taskKey ?? ''} ${row?.taskTitle ?? ''}`;
  // A weekend day of that week (Saturday), which the demo left empty.
  const sat =
    [0, 1, 2, 3, 4, 5, 6]
      .map((i) => day(grid.weekStart, i))
      .find((d) => new Date(`${d}T00:00:00Z`).getUTCDay() === 6) ?? '';
  const satIndex = [0, 1, 2, 3, 4, 5, 6].find((i) => day(grid.weekStart, i) === sat) ?? 0;
  expect(row?.entryCounts[satIndex]).toBe(0);
  const cellName = new RegExp(`^${escape(rowName)}, Sat `);

  // The employee types 1:30 on Saturday and submits.
  const eve = await signedInPage(browser, ACCOUNTS.acmeEmployee.email);
  await eve.getByRole('link', { name: 'My week' }).click();
  await expect(eve.getByRole('heading', { name: 'My week', level: 1 })).toBeVisible();
  await eve.goto(`/app/timesheets/week?week=${grid.weekStart}`);
  const table = eve.getByRole('table', { name: 'My week' });
  const cell = table.getByRole('textbox', { name: cellName });
  await expect(cell).toHaveValue('');
  const saved = eve.waitForResponse(
    (r) => r.url().includes('/api/Timesheets/cells') && r.request().method() === 'PUT',
  );
  await cell.fill('1:30');
  await cell.press('Enter');
  expect((await saved).status()).toBe(200);
  await expect(eve.getByTestId(`day-total-${sat}`)).toHaveText('01:30');
  await eve.getByRole('button', { name: 'Submit week' }).click();
  await eve
    .getByRole('dialog', { name: 'Submit this week?' })
    .getByRole('button', { name: 'Submit' })
    .click();
  await expect(eve.getByText('Week submitted for approval')).toBeVisible();
  await expect(eve.getByText('This week is submitted for approval', { exact: false }).first()).toBeVisible();
  await expect(table.getByRole('textbox')).toHaveCount(0);

  // The department manager rejects it with a reason.
  const mark = await signedInPage(browser, ACCOUNTS.acmeManager.email);
  await mark.getByRole('link', { name: 'Approvals' }).click();
  await expect(mark.getByRole('heading', { name: 'Approvals', level: 1 })).toBeVisible();
  const select = mark.getByRole('checkbox', { name: /^Select Eve Employee,/ });
  await select.check();
  await mark.getByRole('button', { name: 'Reject' }).click();
  const dialog = mark.getByRole('dialog', { name: 'Reject this week' });
  await dialog.getByRole('textbox', { name: /Reason/ }).fill('Saturday should be 2 hours');
  await dialog.getByRole('button', { name: 'Reject' }).click();
  await expect(mark.getByText('Week rejected')).toBeVisible();
  await expect(mark.getByText('No week is waiting for you')).toBeVisible();

  // The employee sees the reason, fixes Saturday and submits again.
  await eve.reload();
  await expect(eve.getByTestId('rejection')).toContainText('Saturday should be 2 hours');
  await expect(eve.getByTestId('rejection')).toContainText('Mark Manager');
  await expectNoSeriousViolations(eve, 'My week, rejected');
  const again = table.getByRole('textbox', { name: cellName });
  await expect(again).toHaveValue('01:30');
  const fixed = eve.waitForResponse(
    (r) => r.url().includes('/api/Timesheets/cells') && r.request().method() === 'PUT',
  );
  await again.fill('2h');
  await again.press('Tab');
  expect((await fixed).status()).toBe(200);
  await expect(eve.getByTestId(`day-total-${sat}`)).toHaveText('02:00');
  await eve.getByRole('button', { name: 'Submit week' }).click();
  await eve
    .getByRole('dialog', { name: 'Submit this week?' })
    .getByRole('button', { name: 'Submit' })
    .click();
  await expect(eve.getByText('Week submitted for approval')).toBeVisible();

  // The manager opens the week, sees Saturday's 2 hours and approves it.
  await mark.reload();
  await mark.getByRole('link', { name: /^Open Eve Employee,/ }).click();
  await expect(mark.getByRole('heading', { name: 'Eve Employee' })).toBeVisible();
  const review = mark.getByRole('table', { name: 'Week of Eve Employee' });
  await expect(review.getByLabel(new RegExp(`^${escape(rowName)}, Sat .*: 02:00$`))).toBeVisible();
  await expect(review.getByRole('textbox')).toHaveCount(0);
  await expectNoSeriousViolations(mark, 'a week under review');
  await mark.getByRole('button', { name: 'Approve' }).click();
  await expect(mark.getByText('Week approved')).toBeVisible();
  await expect(mark.getByText('Approved', { exact: true }).first()).toBeVisible();

  // The approved time is in the export (CSV of approved time by person, project and day).
  await mark.getByRole('link', { name: 'Back to approvals' }).click();
  await mark.getByRole('button', { name: 'Export approved time' }).click();
  const exportDialog = mark.getByRole('dialog', { name: 'Export approved time' });
  await exportDialog.getByLabel('From').fill(grid.weekStart);
  await exportDialog.getByLabel('To').fill(grid.weekEnd);
  const download = mark.waitForEvent('download');
  await exportDialog.getByRole('button', { name: 'Download CSV' }).click();
  const file = await download;
  const csv = await new Promise<string>((resolve, reject) => {
    void file.createReadStream().then((stream) => {
      let text = '';
      stream.on('data', (chunk: Buffer) => (text += chunk.toString('utf8')));
      stream.on('end', () => resolve(text));
      stream.on('error', reject);
    }, reject);
  });
  const saturday = csv.split(/\r?\n/).filter((l) => l.startsWith(sat) && l.includes('Eve Employee'));
  expect(saturday, csv.slice(0, 400)).toHaveLength(1);
  expect(saturday[0]).toContain(row?.taskKey ?? '');

  // Locked: no typed cell for the employee, and the API refuses a change with 409.
  await eve.reload();
  await expect(eve.getByText('This week is approved: its entries are locked')).toBeVisible();
  await expect(table.getByRole('textbox')).toHaveCount(0);
  await expect(table.getByLabel(new RegExp(`^${escape(rowName)}, Sat .*: 02:00$`))).toBeVisible();
  await expect(eve.getByRole('button', { name: 'Submit week' })).toHaveCount(0);
  const refused = await request.put('/api/Timesheets/cells', {
    headers: auth(eveToken),
    data: { day: sat, projectId: row?.projectId, taskId: row?.taskId, duration: '3:00' },
  });
  expect(refused.status()).toBe(409);
  await eve.context().close();
  await mark.context().close();
});

test('My week and Approvals at 390 px: no sideways scroll, controls on screen', async ({ browser }) => {
  const eve = await signedInPage(browser, ACCOUNTS.acmeEmployee.email, PHONE);
  await eve.goto('/app/timesheets/week');
  await expect(eve.getByRole('heading', { name: 'My week', level: 1 })).toBeVisible();
  const table = eve.getByRole('table', { name: 'My week' });
  await expect(table).toBeVisible();
  await noSidewaysScroll(eve);
  await onScreen(eve, eve.getByRole('button', { name: 'Previous week' }));
  await onScreen(eve, eve.getByRole('button', { name: 'Next week' }));
  await onScreen(eve, eve.getByRole('button', { name: 'This week' }));
  await onScreen(eve, eve.getByRole('button', { name: 'Submit week' }));
  await onScreen(eve, eve.getByRole('button', { name: 'Add row' }));
  // The grid scrolls inside its box; the task column stays in view while it does.
  const firstRowHeader = table.getByRole('rowheader').first();
  await onScreen(eve, firstRowHeader);
  await table.locator('xpath=..').evaluate((el) => el.scrollBy({ left: 400 }));
  await onScreen(eve, firstRowHeader);
  await noSidewaysScroll(eve);
  await eve.context().close();

  const mark = await signedInPage(browser, ACCOUNTS.acmeManager.email, PHONE);
  await mark.goto('/app/timesheets/approvals?status=approved');
  await expect(mark.getByRole('heading', { name: 'Approvals', level: 1 })).toBeVisible();
  await expect(mark.getByRole('tab', { name: 'Approved' })).toHaveAttribute('aria-selected', 'true');
  await noSidewaysScroll(mark);
  await onScreen(mark, mark.getByRole('tab', { name: 'Waiting for me' }));
  await onScreen(mark, mark.getByRole('combobox', { name: 'Department' }));
  await mark.context().close();

  // At 1440 px every status tab shows beside the department (the select once squeezed them into a
  // scroller that hid 'Rejected').
  const wide = await signedInPage(browser, ACCOUNTS.acmeManager.email, { width: 1440, height: 900 });
  await wide.goto('/app/timesheets/approvals');
  await expect(wide.getByRole('heading', { name: 'Approvals', level: 1 })).toBeVisible();
  // Within the tabs' own visible box (a scroller clips what it hides; the page would not).
  const shown = await wide
    .getByRole('tablist', { name: 'Weeks by status' })
    .locator('xpath=../..')
    .boundingBox();
  for (const name of ['Waiting for me', 'Approved', 'Rejected']) {
    const tab = await wide.getByRole('tab', { name }).boundingBox();
    expect(tab && shown && tab.x >= shown.x && tab.x + tab.width <= shown.x + shown.width + 1, name).toBe(
      true,
    );
  }
  await onScreen(wide, wide.getByRole('combobox', { name: 'Department' }));
  await wide.context().close();
});

test('Workload: a name search finds one person; the search and the pages on screen at 1440 and 390 px', async ({
  browser,
}) => {
  for (const viewport of [DESKTOP, PHONE]) {
    const page = await signedInPage(browser, ACCOUNTS.acmeAdmin.email, viewport);
    await page.goto('/app/timesheets/workload');
    await expect(page.getByRole('heading', { name: 'Workload', level: 1 })).toBeVisible();
    const rows = page.getByTestId('workload-row');
    await expect(rows.first()).toBeVisible();
    expect(await rows.count()).toBeGreaterThan(1);
    const search = page.getByRole('textbox', { name: 'Search people' });
    const pagination = page.locator('.MuiTablePagination-root');
    await onScreen(page, search);
    await onScreen(page, pagination);
    await onScreen(page, page.getByRole('button', { name: 'Go to next page' }));
    await onScreen(page, page.getByRole('button', { name: 'Go to previous page' }));
    await noSidewaysScroll(page);
    // The filters never overlap: the search (with its floating label) clears the department's
    // select whether it sits beside it or wraps below it.
    const department = page.getByRole('combobox', { name: 'Department' });
    const a = await department.boundingBox();
    const field = await page.locator('.MuiFormControl-root', { has: search }).boundingBox();
    const label = await page.locator('label', { hasText: 'Search people' }).boundingBox();
    if (!a || !field || !label) throw new Error('the department select and the search are on the page');
    const top = Math.min(field.y, label.y);
    const b = { x: field.x, y: top, width: field.width, height: field.y + field.height - top };
    const apart =
      b.x >= a.x + a.width || a.x >= b.x + b.width || b.y >= a.y + a.height || a.y >= b.y + b.height;
    expect(apart, `department ${JSON.stringify(a)} and search ${JSON.stringify(b)} overlap`).toBe(true);

    // A demo person (apps/api/src/db/seed/demo.ts), by "first last" in any case.
    await search.fill('emma NGUYEN');
    await expect(page).toHaveURL(/[?&]q=emma\+NGUYEN/);
    await expect(rows).toHaveCount(1);
    await expect(rows.first()).toContainText('Emma Nguyen');
    await expect(pagination).toContainText('1–1 of 1');
    await onScreen(page, search);
    await onScreen(page, pagination);
    await noSidewaysScroll(page);

    await search.fill('Nobody-by-this-name');
    await expect(page.getByText('No one matches “Nobody-by-this-name”')).toBeVisible();
    await expect(rows).toHaveCount(0);
    await page.context().close();
  }
});

const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];
const BLOCKING = new Set(['serious', 'critical']);

async function expectNoSeriousViolations(page: Page, screen: string) {
  await expect(
    page.locator('.MuiSkeleton-root, .MuiCircularProgress-indeterminate, .MuiLinearProgress-indeterminate'),
  ).toHaveCount(0);
  const results = await new AxeBuilder({ page }).withTags(WCAG_TAGS).analyze();
  const blocking = results.violations.filter((v) => BLOCKING.has(v.impact ?? ''));
  const report = blocking
    .map(
      (v) =>
        `  ${v.id} (${v.impact}): ${v.help}\n    ${v.helpUrl}\n      ${v.nodes
          .slice(0, 4)
          .map((n) => n.target.join(' '))
          .join('\n      ')}`,
    )
    .join('\n');
  expect(blocking, `${screen}: ${blocking.length} serious/critical violation(s)\n${report}`).toEqual([]);
}

const SCREENS = [
  {
    name: 'Workload',
    url: '/app/timesheets/workload',
    ready: (p: Page) => p.getByRole('table', { name: 'Workload' }),
  },
  {
    name: 'My week',
    url: '/app/timesheets/week',
    ready: (p: Page) => p.getByRole('table', { name: 'My week' }),
  },
  {
    name: 'Approvals',
    url: '/app/timesheets/approvals?status=approved',
    ready: (p: Page) => p.getByRole('tab', { name: 'Approved' }),
  },
];

for (const viewport of [DESKTOP, PHONE]) {
  for (const screen of SCREENS) {
    test(`accessibility of ${screen.name} at ${viewport.width} px`, async ({ page }) => {
      await page.setViewportSize(viewport);
      await signIn(page, ACCOUNTS.acmeAdmin.email);
      await page.goto(screen.url);
      await expect(page.getByRole('heading', { name: screen.name, level: 1 })).toBeVisible();
      await expect(screen.ready(page)).toBeVisible();
      await expectNoSeriousViolations(page, screen.name);
    });
  }
}
