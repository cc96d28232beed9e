import { expect, test, type APIRequestContext } from '@playwright/test';
import { ACCOUNTS, auth, signIn, tokenOf } from './helpers';

/** Issue 23 ("Everyday craft"), defects 3 (mentions, Markdown), 6 (one figure) and 8 (fonts). */

interface ProjectFigures {
  projectId: string;
  name: string;
  taskCount: number;
  progress: number;
}

async function projectNamed(
  request: APIRequestContext,
  token: string,
  name: string,
): Promise<ProjectFigures> {
  const res = await request.get(`/api/Project?search=${encodeURIComponent(name)}&pageSize=5`, {
    headers: auth(token),
  });
  expect(res.status()).toBe(200);
  const items = ((await res.json()) as { data: { items: ProjectFigures[] } }).data.items;
  const found = items.find((p) => p.name === name);
  expect(found).toBeTruthy();
  return found as ProjectFigures;
}

test.describe('3. mentions', () => {
  test('an employee without employee:read:all mentions by name; Escape closes the picker; the edit shows the name', async ({
    page,
    request,
  }) => {
    const eve = await tokenOf(request, ACCOUNTS.acmeEmployee.email);
    const project = await projectNamed(request, eve, 'Security Audit');
    await signIn(page, ACCOUNTS.acmeEmployee.email);
    await page.goto(`/app/project-detail/${project.projectId}?tab=discussion`);
    const box = page.getByRole('textbox', { name: 'Comment' });
    await box.click();
    await box.pressSequentially('**Ship** it, @');
    const picker = page.getByRole('combobox', { name: 'Mention someone' });
    await expect(picker).toBeVisible();
    await picker.pressSequentially('Mark');
    await page.getByRole('option', { name: 'Mark Manager' }).click();
    await expect(picker).toBeHidden();
    // The box shows the name, never the stored token.
    await expect(box).toHaveValue(/@Mark Manager/);
    await expect(box).not.toHaveValue(/@\[/);

    // Escape closes the picker and leaves the text as typed.
    await box.press('End');
    await box.pressSequentially(' @');
    await expect(picker).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(picker).toBeHidden();
    await box.press('Backspace');
    await page.getByRole('button', { name: 'Comment', exact: true }).click();

    // Stored as the id token (the API's comment format is unchanged).
    const thread = await request.get(`/api/Project/${project.projectId}/comments?pageSize=1`, {
      headers: auth(eve),
    });
    const newest = (
      (await thread.json()) as {
        data: { items: { body: string; mentions: { userId: string; firstName: string }[] }[] };
      }
    ).data.items.at(-1);
    const mark = newest?.mentions.find((m) => m.firstName === 'Mark');
    expect(mark).toBeTruthy();
    expect(newest?.body).toBe(`**Ship** it, @[${mark?.userId ?? ''}]`);

    // The comment renders the Markdown and the name; editing shows the name again.
    const comment = page.getByRole('listitem', { name: 'Comment by Eve Employee' }).last();
    await expect(comment.locator('strong', { hasText: 'Ship' })).toBeVisible();
    await expect(comment).toContainText('@Mark Manager');
    await comment.getByRole('button', { name: 'Edit comment' }).click();
    const edit = comment.getByRole('textbox', { name: 'Comment' });
    await expect(edit).toHaveValue('**Ship** it, @Mark Manager');
    await edit.press('End');
    await edit.pressSequentially(' now');
    await comment.getByRole('button', { name: 'Save' }).click();
    await expect(comment).toContainText('@Mark Manager now');
    const after = await request.get(`/api/Project/${project.projectId}/comments?pageSize=1`, {
      headers: auth(eve),
    });
    const edited = ((await after.json()) as { data: { items: { body: string }[] } }).data.items.at(-1);
    expect(edited?.body).toBe(`**Ship** it, @[${mark?.userId ?? ''}] now`);
  });

  test('a notification preview and a project description render their Markdown', async ({
    page,
    request,
  }) => {
    const eve = await tokenOf(request, ACCOUNTS.acmeEmployee.email);
    const admin = await tokenOf(request, ACCOUNTS.acmeAdmin.email);
    const project = await projectNamed(request, eve, 'Data Platform Migration');
    const put = await request.put(`/api/Project/${project.projectId}`, {
      headers: auth(admin),
      data: { description: 'Move the **warehouse** to _the new platform_.' },
    });
    expect(put.status()).toBe(200);
    const me = await request.get('/api/auth/me', { headers: auth(admin) });
    const adminId = ((await me.json()) as { data: { user: { userId: string } } }).data.user.userId;
    expect(adminId).toMatch(/^[0-9a-f-]{36}$/);
    const posted = await request.post(`/api/Project/${project.projectId}/comments`, {
      headers: auth(eve),
      data: { body: `@[${adminId}] the **cut-over** is on Friday` },
    });
    expect(posted.status()).toBe(201);

    await signIn(page, ACCOUNTS.acmeAdmin.email);
    await page.getByRole('button', { name: /^Notifications/ }).click();
    const inbox = page.getByRole('dialog', { name: 'Notifications' });
    const preview = inbox.getByRole('button', { name: /mentioned you on Data Platform Migration/ }).first();
    await expect(preview.locator('strong', { hasText: 'cut-over' })).toBeVisible();
    await expect(preview).not.toContainText('**');
    await page.keyboard.press('Escape');

    await page.goto(`/app/project-detail/${project.projectId}`);
    const description = page.getByTestId('project-description');
    await expect(description.locator('strong', { hasText: 'warehouse' })).toBeVisible();
    await expect(description.locator('em', { hasText: 'the new platform' })).toBeVisible();
    await expect(description).not.toContainText('**');
  });
});

test('6. the dashboard and the project page give a project the same figures, named as top-level tasks', async ({
  page,
  request,
}) => {
  const eve = await tokenOf(request, ACCOUNTS.acmeEmployee.email);
  const project = await projectNamed(request, eve, 'Customer Portal');
  await signIn(page, ACCOUNTS.acmeEmployee.email);
  const mine = page.getByTestId('dashboard-project').filter({ hasText: project.name });
  const figures = `${project.taskCount} top-level ${project.taskCount === 1 ? 'task' : 'tasks'}`;
  await expect(mine).toContainText(figures);
  await expect(mine).toContainText(`${project.progress}%`);
  await page.goto(`/app/project-detail/${project.projectId}`);
  await expect(page.getByText('Top-level tasks', { exact: true })).toBeVisible();
  await expect(page.getByLabel(`Project progress ${project.progress}%`)).toBeVisible();
});

test('8. a chosen font is loaded and used; none is fetched on the sign-in page', async ({ page }) => {
  const fontFiles: string[] = [];
  page.on('request', (r) => {
    if (/\.woff2?(\?|$)/.test(r.url())) fontFiles.push(r.url());
  });
  await page.goto('/');
  await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();
  await page.waitForLoadState('networkidle');
  expect(fontFiles).toEqual([]);

  await signIn(page, ACCOUNTS.acmeEmployee.email);
  await page.goto('/app/profile');
  const loaded = (family: string) =>
    page.waitForFunction((f) => {
      // check() also answers true for a family no @font-face declares: a face must be loaded too.
      let face = false;
      document.fonts.forEach((ff) => {
        if (ff.family.replace(/["']/g, '') === f && ff.status === 'loaded') face = true;
      });
      return face && document.fonts.check(`16px "${f}"`);
    }, family);
  for (const family of ['Inter', 'Poppins', 'Roboto']) {
    await page.getByRole('combobox', { name: /^Font family/ }).click();
    await page.getByRole('option', { name: family, exact: true }).click();
    await expect
      .poll(() => page.evaluate(() => getComputedStyle(document.body).fontFamily))
      .toMatch(new RegExp(`^"?${family}"?,`));
    await loaded(family);
  }
  expect(fontFiles.some((u) => /inter/i.test(u))).toBe(true);

  // Kept in this browser: after a reload the chosen font is loaded again.
  await page.getByRole('combobox', { name: /^Font family/ }).click();
  await page.getByRole('option', { name: 'Poppins', exact: true }).click();
  await page.reload();
  await loaded('Poppins');
});
