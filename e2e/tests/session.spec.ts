import { expect, test } from '@playwright/test';
import { ACCOUNTS, signIn } from './helpers';

test('logout ends the session and guarded pages send back to sign in', async ({ page }) => {
  await signIn(page, ACCOUNTS.acmeManager.email);
  await page.getByRole('button', { name: 'Open account menu' }).click();
  await page.getByRole('menuitem', { name: 'Logout' }).click();
  await expect(page).toHaveURL('/');
  await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();
  await page.goto('/app/dashboard');
  await expect(page).toHaveURL('/');
});

test('the session survives a reload', async ({ page }) => {
  await signIn(page, ACCOUNTS.acmeAdmin.email);
  // No token in browser storage: the refresh token is an HttpOnly cookie, the access token in memory.
  const stored = (await page.evaluate(() => JSON.stringify({ ...localStorage }))) ?? '';
  expect(stored).toContain('isAuthenticated');
  expect(stored).not.toMatch(/accessToken|refreshToken|"token"/);
  const [cookie] = (await page.context().cookies()).filter((c) => c.name === 'taskhive_refresh');
  expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Strict', path: '/api/auth' });
  expect(stored).not.toContain(cookie?.value ?? '-');
  expect(await page.evaluate(() => document.cookie)).not.toContain('taskhive_refresh');
  await page.reload();
  await expect(page).toHaveURL('/app/dashboard');
  await expect(page.getByRole('heading', { name: 'Welcome back, Alice' })).toBeVisible();
});

test('two tabs reloaded at the same moment both stay signed in', async ({ page, context }) => {
  // Each refresh token works once, and reusing one ends the session (theft detection). Two tabs
  // that start at once (a browser restoring its tabs) must not both spend the same cookie.
  await signIn(page, ACCOUNTS.acmeAdmin.email);
  const other = await context.newPage();
  await other.goto('/app/dashboard');
  await expect(other.getByRole('heading', { name: 'Welcome back, Alice' })).toBeVisible();
  // A slow network (300 ms for a refresh) widens the moment both tabs have one in flight.
  await context.route('**/api/auth/refresh-token', async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 300));
    await route.continue();
  });
  for (let round = 0; round < 3; round++) {
    await Promise.all([page.reload(), other.reload()]);
    for (const tab of [page, other]) {
      await expect(tab.getByRole('heading', { name: 'Welcome back, Alice' })).toBeVisible();
      await expect(tab).toHaveURL('/app/dashboard');
    }
  }
  // And the session is still good for what comes next.
  await page
    .getByRole('navigation', { name: 'Main navigation' })
    .getByRole('link', { name: 'Projects' })
    .click();
  await expect(page).toHaveURL(/\/app\/project/);
  await expect(page.getByRole('heading', { name: 'Sign in' })).toHaveCount(0);
  await other.close();
});

test('appearance settings survive a reload', async ({ page }) => {
  await signIn(page, ACCOUNTS.acmeEmployee.email);
  await page.getByRole('button', { name: 'Open account menu' }).click();
  await page.getByRole('menuitem', { name: 'Account Settings' }).click();
  await expect(page).toHaveURL('/app/profile');

  const body = page.locator('body');
  const lightBackground = await body.evaluate((el) => getComputedStyle(el).backgroundColor);
  await page.getByRole('button', { name: 'Dark mode', exact: true }).click();
  await page.getByLabel('Font family').click();
  await page.getByRole('option', { name: 'Serif' }).click();
  await expect(body).not.toHaveCSS('background-color', lightBackground);
  const darkBackground = await body.evaluate((el) => getComputedStyle(el).backgroundColor);

  await page.reload();
  await expect(page.getByRole('heading', { name: 'Account settings' })).toBeVisible();
  await expect(body).toHaveCSS('background-color', darkBackground);
  await expect(body).toHaveCSS('font-family', /Georgia/);
  await expect(page.getByRole('button', { name: 'Dark mode', exact: true })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  const stored = await page.evaluate(() => localStorage.getItem('persist:root'));
  expect(stored).toContain('dark');
});

test.describe('phone viewport', () => {
  test.use({ viewport: { width: 375, height: 740 } });

  test('the sidebar is a drawer that closes when an item is chosen', async ({ page }) => {
    await signIn(page, ACCOUNTS.acmeAdmin.email);
    const drawer = page.getByLabel('Navigation drawer');
    await expect(drawer).toBeHidden();
    await page.getByRole('button', { name: 'Toggle navigation' }).click();
    await expect(drawer).toBeVisible();
    await drawer.getByRole('link', { name: 'Projects' }).click();
    await expect(page).toHaveURL('/app/project');
    await expect(drawer).toBeHidden();
    await expect(page.getByRole('heading', { name: 'Projects', exact: true })).toBeVisible();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
  });
});

test('on a wide screen the toggle shrinks the sidebar to icons and back', async ({ page }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await signIn(page, ACCOUNTS.acmeAdmin.email);
  const sidebar = page.getByLabel('Sidebar');
  await expect(sidebar).toHaveCSS('width', '260px');
  await expect(sidebar.getByText('My Workspace')).toBeVisible();
  await page.getByRole('button', { name: 'Toggle navigation' }).click();
  await expect(sidebar).toHaveCSS('width', '72px');
  await expect(sidebar.getByText('My Workspace')).toHaveCount(0);
  await sidebar.getByRole('link').nth(1).hover();
  await expect(page.getByRole('tooltip')).toHaveText('Projects');
  await page.getByRole('button', { name: 'Toggle navigation' }).click();
  await expect(sidebar).toHaveCSS('width', '260px');
});
