import { expect, test, type Page } from '@playwright/test';
import { ACCOUNTS, auth, PASSWORD, shot, signIn, tokenOf } from './helpers';

/**
 * Issue 23, defects 11 and 12: grants follow packages (Globex, on Starter, has Starter's three
 * modules; Platform Administration is never in a company package), and permissions are named in
 * words and edited in the role's own form.
 */
const DESKTOP = { width: 1440, height: 900 };
const PHONE = { width: 390, height: 844 };

/** No permission key (`resource:action`) as text anywhere in the element. */
async function expectNoRawKeys(where: ReturnType<Page['getByRole']>) {
  expect(await where.innerText()).not.toMatch(/\b[a-z]+:(read|create|update|delete|assign)(:all)?\b/);
}

for (const [label, viewport] of [
  ['1440 px', DESKTOP],
  ['390 px', PHONE],
] as const) {
  const tag = label === '1440 px' ? 'desktop' : 'phone';

  test.describe(`at ${label}`, () => {
    test.use({ viewport });

    test('12. a Company Admin creates a role with permissions picked by name and sees them in words', async ({
      page,
    }) => {
      // Sign-in, two dialogs and three saves: more than 30 s on the shared machine.
      test.slow();
      const roleName = `Reviewers ${tag} ${Date.now().toString(36)}`;
      await signIn(page, ACCOUNTS.acmeAdmin.email);
      await page.goto('/app/role');
      await page.getByRole('button', { name: 'New role' }).click();
      const dialog = page.getByRole('dialog', { name: 'New role' });
      await dialog.getByRole('textbox', { name: /Role name/ }).fill(roleName);
      const tasks = dialog.getByRole('region', { name: 'Tasks' });
      await tasks.getByRole('checkbox', { name: 'Create tasks' }).check();
      await dialog
        .getByRole('region', { name: 'Company Roles' })
        .getByRole('checkbox', { name: 'Read all company roles' })
        .check();
      await expect(dialog.getByText('2 chosen.', { exact: false })).toBeVisible();
      await expectNoRawKeys(dialog);
      await shot(page, `issue23-12-role-form-${tag}`);
      await dialog.getByRole('button', { name: 'Create role' }).click();
      await expect(page.getByRole('alert').filter({ hasText: 'Role Created Successfully' })).toBeVisible();
      await expect(dialog).toBeHidden();

      await page.getByRole('textbox', { name: 'Search roles' }).fill(roleName);
      const row = page.getByRole('row').filter({ hasText: roleName });
      await expect(row).toBeVisible();
      if (tag === 'desktop') {
        await expect(row).toContainText('Create tasks');
        await expect(row).toContainText('Read all company roles');
      }
      await shot(page, `issue23-12-roles-${tag}`);

      // Reopened, the role shows its permissions by name, ticked; one more is added and saved.
      await row.getByRole('button', { name: `Edit ${roleName}` }).click();
      const edit = page.getByRole('dialog', { name: 'Edit role' });
      await expect(edit.getByRole('checkbox', { name: 'Create tasks' })).toBeChecked();
      await expect(edit.getByRole('checkbox', { name: 'Read all company roles' })).toBeChecked();
      await expect(edit.getByRole('checkbox', { name: 'Delete tasks' })).not.toBeChecked();
      await edit.getByRole('checkbox', { name: 'Delete tasks' }).check();
      await edit.getByRole('button', { name: 'Save changes' }).click();
      await expect(page.getByRole('alert').filter({ hasText: 'Role Updated Successfully' })).toBeVisible();
      await row.getByRole('button', { name: `Edit ${roleName}` }).click();
      await expect(
        page.getByRole('dialog', { name: 'Edit role' }).getByRole('checkbox', { name: 'Delete tasks' }),
      ).toBeChecked();
    });

    test('12. the Access card of an employee names permissions in words', async ({ page, request }) => {
      const res = await request.post('/api/auth/login', {
        data: { email: ACCOUNTS.acmeEmployee.email, password: PASSWORD },
      });
      expect(res.status()).toBe(200);
      const eve = ((await res.json()) as { data: { user: { userId: string } } }).data.user.userId;
      await signIn(page, ACCOUNTS.acmeAdmin.email);
      await page.goto(`/app/employee-profile/${eve}`);
      const effective = page.getByRole('region', { name: 'Effective permissions' });
      await expect(effective.getByText('Read their own tasks')).toBeVisible();
      await expect(effective.getByText('Read company roles')).toBeVisible();
      await expect(effective.getByText('Tasks', { exact: true })).toBeVisible();
      await expectNoRawKeys(effective);
      // The admin's checklist of direct permissions: words first, the key only as small print below.
      const direct = page.getByRole('region', { name: 'Direct permissions' });
      await expect(direct.getByRole('checkbox', { name: 'Read their own tasks' })).toBeVisible();
      await shot(page, `issue23-12-access-${tag}`);
    });

    test('11. Globex, on Starter, is granted only Starter’s modules', async ({ page, request }) => {
      const root = await tokenOf(request, ACCOUNTS.superAdmin.email);
      const res = await request.get('/api/Companies?search=Globex', { headers: auth(root) });
      const [globex] = ((await res.json()) as { data: { items: { companyId: string }[] } }).data.items;
      expect(globex).toBeTruthy();
      const { companyId } = globex as { companyId: string };
      const mods = await request.get(`/api/Companies/${companyId}/modules`, { headers: auth(root) });
      const keys = ((await mods.json()) as { data: { key: string }[] }).data.map((m) => m.key).sort();
      expect(keys).toEqual(['company', 'projects', 'tasks']);

      await signIn(page, ACCOUNTS.superAdmin.email);
      await page.goto(`/super-admin/companies/${companyId}`);
      for (const key of ['projects', 'tasks', 'company'])
        await expect(page.getByTestId(`company-module-${key}`)).toBeVisible();
      for (const key of ['time-tracking', 'reports', 'employees', 'departments', 'company-roles', 'platform'])
        await expect(page.getByTestId(`company-module-${key}`)).toHaveCount(0);
      await shot(page, `issue23-11-globex-${tag}`);
    });

    test('11. the Super Admin cannot put Platform Administration into a package', async ({
      page,
      request,
    }) => {
      await signIn(page, ACCOUNTS.superAdmin.email);
      await page.goto('/super-admin/packages');
      await page.getByRole('button', { name: 'Modules of Starter' }).click();
      const dialog = page.getByRole('dialog', { name: 'Modules of Starter' });
      await expect(dialog.getByRole('checkbox', { name: 'Projects' })).toBeChecked();
      await expect(dialog.getByRole('checkbox', { name: 'Reports' })).not.toBeChecked();
      await expect(dialog.getByText('Platform Administration')).toHaveCount(0);
      await shot(page, `issue23-11-package-modules-${tag}`);

      // And the API refuses it, naming it.
      const root = await tokenOf(request, ACCOUNTS.superAdmin.email);
      const modules = await request.get('/api/Modules?pageSize=50', { headers: auth(root) });
      const platform = (
        (await modules.json()) as { data: { items: { key: string; moduleId: string }[] } }
      ).data.items.find((m) => m.key === 'platform');
      const packages = await request.get('/api/Package?search=Starter', { headers: auth(root) });
      const starter = (
        (await packages.json()) as { data: { items: { packageId: string; name: string }[] } }
      ).data.items.find((p) => p.name === 'Starter');
      expect(platform && starter).toBeTruthy();
      const refused = await request.post(`/api/Package/${starter?.packageId}/modules/${platform?.moduleId}`, {
        headers: auth(root),
      });
      expect(refused.status()).toBe(400);
      expect(((await refused.json()) as { message: string }).message).toContain('Platform Administration');
    });
  });
}
