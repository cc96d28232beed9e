import { expect, test } from '@playwright/test';
import { ACCOUNTS, signIn, submitSignIn, uniqueEmail } from './helpers';
import { passwordLinkFor, pngFile } from './issue4-fixtures';

const NEW_PASSWORD = 'Saffron-Glacier-2093';

test('an admin invites an employee, who sets a password from the emailed link and signs in', async ({
  page,
  request,
}) => {
  const email = uniqueEmail('invitee');
  await signIn(page, ACCOUNTS.acmeAdmin.email);
  await page.getByRole('link', { name: 'Employees', exact: true }).click();
  await expect(page).toHaveURL('/app/employee');
  const table = page.getByRole('table', { name: 'Employees' });
  await expect(table).toBeVisible();
  const countText = await page.getByText(/^\d+ (people|person)$/).textContent();
  const before = Number(countText?.split(' ')[0]);

  await page.getByRole('button', { name: 'Invite employee' }).click();
  const dialog = page.getByRole('dialog', { name: 'Invite employee' });
  await dialog.getByLabel(/^Email address/).fill('not-an-email');
  await dialog.getByRole('button', { name: 'Send invitation' }).click();
  await expect(dialog.getByText('First name is required')).toBeVisible();

  await dialog.getByLabel(/^First name/).fill('Ivy');
  await dialog.getByLabel(/^Last name/).fill('Invitee');
  await dialog.getByLabel(/^Email address/).fill(email);
  await dialog.getByLabel('Job title').fill('Analyst');
  await dialog.getByRole('button', { name: 'Send invitation' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'User Created Successfully' })).toBeVisible();

  // The new person is at the top and the count went up by one, without a reload of the list.
  await expect(table.getByRole('row').nth(1)).toContainText('Ivy Invitee');
  await expect(table.getByRole('row').nth(1)).toContainText('Invited');
  await expect(page.getByText(`${before + 1} people`)).toBeVisible();

  await page.getByRole('button', { name: 'Open account menu' }).click();
  await page.getByRole('menuitem', { name: 'Logout' }).click();

  await page.goto(await passwordLinkFor(request, email));
  await page.getByLabel(/^New password/).fill(NEW_PASSWORD);
  await page.getByLabel(/^Confirm new password/).fill(NEW_PASSWORD);
  await page.getByRole('button', { name: 'Set password' }).click();
  await expect(page).toHaveURL('/success');

  await page.goto('/');
  await submitSignIn(page, email, NEW_PASSWORD);
  await expect(page.getByRole('heading', { name: 'Welcome back, Ivy' })).toBeVisible();
});

test('an admin changes an employee’s photo on their profile and it shows there and in the list', async ({
  page,
}) => {
  await signIn(page, ACCOUNTS.acmeAdmin.email);
  await page.goto('/app/employee');
  await page.getByRole('textbox', { name: 'Search employees' }).fill('olivia');
  const table = page.getByRole('table', { name: 'Employees' });
  await expect(table.getByRole('row')).toHaveCount(2);
  await table.getByRole('link', { name: 'Olivia Martin' }).click();
  await expect(page.getByRole('heading', { name: 'Olivia Martin' })).toBeVisible();
  await expect(page.getByText('Engineering').first()).toBeVisible();

  const avatar = page.getByRole('img', { name: 'Olivia Martin' });
  await expect(avatar).toHaveCount(0);
  await page.getByLabel('Employee photo file').setInputFiles(pngFile('olivia.png', [30, 136, 229]));
  await expect(
    page.getByRole('alert').filter({ hasText: 'Profile Photo Updated Successfully' }),
  ).toBeVisible();
  await expect(avatar).toHaveAttribute('src', /^blob:/);
  expect(await avatar.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(16);

  await page.goBack();
  await expect(
    page.getByRole('table', { name: 'Employees' }).getByRole('img', { name: 'Olivia Martin' }),
  ).toHaveAttribute('src', /^blob:/);
});

test('an employee without employee:read:all cannot open the employee list', async ({ page }) => {
  await signIn(page, ACCOUNTS.acmeEmployee.email);
  await expect(page.getByRole('link', { name: 'Employees', exact: true })).toHaveCount(0);
  await page.goto('/app/employee');
  await expect(page).toHaveURL('/unauthorized');
  await page.goto('/app/company-management');
  await expect(page).toHaveURL('/unauthorized');
});

test('the role and department screens list, create and delete', async ({ page }) => {
  const suffix = Date.now();
  await signIn(page, ACCOUNTS.acmeAdmin.email);

  await page.goto('/app/role');
  await expect(page.getByRole('table', { name: 'Company roles' })).toBeVisible();
  await page.getByRole('button', { name: 'New role' }).click();
  await page
    .getByRole('dialog')
    .getByLabel(/^Role name/)
    .fill(`Auditor ${suffix}`);
  await page.getByRole('dialog').getByRole('button', { name: 'Create role' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Role Created Successfully' })).toBeVisible();
  await page.getByRole('textbox', { name: 'Search roles' }).fill(`auditor ${suffix}`);
  await expect(page.getByRole('table', { name: 'Company roles' }).getByRole('row')).toHaveCount(2);
  await page.getByRole('button', { name: `Delete Auditor ${suffix}` }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Role Deleted Successfully' })).toBeVisible();
  await expect(page.getByText('No roles match these filters')).toBeVisible();

  await page.goto('/app/department');
  await page.getByRole('button', { name: 'New department' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel(/^Department name/).fill(`Research ${suffix}`);
  await dialog.getByLabel('Manager').fill('Mark');
  await page.getByRole('option', { name: /Mark Manager/ }).click();
  await dialog.getByRole('button', { name: 'Create department' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Department Created Successfully' })).toBeVisible();
  const row = page.getByRole('row').filter({ hasText: `Research ${suffix}` });
  await expect(row).toContainText('Mark Manager');
  await row.getByRole('link', { name: `Research ${suffix}` }).click();
  await expect(page.getByRole('heading', { name: `Research ${suffix}` })).toBeVisible();
  await expect(page.getByText('No members yet')).toBeVisible();
  await page.getByRole('button', { name: 'Delete' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
  await expect(page).toHaveURL('/app/department');
  await expect(page.getByRole('alert').filter({ hasText: 'Department Deleted Successfully' })).toBeVisible();
});
