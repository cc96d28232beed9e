/**
 * `EXPLAIN (ANALYZE, BUFFERS)` of every statement each main read runs, on the database the last
 * PostgreSQL bench run left behind (`taskhive_bench`, or BENCH_DB_NAME; not re-made): migrates it first (so a new
 * migration's indexes count), signs in as the large tenant's admin, records the app's statements
 * per read exactly as src/server.ts does, and prints each plan.
 *
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/test node --import tsx bench/explain.ts [read key…]
 *
 * An argument that starts with `/` is a path of its own (its `{ids}` filled as the rows' are), e.g.
 * `'/api/Tasks/projects/{projectId}/tasks?pageSize=50&cf={customFieldId}:{customOptionId}'`.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { buildApp } from '../apps/api/src/app.ts';
import { loadConfig } from '../apps/api/src/config.ts';
import { openPostgres } from '../apps/api/src/db/client.ts';
import { migrate } from '../apps/api/src/db/migrate.ts';
import { resolveIds } from './src/data.ts';
import { fill, READS } from './src/endpoints.ts';
import { BENCH_DB } from './src/server.ts';

type Statement = { text: string; values: unknown[] };
type RawClient = {
  query(
    text: string | { text: string; values?: unknown[] },
    ...rest: unknown[]
  ): Promise<{ rows: unknown[] }>;
};

const url = process.env.DATABASE_URL;
if (!url) throw new Error('DATABASE_URL is needed (PostgreSQL)');
const u = new URL(url);
u.pathname = `/${BENCH_DB}`;
const database = await openPostgres(u.toString(), 2);
await migrate(database);
const { rows } = (await database.db.execute(
  sql`select c.id, u.email from companies c join users u on u.company_id = c.id
       where u.email like 'admin@%' order by (select count(*) from tasks t where t.company_id = c.id) desc limit 1`,
)) as unknown as { rows: { id: string; email: string }[] };
const large = rows[0];
if (!large) throw new Error('no bench data: run the PostgreSQL bench once first');
const app = await buildApp({
  db: database.db,
  config: {
    ...loadConfig({ DATA_DIR: mkdtempSync(join(tmpdir(), 'taskhive-explain-')), LOG_LEVEL: 'warn' }),
  },
});
await app.ready();
const login = await app.inject({
  method: 'POST',
  url: '/api/auth/login',
  payload: { email: large.email, password: 'Bench-password-1' },
});
const token = (login.json() as { data: { token: string } }).data.token;
const ids = await resolveIds(database.db, large.id);
const client = (database.db as unknown as { $client: RawClient }).$client;
const query = client.query.bind(client);
let recording: Statement[] | null = null;
client.query = (text, ...rest) => {
  const values = Array.isArray(rest[0]) ? (rest[0] as unknown[]) : [];
  if (recording)
    recording.push(
      typeof text === 'string' ? { text, values } : { text: text.text, values: text.values ?? values },
    );
  return query(text, ...rest);
};
const wanted = process.argv.slice(2);
const paths = wanted.filter((w) => w.startsWith('/')).map((path) => ({ key: path, path }));
const reads = [...READS.filter((r) => wanted.length === 0 || wanted.includes(r.key)), ...paths];
for (const read of reads) {
  recording = [];
  const answer = await app.inject({
    url: fill(read.path, ids),
    headers: { authorization: `Bearer ${token}` },
  });
  const statements = recording.filter((s) => !/\bfrom "sessions"/i.test(s.text));
  recording = null;
  console.log(`\n=== ${read.key} (${answer.statusCode}, ${statements.length} statements)`);
  for (const s of statements) {
    if (/^\s*(begin|commit|rollback)/i.test(s.text)) continue;
    const plan = (await query(`explain (analyze, buffers) ${s.text}`, s.values)) as {
      rows: { 'QUERY PLAN': string }[];
    };
    console.log(`--- ${s.text}\n${plan.rows.map((r) => r['QUERY PLAN']).join('\n')}`);
  }
}
await app.close();
await database.close();
