/**
 * Benchmarks measured as ratios within one run, so the machine's speed cancels out.
 *
 * auth-overhead: an authenticated request (token verify + live-session check + effective
 * permissions) against the unauthenticated liveness probe, on the same in-process app and
 * embedded database, with a company of `--users` employees. The ratio should stay flat as the
 * company grows: the per-request auth work is indexed lookups, not scans.
 *
 * Usage: npm run bench -w @taskhive/bench [-- --users 2000 --requests 500]
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { buildApp } from '../apps/api/src/app.ts';
import { loadConfig } from '../apps/api/src/config.ts';
import { openPglite } from '../apps/api/src/db/client.ts';
import { migrate } from '../apps/api/src/db/migrate.ts';
import { syncReferenceData } from '../apps/api/src/db/reference-data.ts';
import { provisionCompany } from '../apps/api/src/features/companies/provision.service.ts';
import { users } from '../apps/api/src/db/schema/index.ts';
import { hashPassword } from '../apps/api/src/lib/passwords.ts';

const arg = (name: string, fallback: number) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? Number(process.argv[i + 1]) : fallback;
};
const USERS = arg('users', 2000);
const REQUESTS = arg('requests', 500);

const dataDir = mkdtempSync(join(tmpdir(), 'taskhive-bench-'));
const config = {
  ...loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent' }),
  rateLimit: { authMax: 1e9, authIpMax: 1e9, authWindowMs: 60_000 },
};
const database = await openPglite(undefined);
await migrate(database);
await syncReferenceData(database.db);

const passwordHash = await hashPassword('Bench-password-1');
const company = await database.db.transaction((tx) =>
  provisionCompany(
    tx,
    { name: 'Bench Co' },
    { email: 'bench@bench.test', firstName: 'B', lastName: 'Admin', passwordHash, status: 'active' },
  ),
);
for (let i = 0; i < USERS; i += 500) {
  const batch = Array.from({ length: Math.min(500, USERS - i) }, (_, j) => ({
    companyId: company.companyId,
    email: `u${i + j}@bench.test`,
    firstName: `User${i + j}`,
    lastName: 'Bench',
    roleId: company.roleIds.employee,
  }));
  await database.db.insert(users).values(batch);
}

const app = await buildApp({ db: database.db, config, logger: false });
await app.ready();
const login = await app.inject({
  method: 'POST',
  url: '/api/auth/login',
  payload: { email: 'bench@bench.test', password: 'Bench-password-1' },
});
const token = login.json().data.token as string;

async function time(label: string, run: () => Promise<unknown>) {
  for (let i = 0; i < 50; i++) await run(); // warm-up
  const t0 = performance.now();
  for (let i = 0; i < REQUESTS; i++) await run();
  const ms = (performance.now() - t0) / REQUESTS;
  console.log(`${label.padEnd(28)} ${ms.toFixed(3)} ms/request`);
  return ms;
}

const base = await time('GET /healthz (baseline)', () => app.inject({ url: '/healthz' }));
const me = await time('GET /api/auth/me (auth)', () =>
  app.inject({ url: '/api/auth/me', headers: { authorization: `Bearer ${token}` } }),
);
console.log(`auth-overhead ratio (me / healthz) with ${USERS} users: ${(me / base).toFixed(1)}x`);
await app.close();
await database.close();
