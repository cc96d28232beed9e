import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { ACCOUNTS, PASSWORD, signIn, submitSignIn, uniqueEmail } from './helpers';
import { passwordLinkFor } from './issue4-fixtures';

/**
 * Issue 24, profiles: the company profile, a password a Company Admin sets (and the member's
 * forced change at sign-in), and the employee profile's fields at 1440 and 390 px.
 */
test.describe.configure({ timeout: 120_000 });

const MEMBER_PASSWORD = 'Member-Own-Pass-2026';
const GIVEN = 'Given-By-Admin-2026';
const MINE = 'Chosen-By-Me-2026!';

async function apiToken(request: APIRequestContext, email: string, password = PASSWORD) {
  const res = await request.post('/api/auth/login', { data: { email, password } });
  expect(res.ok()).toBe(true);
  return ((await res.json()) as { data: { token: string } }).data.token;
}

/** An active Acme member: invited through the API, then setting a password from the emailed link. */
async function activeMember(request: APIRequestContext, firstName: string) {
  const token = await apiToken(request, ACCOUNTS.acmeAdmin.email);
  const email = uniqueEmail(firstName.toLowerCase());
  const created = await request.post('/api/CompanyUsers', {
    headers: { authorization: `Bearer ${token}` },
    data: { firstName, lastName: 'Member', email },
  });
  expect(created.status()).toBe(201);
  const userId = ((await created.json()) as { data: { userId: string } }).data.userId;
  const link = new URL(await passwordLinkFor(request, email), 'http://x');
  const reset = await request.post('/api/auth/reset-password', {
    data: {
      email,
      token: link.searchParams.get('token'),
      newPassword: MEMBER_PASSWORD,
      confirmPassword: MEMBER_PASSWORD,
    },
  });
  expect(reset.ok()).toBe(true);
  return { email, userId, name: `${firstName} Member` };
}

async function noSideways(page: Page) {
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(width).toBeLessThanOrEqual(page.viewportSize()?.width ?? 0);
}

async function signOut(page: Page) {
  await page.getByRole('button', { name: 'Open account menu' }).click();
  await page.getByRole('menuitem', { name: 'Logout' }).click();
  await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();
}

test('the Company Admin edits the company profile; it shows on the company page at 1440 and 390 px', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await signIn(page, ACCOUNTS.acmeAdmin.email);
  await page
    .getByRole('navigation', { name: 'Main navigation' })
    .getByRole('link', { name: 'Company' })
    .click();
  await page.getByRole('button', { name: 'Edit profile' }).click();
  const dialog = page.getByRole('dialog', { name: 'Edit company profile' });
  await dialog.getByLabel('Company size').click();
  await page.getByRole('option', { name: '51–200 people' }).click();
  await dialog.getByLabel('Vision').fill('Every team ships on time');
  await dialog.getByLabel('Mission').fill('Tools that stay out of the way');
  for (const value of ['Candour', 'Care', 'Craft']) {
    await dialog.getByRole('button', { name: 'Add core value' }).click();
    await dialog
      .getByRole('textbox', { name: /^Core value \d$/ })
      .last()
      .fill(value);
  }
  await dialog.getByRole('switch', { name: /anniversaries and birthdays/ }).check();
  await dialog.getByRole('button', { name: 'Save profile' }).click();
  await expect(dialog).toBeHidden();

  const values = page.getByRole('list', { name: 'Core values' });
  await expect(values.getByRole('listitem')).toHaveText(['Candour', 'Care', 'Craft']);
  await expect(page.getByText('Every team ships on time')).toBeVisible();
  await expect(page.getByText('51–200 people')).toBeVisible();

  await page.setViewportSize({ width: 390, height: 844 });
  await page.reload();
  await expect(page.getByText('Every team ships on time')).toBeVisible();
  const edit = page.getByRole('button', { name: 'Edit profile' });
  await edit.scrollIntoViewIfNeeded();
  await expect(edit).toBeInViewport({ ratio: 1 });
  await noSideways(page);
});

