/**
 * Issue 28's browser budgets (bench/browser.ts runs them): first content of three pages after a
 * navigation, a board move seen live in a second browser, and the interaction-to-next-paint of a
 * card drop, a drawer open and a status change.
 *
 * Clocks: the first-content and live-move figures compare times taken in Node and in two pages of
 * one machine, so every side reads the same wall clock (`Date.now()`).
 */
import type { BrowserContext, Page } from 'playwright-core';

/**
 * In every document, from its start: the Event Timing entries (the events whose handling and next
 * paint took 16 ms or more), and each frame, whether the page's first real content shows
 * (`__firstContent`, wall clock). What "first content" is depends on the address:
 * - /app/reports: the "Tasks by status" table with its figures (its rows and total) and the hours
 *   by project (their table, or the "no time logged" state): no loading bar in either card;
 * - `?task=<id>`: the task drawer with the task's title in its Title field (not its skeleton);
 * - `?tab=board`: the board's first card with its title.
 * The session's own progress bar ("Checking your session") shows before all of them.
 */
const WATCH = `(() => {
  window.__events = [];
  // Room for every request of a long session (the live moves read their timings).
  performance.setResourceTimingBufferSize(10000);
  try {
    new PerformanceObserver((list) => {
      for (const e of list.getEntries())
        window.__events.push({ name: e.name, startTime: e.startTime, duration: e.duration, interactionId: e.interactionId || 0 });
    }).observe({ type: 'event', durationThreshold: 16, buffered: true });
  } catch {}
  // The long animation frames (50 ms or more): where an interaction's frame spent its time.
  window.__frames = [];
  try {
    new PerformanceObserver((list) => {
      for (const f of list.getEntries())
        window.__frames.push({
          startTime: f.startTime,
          duration: f.duration,
          styleAndLayout: f.styleAndLayoutStart ? f.startTime + f.duration - f.styleAndLayoutStart : 0,
          scripts: f.scripts.map((x) => ({
            invoker: x.invoker,
            source: (x.sourceURL || '').split('/').pop() + (x.sourceFunctionName ? ':' + x.sourceFunctionName : ''),
            duration: x.duration,
            forcedLayout: x.forcedStyleAndLayoutDuration,
          })),
        });
    }).observe({ type: 'long-animation-frame', buffered: true });
  } catch {}
  window.__firstContent = 0;
  const url = new URL(location.href);
  const ready = () => {
    if (url.searchParams.get('task')) {
      const drawer = document.querySelector('[aria-label="Task detail"]');
      const title = drawer && [...drawer.querySelectorAll('input')].find((i) => i.labels && [...i.labels].some((l) => (l.textContent || '').startsWith('Title')));
      return Boolean(title && title.value);
    }
    if (url.searchParams.get('tab') === 'board') {
      const title = document.querySelector('[data-testid="board-card"] .task-card__title');
      return Boolean(title && (title.textContent || '').trim());
    }
    if (url.pathname === '/app/reports') {
      const table = document.querySelector('table[aria-label="Tasks by status"] tbody tr');
      // Both cards render together (an error replaces both): the hours' loading bar gone is their figures.
      const loading = document.querySelector('[aria-label="Loading tasks by status"], [aria-label="Loading hours by project"]');
      return Boolean(table && !loading);
    }
    return false;
  };
  const check = () => {
    if (ready()) window.__firstContent = Date.now();
    else requestAnimationFrame(check);
  };
  requestAnimationFrame(check);
})()`;

/** Installs the watcher in every page of the context (before any script of the page runs). */
export async function watchPages(context: BrowserContext): Promise<void> {
  await context.addInitScript(WATCH);
}

/**
 * Milliseconds from the start of `page.goto(url)` to the first frame with the page's content,
 * the session already signed in (the refresh cookie gives the new page its token, as after a
 * reload). Waits a moment after, so the next navigation never leaves a refresh in flight.
 */
