import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { AuditKind } from '@taskhive/contract';
import type { App } from '../../app.ts';
import { type Database, rowsOf } from '../../db/client.ts';
import { auditEvents, roles } from '../../db/schema/index.ts';
import { buildTestApp } from '../../test/build-app.ts';
import {
  bearer,
  buildSuperAdmin,
  buildUser,
  login,
  type Session,
  type TestCompany,
  TEST_PASSWORD,
  twoTenants,
} from '../../test/factories.ts';
import { auditRepo } from './audit.repo.ts';

let app: App;
let database: Database;
let root: Session;
let rootUserId: string;
let admin: Session;
let employee: Session;
let employeeId: string;
let otherAdmin: Session;
let acme: TestCompany;
let other: TestCompany;
let permId: Record<string, string>;
let moduleId: Record<string, string>;

const AGENT = 'AuditTest/1.0 (a user agent long enough to be cut) '.repeat(8);

beforeAll(async () => {
  ({ app, database } = await buildTestApp());
  ({ acme, other, admin, employee, employeeId, otherAdmin } = await twoTenants(app, database.db));
  const superAdmin = await buildSuperAdmin(database.db);
  rootUserId = superAdmin.userId;
  root = await login(app, superAdmin.email);
  const perms = (await call('GET', '/api/Permissions', root)).json().data.items as {
    name: string;
    permissionId: string;
  }[];
  permId = Object.fromEntries(perms.map((p) => [p.name, p.permissionId]));
  const mods = (await call('GET', '/api/Modules?pageSize=50', root)).json().data.items as {
    key: string;
    moduleId: string;
  }[];
  moduleId = Object.fromEntries(mods.map((m) => [m.key, m.moduleId]));
});
afterAll(() => app.close());

const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, s?: Session, payload?: object) =>
  app.inject({
    method,
    url,
    headers: { ...(s ? bearer(s) : {}), 'user-agent': AGENT },
    ...(payload ? { payload } : {}),
  });

/** The company's events of a kind, oldest first, straight from the table. */
const eventsOf = (companyId: string, kind?: AuditKind) =>
  database.db
    .select()
    .from(auditEvents)
    .where(and(eq(auditEvents.companyId, companyId), kind ? eq(auditEvents.kind, kind) : undefined))
    .orderBy(asc(auditEvents.at), asc(auditEvents.id));

/** The one newest event of a kind in a company. */
async function latest(companyId: string, kind: AuditKind) {
  const rows = await eventsOf(companyId, kind);
  const row = rows.at(-1);
  if (!row) throw new Error(`no ${kind} in ${companyId}`);
  return row;
}

const countAll = async () =>
  Number(
    rowsOf<{ n: number }>(await database.db.execute(sql`select count(*)::int as n from audit_events`))[0]?.n,
  );

async function newRole(name: string) {
  const res = await call('POST', '/api/CompanyRoles', admin, { roleName: name });
  expect(res.statusCode).toBe(201);
  return res.json().data.companyRoleId as string;
}

describe('GET /api/Audit: guards and input', () => {
  it('401 without a token, on the list and the export', async () => {
    expect((await call('GET', '/api/Audit')).statusCode).toBe(401);
    expect((await call('GET', '/api/Audit/export.csv')).statusCode).toBe(401);
  });

  it('403 for an Employee and a Manager; the Company Admin holds audit:read', async () => {
    const manager = await buildUser(database.db, acme, { role: 'manager' });
    const m = await login(app, manager.email);
    for (const s of [employee, m]) {
      expect((await call('GET', '/api/Audit', s)).statusCode).toBe(403);
      expect((await call('GET', '/api/Audit/export.csv', s)).statusCode).toBe(403);
    }
    expect(admin.permissions).toContain('audit:read');
    expect((await call('GET', '/api/Audit', admin)).statusCode).toBe(200);
  });

  it('400 with field errors: unknown kind, NUL, bad dates, start after end, bad user id, page size', async () => {
    const bad = async (query: string, field: string) => {
      for (const path of ['/api/Audit', '/api/Audit/export.csv']) {
        if (path.endsWith('.csv') && field === 'pageSize') continue;
        const res = await call('GET', `${path}?${query}`, admin);
        expect(res.statusCode, `${path}?${query}`).toBe(400);
        expect(res.json().errors, query).toHaveProperty(field);
      }
    };
    await bad('kind=role.exploded', 'kind');
    await bad('kind=ro', 'kind');
    await bad('kind=role%00', 'kind');
    await bad('from=2026-13-01', 'from');
    await bad('to=yesterday', 'to');
    await bad('from=2026-02-02&to=2026-02-01', 'to');
    await bad('userId=nope', 'userId');
    await bad('pageSize=100000', 'pageSize');
  });
});

