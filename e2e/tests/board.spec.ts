import { expect, test, type APIRequestContext } from '@playwright/test';
import { ACCOUNTS, PASSWORD, signIn } from './helpers';

/** More cards than a column loads at first (50), so the column loads its last ones on demand. */
const CARDS = 53;
const cardTitle = (n: number) => `Card ${String(n).padStart(3, '0')}`;

/** A fresh project of the demo company with CARDS tasks, all Not Started (the first status). */
async function longProject(request: APIRequestContext): Promise<string> {
  const login = await request.post('/api/auth/login', {
    data: { email: ACCOUNTS.acmeAdmin.email, password: PASSWORD },
  });
  expect(login.ok()).toBe(true);
  const token = ((await login.json()) as { data: { token: string } }).data.token;
  const headers = { authorization: `Bearer ${token}` };
  const suffix = `${Date.now() % 100000}`;
  const project = await request.post('/api/Project', {
    headers,
    data: { code: `BRD-${suffix}`, name: `Long board ${suffix}` },
  });
  expect(project.status()).toBe(201);
  const projectId = ((await project.json()) as { data: { projectId: string } }).data.projectId;
  const list = await request.post(`/api/Tasks/projects/${projectId}/tasklists`, {
    headers,
    data: { name: 'Everything' },
  });
  expect(list.status()).toBe(201);
  const taskListId = ((await list.json()) as { data: { taskListId: string } }).data.taskListId;
  for (let n = 1; n <= CARDS; n++) {
    const created = await request.post(`/api/Tasks/tasklists/${taskListId}/tasks`, {
      headers,
      data: { title: cardTitle(n) },
    });
    expect(created.status()).toBe(201);
  }
  return projectId;
}

test('a long column shows its first cards with its total, and loads the rest on "Show more"', async ({
  page,
  request,
}) => {
  test.setTimeout(90_000);
  const projectId = await longProject(request);
  await signIn(page, ACCOUNTS.acmeAdmin.email);
  await page.goto(`/app/project-detail/${projectId}?tab=board`);

  const open = page.getByRole('group', { name: 'Not Started column' });
  const cards = open.getByTestId('board-card');
  // A new task goes to the front: the first one created is the column's last card, not loaded yet.
  const oldest = cards.filter({ hasText: cardTitle(1) });
  await expect(open.getByLabel(`${CARDS} in Not Started`)).toBeVisible();
  await expect(cards).toHaveCount(40);

  await open.getByRole('button', { name: 'Show 10 more' }).click();
  await expect(cards).toHaveCount(50);
  await expect(oldest).toHaveCount(0);

  const more = page.waitForRequest((r) => {
    const url = new URL(r.url());
    return url.pathname.endsWith(`/${projectId}/board`) && url.searchParams.has('limits');
  });
  await open.getByRole('button', { name: `Show ${CARDS - 50} more` }).click();
  expect(new URL((await more).url()).searchParams.get('limits')).toMatch(/^[0-9a-f-]{36}:100$/);
  await expect(cards).toHaveCount(CARDS);
  await expect(oldest).toBeVisible();
  await expect(open.getByLabel(`${CARDS} in Not Started`)).toBeVisible();
  await expect(open.getByRole('button', { name: /more/ })).toHaveCount(0);
});