export async function firstContent(page: Page, url: string): Promise<{ ms: number; detail: string }> {
  const t0 = Date.now();
  await page.goto(url);
  await page.waitForFunction(
    () => ((globalThis as unknown as { __firstContent?: number }).__firstContent ?? 0) > 0,
    undefined,
    { polling: 'raf', timeout: 30_000 },
  );
  const at = (await page.evaluate('window.__firstContent')) as number;
  if (new URL(page.url()).pathname !== new URL(url).pathname)
    throw new Error(`${url} ended on ${page.url()}: the session was lost`);
  // What the page waited for: its API calls and scripts before the content (ms from the goto).
  const resources = (await page.evaluate(
    `performance.getEntriesByType('resource').map((e) => ({ name: e.name, start: performance.timeOrigin + e.startTime, end: performance.timeOrigin + e.responseEnd }))`,
  )) as { name: string; start: number; end: number }[];
  const before = resources.filter((r) => r.start <= at && !r.name.includes('/api/events'));
  const api = before
    .filter((r) => r.name.includes('/api/'))
    .map(
      (r) =>
        `${new URL(r.name).pathname.replace(/[0-9a-f-]{36}/g, '…')} ${Math.round(r.start - t0)}-${Math.round(r.end - t0)}`,
    );
  const scripts = before.filter((r) => r.name.endsWith('.js'));
  const lastScript = Math.round(Math.max(0, ...scripts.map((r) => r.end)) - t0);
  const nav = (await page.evaluate(
    `(() => { const n = performance.getEntriesByType('navigation')[0]; return { start: performance.timeOrigin, dcl: performance.timeOrigin + n.domContentLoadedEventEnd }; })()`,
  )) as { start: number; dcl: number };
  const detail = `navigation ${Math.round(nav.start - t0)}, DOMContentLoaded ${Math.round(nav.dcl - t0)}, ${scripts.length} scripts (last ends ${lastScript}), ${api.join(', ')}, content ${at - t0}`;
  await page.waitForTimeout(500);
  return { ms: at - t0, detail };
}

const columnCards = (page: Page, statusId: string) =>
  page.locator(`[data-column-id="${statusId}"] [data-testid="board-card"]`);

/** The id of the first card in the column (throws when the column shows none). */
async function firstCardIn(page: Page, statusId: string): Promise<string> {
  const card = columnCards(page, statusId).first();
  await card.waitFor({ timeout: 15_000 });
  const id = await card.getAttribute('data-card-id');
  if (!id) throw new Error(`no card in the board's column ${statusId}`);
  return id;
}

/** Which of the two columns has a card to move first, and the other one. */
async function columnsWithCard(page: Page, statusIds: readonly string[]): Promise<[string, string]> {
  const [a, b] = statusIds;
  if (!a || !b) throw new Error('the board needs two statuses');
  await page.locator('[data-testid="board-card"]').first().waitFor({ timeout: 15_000 });
  return (await columnCards(page, a).count()) > 0 ? [a, b] : [b, a];
}

/**
 * A board move seen by a second signed-in browser: page A moves a card with the keyboard (Space,
 * an arrow to the next column, Space), page B, on the same board, notes the first DOM mutation
 * after which the card sits in its new column (a MutationObserver). Milliseconds from A's dropping
 * key press to B's mutation, one per move; the card goes back and forth between the board's first
 * two columns.
 */