describe('what is recorded, one kind at a time, through the real endpoints', () => {
  it('signin.succeeded: the person, their address and a shortened user agent', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: acme.adminEmail, password: TEST_PASSWORD },
      headers: { 'user-agent': AGENT },
    });
    expect(res.statusCode).toBe(200);
    const e = await latest(acme.companyId, 'signin.succeeded');
    expect(e).toMatchObject({
      actorId: acme.adminUserId,
      actorName: 'Ada Admin',
      actorEmail: acme.adminEmail,
      actorIsPlatformAdmin: false,
      subjectUserId: acme.adminUserId,
      ip: '127.0.0.1',
    });
    expect(e.userAgent).toBe(AGENT.slice(0, 200));
  });

  it('signin.failed: a known account’s wrong password (after the answer), an inactive user; never an unknown email', async () => {
    const before = (await eventsOf(acme.companyId, 'signin.failed')).length;
    const employeeEmail = (await call('GET', `/api/CompanyUsers/details/user/${employeeId}`, admin)).json()
      .data.email as string;
    const wrong = await app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: employeeEmail, password: 'not-the-password' },
    });
    expect(wrong.statusCode).toBe(401);
    await app.background.drain();
    const e = await latest(acme.companyId, 'signin.failed');
    expect(e).toMatchObject({
      actorId: null,
      actorName: null,
      subjectUserId: employeeId,
      subjectEmail: employeeEmail,
      details: { reason: 'wrong-password' },
    });

    const gone = await buildUser(database.db, acme, { status: 'inactive' });
    expect(
      (
        await app.inject({
          method: 'POST',
          url: '/api/auth/login',
          payload: { email: gone.email, password: TEST_PASSWORD },
        })
      ).statusCode,
    ).toBe(403);
    await app.background.drain();
    expect(await latest(acme.companyId, 'signin.failed')).toMatchObject({
      subjectUserId: gone.userId,
      details: { reason: 'user-inactive' },
    });
    expect((await eventsOf(acme.companyId, 'signin.failed')).length).toBe(before + 2);

    const total = await countAll();
    const ghost = await app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: 'ghost@nowhere.test', password: 'whatever-it-is' },
    });
    expect(ghost.statusCode).toBe(401);
    expect(ghost.json().message).toBe(wrong.json().message);
    await app.background.drain();
    expect(await countAll()).toBe(total);
  });

  it('role.created, role.updated (with from/to), role.deleted', async () => {
    const id = await newRole('Auditors');
    expect(await latest(acme.companyId, 'role.created')).toMatchObject({
      actorId: acme.adminUserId,
      details: { roleId: id, role: 'Auditors' },
    });
    expect(
      (await call('PUT', `/api/CompanyRoles/${id}`, admin, { roleName: 'Reviewers', isActive: false }))
        .statusCode,
    ).toBe(200);
    expect(await latest(acme.companyId, 'role.updated')).toMatchObject({
      details: {
        roleId: id,
        changes: { name: { from: 'Auditors', to: 'Reviewers' }, isActive: { from: true, to: false } },
      },
    });
    expect((await call('DELETE', `/api/CompanyRoles/${id}`, admin)).statusCode).toBe(200);
    expect(await latest(acme.companyId, 'role.deleted')).toMatchObject({
      details: { roleId: id, role: 'Reviewers' },
    });
  });

  it('role.created through /api/Roles too', async () => {
    const res = await call('POST', '/api/Roles', admin, { name: 'Roles Route Role' });
    expect(res.statusCode).toBe(201);
    expect(await latest(acme.companyId, 'role.created')).toMatchObject({
      details: { roleId: res.json().data.roleId, role: 'Roles Route Role' },
    });
  });

  it('role.permissions_changed: granted and revoked (a repeated grant records nothing)', async () => {
    const id = await newRole('Readers');
    const url = `/api/Roles/${id}/permissions/${permId['project:read']}`;
    expect((await call('POST', url, admin)).statusCode).toBe(201);
    const granted = await latest(acme.companyId, 'role.permissions_changed');
    expect(granted.details).toEqual({ roleId: id, role: 'Readers', granted: 'project:read' });
    await call('POST', url, admin);
    expect((await eventsOf(acme.companyId, 'role.permissions_changed')).length).toBe(1);
    expect((await call('DELETE', url, admin)).statusCode).toBe(200);
    expect((await latest(acme.companyId, 'role.permissions_changed')).details).toEqual({
      roleId: id,
      role: 'Readers',
      revoked: 'project:read',
    });
  });

  it('user.invited, by a Company Admin and by the platform admin creating a company', async () => {
    const res = await call('POST', '/api/CompanyUsers', admin, {
      firstName: 'Ivy',
      lastName: 'Invitee',
      email: 'ivy@example.test',
    });
    expect(res.statusCode).toBe(201);
    expect(await latest(acme.companyId, 'user.invited')).toMatchObject({
      actorId: acme.adminUserId,
      subjectUserId: res.json().data.userId,
      subjectName: 'Ivy Invitee',
      subjectEmail: 'ivy@example.test',
      details: { role: 'Employee' },
    });

    const created = await call('POST', '/api/Companies', root, {
      name: 'Fresh Co',
      admin: { firstName: 'Fay', lastName: 'First', email: 'fay@fresh.test' },
    });
    expect(created.statusCode).toBe(201);
    expect(await latest(created.json().data.id, 'user.invited')).toMatchObject({
      actorId: rootUserId,
      actorIsPlatformAdmin: true,
      subjectEmail: 'fay@fresh.test',
      details: { role: 'Company Admin' },
    });
  });

  it('user.role_changed with the role names, user.deactivated and user.reactivated', async () => {
    const u = await buildUser(database.db, acme, { firstName: 'Rory', lastName: 'Roles' });
    const url = `/api/CompanyUsers/user/${u.userId}`;
    expect((await call('PUT', url, admin, { roleId: acme.roleIds.manager })).statusCode).toBe(200);
    expect(await latest(acme.companyId, 'user.role_changed')).toMatchObject({
      subjectUserId: u.userId,
      subjectName: 'Rory Roles',
      details: { from: 'Employee', to: 'Manager' },
    });
    expect((await call('DELETE', url, admin)).statusCode).toBe(200);
    expect(await latest(acme.companyId, 'user.deactivated')).toMatchObject({ subjectUserId: u.userId });
    expect((await call('PUT', url, admin, { status: 'active' })).statusCode).toBe(200);
    expect(await latest(acme.companyId, 'user.reactivated')).toMatchObject({ subjectUserId: u.userId });
    expect((await call('PUT', url, admin, { status: 'inactive' })).statusCode).toBe(200);
    expect(
      (await eventsOf(acme.companyId, 'user.deactivated')).filter((e) => e.subjectUserId === u.userId),
    ).toHaveLength(2);
  });

  it('user.roles_changed (additional roles) and user.permissions_changed (direct permissions)', async () => {
    const u = await buildUser(database.db, acme);
    expect(
      (await call('POST', `/api/Users/${u.userId}/roles/${acme.roleIds.manager}`, admin)).statusCode,
    ).toBe(201);
    expect(await latest(acme.companyId, 'user.roles_changed')).toMatchObject({
      subjectUserId: u.userId,
      details: { added: 'Manager' },
    });
    expect(
      (await call('DELETE', `/api/Users/${u.userId}/roles/${acme.roleIds.manager}`, admin)).statusCode,
    ).toBe(200);
    expect((await latest(acme.companyId, 'user.roles_changed')).details).toEqual({ removed: 'Manager' });

    const p = `/api/Users/${u.userId}/permissions/${permId['project:read:all']}`;
    expect((await call('POST', p, admin)).statusCode).toBe(201);
    expect(await latest(acme.companyId, 'user.permissions_changed')).toMatchObject({
      subjectUserId: u.userId,
      details: { granted: 'project:read:all' },
    });
    expect((await call('DELETE', p, admin)).statusCode).toBe(200);
    expect((await latest(acme.companyId, 'user.permissions_changed')).details).toEqual({
      revoked: 'project:read:all',
    });
  });

  it('module.granted, module.changed, module.revoked go to the company’s log, by the platform admin', async () => {
    const url = `/api/Companies/${acme.companyId}/modules/${moduleId.reports}`;
    expect((await call('PUT', url, root, { accessLevel: 'read' })).statusCode).toBe(200);
    expect(await latest(acme.companyId, 'module.changed')).toMatchObject({
      actorId: rootUserId,
      actorName: 'Root Admin',
      actorIsPlatformAdmin: true,
      details: { module: 'Reports', from: 'full', to: 'read' },
    });
    expect((await call('DELETE', url, root)).statusCode).toBe(200);
    expect(await latest(acme.companyId, 'module.revoked')).toMatchObject({
      details: { module: 'Reports', accessLevel: 'read' },
    });
    expect((await call('POST', url, root, { accessLevel: 'full' })).statusCode).toBe(201);
    expect(await latest(acme.companyId, 'module.granted')).toMatchObject({
      actorIsPlatformAdmin: true,
      details: { module: 'Reports', accessLevel: 'full' },
    });
    // Nothing of it lands in the platform's own company.
    expect((await eventsOf(root.companyId)).filter((e) => e.kind.startsWith('module.'))).toEqual([]);
  });

  it('package.purchased', async () => {
    const pkg = await call('POST', '/api/Package', root, {
      name: 'Audit Pack',
      monthlyPrice: 10,
      yearlyPrice: 100,
      // Every tenant module: a company's grants follow its packages, and Acme keeps working.
      moduleIds: Object.entries(moduleId)
        .filter(([key]) => key !== 'platform')
        .map(([, id]) => id),
    });
    expect(pkg.statusCode).toBe(201);
    const packageId = pkg.json().data.packageId as string;
    const res = await call('POST', `/api/Companies/${acme.companyId}/packages/${packageId}/purchase`, admin, {
      billingCycle: 'yearly',
    });
    expect(res.statusCode).toBe(201);
    expect(await latest(acme.companyId, 'package.purchased')).toMatchObject({
      actorId: acme.adminUserId,
      details: { packageId, package: 'Audit Pack', billingCycle: 'yearly' },
    });
  });
});

