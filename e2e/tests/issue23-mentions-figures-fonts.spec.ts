import { expect, test, type APIRequestContext } from '@playwright/test';
import { ACCOUNTS, PASSWORD, signIn } from './helpers';

/** Issue 23 ("Everyday craft"), defects 3 (mentions, Markdown), 6 (one figure) and 8 (fonts). */

async function tokenOf(request: APIRequestContext, email: string): Promise<string> {
  const res = await request.post('/api/auth/login', { data: { email, password: PASSWORD } });
  expect(res.status()).toBe(200);
  return ((await res.json()) as { data: { token: string } }).data.token;
}

const auth = (token: string) => ({ Authorization: `Bearer ${token}` });

interface ProjectFigures {
  projectId: string;
  name: string;
  taskCount: number;
  progress: number;
}

async function projectNamed(
  request: APIRequestContext,
  token: string,
  name: string,
): Promise<ProjectFigures> {
  const res = await request.get(`/api/Project?search=${encodeURIComponent(name)}&pageSize=5`, {
    headers: auth(token),
  });
  expect(res.status()).toBe(200);
  const items = ((await res.json()) as { data: { items: ProjectFigures[] } }).data.items;
  const found = items.find((p) => p.name === name);
  expect(found).toBeTruthy();
  return found as ProjectFigures;
}

test('6. the dashboard and the project page give a project the same figures, named as top-level tasks', async ({
  page,
  request,
}) => {
  const eve = await tokenOf(request, ACCOUNTS.acmeEmployee.email);
  const project = await projectNamed(request, eve, 'Customer Portal');
  await signIn(page, ACCOUNTS.acmeEmployee.email);
  const mine = page.getByTestId('dashboard-project').filter({ hasText: project.name });
  const figures = `${project.taskCount} top-level ${project.taskCount === 1 ? 'task' : 'tasks'}`;
  await expect(mine).toContainText(figures);
  await expect(mine).toContainText(`${project.progress}%`);
  await page.goto(`/app/project-detail/${project.projectId}`);
  await expect(page.getByText('Top-level tasks', { exact: true })).toBeVisible();
  await expect(page.getByLabel(`Project progress ${project.progress}%`)).toBeVisible();
});

test('8. a chosen font is loaded and used; none is fetched on the sign-in page', async ({ page }) => {
  const fontFiles: string[] = [];
  page.on('request', (r) => {
    if (/\.woff2?(\?|$)/.test(r.url())) fontFiles.push(r.url());
  });
  await page.goto('/');
  await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();
  await page.waitForLoadState('networkidle');
  expect(fontFiles).toEqual([]);

  await signIn(page, ACCOUNTS.acmeEmployee.email);
  await page.goto('/app/profile');
  const loaded = (family: string) =>
    page.waitForFunction((f) => {
      // check() also answers true for a family no @font-face declares: a face must be loaded too.
      let face = false;
      document.fonts.forEach((ff) => {
        if (ff.family.replace(/["']/g, '') === f && ff.status === 'loaded') face = true;
      });
      return face && document.fonts.check(`16px "${f}"`);
    }, family);
  for (const family of ['Inter', 'Poppins', 'Roboto']) {
    await page.getByLabel('Font family').click();
    await page.getByRole('option', { name: family, exact: true }).click();
    await expect
      .poll(() => page.evaluate(() => getComputedStyle(document.body).fontFamily))
      .toMatch(new RegExp(`^"?${family}"?,`));
    await loaded(family);
  }
  expect(fontFiles.some((u) => /inter/i.test(u))).toBe(true);

  // Kept in this browser: after a reload the chosen font is loaded again.
  await page.getByLabel('Font family').click();
  await page.getByRole('option', { name: 'Poppins', exact: true }).click();
  await page.reload();
  await loaded('Poppins');
});
