import { readFileSync } from 'node:fs';
import { expect, test, type APIRequestContext } from '@playwright/test';
import { ACCOUNTS, expectNoSidewaysScroll, PASSWORD, shot, signIn } from './helpers';

/**
 * Issue 24: the team report (every member's tasks by status and hours in a period) and one
 * member's report (their tasks by due date and hours per day), each with a CSV export.
 */
const DESKTOP = { width: 1440, height: 900 };
const PHONE = { width: 390, height: 844 };

async function login(request: APIRequestContext, email: string) {
  const res = await request.post('/api/auth/login', { data: { email, password: PASSWORD } });
  expect(res.status()).toBe(200);
  const d = ((await res.json()) as { data: { token: string; user: { userId: string } } }).data;
  return { token: d.token, userId: d.user.userId };
}

async function apiGet<T>(request: APIRequestContext, token: string, url: string): Promise<T> {
  const res = await request.get(url, { headers: { authorization: `Bearer ${token}` } });
  expect(res.status()).toBe(200);
  return ((await res.json()) as { data: T }).data;
}

type Team = {
  summary: { members: number; taskCount: number; minutes: number };
  members: { userId: string; userName: string; minutes: number; taskCount: number }[];
};
type Member = {
  userName: string;
  taskCount: number;
  minutes: number;
  tasks: { title: string; dueDate: string | null; minutesLogged: number }[];
};

/** Minutes → 'HH:MM', as the screens show hours. */
const hhmm = (m: number) =>
  `${String(Math.floor(m / 60)).padStart(2, '0')}:${String(m % 60).padStart(2, '0')}`;

