import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PROFILE_MESSAGES } from '@taskhive/contract';
import type { App } from '../../app.ts';
import type { Database } from '../../db/client.ts';
import { buildTestApp } from '../../test/build-app.ts';
import {
  bearer,
  buildUser,
  login,
  type Session,
  type TestCompany,
  twoTenants,
} from '../../test/factories.ts';

/** Issue 24: employment and personal fields, who reads the personal ones, reports-to, the dashboard's month. */
let app: App;
let database: Database;
let acme: TestCompany;
let other: TestCompany;
let admin: Session;
let employee: Session;
let otherAdmin: Session;

beforeAll(async () => {
  ({ app, database } = await buildTestApp());
  ({ acme, other, admin, employee, otherAdmin } = await twoTenants(app, database.db));
});
afterAll(() => app.close());

const call = (method: 'GET' | 'PUT', url: string, s?: Session, payload?: object) =>
  app.inject({ method, url, headers: s ? bearer(s) : {}, ...(payload ? { payload } : {}) });
const put = (userId: string, s: Session | undefined, payload: object) =>
  call('PUT', `/api/CompanyUsers/user/${userId}`, s, payload);
const detail = async (userId: string, s: Session) =>
  (await call('GET', `/api/CompanyUsers/details/user/${userId}`, s)).json().data;

const personal = {
  gender: 'female',
  dateOfBirth: '1990-04-12',
  bloodGroup: 'O+',
  maritalStatus: 'married',
  address: '1 Main Street, Springfield',
  emergencyContactName: 'Sam Doe',
  emergencyContactRelation: 'Partner',
  emergencyContactPhone: '+1 555 0101',
};

describe('employee fields: PUT /api/CompanyUsers/user/:id', () => {
  it('401, 403 without employee:update, 404 across tenants', async () => {
    const member = await buildUser(database.db, acme);
    expect((await put(member.userId, undefined, { employeeCode: 'E1' })).statusCode).toBe(401);
    expect((await put(member.userId, employee, { employeeCode: 'E1' })).statusCode).toBe(403);
    const theirs = await buildUser(database.db, other);
    expect((await put(theirs.userId, admin, { employeeCode: 'E1' })).statusCode).toBe(404);
    expect((await put(member.userId, admin, { reportsToId: theirs.userId })).json().errors).toEqual({
      reportsToId: [PROFILE_MESSAGES.reportsToNotInCompany],
    });
  });

  it('400 naming the field on bad values; nothing changes', async () => {
    const member = await buildUser(database.db, acme);
    for (const [field, value] of [
      ['gender', 'robot'],
      ['dateOfBirth', '12/04/1990'],
      ['bloodGroup', 'C+'],
      ['maritalStatus', 'it is complicated'],
      ['employmentType', 'forever'],
      ['joiningDate', '2026-02-30'],
      ['address', 'x'.repeat(501)],
    ] as const) {
      const res = await put(member.userId, admin, { [field]: value });
      expect(res.statusCode, field).toBe(400);
      expect(Object.keys(res.json().errors), field).toEqual([field]);
    }
    const self = await put(member.userId, admin, { reportsToId: member.userId });
    expect(self.json().errors).toEqual({ reportsToId: [PROFILE_MESSAGES.reportsToSelf] });
    const d = await detail(member.userId, admin);
    expect(d).toMatchObject({
      employeeCode: null,
      reportsToId: null,
      personal: { gender: null, address: null },
    });
  });

  it('employee code is unique per company (any case), free across companies', async () => {
    const a = await buildUser(database.db, acme);
    const b = await buildUser(database.db, acme);
    expect((await put(a.userId, admin, { employeeCode: 'ACME-007' })).statusCode).toBe(200);
    const taken = await put(b.userId, admin, { employeeCode: 'acme-007' });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().errors).toEqual({ employeeCode: [PROFILE_MESSAGES.employeeCodeTaken] });
    const theirs = await buildUser(database.db, other);
    expect((await put(theirs.userId, otherAdmin, { employeeCode: 'ACME-007' })).statusCode).toBe(200);
  });

  it('refuses a reports-to cycle with 400 (direct and through a chain)', async () => {
    const top = await buildUser(database.db, acme);
    const mid = await buildUser(database.db, acme);
    const low = await buildUser(database.db, acme);
    expect((await put(mid.userId, admin, { reportsToId: top.userId })).statusCode).toBe(200);
    expect((await put(low.userId, admin, { reportsToId: mid.userId })).statusCode).toBe(200);
    const direct = await put(mid.userId, admin, { reportsToId: low.userId });
    expect(direct.statusCode).toBe(400);
    expect(direct.json().errors).toEqual({ reportsToId: [PROFILE_MESSAGES.reportsToCycle] });
    const chain = await put(top.userId, admin, { reportsToId: low.userId });
    expect(chain.statusCode).toBe(400);
    expect(chain.json().errors).toEqual({ reportsToId: [PROFILE_MESSAGES.reportsToCycle] });
    expect((await detail(top.userId, admin)).reportsToId).toBeNull();
    // Managing who reports to whom needs management rights, not just employee:update.
    const clerk = await buildUser(database.db, acme, { permissions: ['employee:update'] });
    const s = await login(app, clerk.email);
    expect((await put(low.userId, s, { reportsToId: top.userId })).statusCode).toBe(403);
    expect((await put(low.userId, s, { employeeCode: 'LOW-1' })).statusCode).toBe(200);
  });
});

