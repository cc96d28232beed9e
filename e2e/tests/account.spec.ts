import { expect, test } from '@playwright/test';
import { registerCompany, signIn, submitSignIn } from './helpers';

const PASSWORD = 'Granite-Falcon-6620';
const NEW_PASSWORD = 'Harbor-Quill-3187';

test('account settings: edit the profile and change the password', async ({ page, request }) => {
  const account = await registerCompany(request, 'account', PASSWORD);
  await signIn(page, account.email, PASSWORD);
  await page.getByRole('button', { name: 'Open account menu' }).click();
  await expect(page.getByRole('menu').getByText('Fresh Admin')).toBeVisible();
  await page.getByRole('menuitem', { name: 'Account Settings' }).click();
  await expect(page).toHaveURL('/app/profile');

  await page.getByLabel(/^First name/).fill('Frieda');
  await page.getByLabel('Job title').fill('Founder');
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Profile Updated Successfully' })).toBeVisible();
  await expect(page.getByText('Frieda Admin', { exact: true })).toBeVisible();

  await page.getByLabel(/^Current password/).fill('not-my-password');
  await page.getByLabel(/^New password/).fill(NEW_PASSWORD);
  await page.getByLabel(/^Confirm new password/).fill(NEW_PASSWORD);
  await page.getByRole('button', { name: 'Update password' }).click();
  // The field says it, and so does the error toast (issue 23: no longer 'Validation failed').
  await expect(
    page.locator('.MuiFormHelperText-root', { hasText: 'The current password is incorrect' }),
  ).toBeVisible();
  await expect(
    page.getByRole('alert').filter({ hasText: 'The current password is incorrect' }),
  ).toBeVisible();

  await page.getByLabel(/^Current password/).fill(PASSWORD);
  await page.getByRole('button', { name: 'Update password' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Password Updated Successfully' })).toBeVisible();

  await page.getByRole('button', { name: 'Open account menu' }).click();
  await page.getByRole('menuitem', { name: 'Logout' }).click();
  await submitSignIn(page, account.email, NEW_PASSWORD);
  await expect(page.getByRole('heading', { name: 'Welcome back, Frieda' })).toBeVisible();
});

/** A valid 1×1 PNG. */
const TINY_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

test('a profile photo uploads and replaces the initials in the header', async ({ page, request }) => {
  const account = await registerCompany(request, 'upload', PASSWORD);
  await signIn(page, account.email, PASSWORD);
  await page.goto('/app/profile');
  const header = page.getByRole('banner');
  await expect(header.getByText('FA', { exact: true })).toBeVisible();
  await page
    .getByLabel('Profile photo file')
    .setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: TINY_PNG });
  await page.getByRole('button', { name: 'Upload' }).click();
  await expect(
    page.getByRole('alert').filter({ hasText: 'Profile Photo Updated Successfully' }),
  ).toBeVisible();
  await expect(header.getByRole('img', { name: 'Fresh Admin' })).toHaveAttribute('src', /^blob:/);
  await page.reload();
  await expect(page.getByRole('banner').getByRole('img', { name: 'Fresh Admin' })).toHaveAttribute(
    'src',
    /^blob:/,
  );
});

test('the photo picker refuses files of the wrong type before uploading', async ({ page, request }) => {
  const account = await registerCompany(request, 'photo', PASSWORD);
  await signIn(page, account.email, PASSWORD);
  await page.goto('/app/profile');
  await page.getByLabel('Profile photo file').setInputFiles({
    name: 'notes.txt',
    mimeType: 'text/plain',
    buffer: Buffer.from('not an image'),
  });
  await expect(page.getByText('Choose a PNG, JPEG or WebP image.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Upload' })).toHaveCount(0);
});

test('the register form shows the API’s answer for an email already in use', async ({ page, request }) => {
  const account = await registerCompany(request, 'taken', PASSWORD);
  await page.goto('/register');
  await page.getByLabel('Company name').fill('Second Co');
  await page.getByLabel('First name').fill('Sec');
  await page.getByLabel('Last name').fill('Ond');
  await page.getByLabel('Email address').fill(account.email);
  await page.getByLabel(/^Password/).fill(PASSWORD);
  await page.getByLabel('Confirm password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page).toHaveURL('/register');
  await expect(page.getByRole('alert')).toBeVisible();
  await expect(page.getByLabel('Email address')).toHaveAttribute('aria-invalid', 'true');
});