describe('stands or falls with its write', () => {
  it('a write refused inside its transaction records nothing (a held role, a taken name)', async () => {
    const before = (await eventsOf(acme.companyId)).length;
    expect((await call('DELETE', `/api/CompanyRoles/${acme.roleIds.employee}`, admin)).statusCode).toBe(409);
    expect((await call('POST', '/api/CompanyRoles', admin, { roleName: 'Manager' })).statusCode).toBe(409);
    expect((await eventsOf(acme.companyId)).length).toBe(before);
  });

  it('a transaction that fails after the audit insert leaves neither the change nor the event', async () => {
    const real = auditRepo.insert;
    const spy = vi.spyOn(auditRepo, 'insert').mockImplementationOnce(async (scope, row) => {
      await real(scope, row);
      throw new Error('forced failure');
    });
    const res = await call('POST', '/api/CompanyRoles', admin, { roleName: 'Doomed' });
    spy.mockRestore();
    expect(res.statusCode).toBe(500);
    expect((await eventsOf(acme.companyId, 'role.created')).map((e) => e.details.role)).not.toContain(
      'Doomed',
    );
    const [doomed] = await database.db
      .select()
      .from(roles)
      .where(and(eq(roles.companyId, acme.companyId), eq(roles.name, 'Doomed')));
    expect(doomed).toBeUndefined();
  });

  it('the database refuses UPDATE and DELETE on audit_events, even of no rows', async () => {
    const refusal = async (statement: ReturnType<typeof sql>) => {
      const err = await database.db.execute(statement).then(
        () => null,
        (e: unknown) => e,
      );
      return String((err as { cause?: unknown } | null)?.cause ?? err);
    };
    const before = (await eventsOf(acme.companyId)).length;
    expect(
      await refusal(sql`update audit_events set kind = 'role.deleted' where company_id = ${acme.companyId}`),
    ).toMatch(/append-only: UPDATE refused/);
    expect(await refusal(sql`delete from audit_events where company_id = ${acme.companyId}`)).toMatch(
      /append-only: DELETE refused/,
    );
    expect(await refusal(sql`delete from audit_events where false`)).toMatch(/append-only: DELETE refused/);
    expect((await eventsOf(acme.companyId)).length).toBe(before);
    expect(before).toBeGreaterThan(0);
  });
});

