/**
 * The benchmark suite of issue 12: `npm run bench` (root) or `npm run bench -w @taskhive/bench`.
 *
 * Starts src/server.ts in a second process (data generated there, the app and a bare Fastify
 * server listening), then loads every row of src/endpoints.ts in turn with autocannon
 * (10 connections) from this process, prints one table, writes bench/results/latest.json, and
 * exits 1 when a budget fails. Ratios are taken within the run: the machine's speed cancels out.
 *
 *   --smoke           tiny data, 2 s per endpoint (what CI runs)
 *   --scale           1,000,000 tasks and 2,000,000 time logs
 *   --duration <s>    seconds per endpoint (default 10; smoke 2)
 *   --port <n>        the app's port; the bare server takes the next one, the app without
 *                     row-level security (RLS=off, PostgreSQL) the one after (default 3212)
 *   --rounds <n>      measure every endpoint n times, interleaved, and keep the medians (default 1;
 *                     on a busy machine 3 keeps one burst of someone else's work from deciding)
 *   --only <text>     only the endpoints whose name contains text (and those their ratios divide by);
 *                     several texts separated by commas
 *   --growth          issue 12 item 3: the main reads at 10,000 tasks, then at the mode's size
 *                     (default 100,000; --scale 1,000,000; --smoke 200 then 1,000), p50 ratios <= 1.5
 *   --no-browser      not the browser budgets (browser.ts), which otherwise follow a whole run (not
 *                     one with --only or --growth): start-up load, time to interactive, Lighthouse,
 *                     in Debian's Chromium against their own bench server (the default data, or the
 *                     smoke data with --smoke), on the port after this run's bare server + 8
 *   LOG_LEVEL         the app's log level (default info, as in production)
 *   DATABASE_URL      PostgreSQL (the suite makes a database `taskhive_bench` there); else PGlite
 *   BENCH_DB_NAME     the database it makes there (default taskhive_bench), so two runs can share a server
 *   BENCH_REUSE=1     keep each data size's database (<BENCH_DB_NAME>_<hash of the data plan and the generator's version>) and use it
 *                     again when its plan matches, migrated to this code (for reads; see src/server.ts)
 */
import { spawnSync } from 'node:child_process';
import { cpus, loadavg } from 'node:os';
import autocannon from 'autocannon';
import { GROWTH_BASE_TASKS } from './src/data.ts';
import { ENDPOINTS, type Endpoint, fill, type Ids } from './src/endpoints.ts';
import { writeResults } from './src/results.ts';
import { forkServer } from './src/fork.ts';
import type { ServerOptions, ServerReady } from './src/server.ts';

const flag = (name: string) => process.argv.includes(`--${name}`);
const option = (name: string, fallback: number) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? Number(process.argv[i + 1]) : fallback;
};
const mode: ServerOptions['mode'] = flag('smoke') ? 'smoke' : flag('scale') ? 'scale' : 'default';
const duration = option('duration', mode === 'smoke' ? 2 : 10);
const appPort = option('port', 3212);
const barePort = appPort + 1;
const rlsOffPort = appPort + 2;
const rounds = option('rounds', 1);
const onlyAt = process.argv.indexOf('--only');
const only = onlyAt > 0 ? process.argv[onlyAt + 1] : undefined;
const growth = flag('growth');
const CONNECTIONS = 10;
const GROWTH_MAX = 1.5;
/** In smoke mode (CI) a failed budget is reported, not fatal: tiny data on a shared runner proves the suite runs. */
const enforceBudgets = mode !== 'smoke';

const candidates = growth ? ENDPOINTS.filter((e) => e.read) : ENDPOINTS;
const onlyParts = only?.split(',').filter(Boolean) ?? [];
const wanted = new Set(
  candidates.filter((e) => !onlyParts.length || onlyParts.some((p) => e.name.includes(p))).map((e) => e.name),
);
if (!growth)
  for (const e of ENDPOINTS) {
    if (wanted.has(e.name) && e.ratio) wanted.add(e.ratio.of);
    if (wanted.has(e.name) && e.p99Ratio) wanted.add(e.p99Ratio.of);
    if (wanted.has(e.name) && e.rlsCost) wanted.add(e.rlsCost.on);
  }
const selected = ENDPOINTS.filter((e) => wanted.has(e.name));
const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)] ?? 0;
};

type Row = {
  name: string;
  requestsPerSecond: number;
  p50Ms: number;
  p99Ms: number;
  errors: number;
  ratio?: { of: string; value: number; min: number; ok: boolean; enforced: boolean };
  /** The RLS-on twin's requests/s over this row's (issue 27). */
  rlsCost?: { on: string; value: number; min: number; ok: boolean; enforced: boolean };
  p99Budget?: { max: number; ok: boolean; enforced: boolean };
  /** This row's p99 over `of`'s (issue 28: a read's tail against its raw twin's). */
  p99Ratio?: { of: string; value: number; max: number; ok: boolean; enforced: boolean };
  rpsBudget?: { min: number; ok: boolean; enforced: boolean };
  growth?: { p50AtBaseMs: number; value: number; max: number; ok: boolean; enforced: boolean };
};

