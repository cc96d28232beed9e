import AxeBuilder from '@axe-core/playwright';
import { expect, type APIRequestContext, type Locator, type Page } from '@playwright/test';

export const PASSWORD = 'Taskhive#2026';

export const ACCOUNTS = {
  superAdmin: { email: 'superadmin@taskhive.test', firstName: 'Sam', dashboard: '/super-admin/dashboard' },
  acmeAdmin: { email: 'admin@acme.test', firstName: 'Alice', dashboard: '/app/dashboard' },
  acmeManager: { email: 'manager@acme.test', firstName: null, dashboard: '/app/dashboard' },
  acmeEmployee: { email: 'employee@acme.test', firstName: 'Eve', dashboard: '/app/dashboard' },
  globexAdmin: { email: 'admin@globex.test', firstName: null, dashboard: '/app/dashboard' },
} as const;

/** Fills the sign-in form on the current page (which must show it) and submits. */
export async function submitSignIn(page: Page, email: string, password = PASSWORD) {
  await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();
  await page.getByLabel('Email address').fill(email);
  await page.getByLabel(/^Password/).fill(password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
}

/** Signs in from / and waits for the dashboard the account lands on. */
export async function signIn(page: Page, email: string, password = PASSWORD) {
  await page.goto('/');
  await submitSignIn(page, email, password);
  await expect(page.getByRole('heading', { name: /^Welcome back/ })).toBeVisible();
}

/** A unique address, so journeys that change an account never touch the seeded ones. */
export function uniqueEmail(prefix: string) {
  return `${prefix}-${Date.now()}-${Math.floor(Math.random() * 1e6)}@e2e.test`;
}

/** Registers a fresh company through the API and returns its admin's credentials. */
export async function registerCompany(request: APIRequestContext, prefix: string, password: string) {
  const email = uniqueEmail(prefix);
  const res = await request.post('/api/auth/register', {
    data: {
      companyName: `${prefix} Co`,
      firstName: 'Fresh',
      lastName: 'Admin',
      email,
      password,
      confirmPassword: password,
    },
  });
  expect(res.status()).toBe(201);
  return { email, password };
}

export interface OutboxMail {
  to: string;
  subject: string;
  text: string;
}

let rootToken: string | undefined;

/**
 * The dev outbox, newest first. It is open to a signed-in Super Admin only (it holds every
 * tenant's links), so the journeys sign in as the seeded one through the API.
 */
export async function readOutbox(request: APIRequestContext): Promise<OutboxMail[]> {
  const signIn = async () => {
    const res = await request.post('/api/auth/login', {
      data: { email: ACCOUNTS.superAdmin.email, password: PASSWORD },
    });
    expect(res.ok(), `the Super Admin's sign-in answered ${res.status()}`).toBe(true);
    rootToken = ((await res.json()) as { data: { token: string } }).data.token;
  };
  if (!rootToken) await signIn();
  const read = () =>
    request.get('/api/dev/outbox', { headers: { authorization: `Bearer ${rootToken ?? ''}` } });
  let res = await read();
  // The token kept from an earlier test of this worker can have ended since (a journey that signs
  // the Super Admin out, or out everywhere): sign in again, once.
  if (res.status() === 401) {
    await signIn();
    res = await read();
  }
  expect(res.ok(), `the dev outbox answered ${res.status()}`).toBe(true);
  return ((await res.json()) as { data: OutboxMail[] }).data;
}

/** Where journeys save their screenshots (E2E_SHOTS_DIR), or nowhere when unset. */
const SHOTS = process.env.E2E_SHOTS_DIR;

/** A screenshot of the page for a person to look at, when E2E_SHOTS_DIR is set (the whole page by default). */
export async function shot(page: Page, name: string, fullPage = true) {
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage });
}

/** A session token for the account (the API's sign-in), for set-up and checks through the API. */
export async function tokenOf(
  request: APIRequestContext,
  email: string,
  password = PASSWORD,
): Promise<string> {
  const res = await request.post('/api/auth/login', { data: { email, password } });
  expect(res.status()).toBe(200);
  return ((await res.json()) as { data: { token: string } }).data.token;
}

/** The Authorization header of a token. */
export const auth = (token: string) => ({ Authorization: `Bearer ${token}` });

/** The page does not scroll sideways: nothing wider than the screen. */
export async function expectNoSidewaysScroll(page: Page) {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
}

/** The demo's Website Redesign project (code WEB) and its first task list. */
export async function webProject(request: APIRequestContext, token: string) {
  const list = await request.get('/api/Project?search=WEB', { headers: auth(token) });
  const projects = ((await list.json()) as { data: { items: { projectId: string; code: string }[] } }).data
    .items;
  const project = projects.find((p) => p.code === 'WEB');
  expect(project, 'the demo project WEB').toBeTruthy();
  const projectId = project?.projectId ?? '';
  const detail = await request.get(`/api/Project/${projectId}`, { headers: auth(token) });
  const lists = ((await detail.json()) as { data: { taskLists: { taskListId: string }[] } }).data.taskLists;
  return { projectId, taskListId: lists[0]?.taskListId ?? '' };
}

/** A task created through the API in the list (201), its id and key. */
export async function createTask(
  request: APIRequestContext,
  token: string,
  taskListId: string,
  title: string,
) {
  const created = await request.post(`/api/Tasks/tasklists/${taskListId}/tasks`, {
    headers: auth(token),
    data: { title },
  });
  expect(created.status()).toBe(201);
  return ((await created.json()) as { data: { taskId: string; key: string } }).data;
}

/** The element lies within the screen's width (not clipped at its right edge). */
export async function expectWithinWidth(page: Page, locator: Locator) {
  const box = await locator.boundingBox();
  expect(box, 'shown').not.toBeNull();
  const width = page.viewportSize()?.width ?? 0;
  expect((box?.x ?? 0) + (box?.width ?? 0)).toBeLessThanOrEqual(width + 0.5);
  expect(box?.x ?? -1).toBeGreaterThanOrEqual(0);
}

/** axe-core on the page (or the part `include` selects): no serious or critical WCAG 2.1 A/AA violation. */
export async function expectAccessible(page: Page, include?: string, what?: string) {
  let axe = new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']);
  if (include) axe = axe.include(include);
  const results = await axe.analyze();
  const blocking = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(
    blocking.map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`),
    what,
  ).toEqual([]);
}
