import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { buildApp, type App } from '../app.ts';
import type { Database, Db } from '../db/client.ts';
import { departments, users } from '../db/schema/index.ts';
import { systemScope } from '../lib/scope.ts';
import { appDb, testConfig, workerDatabase } from './build-app.ts';
import { buildCompany, type TestCompany } from './factories.ts';
import { TENANT_TABLES, TenantGuardError, takeViolations, tenantViolation } from './tenant-guard.ts';

let database: Database;
let guarded: Db;
let acme: TestCompany;

beforeAll(async () => {
  database = await workerDatabase();
  guarded = appDb(database);
  acme = await buildCompany(database.db, { name: 'Acme' });
});

describe('tenant guard', () => {
  it('knows the tenant tables from the schema', () => {
    expect(TENANT_TABLES).toEqual(
      expect.arrayContaining(['users', 'departments', 'roles', 'projects', 'tasks', 'time_logs', 'sessions']),
    );
    expect(TENANT_TABLES).not.toContain('companies');
    expect(TENANT_TABLES).not.toContain('permissions');
  });

  it('fails an unscoped statement on a tenant table before it reaches the database', async () => {
    await expect(guarded.select().from(users).where(eq(users.id, acme.adminUserId))).rejects.toThrow(
      TenantGuardError,
    );
    await expect(guarded.update(departments).set({ name: 'Everyone' })).rejects.toThrow(/departments/);
    expect(takeViolations()).toHaveLength(2);
    const [row] = await database.db.select().from(departments).where(eq(departments.id, acme.departmentId));
    expect(row?.name).toBe('General');
  });

  it('lets a statement through the scope pass: own() on reads and writes, values() on inserts', async () => {
    const scope = systemScope(guarded, acme.companyId);
    const [admin] = await guarded
      .select()
      .from(users)
      .where(scope.own(users, eq(users.id, acme.adminUserId)));
    expect(admin?.email).toBe(acme.adminEmail);
    await guarded.insert(departments).values(scope.values({ name: 'Sales' }));
    expect(takeViolations()).toEqual([]);
  });

  it('reads raw SQL too, and ignores tables without a company', () => {
    expect(tenantViolation('select * from time_logs where user_id = $1')).toMatch(/time_logs/);
    expect(tenantViolation('select * from time_logs where company_id = $1 and user_id = $2')).toBeNull();
    expect(tenantViolation('select "id" from "companies" where "companies"."id" = $1')).toBeNull();
    expect(tenantViolation('insert into "tasks" ("id", "title") values (default, $1)')).toMatch(/tasks/);
    // Inserts in one statement's WITH (the change log's flush): each must name company_id, and
    // nothing else may touch a tenant table without the condition.
    const flush = (activity: string, more = '') =>
      `with d0 as (insert into "activities" (${activity}) values ($1, $2)), c as (insert into changes (company_id, type) values ($3::uuid, $4) returning id, tx) select id::text as id from c${more}`;
    expect(tenantViolation(flush('"company_id", "field"'))).toBeNull();
    expect(tenantViolation(flush('"task_id", "field"'))).toMatch(/activities/);
    expect(tenantViolation(flush('"company_id", "field"', ' join tasks on true'))).toMatch(/tasks/);
  });

  describe('in a request', () => {
    let rogue: App;
    beforeAll(async () => {
      rogue = await buildApp({ db: guarded, config: testConfig(), logger: false });
      // A route that forgets the company: the kind of code the guard is there to catch.
      rogue.get('/api/rogue', { config: { public: true } }, async () =>
        guarded.select({ email: users.email }).from(users),
      );
      await rogue.ready();
    });
    afterAll(() => rogue.close());

    it('turns the request into a failure and records the statement for the test to fail on', async () => {
      const res = await rogue.inject({ url: '/api/rogue' });
      expect(res.statusCode).toBe(500);
      expect(res.body).not.toContain(acme.adminEmail);
      expect(takeViolations()).toEqual([
        expect.stringMatching(/statement on users has no company_id condition/),
      ]);
    });
  });
});