function startServer(tasks?: number) {
  return forkServer({
    mode,
    appPort,
    barePort,
    rlsOffPort,
    logLevel: process.env.LOG_LEVEL ?? 'info',
    tasks,
  });
}

/** Counts a write row's requests across warm-up, rounds and runs, so every body is new. */
const writeCounters = new Map<string, number>();

async function load(e: Endpoint, ready: ServerReady, seconds: number) {
  const port = e.server === 'app' ? appPort : e.server === 'app-rls-off' ? rlsOffPort : barePort;
  const write = e.write;
  const ids: Ids = ready.ids;
  return autocannon({
    url: `http://127.0.0.1:${port}${fill(e.path, ids)}`,
    connections: CONNECTIONS,
    duration: seconds,
    ...(e.method ? { method: e.method } : {}),
    headers: {
      ...(e.auth ? { authorization: `Bearer ${ready.token}` } : {}),
      ...(write ? { 'content-type': 'application/json' } : {}),
      ...e.headers,
    },
    ...(write
      ? {
          requests: [
            {
              method: write.method,
              setupRequest: (req: autocannon.Request) => {
                const i = writeCounters.get(e.name) ?? 0;
                writeCounters.set(e.name, i + 1);
                return { ...req, path: write.path(ids, i), body: JSON.stringify(write.body(ids, i)) };
              },
            },
          ],
        }
      : {}),
  });
}

/** Starts a server on data of `tasks` (the mode's size when absent), loads every selected row, stops it. */
async function measure(tasks?: number): Promise<{ rows: Row[]; ready: ServerReady }> {
  const { ready, stop } = await startServer(tasks);
  const replays = Object.entries(ready.rawStatements)
    .map(([k, n]) => `${k} ${n}`)
    .join(', ');
  const made = ready.reuse?.reused
    ? `reused from ${ready.reuse.databaseName} (vacuumed in ${ready.generateSeconds.toFixed(1)} s)`
    : `generated in ${ready.generateSeconds.toFixed(1)} s${ready.reuse ? ` into ${ready.reuse.databaseName}` : ''}`;
  console.log(
    `data (${mode}${tasks === undefined ? '' : `, ${tasks.toLocaleString('en')} tasks`}) ${made} ` +
      `on ${ready.database}; raw routes replay (statements): ${replays}`,
  );
  const samples = new Map<string, { rps: number[]; p50: number[]; p99: number[]; errors: number }>();
  try {
    for (let round = 0; round < rounds; round++) {
      for (const e of selected) {
        // The embedded database has no row-level security: both apps would be the same.
        if (e.server === 'app-rls-off' && ready.database !== 'postgres') continue;
        await load(e, ready, 1); // warm-up: JIT, connection pool, plan caches
        const r = await load(e, ready, e.seconds !== undefined && mode !== 'smoke' ? e.seconds : duration);
        const s = samples.get(e.name) ?? { rps: [], p50: [], p99: [], errors: 0 };
        s.rps.push(r.requests.average);
        s.p50.push(r.latency.p50);
        s.p99.push(r.latency.p99);
        // A row that got no answer at all in its time (every request still running at the end) is
        // an error, not a 0 ms p50 that passes its budgets.
        s.errors += r.errors + r.timeouts + r.non2xx + (r.requests.total === 0 ? 1 : 0);
        samples.set(e.name, s);
      }
    }
  } finally {
    stop();
  }
  const rows = [...samples].map(([name, s]) => ({
    name,
    requestsPerSecond: median(s.rps),
    p50Ms: median(s.p50),
    p99Ms: median(s.p99),
    errors: s.errors,
  }));
  return { rows, ready };
}

const started = Date.now();
const base = growth ? await measure(GROWTH_BASE_TASKS[mode]) : undefined;
const { rows, ready } = await measure();