export async function liveMoves(
  a: Page,
  b: Page,
  boardUrl: string,
  statusIds: readonly string[],
  moves: number,
): Promise<{ ms: number[]; detail: string[] }> {
  await a.goto(boardUrl);
  await b.goto(boardUrl);
  let [from, to] = await columnsWithCard(a, statusIds);
  const cardId = await firstCardIn(a, from);
  await b.locator(`[data-column-id="${from}"] [data-card-id="${cardId}"]`).waitFor({ timeout: 15_000 });
  // Both live streams are open once the boards loaded; give them a moment to say ready.
  await b.waitForTimeout(1000);
  // The wall-clock time of every Space pressed in A (the last one dropped the card).
  await a.evaluate(`(() => {
    window.__spaceAt = 0;
    addEventListener('keydown', (e) => { if (e.code === 'Space') window.__spaceAt = Date.now(); }, { capture: true });
  })()`);
  const order = await a
    .locator('[data-column-id]')
    .evaluateAll((ns) => ns.map((n) => n.getAttribute('data-column-id')));
  const times: number[] = [];
  const detail: string[] = [];
  for (let i = 0; i < moves; i++) {
    await a.evaluate('performance.clearResourceTimings()');
    await b.evaluate('performance.clearResourceTimings()');
    const arrow = order.indexOf(to) > order.indexOf(from) ? 'ArrowRight' : 'ArrowLeft';
    // In B: the first mutation after which the card is in its new column.
    await b.evaluate(`(() => {
      window.__seen = 0;
      const there = () => document.querySelector('[data-column-id="${to}"] [data-card-id="${cardId}"]');
      const observer = new MutationObserver(() => {
        if (there()) { window.__seen = Date.now(); observer.disconnect(); }
      });
      observer.observe(document.body, { subtree: true, childList: true, attributes: true });
    })()`);
    const card = a.locator(`[data-card-id="${cardId}"]`);
    const written = writeOf(a, cardId);
    await card.focus();
    await a.keyboard.press('Space');
    await a.waitForTimeout(150);
    await a.keyboard.press(arrow);
    await a.waitForTimeout(150);
    await a.keyboard.press('Space');
    await a.locator(`[data-column-id="${to}"] [data-card-id="${cardId}"]`).waitFor({ timeout: 5000 });
    await b.waitForFunction(() => (globalThis as unknown as { __seen: number }).__seen > 0, undefined, {
      timeout: 10_000,
    });
    await written;
    const dropped = (await a.evaluate('window.__spaceAt')) as number;
    const seen = (await b.evaluate('window.__seen')) as number;
    times.push(seen - dropped);
    // Where the time went: A's write, and B's reads after the drop (from the drop, in ms).
    const requests = async (page: Page, who: string) =>
      (
        (await page.evaluate(
          `performance.getEntriesByType('resource').filter((e) => e.name.includes('/api/') && !e.name.includes('/api/events')).map((e) => ({ path: new URL(e.name).pathname, start: performance.timeOrigin + e.startTime, end: performance.timeOrigin + e.responseEnd }))`,
        )) as { path: string; start: number; end: number }[]
      )
        .filter((r) => r.start >= dropped - 5)
        .map(
          (r) =>
            `${who} ${r.path.replace(/[0-9a-f-]{36}/g, '…')} ${Math.round(r.start - dropped)}-${Math.round(r.end - dropped)}`,
        );
    // B's long animation frames between the drop and the card's move (its renders of the news).
    const frames = (
      (await b.evaluate(
        `window.__frames.map((f) => ({ start: performance.timeOrigin + f.startTime, duration: f.duration }))`,
      )) as { start: number; duration: number }[]
    )
      .filter((f) => f.start >= dropped && f.start <= seen)
      .map((f) => `B frame ${Math.round(f.start - dropped)}+${Math.round(f.duration)}`);
    detail.push(
      `${seen - dropped} ms: ${[...(await requests(a, 'A')), ...(await requests(b, 'B')), ...frames].join(', ')}, B's card moved ${seen - dropped}`,
    );
    [from, to] = [to, from];
    // The move's toast and its own echo settle before the next one.
    await a.waitForTimeout(400);
  }
  return { ms: times, detail };
}

type EventEntry = { name: string; startTime: number; duration: number; interactionId: number };
type FrameEntry = {
  startTime: number;
  duration: number;
  styleAndLayout: number;
  scripts: { invoker: string; source: string; duration: number; forcedLayout: number }[];
};

/** Marks the page's clock; `slowestSince` then reads the events that started after it. */
const mark = (page: Page) => page.evaluate(() => performance.now());

/**
 * The longest Event Timing entry of an interaction (input delay + handlers + the next paint: an
 * entry with an interactionId, as INP counts them; hover events that a drawer sliding under the
 * pointer fires are not) that started after `since`, once the entries had time to arrive; 0 when
 * none took 16 ms or more.
 */
async function slowestSince(page: Page, since: number): Promise<{ ms: number; events: string }> {
  await page.waitForTimeout(400);
  const entries = (await page.evaluate('window.__events')) as EventEntry[];
  const after = entries.filter((e) => e.startTime >= since && e.interactionId > 0);
  const ms = after.reduce((m, e) => Math.max(m, e.duration), 0);
  // The long animation frames the interaction's events overlap: their scripts, style and layout.
  const first = Math.min(...after.map((e) => e.startTime));
  const last = Math.max(...after.map((e) => e.startTime + e.duration));
  const frames = ((await page.evaluate('window.__frames')) as FrameEntry[]).filter(
    (f) => f.startTime < last && f.startTime + f.duration > first,
  );
  const said = frames.map((f) => {
    const scripts = f.scripts
      .filter((x) => x.duration >= 5)
      .map(
        (x) =>
          `${x.invoker} (${x.source}) ${Math.round(x.duration)}${x.forcedLayout >= 5 ? ` (forced layout ${Math.round(x.forcedLayout)})` : ''}`,
      );
    return `frame ${Math.round(f.duration)} ms [${scripts.join('; ') || 'no script >= 5 ms'}; style and layout ${Math.round(f.styleAndLayout)}]`;
  });
  return { ms, events: [...after.map((e) => `${e.name} ${e.duration}`), ...said].join(', ') };
}

/** The answer to the page's next write of the task (PUT /api/Tasks/{id}): one move at a time. */
const writeOf = (page: Page, taskId: string) =>
  page.waitForResponse(
    (r) => r.request().method() === 'PUT' && new URL(r.url()).pathname === `/api/Tasks/${taskId}`,
    { timeout: 15_000 },
  );

