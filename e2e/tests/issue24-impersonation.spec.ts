import { expect, type Page, test } from '@playwright/test';
import { ACCOUNTS, signIn } from './helpers';

// Two sessions, a dialog, a project and the audit log in one journey: more than the default 30 s
// on a busy machine.
test.describe.configure({ timeout: 90_000 });

const WIDE = { width: 1440, height: 900 };
const PHONE = { width: 390, height: 844 };

/** The header's controls are whole and on screen, and nothing sticks out sideways. */
async function expectHeaderInView(page: Page) {
  const width = page.viewportSize()?.width ?? 0;
  for (const name of ['Toggle navigation', 'Open account menu']) {
    const box = await page.getByRole('button', { name }).boundingBox();
    expect(box, name).not.toBeNull();
    if (!box) continue;
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.y).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(width);
  }
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
}

/** Signs in as the Super Admin and opens Acme's page of the platform screens; answers its address. */
async function openAcme(page: Page) {
  await signIn(page, ACCOUNTS.superAdmin.email);
  await page.goto('/super-admin/companies');
  await page.getByRole('row').filter({ hasText: 'Acme' }).getByRole('link', { name: /Acme/ }).first().click();
  await expect(page.getByRole('heading', { name: /Acme/ }).first()).toBeVisible();
  return page.url();
}

test('the Super Admin acts as Acme’s admin for a reason, works, and comes back; the audit log says who did it', async ({
  page,
}) => {
  const suffix = Date.now().toString(36).slice(-5).toUpperCase();
  const reason = `Support ticket ${suffix}: a project is missing`;
  await page.setViewportSize(WIDE);
  const companyUrl = await openAcme(page);

  // The reason is required.
  await page.getByRole('button', { name: 'Act as admin' }).click();
  const dialog = page.getByRole('dialog', { name: 'Act as admin' });
  await dialog.getByRole('button', { name: 'Act as admin' }).click();
  await expect(dialog.getByText('Say why you need to act as the Company Admin')).toBeVisible();
  await dialog.getByRole('textbox', { name: /Reason/ }).fill(reason);
  await dialog.getByRole('button', { name: 'Act as admin' }).click();

  // The company's screens, as its admin, with the banner: whom, why, the time left.
  await expect(page).toHaveURL('/app/dashboard');
  const banner = page.getByRole('region', { name: 'Impersonation' });
  await expect(banner).toContainText('Acting as Alice');
  await expect(banner).toContainText('Company Admin of Acme');
  await expect(banner).toContainText(`Reason: ${reason}`);
  await expect(banner).toContainText(/(59:\d\d|1:00:00) left/);
  await expectHeaderInView(page);

  // One action as the admin: a project.
  const code = `IMP${suffix}`;
  await page
    .getByRole('navigation', { name: 'Main navigation' })
    .getByRole('link', { name: 'Projects' })
    .click();
  await expect(page).toHaveURL('/app/project');
  await expect(banner).toBeVisible();
  await page.getByRole('button', { name: 'New project' }).click();
  const form = page.getByRole('dialog', { name: 'New project' });
  await form.getByLabel(/^Code/).fill(code);
  await form.getByLabel(/^Project name/).fill(`Made by support ${suffix}`);
  await form.getByRole('button', { name: 'Create project' }).click();
  await expect(form).toBeHidden();

  // The company's audit log: the project, done by the Super Admin for the admin; and the start.
  await page
    .getByRole('navigation', { name: 'Main navigation' })
    .getByRole('link', { name: 'Audit log' })
    .click();
  await expect(page.getByRole('heading', { name: 'Audit log' })).toBeVisible();
  const table = page.getByRole('table', { name: 'Audit log' });
  const action = table
    .getByRole('row')
    .filter({ hasText: 'Done while impersonating' })
    .filter({ hasText: 'project created' });
  await expect(action.first()).toBeVisible();
  await expect(action.first()).toContainText('Sam');
  await expect(action.first()).toContainText('Platform admin');
  await expect(action.first()).toContainText('for Alice');
  const started = table
    .getByRole('row')
    .filter({ hasText: 'Impersonation started' })
    .filter({ hasText: reason });
  await expect(started.first()).toContainText('Sam');

  // End: back on the company's page of the Super Admin's own screens, the banner gone.
  await banner.getByRole('button', { name: 'End impersonation' }).click();
  await expect(page).toHaveURL(companyUrl);
  await expect(page.getByRole('region', { name: 'Impersonation' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Act as admin' })).toBeVisible();
  await page.goto('/super-admin/companies');
  await expect(page.getByRole('row').filter({ hasText: 'Acme' }).first()).toBeVisible();
});

test('on a phone (390 px) the banner fits beside the header, and ending returns to the platform screens', async ({
  page,
}) => {
  await page.setViewportSize(PHONE);
  const companyUrl = await openAcme(page);
  await page.getByRole('button', { name: 'Act as admin' }).click();
  const dialog = page.getByRole('dialog', { name: 'Act as admin' });
  await dialog.getByRole('textbox', { name: /Reason/ }).fill('Checking the phone layout for a customer');
  await dialog.getByRole('button', { name: 'Act as admin' }).click();
  await expect(page).toHaveURL('/app/dashboard');
  const banner = page.getByRole('region', { name: 'Impersonation' });
  await expect(banner).toContainText('Acting as Alice');
  await expect(banner).toContainText('Reason: Checking the phone layout for a customer');
  const end = banner.getByRole('button', { name: 'End impersonation' });
  await expect(end).toBeInViewport();
  const box = await end.boundingBox();
  expect((box?.x ?? -1) + (box?.width ?? 0)).toBeLessThanOrEqual(PHONE.width);
  await expectHeaderInView(page);
  await end.click();
  await expect(page).toHaveURL(companyUrl);
  await expect(page.getByRole('region', { name: 'Impersonation' })).toHaveCount(0);
});