test('the admin sets a member’s password; at sign-in the member must change it before anything else', async ({
  page,
  request,
}) => {
  const member = await activeMember(request, 'Pia');
  await page.setViewportSize({ width: 1440, height: 900 });
  await signIn(page, ACCOUNTS.acmeAdmin.email);
  await page.goto(`/app/employee-profile/${member.userId}`);
  await expect(page.getByRole('heading', { name: member.name })).toBeVisible();
  await page.getByRole('button', { name: 'Set password' }).click();
  const dialog = page.getByRole('dialog', { name: `Set a password for ${member.name}` });
  await dialog.getByLabel(/^New password/).fill(GIVEN);
  await dialog.getByLabel(/^Confirm new password/).fill(GIVEN);
  await dialog.getByRole('button', { name: 'Set password' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Password set' })).toBeVisible();
  await signOut(page);

  // The old password no longer works; the given one leads to the change screen only.
  await submitSignIn(page, member.email, MEMBER_PASSWORD);
  await expect(page.getByText(/Login Failed/).first()).toBeVisible();
  await page.getByLabel(/^Password/).fill(GIVEN);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Choose a new password' })).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Main navigation' })).toHaveCount(0);
  await page.goto('/app/project');
  await expect(page.getByRole('heading', { name: 'Choose a new password' })).toBeVisible();

  await page.getByLabel(/^Current password/).fill(GIVEN);
  await page.getByLabel(/^New password/).fill(MINE);
  await page.getByLabel(/^Confirm new password/).fill(MINE);
  await page.getByRole('button', { name: 'Update password' }).click();
  await expect(page.getByRole('navigation', { name: 'Main navigation' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Choose a new password' })).toHaveCount(0);

  // At 390 px the next sign-in with their own password goes straight in.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/app/dashboard');
  await expect(page.getByRole('heading', { name: /^Welcome back, Pia/ })).toBeVisible();
  await noSideways(page);
});

for (const width of [1440, 390]) {
  test(`the employee profile's employment and personal fields at ${width} px`, async ({ page, request }) => {
    const member = await activeMember(request, width === 1440 ? 'Ravi' : 'Rosa');
    await page.setViewportSize({ width, height: width === 1440 ? 900 : 844 });
    await signIn(page, ACCOUNTS.acmeAdmin.email);
    await page.goto(`/app/employee-profile/${member.userId}`);
    await expect(page.getByRole('heading', { name: member.name })).toBeVisible();
    await page.getByRole('button', { name: 'Edit details' }).click();
    const dialog = page.getByRole('dialog', { name: `Details of ${member.name}` });
    const code = `E-${width}-${Date.now() % 100000}`;
    await dialog.getByLabel('Employee code').fill(code);
    await dialog.getByLabel('Employment type').click();
    await page.getByRole('option', { name: 'Full-time' }).click();
    await dialog.getByLabel('Joining date').fill('2021-05-10');
    await dialog.getByLabel('Reports to').click();
    await page
      .getByRole('option', { name: /^Alice / })
      .first()
      .click();
    await dialog.getByLabel('Gender').click();
    await page.getByRole('option', { name: 'Prefer not to say' }).click();
    await dialog.getByLabel('Date of birth').fill('1991-09-21');
    await dialog.getByLabel('Blood group').click();
    await page.getByRole('option', { name: 'AB+' }).click();
    await dialog.getByLabel('Address').fill('12 Harbour Road, Lisbon');
    await dialog.getByLabel('Emergency contact name').fill('Kim Member');
    await dialog.getByLabel('Relation').fill('Sibling');
    await dialog.getByLabel('Emergency contact phone').fill('+351 555 0199');
    await dialog.getByRole('button', { name: 'Save details' }).click();
    await expect(dialog).toBeHidden();

    await expect(page.getByText(code)).toBeVisible();
    await expect(page.getByText('Full-time')).toBeVisible();
    await expect(page.getByRole('link', { name: /^Alice / })).toBeVisible();
    await expect(page.getByText('Personal details')).toBeVisible();
    await expect(page.getByText('Kim Member (Sibling)')).toBeVisible();
    await expect(page.getByText('AB+')).toBeVisible();
    await noSideways(page);
    // No raw ids on the page: the manager shows by name.
    await expect(page.locator('main')).not.toContainText(/[0-9a-f]{8}-[0-9a-f]{4}-/);
  });
}
