import { expect, test } from '@playwright/test';
import { ACCOUNTS, signIn, submitSignIn } from './helpers';

test('a guarded deep link sends a visitor to sign in and back to the page afterwards', async ({ page }) => {
  await page.goto('/app/profile');
  await expect(page).toHaveURL('/');
  await submitSignIn(page, ACCOUNTS.acmeAdmin.email);
  await expect(page).toHaveURL('/app/profile');
  await expect(page.getByRole('heading', { name: 'Account settings' })).toBeVisible();
});

test('an employee without employee:read:all is sent to /unauthorized from /app/employee', async ({
  page,
}) => {
  await signIn(page, ACCOUNTS.acmeEmployee.email);
  const nav = page.getByRole('navigation', { name: 'Main navigation' });
  await expect(nav.getByRole('link', { name: 'Projects' })).toBeVisible();
  await expect(nav.getByRole('link', { name: 'Employee' })).toHaveCount(0);
  await page.goto('/app/employee');
  await expect(page).toHaveURL('/unauthorized');
  await expect(page.getByRole('heading', { name: 'Access denied' })).toBeVisible();
});

test('a Company Admin may open /app/employee but not the platform area', async ({ page }) => {
  await signIn(page, ACCOUNTS.acmeAdmin.email);
  await page.goto('/app/employee');
  await expect(page.getByRole('heading', { name: 'Employees', exact: true })).toBeVisible();
  await page.goto('/super-admin/dashboard');
  await expect(page).toHaveURL('/unauthorized');
});

test('/dashboard redirects by role, and visitors to /', async ({ page }) => {
  await page.goto('/dashboard');
  await expect(page).toHaveURL('/');
  await signIn(page, ACCOUNTS.superAdmin.email);
  await page.goto('/dashboard');
  await expect(page).toHaveURL('/super-admin/dashboard');
});

test('an unknown path shows the not-found page', async ({ page }) => {
  await page.goto('/no/such/page');
  await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
  await expect(page.getByText('404')).toBeVisible();
});