describe('who reads personal fields: GET /api/CompanyUsers/details/user/:id', () => {
  it('the person, their managers up the chain, their department manager and employee:read:all; a colleague gets none', async () => {
    const boss = await buildUser(database.db, acme, { permissions: ['employee:read'] });
    const lead = await buildUser(database.db, acme, { permissions: ['employee:read'] });
    const person = await buildUser(database.db, acme);
    const colleague = await buildUser(database.db, acme, { permissions: ['employee:read'] });
    expect((await put(lead.userId, admin, { reportsToId: boss.userId })).statusCode).toBe(200);
    const saved = await put(person.userId, admin, {
      ...personal,
      employeeCode: 'P-1',
      employmentType: 'full-time',
      joiningDate: '2021-06-01',
      reportsToId: lead.userId,
    });
    expect(saved.statusCode).toBe(200);

    const full = await detail(person.userId, admin);
    expect(full).toMatchObject({
      employeeCode: 'P-1',
      employmentType: 'full-time',
      joiningDate: '2021-06-01',
      reportsToId: lead.userId,
      reportsToName: 'Test User',
      personal,
    });
    for (const who of [person, lead, boss]) {
      expect((await detail(person.userId, await login(app, who.email))).personal, who.email).toEqual(
        personal,
      );
    }
    const seen = await detail(person.userId, await login(app, colleague.email));
    expect(seen).toMatchObject({ employeeCode: 'P-1', joiningDate: '2021-06-01', personal: null });
    expect(JSON.stringify(seen)).not.toContain('1990-04-12');
    expect(JSON.stringify(seen)).not.toContain('Sam Doe');
    // Reporting to someone shows nothing personal of them.
    const up = await call(
      'GET',
      `/api/CompanyUsers/details/user/${lead.userId}`,
      await login(app, person.email),
    );
    expect(up.statusCode === 403 || up.json().data.personal === null).toBe(true);
  });

  it('the manager of the person’s department reads them', async () => {
    const manager = await buildUser(database.db, acme, { permissions: ['employee:read'] });
    const person = await buildUser(database.db, acme);
    const dept = await app.inject({
      method: 'POST',
      url: '/api/Department',
      headers: bearer(admin),
      payload: { name: `Dept ${person.userId.slice(0, 6)}`, managerId: manager.userId },
    });
    expect(dept.statusCode).toBe(201);
    const departmentId = dept.json().data.deptId as string;
    expect((await put(person.userId, admin, { ...personal, departmentId })).statusCode).toBe(200);
    expect((await detail(person.userId, await login(app, manager.email))).personal).toEqual(personal);
  });
});

describe('GET /api/CompanyUsers/celebrations', () => {
  const now = new Date();
  const mm = String(now.getUTCMonth() + 1).padStart(2, '0');
  const other_mm = String(((now.getUTCMonth() + 1) % 12) + 1).padStart(2, '0');
  const y = now.getUTCFullYear();

  it('401 without a token; empty and disabled until the company opts in', async () => {
    expect((await call('GET', '/api/CompanyUsers/celebrations')).statusCode).toBe(401);
    const off = (await call('GET', '/api/CompanyUsers/celebrations', employee)).json().data;
    expect(off).toMatchObject({ enabled: false, anniversaries: [], birthdays: [] });
  });

  it('this month’s anniversaries (a year or more) and birthdays (day only), active people of the company only', async () => {
    const veteran = await buildUser(database.db, acme, { firstName: 'Vera', lastName: 'Veteran' });
    const newcomer = await buildUser(database.db, acme, { firstName: 'Nina', lastName: 'New' });
    const born = await buildUser(database.db, acme, { firstName: 'Bea', lastName: 'Born' });
    const gone = await buildUser(database.db, acme, { firstName: 'Gus', lastName: 'Gone' });
    const later = await buildUser(database.db, acme, { firstName: 'Lou', lastName: 'Later' });
    const theirs = await buildUser(database.db, other, { firstName: 'Oz', lastName: 'Other' });
    await put(veteran.userId, admin, { joiningDate: `${y - 3}-${mm}-09` });
    await put(newcomer.userId, admin, { joiningDate: `${y}-${mm}-01` });
    await put(born.userId, admin, { dateOfBirth: `1992-${mm}-03` });
    await put(gone.userId, admin, { dateOfBirth: `1992-${mm}-04`, status: 'inactive' });
    await put(later.userId, admin, {
      joiningDate: `${y - 2}-${other_mm}-01`,
      dateOfBirth: `1990-${other_mm}-01`,
    });
    await put(theirs.userId, otherAdmin, { dateOfBirth: `1992-${mm}-05` });
    expect(
      (await call('PUT', `/api/Companies/${acme.companyId}`, admin, { celebrationsWidget: true })).statusCode,
    ).toBe(200);

    const res = await call('GET', '/api/CompanyUsers/celebrations', employee);
    expect(res.statusCode).toBe(200);
    const d = res.json().data;
    expect(d.enabled).toBe(true);
    expect(d.month).toBe(`${y}-${mm}`);
    const mine = (list: { userId: string }[]) =>
      list.filter((p) => [veteran, newcomer, born, gone, later, theirs].some((u) => u.userId === p.userId));
    expect(mine(d.anniversaries)).toEqual([
      expect.objectContaining({ userId: veteran.userId, firstName: 'Vera', day: 9, years: 3 }),
    ]);
    expect(mine(d.birthdays)).toEqual([expect.objectContaining({ userId: born.userId, day: 3 })]);
    expect(JSON.stringify(d)).not.toContain('1992');
    // Another company that did not opt in sees nothing.
    expect((await call('GET', '/api/CompanyUsers/celebrations', otherAdmin)).json().data.enabled).toBe(false);
  });
});
