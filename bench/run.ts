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
 *   --port <n>        the app's port; the bare server takes the next one (default 3212)
 *   LOG_LEVEL         the app's log level (default info, as in production)
 *   DATABASE_URL      PostgreSQL (the suite makes a database `taskhive_bench` there); else PGlite
 */
import { fork } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import autocannon from 'autocannon';
import { ENDPOINTS, type Endpoint } from './src/endpoints.ts';
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
const CONNECTIONS = 10;

type Row = {
  name: string;
  requestsPerSecond: number;
  p50Ms: number;
  p99Ms: number;
  errors: number;
  ratio?: { of: string; value: number; min: number; ok: boolean };
  p99Budget?: { max: number; ok: boolean };
};

function startServer(): Promise<{ ready: ServerReady; stop: () => void }> {
  const options: ServerOptions = { mode, appPort, barePort, logLevel: process.env.LOG_LEVEL ?? 'info' };
  const child = fork(new URL('./src/server.ts', import.meta.url), [JSON.stringify(options)], {
    execArgv: ['--import', 'tsx'],
    stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
  });
  return new Promise((resolve, reject) => {
    child.once('message', (m) => resolve({ ready: m as ServerReady, stop: () => child.kill('SIGTERM') }));
    child.once('exit', (code) => reject(new Error(`the bench server exited (${code}) before it was ready`)));
  });
}

async function load(e: Endpoint, token: string, seconds: number) {
  const port = e.server === 'app' ? appPort : barePort;
  return autocannon({
    url: `http://127.0.0.1:${port}${e.path}`,
    connections: CONNECTIONS,
    duration: seconds,
    headers: { ...(e.auth ? { authorization: `Bearer ${token}` } : {}), ...e.headers },
  });
}

const started = Date.now();
const { ready, stop } = await startServer();
console.log(
  `data (${mode}) generated in ${ready.generateSeconds.toFixed(1)} s on ${ready.database}; ` +
    `raw route replays ${ready.rawStatements} statements`,
);
const rows: Row[] = [];
try {
  for (const e of ENDPOINTS) {
    await load(e, ready.token, 1); // warm-up: JIT, connection pool, plan caches
    const r = await load(e, ready.token, duration);
    rows.push({
      name: e.name,
      requestsPerSecond: r.requests.average,
      p50Ms: r.latency.p50,
      p99Ms: r.latency.p99,
      errors: r.errors + r.timeouts + r.non2xx,
    });
  }
} finally {
  stop();
}

let failed = false;
const byName = new Map(rows.map((r) => [r.name, r]));
for (const e of ENDPOINTS) {
  const row = byName.get(e.name);
  if (!row) continue;
  const checked = !e.postgresOnly || ready.database === 'postgres';
  if (row.errors > 0) failed = true;
  if (e.ratio) {
    const of = byName.get(e.ratio.of);
    const value = of ? row.requestsPerSecond / of.requestsPerSecond : 0;
    row.ratio = { of: e.ratio.of, value, min: e.ratio.min, ok: !checked || value >= e.ratio.min };
    failed ||= !row.ratio.ok;
  }
  if (e.p99Ms !== undefined) {
    row.p99Budget = { max: e.p99Ms, ok: !checked || row.p99Ms <= e.p99Ms };
    failed ||= !row.p99Budget.ok;
  }
}

const table = rows.map((r) => ({
  endpoint: r.name,
  'req/s': Math.round(r.requestsPerSecond).toLocaleString('en'),
  'p50 ms': r.p50Ms,
  'p99 ms': `${r.p99Ms}${r.p99Budget ? ` (<= ${r.p99Budget.max} ${r.p99Budget.ok ? 'ok' : 'FAIL'})` : ''}`,
  errors: r.errors,
  ratio: r.ratio
    ? `${(r.ratio.value * 100).toFixed(0)} % of ${r.ratio.of} (>= ${r.ratio.min * 100} % ${r.ratio.ok ? 'ok' : 'FAIL'})`
    : '',
}));
console.table(table);

const machine = {
  cpus: cpus().length,
  cpu: cpus()[0]?.model ?? 'unknown',
  loadAverage1m: loadavg()[0],
  node: process.version,
};
mkdirSync(new URL('./results/', import.meta.url), { recursive: true });
writeFileSync(
  new URL('./results/latest.json', import.meta.url),
  `${JSON.stringify(
    {
      at: new Date().toISOString(),
      mode,
      database: ready.database,
      connections: CONNECTIONS,
      secondsPerEndpoint: duration,
      logLevel: process.env.LOG_LEVEL ?? 'info',
      machine,
      wallSeconds: (Date.now() - started) / 1000,
      rows,
      passed: !failed,
    },
    null,
    2,
  )}\n`,
);
console.log(`${failed ? 'BUDGET FAILED' : 'all budgets met'}; results in bench/results/latest.json`);
process.exit(failed ? 1 : 0);