describe('reading the log', () => {
  it('newest first, paged; another company’s admin sees none of it', async () => {
    const res = await call('GET', '/api/Audit?pageSize=5', admin);
    expect(res.statusCode).toBe(200);
    const data = res.json().data;
    const all = await eventsOf(acme.companyId);
    expect(data.totalCount).toBe(all.length);
    expect(data.pageSize).toBe(5);
    expect(data.items).toHaveLength(5);
    const ats = data.items.map((e: { at: string }) => e.at);
    expect([...ats].sort().reverse()).toEqual(ats);
    expect(data.items[0].id).toBe(all.at(-1)?.id);

    const theirs = (await call('GET', '/api/Audit?pageSize=200', otherAdmin)).json().data;
    const acmeIds = new Set(all.map((e) => e.id));
    expect(theirs.items.length).toBeGreaterThan(0); // their admin's sign-in
    for (const e of theirs.items) expect(acmeIds.has(e.id)).toBe(false);
    expect(theirs.items.every((e: { actorId: string | null }) => e.actorId !== acme.adminUserId)).toBe(true);
    // Filtering by another company's user finds nothing, rather than anything of theirs.
    const cross = await call('GET', `/api/Audit?userId=${acme.adminUserId}`, otherAdmin);
    expect(cross.json().data.totalCount).toBe(0);
    expect((await eventsOf(other.companyId)).length).toBeGreaterThan(0);
  });

  it('filters by user (actor or subject), kind or group, and date range (to inclusive)', async () => {
    const get = async (q: string) =>
      (await call('GET', `/api/Audit?pageSize=200&${q}`, admin)).json().data.items as {
        kind: string;
        actorId: string | null;
        subjectUserId: string | null;
        at: string;
      }[];
    const mine = await get(`userId=${employeeId}`);
    expect(mine.length).toBeGreaterThan(0);
    expect(mine.every((e) => e.actorId === employeeId || e.subjectUserId === employeeId)).toBe(true);
    expect(mine.map((e) => e.kind)).toContain('signin.failed');

    const roleEvents = await get('kind=role');
    expect(new Set(roleEvents.map((e) => e.kind))).toEqual(
      new Set(['role.created', 'role.updated', 'role.deleted', 'role.permissions_changed']),
    );
    const deleted = await get('kind=role.deleted');
    expect(deleted.length).toBe(1);

    const today = new Date().toISOString().slice(0, 10);
    const all = await eventsOf(acme.companyId);
    expect((await get(`from=${today}&to=${today}`)).length).toBe(all.length);
    expect(await get('to=2000-01-01')).toEqual([]);
    expect(await get('from=2999-01-01')).toEqual([]);
  });

  it('exports CSV with the filters: headers, columns, and formula cells defused', async () => {
    await call('POST', '/api/CompanyUsers', admin, {
      firstName: '=HYPERLINK("x")',
      lastName: 'Sheet',
      email: 'formula@example.test',
    });
    const res = await call('GET', '/api/Audit/export.csv?kind=user.invited', admin);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toBe('attachment; filename="audit-log.csv"');
    expect(res.headers['cache-control']).toBe('no-store');
    const lines = res.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\n');
    expect(lines[0]).toBe('Time (UTC),Kind,Actor,Actor email,Subject,Subject email,IP,User agent,Details');
    const invited = await eventsOf(acme.companyId, 'user.invited');
    expect(lines).toHaveLength(invited.length + 1);
    expect(lines.slice(1).every((l) => l.includes(',user.invited,'))).toBe(true);
    expect(res.body).toContain(`'=HYPERLINK(""x"") Sheet`);
    expect(res.body).toContain('Ada Admin');
    // Another company's export holds none of Acme's rows.
    const theirs = await call('GET', '/api/Audit/export.csv?kind=user.invited', otherAdmin);
    expect(theirs.body).not.toContain('formula@example.test');
  });
});