let failed = false;
const byName = new Map(rows.map((r) => [r.name, r]));
for (const e of selected) {
  const row = byName.get(e.name);
  if (!row) continue;
  const checked = enforceBudgets && (!e.postgresOnly || ready.database === 'postgres');
  if (row.errors > 0) failed = true;
  const of = e.ratio ? byName.get(e.ratio.of) : undefined;
  // --growth measures the reads alone: their raw twins are not there to divide by.
  if (e.ratio && of) {
    const value = row.requestsPerSecond / of.requestsPerSecond;
    row.ratio = { of: e.ratio.of, value, min: e.ratio.min, ok: value >= e.ratio.min, enforced: checked };
    failed ||= checked && !row.ratio.ok;
  }
  const on = e.rlsCost ? byName.get(e.rlsCost.on) : undefined;
  if (e.rlsCost && on) {
    const value = on.requestsPerSecond / row.requestsPerSecond;
    row.rlsCost = {
      on: e.rlsCost.on,
      value,
      min: e.rlsCost.min,
      ok: value >= e.rlsCost.min,
      enforced: checked,
    };
    failed ||= checked && !row.rlsCost.ok;
  }
  if (e.p99Ms !== undefined) {
    row.p99Budget = { max: e.p99Ms, ok: row.p99Ms <= e.p99Ms, enforced: checked };
    failed ||= checked && !row.p99Budget.ok;
  }
  const tail = e.p99Ratio ? byName.get(e.p99Ratio.of) : undefined;
  if (e.p99Ratio && tail) {
    // p99s are whole milliseconds: a 0 ms reference counts as 1 ms.
    const value = row.p99Ms / Math.max(1, tail.p99Ms);
    row.p99Ratio = {
      of: e.p99Ratio.of,
      value,
      max: e.p99Ratio.max,
      ok: value <= e.p99Ratio.max,
      enforced: checked,
    };
    failed ||= checked && !row.p99Ratio.ok;
  }
  if (e.minRps !== undefined) {
    row.rpsBudget = { min: e.minRps, ok: row.requestsPerSecond >= e.minRps, enforced: checked };
    failed ||= checked && !row.rpsBudget.ok;
  }
  const small = base?.rows.find((r) => r.name === e.name);
  if (small) {
    if (small.errors > 0) failed = true;
    // p50s are whole milliseconds: a 0 ms base counts as 1 ms.
    const value = row.p50Ms / Math.max(1, small.p50Ms);
    const ok = value <= GROWTH_MAX;
    row.growth = { p50AtBaseMs: small.p50Ms, value, max: GROWTH_MAX, ok, enforced: enforceBudgets };
    failed ||= enforceBudgets && !ok;
  }
}

const verdict = (b: { ok: boolean; enforced: boolean }) =>
  b.ok ? 'ok' : b.enforced ? 'FAIL' : 'below, not enforced';
const table = rows.map((r) => ({
  endpoint: r.name,
  'req/s': `${Math.round(r.requestsPerSecond).toLocaleString('en')}${r.rpsBudget ? ` (>= ${r.rpsBudget.min} ${verdict(r.rpsBudget)})` : ''}`,
  'p50 ms': r.p50Ms,
  'p99 ms': `${r.p99Ms}${r.p99Budget ? ` (<= ${r.p99Budget.max} ${verdict(r.p99Budget)})` : ''}${
    r.p99Ratio ? `; ${r.p99Ratio.value.toFixed(2)}x raw's (<= ${r.p99Ratio.max}x ${verdict(r.p99Ratio)})` : ''
  }`,
  errors: r.errors,
  ratio: r.ratio
    ? `${(r.ratio.value * 100).toFixed(0)} % of ${r.ratio.of} (>= ${r.ratio.min * 100} % ${verdict(r.ratio)})`
    : r.rlsCost
      ? `RLS on: ${(r.rlsCost.value * 100).toFixed(0)} % of this (>= ${r.rlsCost.min * 100} % ${verdict(r.rlsCost)})`
      : '',
  ...(r.growth
    ? {
        growth: `p50 ${r.growth.p50AtBaseMs} -> ${r.p50Ms} ms: ${r.growth.value.toFixed(2)}x (<= ${r.growth.max} ${verdict(r.growth)})`,
      }
    : {}),
}));
console.table(table);

const machine = {
  cpus: cpus().length,
  cpu: cpus()[0]?.model ?? 'unknown',
  loadAverage1m: loadavg()[0],
  node: process.version,
};
writeResults('latest.json', {
  mode,
  growth: growth ? { baseTasks: GROWTH_BASE_TASKS[mode], baseRows: base?.rows } : undefined,
  database: ready.database,
  connections: CONNECTIONS,
  secondsPerEndpoint: duration,
  rounds,
  budgetsEnforced: enforceBudgets,
  logLevel: process.env.LOG_LEVEL ?? 'info',
  machine,
  wallSeconds: (Date.now() - started) / 1000,
  rows,
  writeStatements: ready.writeStatements,
  passed: !failed,
});
console.log(`${failed ? 'BUDGET FAILED' : 'all budgets met'}; results in bench/results/latest.json`);

// The whole suite: the browser budgets follow a whole run, in a process of their own.
let browserFailed = false;
if (!only && !growth && !flag('no-browser')) {
  const args = ['--import', 'tsx', 'browser.ts', '--port', String(barePort + 9)];
  if (mode === 'smoke') args.push('--smoke');
  console.log(`\nbrowser budgets: node ${args.join(' ')}`);
  const browser = spawnSync(process.execPath, args, {
    cwd: new URL('.', import.meta.url),
    stdio: 'inherit',
  });
  browserFailed = browser.status !== 0;
}
process.exit(failed || browserFailed ? 1 : 0);