/** Presses on a card, moves past the drag threshold in small steps, and lets go over the column. */
async function dragCard(page: Page, cardId: string, toColumn: string): Promise<number> {
  const card = page.locator(`[data-card-id="${cardId}"]`);
  await card.scrollIntoViewIfNeeded();
  const from = await card.boundingBox();
  const to = await page.locator(`[data-column-id="${toColumn}"]`).boundingBox();
  if (!from || !to) throw new Error('card or column not on screen');
  await page.mouse.move(from.x + from.width / 2, from.y + from.height - 8);
  await page.mouse.down();
  await page.mouse.move(from.x + from.width / 2 + 10, from.y + from.height - 8, { steps: 3 });
  await page.mouse.move(to.x + to.width / 2, to.y + 60, { steps: 12 });
  await page.mouse.move(to.x + to.width / 2, to.y + 64, { steps: 2 });
  await page.waitForTimeout(100);
  const since = await mark(page);
  await page.mouse.up();
  return since;
}

export type Interactions = {
  drop: number[];
  drawer: number[];
  status: number[];
  /** Each measured interaction's events (name and duration), for finding what was slow. */
  detail: string[];
};

/**
 * Interaction to next paint, real input on the board: a card dragged with the mouse to the other
 * column and dropped (the drop's pointerup and what follows), a click on a card's title (the
 * drawer opens), and in the drawer a click on another status in the Status menu. Each the slowest
 * event of that interaction (Event Timing, 16 ms threshold), `rounds` times.
 */
export async function interactions(
  page: Page,
  boardUrl: string,
  statusIds: readonly string[],
  rounds: number,
): Promise<Interactions> {
  const out: Interactions = { drop: [], drawer: [], status: [], detail: [] };
  await page.goto(boardUrl);
  await columnsWithCard(page, statusIds);
  const [s0, s1] = statusIds as [string, string];
  await page.waitForTimeout(1000);
  for (let i = 0; i < rounds; i++) {
    // Alternately from the first column to the second and back: the source column's first card.
    let [from, to] = i % 2 === 0 ? [s0, s1] : [s1, s0];
    if ((await columnCards(page, from).count()) === 0) [from, to] = [to, from];
    const cardId = await firstCardIn(page, from);
    const written = writeOf(page, cardId);
    const since = await dragCard(page, cardId, to);
    await page.locator(`[data-column-id="${to}"] [data-card-id="${cardId}"]`).waitFor({ timeout: 5000 });
    const drop = await slowestSince(page, since);
    out.drop.push(drop.ms);
    out.detail.push(`drop: ${drop.events || 'none >= 16 ms'}`);
    await written;
    await page.waitForTimeout(300);
  }
  for (let i = 0; i < rounds; i++) {
    const [from] = await columnsWithCard(page, statusIds);
    const cardId = await firstCardIn(page, from);
    const title = page.locator(`[data-card-id="${cardId}"] .task-card__title`);
    await title.scrollIntoViewIfNeeded();
    const since = await mark(page);
    await title.click();
    const drawer = page.locator('[aria-label="Task detail"]');
    await drawer.waitFor({ timeout: 5000 });
    const open = await slowestSince(page, since);
    out.drawer.push(open.ms);
    out.detail.push(`drawer: ${open.events || 'none >= 16 ms'}`);
    // The status: its menu opened first (not timed), then the other of the two statuses chosen.
    const status = drawer.getByRole('combobox', { name: 'Status' });
    await status.waitFor({ timeout: 10_000 });
    await status.click();
    const listbox = page.getByRole('listbox');
    await listbox.waitFor({ timeout: 5000 });
    const current = await page.getByRole('option', { selected: true }).getAttribute('data-value');
    const next = current === statusIds[0] ? statusIds[1] : statusIds[0];
    await page.waitForTimeout(200);
    const before = await mark(page);
    const saved = writeOf(page, cardId);
    await listbox.locator(`[data-value="${next}"]`).click();
    await listbox.waitFor({ state: 'hidden', timeout: 5000 });
    const changed = await slowestSince(page, before);
    out.status.push(changed.ms);
    out.detail.push(`status: ${changed.events || 'none >= 16 ms'}`);
    await saved;
    await page.waitForTimeout(300);
    await page.keyboard.press('Escape');
    await drawer.waitFor({ state: 'hidden', timeout: 5000 });
    await page.waitForTimeout(300);
  }
  return out;
}
