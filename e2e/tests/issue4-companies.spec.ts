import { expect, test } from '@playwright/test';
import { ACCOUNTS, signIn, submitSignIn, uniqueEmail } from './helpers';
import { pngFile } from './issue4-fixtures';

const ADMIN_PASSWORD = 'Quartz-Harbor-5172';

test('a Super Admin creates a company with its admin, who then signs in', async ({ page }) => {
  const companyName = `Journey ${Date.now()}`;
  const adminEmail = uniqueEmail('company-admin');

  await signIn(page, ACCOUNTS.superAdmin.email);
  // The dashboard shows the real figures (a dash until they arrive).
  await expect(page.getByLabel('Total companies value')).toHaveText(/^\d+$/);
  await expect(page.getByLabel('Active users value')).toHaveText(/^\d+$/);
  await page
    .getByRole('navigation', { name: 'Main navigation' })
    .getByRole('link', { name: 'Companies' })
    .click();
  await expect(page).toHaveURL('/super-admin/companies');
  await expect(page.getByRole('table', { name: 'Companies' })).toBeVisible();

  await page.getByRole('button', { name: 'New company' }).click();
  const dialog = page.getByRole('dialog', { name: 'New company' });
  // The form checks the contract's rules before anything is sent.
  await dialog.getByRole('button', { name: 'Create company' }).click();
  await expect(dialog.getByText('Company name is required')).toBeVisible();

  await dialog.getByLabel(/^Company name/).fill(companyName);
  await dialog.getByLabel('Industry').fill('Testing');
  await dialog.getByLabel(/^Admin first name/).fill('Nora');
  await dialog.getByLabel(/^Admin last name/).fill('Founder');
  await dialog.getByLabel(/^Admin email/).fill(adminEmail);
  await dialog.getByLabel(/^Admin password/).fill(ADMIN_PASSWORD);
  await dialog.getByRole('button', { name: 'Create company' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Company Created Successfully' })).toBeVisible();
  await expect(dialog).toBeHidden();

  await page.getByRole('textbox', { name: 'Search companies' }).fill(companyName);
  const row = page.getByRole('row').filter({ hasText: companyName });
  await expect(row).toHaveCount(1);
  await expect(page.getByRole('table', { name: 'Companies' }).getByRole('row')).toHaveCount(2);

  await row.getByRole('link', { name: companyName }).click();
  await expect(page.getByRole('heading', { name: companyName })).toBeVisible();
  await expect(page.getByRole('list', { name: 'Company users' }).getByText(adminEmail)).toBeVisible();

  await page.getByRole('button', { name: 'Open account menu' }).click();
  await page.getByRole('menuitem', { name: 'Logout' }).click();
  await submitSignIn(page, adminEmail, ADMIN_PASSWORD);
  await expect(page).toHaveURL('/app/dashboard');
  await expect(page.getByRole('heading', { name: 'Welcome back, Nora' })).toBeVisible();
});

test('a Super Admin approves a company from the list, then deactivates and activates it', async ({
  page,
}) => {
  await signIn(page, ACCOUNTS.superAdmin.email);
  await page.goto('/super-admin/companies');
  const row = page.getByRole('row').filter({ hasText: 'Globex' });
  await expect(row.getByText('Pending approval')).toBeVisible();
  await row.getByRole('button', { name: 'Actions for Globex' }).click();
  await page.getByRole('menuitem', { name: 'Approve' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Company Approved Successfully' })).toBeVisible();
  await expect(row.getByText('Approved', { exact: true })).toBeVisible();

  await row.getByRole('link', { name: 'Globex' }).click();
  await expect(page.getByRole('heading', { name: 'Globex' })).toBeVisible();
  await page.getByRole('button', { name: 'Deactivate' }).click();
  await expect(
    page.getByRole('alert').filter({ hasText: 'Company Status Updated Successfully' }),
  ).toBeVisible();
  await expect(page.getByText('Inactive', { exact: true })).toBeVisible();
  await page.getByRole('button', { name: 'Activate' }).click();
  await expect(page.getByText('Active', { exact: true })).toBeVisible();
});

test('a Company Admin uploads the company logo and it shows at once', async ({ page }) => {
  await signIn(page, ACCOUNTS.acmeAdmin.email);
  await page
    .getByRole('navigation', { name: 'Main navigation' })
    .getByRole('link', { name: 'Company', exact: true })
    .click();
  await expect(page).toHaveURL('/app/company');
  await expect(page.getByRole('heading', { name: 'Acme Corp' })).toBeVisible();

  const logo = page.getByRole('img', { name: 'Acme Corp logo' });
  await expect(logo).toHaveCount(0);
  await page.getByLabel('Company logo file').setInputFiles(pngFile('logo.png', [94, 53, 177]));
  await expect(page.getByRole('alert').filter({ hasText: 'Logo Uploaded Successfully' })).toBeVisible();
  await expect(logo).toBeVisible();
  // The logo route needs the bearer token: the page shows it from a blob it fetched with it.
  await expect(logo).toHaveAttribute('src', /^blob:/);
  expect(await logo.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(16);

  // A reload fetches it again from the server.
  await page.reload();
  await expect(page.getByRole('img', { name: 'Acme Corp logo' })).toHaveAttribute('src', /^blob:/);
});

test('a Company Admin uploads, downloads and deletes a company document', async ({ page }) => {
  await signIn(page, ACCOUNTS.acmeAdmin.email);
  await page.goto('/app/company');
  const name = `policy-${Date.now()}.txt`;
  await page.getByLabel('Company document file').setInputFiles({
    name,
    mimeType: 'text/plain',
    buffer: Buffer.from('Be kind.\n'),
  });
  await expect(page.getByRole('alert').filter({ hasText: 'Document uploaded successfully' })).toBeVisible();
  const list = page.getByRole('list', { name: 'Company documents' });
  await expect(list.getByText(name)).toBeVisible();

  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: `Download ${name}` }).click();
  expect((await download).suggestedFilename()).toBe(name);

  await page.getByRole('button', { name: `Delete ${name}` }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Document Deleted Successfully' })).toBeVisible();
  await expect(list.getByText(name)).toHaveCount(0);
});
