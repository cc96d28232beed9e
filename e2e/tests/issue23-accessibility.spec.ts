import AxeBuilder from '@axe-core/playwright';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { ACCOUNTS, auth, PASSWORD, signIn } from './helpers';

/**
 * Accessibility (issue 23): axe-core finds no serious or critical WCAG 2.1 A/AA violation on the
 * dashboard, the project list, a project's board, the task drawer, the timesheet and the reports,
 * at 1440 px and at 390 px. A failure names each violation, its impact, what to fix and where.
 */

const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];
const BLOCKING = new Set(['serious', 'critical']);

const VIEWPORTS = [
  { width: 1440, height: 900 },
  { width: 390, height: 844 },
];

/** The demo's Website Redesign project (WEB) and its first task, as the admin sees them. */
async function demoTask(request: APIRequestContext) {
  const login = await request.post('/api/auth/login', {
    data: { email: ACCOUNTS.acmeAdmin.email, password: PASSWORD },
  });
  expect(login.ok()).toBe(true);
  const token = ((await login.json()) as { data: { token: string } }).data.token;
  const list = await request.get('/api/Project?search=WEB', { headers: auth(token) });
  expect(list.status()).toBe(200);
  const projects = ((await list.json()) as { data: { items: { projectId: string; code: string }[] } }).data
    .items;
  const project = projects.find((p) => p.code === 'WEB');
  expect(project, 'the demo project WEB').toBeTruthy();
  const projectId = project?.projectId ?? '';
  const tasks = await request.get(`/api/Tasks/projects/${projectId}/tasks`, { headers: auth(token) });
  expect(tasks.status()).toBe(200);
  const body = (await tasks.json()) as { data: { items: { taskId: string }[] } };
  const taskId = body.data.items[0]?.taskId;
  expect(taskId, 'a task in WEB').toBeTruthy();
  return { projectId, taskId: taskId ?? '' };
}

/** Waits until no skeleton or spinner is left (determinate progress bars stay), so axe sees the loaded screen. */
async function settled(page: Page) {
  await expect(
    page.locator('.MuiSkeleton-root, .MuiCircularProgress-indeterminate, .MuiLinearProgress-indeterminate'),
  ).toHaveCount(0);
}

/** Runs axe on the page and fails with a readable list of the serious and critical violations. */
async function expectNoSeriousViolations(page: Page, screen: string) {
  const results = await new AxeBuilder({ page }).withTags(WCAG_TAGS).analyze();
  const blocking = results.violations.filter((v) => BLOCKING.has(v.impact ?? ''));
  const report = blocking
    .map((v) => {
      const targets = v.nodes
        .slice(0, 4)
        .map(
          (n) =>
            `      ${n.target.join(' ')}${n.failureSummary ? `\n        ${n.failureSummary.replace(/\n/g, '\n        ')}` : ''}`,
        )
        .join('\n');
      const more = v.nodes.length > 4 ? `\n      … and ${v.nodes.length - 4} more` : '';
      return `  ${v.id} (${v.impact}): ${v.help}\n    ${v.helpUrl}\n${targets}${more}`;
    })
    .join('\n');
  expect(blocking, `${screen}: ${blocking.length} serious/critical violation(s)\n${report}`).toEqual([]);
}

for (const viewport of VIEWPORTS) {
  test.describe(`accessibility at ${viewport.width} px`, () => {
    test.beforeEach(async ({ page }) => {
      await page.setViewportSize(viewport);
      await signIn(page, ACCOUNTS.acmeAdmin.email);
    });

    test('dashboard', async ({ page }) => {
      await page.goto('/app/dashboard');
      await expect(page.getByRole('heading', { name: /^Welcome back/ })).toBeVisible();
      await settled(page);
      await expectNoSeriousViolations(page, 'dashboard');
    });

    test('project list', async ({ page }) => {
      await page.goto('/app/project');
      await expect(page.getByRole('heading', { name: 'Projects', level: 1 })).toBeVisible();
      await expect(page.getByText('Website Redesign').first()).toBeVisible();
      await settled(page);
      await expectNoSeriousViolations(page, 'project list');
    });

    test('board', async ({ page, request }) => {
      const { projectId } = await demoTask(request);
      await page.goto(`/app/project-detail/${projectId}?tab=board`);
      await expect(page.getByTestId('board-card').first()).toBeVisible();
      await settled(page);
      await expectNoSeriousViolations(page, 'board');
    });

    test('task drawer', async ({ page, request }) => {
      const { projectId, taskId } = await demoTask(request);
      await page.goto(`/app/project-detail/${projectId}?tab=board&task=${taskId}`);
      await expect(page.getByRole('textbox', { name: 'Title', exact: true })).toBeVisible();
      await settled(page);
      await expectNoSeriousViolations(page, 'task drawer');
    });

    test('time logs', async ({ page }) => {
      await page.goto('/app/tasks?view=timesheet');
      await expect(page.getByRole('textbox', { name: 'Search entries' })).toBeVisible();
      await expect(
        page.getByRole('table', { name: 'Time entries' }).getByTestId('time-entry').first(),
      ).toBeVisible();
      await settled(page);
      await expectNoSeriousViolations(page, 'time logs');
    });

    test('reports', async ({ page }) => {
      await page.goto('/app/reports');
      await expect(page.getByRole('heading', { name: 'Reports', level: 1 })).toBeVisible();
      await settled(page);
      await expectNoSeriousViolations(page, 'reports');
    });
  });
}
