import { expect, test, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import { ACCOUNTS, PASSWORD, signIn } from './helpers';

/** Issue 23 ("Everyday craft"): screens as a person sees them at 1440 px and at 390 px. */
const DESKTOP = { width: 1440, height: 900 };
const SHOTS = process.env.E2E_SHOTS_DIR;

async function shot(page: Page, name: string) {
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/${name}.png` });
}

async function tokenOf(request: APIRequestContext, email: string, password = PASSWORD): Promise<string> {
  const res = await request.post('/api/auth/login', { data: { email, password } });
  expect(res.status()).toBe(200);
  return ((await res.json()) as { data: { token: string } }).data.token;
}

const auth = (token: string) => ({ Authorization: `Bearer ${token}` });

/** A task the user has logged time on (their newest entry's). */
async function taskWithEntries(request: APIRequestContext, token: string): Promise<string> {
  const res = await request.get('/api/Timelogs?pageSize=1', { headers: auth(token) });
  expect(res.status()).toBe(200);
  const taskId = ((await res.json()) as { data: { items: { taskId: string }[] } }).data.items[0]?.taskId;
  expect(taskId).toBeTruthy();
  return taskId ?? '';
}

/**
 * What of the element a person cannot see: the parts cut off by an ancestor that clips its
 * content (overflow other than visible), up to the element `within` matches (or the page).
 */
async function clippedPixels(el: Locator, within?: string): Promise<number> {
  return el.evaluate((node, stop) => {
    const r = node.getBoundingClientRect();
    let cut = 0;
    for (let p = node.parentElement; p && !(stop && p.matches(stop)); p = p.parentElement) {
      const s = getComputedStyle(p);
      if (s.overflowX === 'visible' && s.overflowY === 'visible') continue;
      const b = p.getBoundingClientRect();
      cut = Math.max(cut, b.top - r.top, r.bottom - b.bottom, b.left - r.left, r.right - b.right);
    }
    return Math.max(0, Math.round(cut));
  }, within);
}

/** True when the element's own text is cut (an ellipsis or overflow) or wraps onto a second line. */
async function textCut(el: Locator): Promise<boolean> {
  return el.evaluate((node) => {
    const lineHeight = parseFloat(getComputedStyle(node).lineHeight) || 24;
    return node.scrollWidth > node.clientWidth + 1 || node.getBoundingClientRect().height > lineHeight * 1.6;
  });
}

test.describe('at 1440 px', () => {
  test.use({ viewport: DESKTOP });

  test('1. the task drawer shows its time entries readably, with the total logged against the estimate', async ({
    page,
    request,
  }) => {
    const employee = await tokenOf(request, ACCOUNTS.acmeEmployee.email);
    const admin = await tokenOf(request, ACCOUNTS.acmeAdmin.email);
    const taskId = await taskWithEntries(request, employee);
    const put = await request.put(`/api/Tasks/${taskId}`, {
      headers: auth(admin),
      data: { estimatedHours: 12 },
    });
    expect(put.status()).toBe(200);
    const totals = await request.get(
      `/api/Timelogs/filtered?taskId=${taskId}&loggedAtFrom=2000-01-01&loggedAtTo=2100-01-01`,
      { headers: auth(employee) },
    );
    const minutes = ((await totals.json()) as { data: { totalMinutes: number } }).data.totalMinutes;
    expect(minutes).toBeGreaterThan(0);
    const [h, m] = [Math.floor(minutes / 60), minutes % 60];
    const logged = h === 0 ? `${m} min` : m === 0 ? `${h} h` : `${h} h ${m} min`;

    await signIn(page, ACCOUNTS.acmeEmployee.email);
    await page.goto(`/app/tasks?task=${taskId}`);
    const drawer = page.getByRole('dialog', { name: 'Task detail' });
    const entries = drawer.getByTestId('time-entry');
    await expect(entries.first()).toBeVisible();
    await entries.first().scrollIntoViewIfNeeded();
    await shot(page, '1-drawer-time-desktop');

    // Every entry shows whole (no box cuts it) and reads on a few lines, not 157 px of wrapped cells.
    for (const entry of await entries.all()) {
      expect(await clippedPixels(entry, '.MuiDrawer-paper')).toBe(0);
      expect((await entry.boundingBox())?.height ?? 0).toBeLessThanOrEqual(90);
    }
    // The toolbar's controls keep their words whole, on one line.
    const logTime = drawer.getByRole('button', { name: 'Log time' });
    await expect(logTime).toBeVisible();
    expect(await textCut(logTime)).toBe(false);
    for (const control of await drawer.getByRole('textbox').all()) {
      if (!(await control.isVisible())) continue;
      expect(await clippedPixels(control, '.MuiDrawer-paper')).toBe(0);
    }
    // The task's total against its estimate.
    const summary = drawer.getByTestId('task-time-summary');
    await expect(summary).toContainText(`${logged} logged`);
    await expect(summary).toContainText('of 12 h estimated');
  });
});
