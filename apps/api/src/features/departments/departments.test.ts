import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { MESSAGES } from '@taskhive/contract';
import type { App } from '../../app.ts';
import type { Database } from '../../db/client.ts';
import { users } from '../../db/schema/index.ts';
import { buildTestApp } from '../../test/build-app.ts';
import {
  bearer,
  buildUser,
  login,
  type Session,
  type TestCompany,
  twoTenants,
} from '../../test/factories.ts';

let app: App;
let database: Database;
let acme: TestCompany;
let other: TestCompany;
let admin: Session;
let employee: Session;

beforeAll(async () => {
  ({ app, database } = await buildTestApp());
  ({ acme, other, admin, employee } = await twoTenants(app, database.db));
});
afterAll(() => app.close());

const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, s?: Session, payload?: object) =>
  app.inject({ method, url, headers: s ? bearer(s) : {}, ...(payload ? { payload } : {}) });

async function create(body: object) {
  const res = await call('POST', '/api/Department', admin, body);
  expect(res.statusCode).toBe(201);
  return res.json().data as { deptId: string; name: string };
}

async function addMember(deptId: string, name: string) {
  const u = await buildUser(database.db, acme, { firstName: name });
  await database.db.update(users).set({ departmentId: deptId }).where(eq(users.id, u.userId));
  return u;
}

describe('POST /api/Department', () => {
  it('401, 403 without department:create, 400 with field errors', async () => {
    expect((await call('POST', '/api/Department', undefined, { name: 'X' })).statusCode).toBe(401);
    expect((await call('POST', '/api/Department', employee, { name: 'X' })).statusCode).toBe(403);
    const bad = await call('POST', '/api/Department', admin, { name: '', managerId: 'nope' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toMatchObject({ name: [expect.any(String)], managerId: [expect.any(String)] });
  });

  it('creates with a manager from the company; a manager from elsewhere is a field error; names are unique', async () => {
    const res = await call('POST', '/api/Department', admin, {
      name: 'Engineering',
      description: 'Builders',
      managerId: acme.adminUserId,
    });
    expect(res.statusCode).toBe(201);
    expect(res.json().message).toBe(MESSAGES.departments.created);
    expect(res.json().data).toMatchObject({
      name: 'Engineering',
      description: 'Builders',
      managerId: acme.adminUserId,
      managerName: 'Ada Admin',
      memberCount: 0,
    });

    const foreign = await call('POST', '/api/Department', admin, {
      name: 'Sales',
      managerId: other.adminUserId,
    });
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json().errors.managerId).toEqual([MESSAGES.departments.managerNotEmployee]);

    const dup = await call('POST', '/api/Department', admin, { name: 'ENGINEERING' });
    expect(dup.statusCode).toBe(409);
    expect(dup.json().errors.name).toEqual([MESSAGES.departments.nameTaken]);
  });
});

describe('GET /api/Department', () => {
  it('401 without a token; pages 25 by default; sorts by member count; searches', async () => {
    expect((await call('GET', '/api/Department')).statusCode).toBe(401);
    const big = await create({ name: 'Support' });
    await addMember(big.deptId, 'S1');
    await addMember(big.deptId, 'S2');
    await addMember(big.deptId, 'S3');

    const res = await call('GET', '/api/Department', employee);
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ pageNumber: 1, pageSize: 25 });
    const names = res.json().data.items.map((d: { name: string }) => d.name);
    expect(names).toEqual(
      [...names].sort((a: string, b: string) => a.toLowerCase().localeCompare(b.toLowerCase())),
    );
    expect(names).not.toContain('Other');

    const byCount = await call('GET', '/api/Department?sortBy=memberCount&sortOrder=desc&pageSize=1', admin);
    expect(byCount.json().data.items[0]).toMatchObject({ name: 'Support', memberCount: 3 });
    expect(byCount.json().data.totalPages).toBe(byCount.json().data.totalCount);

    const search = await call('GET', '/api/Department?search=supp', admin);
    expect(search.json().data.items.map((d: { name: string }) => d.name)).toEqual(['Support']);
    expect((await call('GET', '/api/Department?pageSize=0', admin)).statusCode).toBe(400);
  });
});

describe('GET/PUT/DELETE /api/Department/{id}', () => {
  it('404 across tenants; 403 without the permission', async () => {
    const theirs = (await call('GET', '/api/Department', await login(app, other.adminEmail))).json().data
      .items[0].deptId as string;
    expect(theirs).toBe(other.departmentId);
    expect((await call('GET', `/api/Department/${theirs}`, admin)).statusCode).toBe(404);
    expect((await call('PUT', `/api/Department/${theirs}`, admin, { name: 'Mine' })).statusCode).toBe(404);
    expect((await call('DELETE', `/api/Department/${theirs}`, admin)).statusCode).toBe(404);
    expect(
      (await call('PUT', `/api/Department/${acme.departmentId}`, employee, { name: 'X' })).statusCode,
    ).toBe(403);
    expect((await call('DELETE', `/api/Department/${acme.departmentId}`, employee)).statusCode).toBe(403);
    expect((await call('DELETE', `/api/Department/${acme.departmentId}`)).statusCode).toBe(401);
  });

  it('reads a department with its members', async () => {
    const d = await create({ name: 'Design' });
    const m = await addMember(d.deptId, 'Dora');
    const res = await call('GET', `/api/Department/${d.deptId}`, employee);
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ name: 'Design', memberCount: 1 });
    expect(res.json().data.members).toEqual([
      expect.objectContaining({ userId: m.userId, firstName: 'Dora', roleName: 'Employee' }),
    ]);
    expect(res.json().data.members[0]).not.toHaveProperty('passwordHash');
  });

  it('updates name and manager, and clears the manager with null', async () => {
    const d = await create({ name: 'Finance' });
    const bad = await call('PUT', `/api/Department/${d.deptId}`, admin, { name: '' });
    expect(bad.statusCode).toBe(400);
    const res = await call('PUT', `/api/Department/${d.deptId}`, admin, {
      name: 'Finance & Legal',
      managerId: acme.adminUserId,
    });
    expect(res.json().data).toMatchObject({ name: 'Finance & Legal', managerName: 'Ada Admin' });
    const cleared = await call('PUT', `/api/Department/${d.deptId}`, admin, { managerId: null });
    expect(cleared.json().data).toMatchObject({
      name: 'Finance & Legal',
      managerId: null,
      managerName: null,
    });
  });

  it('deletes a department, moving its members to none and saying how many', async () => {
    const d = await create({ name: 'Temp' });
    const a = await addMember(d.deptId, 'T1');
    await addMember(d.deptId, 'T2');
    const res = await call('DELETE', `/api/Department/${d.deptId}`, admin);
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual({ deptId: d.deptId, unassignedMembers: 2 });
    expect(res.json().message).toContain('2 members moved to no department');
    const [row] = await database.db
      .select({ departmentId: users.departmentId })
      .from(users)
      .where(eq(users.id, a.userId));
    expect(row?.departmentId).toBeNull();
    expect((await call('GET', `/api/Department/${d.deptId}`, admin)).statusCode).toBe(404);
  });
});
