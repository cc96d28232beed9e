import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import { DatabaseLockedError, type Db, openPglite, openPostgres, rowsOf } from './client.ts';
import { migrate } from './migrate.ts';
import { companies, roles, taskLists, tasks, userRoles, users } from './schema/index.ts';
import { workerDatabase } from '../test/build-app.ts';
import { buildCompany, buildSuperAdmin } from '../test/factories.ts';

/** Tables that belong to the platform, not to a tenant. */
const PLATFORM_TABLES = [
  'modules',
  'permissions',
  'packages',
  'package_modules',
  'priorities',
  'companies',
  'roles',
  'role_permissions',
  'refresh_tokens',
  '__taskhive_migrations',
  // The embedded database's job queue and its scheduler: the platform's, not a tenant's.
  'jobs',
  'job_schedules',
];

describe('migrations', () => {
  it('apply once: a second run has nothing to do', async () => {
    const database = await workerDatabase();
    expect(await migrate(database)).toEqual([]);
  });

  it('leave every tenant table with company_id NOT NULL, and uuid ids with created_at', async () => {
    const database = await workerDatabase();
    const cols = rowsOf<{ table_name: string; column_name: string; is_nullable: string; data_type: string }>(
      await database.db.execute(
        sql`select table_name, column_name, is_nullable, data_type from information_schema.columns where table_schema = current_schema()`,
      ),
    );
    const tables = [...new Set(cols.map((c) => c.table_name))];
    const tenant = tables.filter((t) => !PLATFORM_TABLES.includes(t));
    expect(tenant.length).toBeGreaterThan(10);
    for (const t of tenant) {
      const cid = cols.find((c) => c.table_name === t && c.column_name === 'company_id');
      expect(cid?.is_nullable, `${t}.company_id`).toBe('NO');
    }
    for (const t of tables.filter((t) => t !== '__taskhive_migrations')) {
      const id = cols.find((c) => c.table_name === t && c.column_name === 'id');
      if (id) expect(id.data_type, `${t}.id`).toBe('uuid');
    }
  });

  it('make a child of another company impossible: composite foreign keys', async () => {
    const database = await workerDatabase();
    const a = await buildCompany(database.db);
    const b = await buildCompany(database.db);
    const [list] = rowsOf<{ id: string; project_id: string }>(
      await database.db.execute(
        sql`insert into projects (company_id, name) values (${a.companyId}, 'A project') returning id, id as project_id`,
      ),
    );
    const [listRow] = await database.db
      .insert(taskLists)
      .values({ companyId: a.companyId, projectId: list?.id ?? '', name: 'L' })
      .returning();
    // A task of company B pointing at company A's project and list is refused by the schema itself.
    await expect(
      database.db.insert(tasks).values({
        companyId: b.companyId,
        projectId: list?.id ?? '',
        taskListId: listRow?.id ?? '',
        title: 'sneaky',
      }),
    ).rejects.toThrow();
  });
});

describe('roles', () => {
  it('a user can hold only a role of their own company: users.role_id goes by (company_id, id)', async () => {
    const database = await workerDatabase();
    const a = await buildCompany(database.db);
    const b = await buildCompany(database.db);
    await expect(
      database.db.update(users).set({ roleId: b.roleIds.employee }).where(eq(users.id, a.adminUserId)),
    ).rejects.toThrow();
    await expect(
      database.db
        .insert(userRoles)
        .values({ companyId: a.companyId, userId: a.adminUserId, roleId: b.roleIds.manager }),
    ).rejects.toThrow();
  });

  it('the Super Admin holds a platform role owned by the platform company', async () => {
    const database = await workerDatabase();
    const root = await buildSuperAdmin(database.db);
    const [row] = await database.db
      .select({ roleType: roles.roleType, isPlatform: companies.isPlatform })
      .from(users)
      .innerJoin(roles, and(eq(roles.companyId, users.companyId), eq(roles.id, users.roleId)))
      .innerJoin(companies, eq(companies.id, roles.companyId))
      .where(eq(users.id, root.userId));
    expect(row).toEqual({ roleType: 'platform', isPlatform: true });
  });
});

describe('embedded database lock', () => {
  it('a second opener of the same PGlite directory fails fast with a clear message', async () => {
    const dir = join(mkdtempSync(join(tmpdir(), 'taskhive-lock-')), 'pglite');
    const first = await openPglite(dir);
    try {
      await expect(openPglite(dir)).rejects.toThrow(DatabaseLockedError);
      await expect(openPglite(dir)).rejects.toThrow(/in use by another process/);
    } finally {
      await first.close();
    }
    const again = await openPglite(dir);
    await again.close();
  });
});

describe('PostgreSQL sessions', () => {
  const settingOf = async (database: { db: Db }) =>
    rowsOf<{ workers: string }>(
      await database.db.execute(sql`select current_setting('max_parallel_workers_per_gather') as workers`),
    )[0]?.workers;

  it.runIf(!!process.env.DATABASE_URL)(
    'run without parallel workers or JIT unless the URL names its own options',
    async () => {
      const url = process.env.DATABASE_URL ?? '';
      const plain = await openPostgres(url, 1);
      try {
        expect(await settingOf(plain)).toBe('0');
        // No JIT compiling either (issue 28: 100 ms of it on the company report's 120 ms statement).
        const [jit] = rowsOf<{ jit: string }>(
          await plain.db.execute(sql`select current_setting('jit') as jit`),
        );
        expect(jit?.jit).toBe('off');
      } finally {
        await plain.close();
      }
      const own = new URL(url);
      own.searchParams.set('options', '-c max_parallel_workers_per_gather=3');
      const named = await openPostgres(own.toString(), 1);
      try {
        expect(await settingOf(named)).toBe('3');
      } finally {
        await named.close();
      }
    },
  );
});
