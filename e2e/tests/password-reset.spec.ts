import { expect, test, type APIRequestContext } from '@playwright/test';
import { readOutbox, submitSignIn, uniqueEmail } from './helpers';

const FIRST_PASSWORD = 'Amber-Lantern-4821';
const NEW_PASSWORD = 'Copper-Meadow-7395';

/** The newest reset link sent to the address, read from the dev outbox. */
async function resetLinkFor(request: APIRequestContext, email: string): Promise<string> {
  let link: string | undefined;
  await expect
    .poll(async () => {
      const mail = (await readOutbox(request)).find((m) => m.to.toLowerCase().includes(email));
      link = mail?.text.match(/https?:\/\/\S+\/reset-password\?\S+/)?.[0];
      return link;
    })
    .toBeTruthy();
  return link ?? '';
}

test('register → forgot password → link from the outbox → reset → sign in with the new password', async ({
  page,
  request,
}) => {
  const email = uniqueEmail('reset');

  await page.goto('/register');
  await page.getByLabel('Company name').fill('Reset Journey Ltd');
  await page.getByLabel('First name').fill('Rita');
  await page.getByLabel('Last name').fill('Reset');
  await page.getByLabel('Email address').fill(email);
  await page.getByLabel(/^Password/).fill(FIRST_PASSWORD);
  await page.getByLabel('Confirm password').fill(FIRST_PASSWORD);
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page).toHaveURL('/success');
  await expect(page.getByRole('heading', { name: 'Registration complete' })).toBeVisible();

  await page.goto('/forgot-password');
  await page.getByLabel('Email address').fill(email);
  await page.getByRole('button', { name: 'Send reset link' }).click();
  await expect(page.getByRole('alert')).toContainText('reset link');

  const link = await resetLinkFor(request, email);
  const url = new URL(link);
  await page.goto(`${url.pathname}${url.search}`);
  await expect(page.getByRole('heading', { name: 'Reset password' })).toBeVisible();
  await page.getByLabel(/^New password/).fill(NEW_PASSWORD);
  await page.getByLabel('Confirm new password').fill(NEW_PASSWORD);
  await page.getByRole('button', { name: 'Reset password' }).click();
  await expect(page).toHaveURL('/success');
  await expect(page.getByRole('heading', { name: 'Password reset' })).toBeVisible();

  await page.getByRole('link', { name: 'Sign in' }).click();
  await submitSignIn(page, email, FIRST_PASSWORD);
  await expect(page.getByRole('alert')).toHaveText('Login Failed. Please check your credentials.');
  await page.getByLabel(/^Password/).fill(NEW_PASSWORD);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page).toHaveURL('/app/dashboard');
  await expect(page.getByRole('heading', { name: 'Welcome back, Rita' })).toBeVisible();

  // The same link a second time is used up.
  await page.context().clearCookies();
  await page.evaluate(() => localStorage.clear());
  await page.goto(`${url.pathname}${url.search}`);
  await page.getByLabel(/^New password/).fill('Velvet-Orbit-5527');
  await page.getByLabel('Confirm new password').fill('Velvet-Orbit-5527');
  await page.getByRole('button', { name: 'Reset password' }).click();
  await expect(page).toHaveURL('/reset-expired');
});

test('an invalid reset link ends on /reset-expired', async ({ page }) => {
  await page.goto('/reset-password?token=not-a-real-token&email=nobody%40e2e.test');
  await page.getByLabel(/^New password/).fill('Silver-Canyon-8842');
  await page.getByLabel('Confirm new password').fill('Silver-Canyon-8842');
  await page.getByRole('button', { name: 'Reset password' }).click();
  await expect(page).toHaveURL('/reset-expired');
  await expect(page.getByRole('heading', { name: 'Reset link expired' })).toBeVisible();
});

test('a reset link without a token goes straight to /reset-expired', async ({ page }) => {
  await page.goto('/reset-password');
  await expect(page).toHaveURL('/reset-expired');
});
