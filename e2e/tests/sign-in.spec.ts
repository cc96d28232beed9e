import { expect, test } from '@playwright/test';
import { ACCOUNTS, PASSWORD, signIn, submitSignIn } from './helpers';

test.describe('sign in', () => {
  for (const [name, account] of Object.entries(ACCOUNTS)) {
    test(`${name} lands on ${account.dashboard}`, async ({ page }) => {
      await signIn(page, account.email);
      await expect(page).toHaveURL(account.dashboard);
      if (account.firstName) {
        await expect(page.getByRole('heading', { name: `Welcome back, ${account.firstName}` })).toBeVisible();
      }
      await expect(page.getByRole('link', { name: 'Taskhive home' })).toBeVisible();
      await expect(page.getByText('Version 1.0.0')).toBeVisible();
    });
  }

  test('a wrong password shows the login-failed message and stays on /', async ({ page }) => {
    await page.goto('/');
    await submitSignIn(page, ACCOUNTS.acmeAdmin.email, `${PASSWORD}-wrong`);
    await expect(page.getByRole('alert')).toHaveText('Login Failed. Please check your credentials.');
    await expect(page).toHaveURL('/');
  });

  test('the form checks required fields and the email format before calling the API', async ({ page }) => {
    await page.goto('/');
    await page.getByLabel('Email address').fill('not-an-email');
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await expect(page.getByText('Enter a valid email address')).toBeVisible();
    await expect(page.getByText('Password is required')).toBeVisible();
  });

  test('the Super Admin sees the platform menu and the System Admin label', async ({ page }) => {
    await signIn(page, ACCOUNTS.superAdmin.email);
    const nav = page.getByRole('navigation', { name: 'Main navigation' });
    await expect(nav.getByRole('link', { name: 'Dashboard' })).toHaveAttribute('aria-current', 'page');
    await expect(nav.getByRole('link', { name: 'Companies' })).toBeVisible();
    await page.getByRole('button', { name: 'Open account menu' }).click();
    const menu = page.getByRole('menu');
    await expect(menu.getByText('System Admin')).toBeVisible();
    await expect(menu.getByText('Sam Super')).toBeVisible();
  });
});
