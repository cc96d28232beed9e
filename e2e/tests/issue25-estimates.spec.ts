import { readFile } from 'node:fs/promises';
import { expect, test, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import { ACCOUNTS, expectNoSidewaysScroll, PASSWORD, shot, signIn } from './helpers';

/**
 * Issue 25: logged time against estimates. The project overview's "Logged X of Y estimated" (the
 * same total as the time logs give for the project), the team report's Estimated column and the
 * user report's hours by project beside each project's estimate, at 1440 and 390 px, against the
 * demo seed (its tasks carry estimates and its people log time).
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

type ProjectTime = {
  estimatedMinutes: number;
  loggedMinutes: number;
  unestimatedLoggedMinutes: number;
  coverage: string;
};
type Project = { projectId: string; name: string; time: ProjectTime | null };

/** Minutes as the overview words them (the task drawer's "1 h 30 min"). */
const words = (m: number) => {
  const h = Math.floor(m / 60);
  const r = m % 60;
  if (h === 0) return `${r} min`;
  return r === 0 ? `${h} h` : `${h} h ${r} min`;
};
/** Minutes → 'HH:MM', as the reports show hours. */
const hhmm = (m: number) =>
  `${String(Math.floor(m / 60)).padStart(2, '0')}:${String(m % 60).padStart(2, '0')}`;

/** Nothing sticks out sideways: no control is cut off at the screen's edge. */
/** The element's text is not cut: it is as wide as its content. */
async function expectNotClipped(el: Locator) {
  const cut = await el.evaluate((node) => node.scrollWidth - node.clientWidth);
  expect(cut).toBeLessThanOrEqual(0);
}

/** The control is on screen whole: its box inside the viewport (scrolled to first). */
async function expectInViewport(page: Page, el: Locator) {
  await el.scrollIntoViewIfNeeded();
  const box = await el.boundingBox();
  const size = page.viewportSize();
  expect(box && size).toBeTruthy();
  if (!box || !size) return;
  expect(box.width).toBeGreaterThan(0);
  expect(box.x).toBeGreaterThanOrEqual(0);
  expect(box.y).toBeGreaterThanOrEqual(0);
  expect(box.x + box.width).toBeLessThanOrEqual(size.width);
  expect(box.y + box.height).toBeLessThanOrEqual(size.height);
}

/** Clicks a download control and answers the downloaded file's lines (BOM and CRLF dropped). */
async function downloadLines(page: Page, control: Locator) {
  const [download] = await Promise.all([page.waitForEvent('download'), control.click()]);
  const path = await download.path();
  const text = (await readFile(path, 'utf8')).replace(/^\uFEFF/, '');
  return { name: download.suggestedFilename(), lines: text.split(/\r?\n/).filter((l) => l !== '') };
}

for (const [label, viewport] of [
  ['1440 px', DESKTOP],
  ['390 px', PHONE],
] as const) {
  const phone = label === '390 px';
  const tag = phone ? 'phone' : 'desktop';

  test.describe(`at ${label}`, () => {
    test.use({ viewport });

    test("a project's overview shows its logged time against its estimate, the time logs' total", async ({
      page,
      request,
    }) => {
      const admin = await login(request, ACCOUNTS.acmeAdmin.email);
      const list = await apiGet<{ items: { projectId: string }[] }>(
        request,
        admin.token,
        '/api/Project?pageSize=50&sortBy=name&sortOrder=asc',
      );
      let project: Project | undefined;
      for (const p of list.items) {
        const detail = await apiGet<Project>(request, admin.token, `/api/Project/${p.projectId}`);
        if (detail.time && detail.time.loggedMinutes > 0 && detail.time.estimatedMinutes > 0) {
          project = detail;
          break;
        }
      }
      const time = project?.time;
      expect(time, 'the demo has a project with estimates and logged time').toBeTruthy();
      if (!project || !time) return;
      expect(time.coverage).toBe('all');
      // The same total as the time logs give for the project (every day the demo logs on).
      const logs = await apiGet<{ totalMinutes: number }>(
        request,
        admin.token,
        `/api/Timelogs/filtered?projectId=${project.projectId}&loggedAtFrom=2000-01-01&loggedAtTo=2100-12-31`,
      );
      expect(logs.totalMinutes).toBe(time.loggedMinutes);

      await signIn(page, ACCOUNTS.acmeAdmin.email);
      await page.goto(`/app/project-detail/${project.projectId}`);
      await expect(page.getByRole('heading', { name: project.name, level: 1 })).toBeVisible();
      const figure = page.getByTestId('project-time');
      const over = time.loggedMinutes > time.estimatedMinutes;
      const sentence =
        `Logged ${words(time.loggedMinutes)} of ${words(time.estimatedMinutes)} estimated` +
        (over ? ` (${words(time.loggedMinutes - time.estimatedMinutes)} over)` : '');
      const text = figure.getByText(sentence, { exact: true });
      await expect(text).toBeVisible();
      await expectNotClipped(text);
      const share = Math.round((time.loggedMinutes / time.estimatedMinutes) * 100);
      const bar = figure.getByRole('progressbar', { name: `${share}% of the estimate logged` });
      await expect(bar).toBeVisible();
      await expect(bar).toHaveClass(over ? /colorWarning/ : /colorPrimary/);
      if (time.unestimatedLoggedMinutes > 0)
        await expect(
          figure.getByText(`${words(time.unestimatedLoggedMinutes)} of it on work without an estimate`),
        ).toBeVisible();
      await expect(page.locator('main')).not.toContainText(project.projectId);
      await expectNoSidewaysScroll(page);
      await shot(page, `issue25-estimates-overview-${tag}`);
    });

    test("the team report shows each member's estimate beside their hours", async ({ page, request }) => {
      const admin = await login(request, ACCOUNTS.acmeAdmin.email);
      const eve = await login(request, ACCOUNTS.acmeEmployee.email);
      await signIn(page, ACCOUNTS.acmeAdmin.email);
      await page.goto('/app/reports?view=team');
      const table = page.getByRole('table', { name: 'Team report' });
      await expect(table).toBeVisible();
      const from = await page.getByRole('textbox', { name: 'From', exact: true }).inputValue();
      const to = await page.getByRole('textbox', { name: 'To', exact: true }).inputValue();
      const team = await apiGet<{
        summary: { estimatedMinutes: number };
        members: { userId: string; userName: string; minutes: number; estimatedMinutes: number }[];
      }>(request, admin.token, `/api/taskreports/team?startDateTo=${from}&endDateTo=${to}`);
      const eveRow = team.members.find((m) => m.userId === eve.userId);
      expect(eveRow?.estimatedMinutes).toBeGreaterThan(0);
      await expect(page.getByLabel(`Estimated: ${hhmm(team.summary.estimatedMinutes)}`)).toBeVisible();
      const header = table.getByRole('button', { name: 'Estimated' });
      await header.scrollIntoViewIfNeeded();
      await expect(header).toBeVisible();
      await expectNotClipped(header);
      const row = table.getByRole('row').filter({ has: page.getByRole('link', { name: eveRow?.userName }) });
      const cells = row.getByRole('cell');
      const count = await cells.count();
      await expect(cells.nth(count - 2)).toHaveText(hhmm(eveRow?.minutes ?? 0));
      const estimate = cells.nth(count - 1);
      await estimate.scrollIntoViewIfNeeded();
      await expect(estimate).toHaveText(hhmm(eveRow?.estimatedMinutes ?? 0));
      await expectNotClipped(estimate);
      await expect(table).not.toContainText(eve.userId);
      await expectNoSidewaysScroll(page);
      await shot(page, `issue25-estimates-team-${tag}`);
    });

    test("the user report shows each project's hours in the period beside the project's estimate", async ({
      page,
      request,
    }) => {
      const admin = await login(request, ACCOUNTS.acmeAdmin.email);
      const eve = await login(request, ACCOUNTS.acmeEmployee.email);
      const eveName = 'Eve Employee';
      await signIn(page, ACCOUNTS.acmeAdmin.email);
      await page.goto('/app/reports');
      const user = page.getByRole('combobox', { name: 'User' });
      await expect(user).toBeVisible();
      // The filter row's buttons keep their labels on one line beside the wider person picker.
      for (const name of ['Tasks by date', 'Export CSV']) {
        const button = page.getByRole(name === 'Export CSV' ? 'button' : 'link', { name });
        await expect(button).toBeVisible();
        const lines = await button.evaluate((b) => {
          const style = getComputedStyle(b);
          return Math.round(
            (b.clientHeight - parseFloat(style.paddingTop) - parseFloat(style.paddingBottom)) /
              parseFloat(style.lineHeight),
          );
        });
        expect(lines, `${name} on one line`).toBe(1);
        await expectNotClipped(button);
      }
      await user.click();
      await page.getByRole('option', { name: eveName }).click();
      const from = await page.getByRole('textbox', { name: 'From', exact: true }).inputValue();
      const to = await page.getByRole('textbox', { name: 'To', exact: true }).inputValue();
      const hours = await apiGet<{
        byProject: {
          projectId: string;
          projectName: string;
          minutes: number;
          estimatedMinutes: number | null;
        }[];
      }>(
        request,
        admin.token,
        `/api/taskreports/company-hours?startDateTo=${from}&endDateTo=${to}&userId=${eve.userId}`,
      );
      expect(hours.byProject.length).toBeGreaterThan(0);
      const byProject = page.getByRole('table', { name: 'Hours and estimates by project' });
      await expect(byProject).toBeVisible();
      const rows = byProject.getByRole('row');
      await expect(rows).toHaveCount(hours.byProject.length + 1);
      for (const [i, p] of hours.byProject.entries()) {
        const r = rows.nth(i + 1).getByRole('cell');
        await expect(r.nth(0)).toHaveText(p.projectName);
        await expect(r.nth(1)).toHaveText(hhmm(p.minutes));
        await expect(r.nth(2)).toHaveText(p.estimatedMinutes ? hhmm(p.estimatedMinutes) : '—');
        await expectNotClipped(r.nth(2));
      }
      await expect(byProject).not.toContainText(hours.byProject[0]?.projectId ?? 'none');
      await byProject.scrollIntoViewIfNeeded();
      // The three columns fit the card, names whole (no scroller, no word broken).
      const wider = await byProject.evaluate((t) =>
        t.parentElement ? t.parentElement.scrollWidth - t.parentElement.clientWidth : 0,
      );
      expect(wider).toBeLessThanOrEqual(0);
      const nameCell = rows.nth(1).getByRole('cell').first();
      const lines = await nameCell.evaluate((c) => {
        const style = getComputedStyle(c);
        return Math.round(
          (c.clientHeight - parseFloat(style.paddingTop) - parseFloat(style.paddingBottom)) /
            parseFloat(style.lineHeight),
        );
      });
      // A word broken letter by letter would take more lines than the name has words.
      const wordCount = (hours.byProject[0]?.projectName ?? '').split(/\s+/).length;
      expect(lines).toBeLessThanOrEqual(wordCount);
      await expectNoSidewaysScroll(page);
      await shot(page, `issue25-estimates-user-report-${tag}`);
    });

    test('the hours report downloads every project and every person as CSV, with a Total row', async ({
      page,
      request,
    }) => {
      const admin = await login(request, ACCOUNTS.acmeAdmin.email);
      const eve = await login(request, ACCOUNTS.acmeEmployee.email);
      await signIn(page, ACCOUNTS.acmeAdmin.email);
      await page.goto('/app/reports');
      const user = page.getByRole('combobox', { name: 'User' });
      await user.click();
      await page.getByRole('option', { name: 'Eve Employee' }).click();
      await expect(page.getByRole('table', { name: 'Hours and estimates by project' })).toBeVisible();
      const from = await page.getByRole('textbox', { name: 'From', exact: true }).inputValue();
      const to = await page.getByRole('textbox', { name: 'To', exact: true }).inputValue();
      const hours = await apiGet<{ totalMinutes: number; projectCount: number; userCount: number }>(
        request,
        admin.token,
        `/api/taskreports/company-hours?startDateTo=${from}&endDateTo=${to}&userId=${eve.userId}`,
      );
      expect(hours.totalMinutes).toBeGreaterThan(0);

      const projects = page.getByRole('button', { name: 'Download all projects as CSV' });
      await expect(projects).toBeVisible();
      await expectInViewport(page, projects);
      await projects.hover();
      await expect(page.getByRole('tooltip')).toHaveText('Download all projects as CSV');
      const p = await downloadLines(page, projects);
      expect(p.name).toBe(`company-hours-project-${from}-${to}.csv`);
      expect(p.lines[0]).toBe('Project,Code,Minutes,Hours,Estimated hours');
      // Every project (the JSON counts them) and a Total row with the report's total.
      expect(p.lines).toHaveLength(hours.projectCount + 2);
      expect(p.lines.at(-1)).toBe(
        `Total,,${hours.totalMinutes},${(Math.round((hours.totalMinutes / 60) * 100) / 100).toFixed(2)},`,
      );

      const people = page.getByRole('button', { name: 'Download all people as CSV' });
      await expect(people).toBeVisible();
      await expectInViewport(page, people);
      const u = await downloadLines(page, people);
      expect(u.name).toBe(`company-hours-person-${from}-${to}.csv`);
      expect(u.lines[0]).toBe('Person,Minutes,Hours');
      expect(u.lines).toHaveLength(hours.userCount + 2);
      expect(u.lines[1]).toMatch(/^Eve Employee,/);
      expect(u.lines.at(-1)).toMatch(new RegExp(`^Total,${hours.totalMinutes},`));
      await expectNoSidewaysScroll(page);
      await shot(page, `hours-csv-user-report-${tag}`);
    });
  });
}
