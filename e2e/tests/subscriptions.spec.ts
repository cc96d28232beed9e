import { expect, test } from '@playwright/test';
import { ACCOUNTS, signIn } from './helpers';

test("revoking Reports from Acme takes it from Acme's admin; buying a package brings it back", async ({
  browser,
}) => {
  // Two sign-ins, two companies' pages and a purchase: near 30 s on a loaded machine.
  test.slow();
  const adminContext = await browser.newContext();
  const admin = await adminContext.newPage();
  await signIn(admin, ACCOUNTS.acmeAdmin.email);
  const menu = admin.getByRole('navigation');
  await expect(menu.getByRole('link', { name: 'Reports' })).toBeVisible();

  // The Super Admin revokes the Reports module on Acme's company page.
  const rootContext = await browser.newContext();
  const root = await rootContext.newPage();
  await signIn(root, ACCOUNTS.superAdmin.email);
  await root.getByRole('link', { name: 'Companies' }).click();
  await root.getByRole('textbox', { name: 'Search companies' }).fill('Acme');
  await root.getByRole('link', { name: 'Acme Corp' }).click();
  const reportsRow = root.getByTestId('company-module-reports');
  await expect(reportsRow).toContainText('full');
  await reportsRow.getByRole('button', { name: 'Revoke Reports' }).click();
  await root.getByRole('dialog', { name: 'Revoke module' }).getByRole('button', { name: 'Revoke' }).click();
  await expect(root.getByRole('alert').filter({ hasText: 'Module Revoked Successfully' })).toBeVisible();
  await expect(reportsRow).toBeHidden();

  // Acme's admin: no Reports in the menu, and the page itself is refused.
  await admin.goto('/app/reports');
  await expect(admin).toHaveURL('/unauthorized');
  await admin.goto('/app/company');
  await expect(admin.getByRole('navigation').getByRole('link', { name: 'Company' })).toBeVisible();
  await expect(admin.getByRole('navigation').getByRole('link', { name: 'Reports' })).toBeHidden();

  // Buying Team (which carries Reports) brings it back without signing in again. (Business, which
  // Acme holds for the month, would be refused: a held package is not bought twice.)
  await admin.getByRole('combobox', { name: /Package/ }).click();
  await admin.getByRole('option', { name: /^Team/ }).click();
  await admin.getByRole('button', { name: 'Purchase' }).click();
  await expect(admin.getByRole('alert').filter({ hasText: 'Package Purchased Successfully' })).toBeVisible();
  await expect(admin.getByRole('navigation').getByRole('link', { name: 'Reports' })).toBeVisible();
  await admin.getByRole('navigation').getByRole('link', { name: 'Reports' }).click();
  await expect(admin).toHaveURL('/app/reports');

  // The Super Admin sees the module granted again, at full access.
  await root.reload();
  await expect(root.getByTestId('company-module-reports')).toContainText('full');

  await adminContext.close();
  await rootContext.close();
});

test('the Super Admin creates, edits and deletes a permission', async ({ page }) => {
  await signIn(page, ACCOUNTS.superAdmin.email);
  await page.getByRole('navigation').getByRole('link', { name: 'Permissions' }).click();
  await expect(page).toHaveURL('/super-admin/permissions');

  await page.getByRole('button', { name: 'New permission' }).click();
  const create = page.getByRole('dialog', { name: 'New permission' });
  await create.getByRole('textbox', { name: /^Name/ }).fill('invoice:export');
  await create.getByRole('textbox', { name: /^Category/ }).fill('Invoices');
  await create.getByRole('combobox', { name: /^Module/ }).click();
  await page.getByRole('option', { name: 'Reports' }).click();
  await create.getByRole('button', { name: 'Create' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Permission Created Successfully' })).toBeVisible();

  await page.getByRole('textbox', { name: 'Search' }).fill('invoice:export');
  const row = page.getByRole('row').filter({ hasText: 'invoice:export' });
  await expect(row).toContainText('Invoices');
  await row.getByRole('button', { name: 'Edit invoice:export' }).click();
  const edit = page.getByRole('dialog', { name: 'Edit permission' });
  await edit.getByRole('textbox', { name: /^Category/ }).fill('Billing');
  await edit.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Permission Updated Successfully' })).toBeVisible();
  await expect(row).toContainText('Billing');

  await row.getByRole('button', { name: 'Delete invoice:export' }).click();
  await page
    .getByRole('dialog', { name: 'Delete permission?' })
    .getByRole('button', { name: 'Delete' })
    .click();
  await expect(page.getByRole('alert').filter({ hasText: 'Permission Deleted Successfully' })).toBeVisible();
  await expect(row).toBeHidden();
  await page.reload();
  await page.getByRole('textbox', { name: 'Search' }).fill('invoice:export');
  await expect(page.getByText('No permissions')).toBeVisible();
});