/** Nothing sticks out sideways: no control is cut off at the screen's edge. */
for (const [label, viewport] of [
  ['1440 px', DESKTOP],
  ['390 px', PHONE],
] as const) {
  const phone = label === '390 px';
  const tag = phone ? 'phone' : 'desktop';

  test.describe(`at ${label}`, () => {
    test.use({ viewport });

    test("an admin opens the team report, sees members with hours, opens one member's report and downloads its CSV", async ({
      page,
      request,
    }) => {
      const admin = await login(request, ACCOUNTS.acmeAdmin.email);
      const eve = await login(request, ACCOUNTS.acmeEmployee.email);
      await signIn(page, ACCOUNTS.acmeAdmin.email);
      if (phone) await page.getByRole('button', { name: 'Toggle navigation' }).click();
      await page
        .getByRole('navigation', { name: 'Main navigation' })
        .getByRole('link', { name: 'Reports', exact: true })
        .click();
      await page
        .getByRole('navigation', { name: 'Report views' })
        .getByRole('link', { name: 'Team', exact: true })
        .click();
      await expect(page).toHaveURL(/view=team/);

      // The period on the screen, and the team report the API gives for it.
      const from = await page.getByRole('textbox', { name: 'From', exact: true }).inputValue();
      const to = await page.getByRole('textbox', { name: 'To', exact: true }).inputValue();
      const team = await apiGet<Team>(
        request,
        admin.token,
        `/api/taskreports/team?startDateTo=${from}&endDateTo=${to}`,
      );
      const eveRow = team.members.find((m) => m.userId === eve.userId);
      expect(eveRow?.minutes).toBeGreaterThan(0);
      await expect(page.getByLabel(`Members: ${team.summary.members}`)).toBeVisible();
      await expect(page.getByLabel(`Tasks: ${team.summary.taskCount}`)).toBeVisible();
      await expect(page.getByLabel(`Hours: ${hhmm(team.summary.minutes)}`)).toBeVisible();

      const table = page.getByRole('table', { name: 'Team report' });
      const row = table.getByRole('row').filter({ has: page.getByRole('link', { name: eveRow?.userName }) });
      await expect(row).toBeVisible();
      // Hours, then the estimate (issue 25) last.
      const hoursCell = async (r: typeof row) => {
        const cells = r.getByRole('cell');
        return cells.nth((await cells.count()) - 2);
      };
      await expect(await hoursCell(row)).toHaveText(hhmm(eveRow?.minutes ?? 0));
      // Members by name, never by id.
      await expect(table).not.toContainText(eve.userId);

      // Sorted by hours, most first: the first row is the member with the most hours.
      await table.getByRole('button', { name: 'Hours' }).click();
      await table.getByRole('button', { name: 'Hours' }).click();
      await expect(page).toHaveURL(/sort=hours&order=desc/);
      const most = [...team.members].sort((a, b) => b.minutes - a.minutes)[0];
      await expect(await hoursCell(table.getByRole('row').nth(1))).toHaveText(hhmm(most?.minutes ?? 0));
      await expectNoSidewaysScroll(page);
      if (!phone) {
        // At 1440 px every column fits the card: the table itself does not scroll sideways either.
        const tableOverflow = await table.evaluate(
          (t) => t.scrollWidth - (t.parentElement?.clientWidth ?? 0),
        );
        expect(tableOverflow).toBeLessThanOrEqual(0);
      }
      await shot(page, `issue24-team-report-${tag}`);

      if (!phone) {
        const download = page.waitForEvent('download');
        await page.getByRole('button', { name: 'Export CSV' }).click();
        const file = await download;
        expect(file.suggestedFilename()).toBe(`team-report-${from}-${to}.csv`);
        const lines = readFileSync(await file.path(), 'utf8')
          .replace(/^\uFEFF/, '')
          .trim()
          .split('\n');
        expect(lines[0]).toMatch(/^Member,Department,.*,Tasks,Done,Hours,Estimated hours$/);
        expect(lines).toHaveLength(team.members.length + 1);
        expect(lines.find((l) => l.startsWith(`${eveRow?.userName},`))).toMatch(
          new RegExp(`,${eveRow?.taskCount},\\d+,${((eveRow?.minutes ?? 0) / 60).toFixed(2)},\\d+\\.\\d\\d$`),
        );
      }

      // A member's row opens their report for the same period.
      await row.getByRole('link', { name: eveRow?.userName }).click();
      await expect(page).toHaveURL(new RegExp(`view=member&member=${eve.userId}`));
      await expect(page.getByRole('heading', { name: eveRow?.userName, level: 2 })).toBeVisible();
      await expect(page.getByText(/^Tasks grouped by due date\./)).toBeVisible();
      const member = await apiGet<Member>(
        request,
        admin.token,
        `/api/taskreports/member/${eve.userId}?startDateTo=${from}&endDateTo=${to}`,
      );
      expect(member.taskCount).toBe(eveRow?.taskCount);
      expect(member.minutes).toBe(eveRow?.minutes);
      await expect(page.getByLabel(`Hours: ${hhmm(member.minutes)}`)).toBeVisible();
      const first = member.tasks[0];
      if (first) {
        const group = page.getByRole('region', {
          name: first.dueDate ? /^Due / : 'No due date',
        });
        await expect(group.first().getByText(first.title, { exact: true }).first()).toBeVisible();
      }
      await expectNoSidewaysScroll(page);
      await shot(page, `issue24-member-report-${tag}`);

      const download = page.waitForEvent('download');
      await page.getByRole('button', { name: 'Export CSV' }).click();
      const file = await download;
      expect(file.suggestedFilename()).toBe(`member-report-${from}-${to}.csv`);
      const csv = readFileSync(await file.path(), 'utf8')
        .replace(/^\uFEFF/, '')
        .trim()
        .split('\n');
      expect(csv[0]).toBe('Due date,Task,Project,Status,Hours logged,Estimated hours');
      expect(csv).toHaveLength(member.tasks.length + 1);
      const hours = csv.slice(1).reduce((n, line) => n + Number(line.split(',').at(-2)), 0);
      expect(hours).toBeCloseTo(member.minutes / 60, 1);
      if (first) expect(csv[1]).toContain(first.title);

      // Back to the team report, the period kept.
      await page.getByRole('link', { name: 'Team report' }).click();
      await expect(page).toHaveURL(new RegExp(`view=team&from=${from}&to=${to}`));
      await expect(page.getByRole('table', { name: 'Team report' })).toBeVisible();
    });
  });
}
