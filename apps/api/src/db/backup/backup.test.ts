import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { eq, sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { buildApp, type App } from '../../app.ts';
import { testConfig } from '../../test/build-app.ts';
import { bearer, buildCompany, buildProject, login, type TestCompany } from '../../test/factories.ts';
import { multipart, PDF } from '../../test/files.fixtures.ts';
import { type Database, openPglite, openPostgres, rowsOf } from '../client.ts';
import { migrate } from '../migrate.ts';
import { syncReferenceData } from '../reference-data.ts';
import { projects } from '../schema/index.ts';
import {
  answerBackupRequests,
  backupEmbedded,
  REQUESTS_DIR,
  restoreEmbedded,
  RestoreRefusedError,
} from './embedded.ts';
import { backupPostgres, restorePostgres } from './postgres.ts';

const quiet = { info: () => {}, error: () => {} };

/** What `npm start` runs, minus the HTTP listener: the database (migrated) and the app on it. */
async function start(dataDir: string, databaseUrl?: string): Promise<{ database: Database; app: App }> {
  const database = databaseUrl
    ? await openPostgres(databaseUrl, 3)
    : await openPglite(join(dataDir, 'pglite'));
  await migrate(database);
  await syncReferenceData(database.db);
  const app = await buildApp({
    db: database.db,
    config: testConfig({ dataDir, databaseUrl }),
    logger: false,
    listen: database.listen,
  });
  await app.ready();
  return { database, app };
}

async function stop(s: { database: Database; app: App }) {
  await s.app.close();
  await s.database.close();
}

async function uploadDocument(a: App, company: TestCompany): Promise<string> {
  const admin = await login(a, company.adminEmail);
  const m = multipart({ name: 'brief.pdf', content: PDF });
  const res = await a.inject({
    method: 'POST',
    url: `/api/Companies/${company.companyId}/documents`,
    payload: m.payload,
    headers: { ...bearer(admin), ...m.headers },
  });
  expect(res.statusCode).toBe(201);
  return res.json().data.documentId ?? res.json().data.id;
}

async function download(a: App, company: TestCompany, docId: string) {
  const admin = await login(a, company.adminEmail);
  return a.inject({
    method: 'GET',
    url: `/api/Companies/${company.companyId}/documents/${docId}`,
    headers: bearer(admin),
  });
}

async function projectCodes(database: Database, companyId: string): Promise<string[]> {
  const rows = await database.db
    .select({ code: projects.code })
    .from(projects)
    .where(eq(projects.companyId, companyId));
  return rows.map((r) => r.code);
}

const tmp = () => mkdtempSync(join(tmpdir(), 'taskhive-backup-'));

describe('embedded database: npm run backup / npm run restore', () => {
  it('backs up through the running server while it writes, wipes, restores, and signs in', async () => {
    const dataDir = tmp();
    const file = join(tmp(), 'taskhive.tar');
    const server = await start(dataDir);
    const stopAnswering = answerBackupRequests(server.database, dataDir, quiet);
    const acme = await buildCompany(server.database.db, { name: 'Acme Backup' });
    const kept = await uploadDocument(server.app, acme);

    // Projects made one after another while the backup runs: the backup holds a prefix of them.
    // Each write waits for the next turn of the event loop, as requests arriving over sockets do
    // (PGlite answers within microtasks: a bare loop would keep the signal from ever being heard).
    const made: string[] = [];
    let writing = true;
    const writer = (async () => {
      for (let i = 0; writing && i < 10_000; i++) {
        await new Promise((r) => setImmediate(r));
        const code = `B${String(i).padStart(5, '0')}`;
        made.push((await buildProject(server.database.db, acme, { code })).code);
      }
    })();
    while (made.length < 5) await new Promise((r) => setTimeout(r, 10));
    const result = await backupEmbedded(dataDir, file);
    writing = false;
    await writer;
    expect(result.via).toBe('server');
    expect(result.uploads).toBe(1);
    expect(existsSync(file)).toBe(true);
    expect(readdirSync(join(dataDir, REQUESTS_DIR))).toEqual(['server.pid']); // the request folder went

    // Refused while the server holds the database.
    await expect(restoreEmbedded(dataDir, file)).rejects.toThrow(RestoreRefusedError);

    const later = await uploadDocument(server.app, acme);
    stopAnswering();
    await stop(server);

    // Wipe.
    rmSync(join(dataDir, 'pglite'), { recursive: true });
    rmSync(join(dataDir, 'uploads'), { recursive: true });

    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect((await restoreEmbedded(dataDir, file)).previous).toBeUndefined();
    const restored = await start(dataDir);
    try {
      const got = await download(restored.app, acme, kept);
      expect(got.statusCode).toBe(200);
      expect(got.rawPayload.equals(PDF)).toBe(true);
      expect((await download(restored.app, acme, later)).statusCode).toBe(404);
      const codes = (await projectCodes(restored.database, acme.companyId)).sort();
      expect(codes.length).toBeGreaterThanOrEqual(5);
      expect(codes.length).toBeLessThan(made.length); // the writes went on during the backup
      expect(codes).toEqual(made.slice(0, codes.length));
    } finally {
      await stop(restored);
    }
  }, 120_000);

  it('backs up with no server running, and a restore sets the newer data aside', async () => {
    const dataDir = tmp();
    const file = join(tmp(), 'taskhive.tar');
    const first = await start(dataDir);
    const acme = await buildCompany(first.database.db, { name: 'Acme Before' });
    await stop(first);

    const result = await backupEmbedded(dataDir, file);
    expect(result.via).toBe('direct');
    expect(result.uploads).toBe(0);

    const second = await start(dataDir);
    const newer = await buildCompany(second.database.db, { name: 'Newer' });
    await stop(second);

    const { previous } = await restoreEmbedded(dataDir, file);
    expect(readdirSync(previous ?? '').sort()).toEqual(['pglite', 'uploads']);
    const restored = await start(dataDir);
    try {
      expect((await login(restored.app, acme.adminEmail)).companyId).toBe(acme.companyId);
      await expect(login(restored.app, newer.adminEmail)).rejects.toThrow(/401/);
    } finally {
      await stop(restored);
    }
    // The set-aside directory is the newer database, whole.
    const aside = await openPglite(join(previous ?? '', 'pglite'));
    try {
      const rows = rowsOf<{ n: number }>(
        await aside.db.execute(sql`select count(*)::int as n from companies where name = 'Newer'`),
      );
      expect(rows[0]?.n).toBe(1);
    } finally {
      await aside.close();
    }
  }, 120_000);

  it('does not signal a server that does not answer backup requests (SIGUSR2 would end it)', async () => {
    const dataDir = tmp();
    const older = await start(dataDir); // holds the lock, no answerBackupRequests
    try {
      await expect(backupEmbedded(dataDir, join(tmp(), 'b.tar'))).rejects.toThrow(
        /does not answer backup requests/,
      );
      expect((await login(older.app, (await buildCompany(older.database.db)).adminEmail)).token).toBeTruthy();
    } finally {
      await stop(older);
    }
  }, 60_000);

  it('refuses a file that is not a backup, and leaves the data in place', async () => {
    const dataDir = tmp();
    const s = await start(dataDir);
    await stop(s);
    const bogus = join(tmp(), 'x.tar');
    await expect(restoreEmbedded(dataDir, bogus)).rejects.toThrow(/No backup file/);
    const other = tmp();
    writeFileSync(join(other, 'backup.json'), JSON.stringify({ format: 99, kind: 'pglite' }));
    execFileSync('tar', ['-cf', bogus, '-C', other, 'backup.json']);
    await expect(restoreEmbedded(dataDir, bogus)).rejects.toThrow(/not a Taskhive embedded-database backup/);
    expect(existsSync(join(dataDir, 'pglite', 'PG_VERSION'))).toBe(true);
    expect(existsSync(join(dataDir, 'pglite.lock'))).toBe(false);
  }, 60_000);
});

const DATABASE_URL = process.env.DATABASE_URL;

describe.runIf(DATABASE_URL)('PostgreSQL: pg_dump / pg_restore', () => {
  const name = `taskhive_backup_${process.pid}`;
  const urlOf = (db: string) => {
    const u = new URL(DATABASE_URL ?? '');
    u.pathname = `/${db}`;
    return u.toString();
  };
  async function admin(q: string) {
    const c = new pg.Client({ connectionString: DATABASE_URL });
    await c.connect();
    try {
      await c.query(q);
    } finally {
      await c.end();
    }
  }
  const recreate = async () => {
    await admin(`drop database if exists "${name}" with (force)`);
    await admin(`create database "${name}"`);
  };
  afterAll(() => admin(`drop database if exists "${name}" with (force)`));

  it('dumps, wipes the database, restores, and signs in', async () => {
    await recreate();
    const dataDir = tmp();
    const file = join(tmp(), 'taskhive.dump');
    const s = await start(dataDir, urlOf(name));
    const acme = await buildCompany(s.database.db, { name: 'Acme PG' });
    const { code } = await buildProject(s.database.db, acme);
    await backupPostgres(urlOf(name), file);
    await stop(s);

    await recreate();
    await restorePostgres(urlOf(name), file);
    // Into a database that has Taskhive already: refused without --clean, all or nothing with it.
    await expect(restorePostgres(urlOf(name), file)).rejects.toThrow(/--clean/);
    await restorePostgres(urlOf(name), file, { clean: true });

    const restored = await start(dataDir, urlOf(name));
    try {
      expect((await login(restored.app, acme.adminEmail)).companyId).toBe(acme.companyId);
      expect(await projectCodes(restored.database, acme.companyId)).toEqual([code]);
    } finally {
      await stop(restored);
    }
  }, 120_000);
});
