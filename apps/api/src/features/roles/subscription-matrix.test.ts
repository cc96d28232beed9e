import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../../app.ts';
import type { Database } from '../../db/client.ts';
import { buildTestApp } from '../../test/build-app.ts';
import {
  bearer,
  buildCompany,
  buildSuperAdmin,
  buildUser,
  login,
  type Session,
  type TestCompany,
} from '../../test/factories.ts';

/**
 * The permission matrix of the subscription and permission administration routes: for each
 * seeded role, which routes let it through (the answer a permitted caller gets) and which answer
 * 403. Writes aim at a missing id, so a permitted caller gets 404 and nothing changes; creates
 * and the purchase really happen.
 */
let app: App;
let database: Database;
let acme: TestCompany;
let sessions: Record<Who, Session>;
let targetUserId: string;
let packageId: string;
const missing = '00000000-0000-4000-8000-000000000000';

type Who = 'superAdmin' | 'companyAdmin' | 'manager' | 'employee';
type Row = {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  url: () => string;
  body?: () => object;
  ok: number;
  who: Who[];
};

const ALL: Who[] = ['superAdmin', 'companyAdmin', 'manager', 'employee'];
const unique = () => Math.random().toString(36).slice(2, 8);

const ROUTES: Row[] = [
  { method: 'GET', url: () => '/api/Modules', ok: 200, who: ['superAdmin'] },
  {
    method: 'POST',
    url: () => '/api/Modules',
    body: () => ({ name: `M ${unique()}`, category: 'X' }),
    ok: 201,
    who: ['superAdmin'],
  },
  { method: 'GET', url: () => `/api/Modules/${missing}`, ok: 404, who: ['superAdmin'] },
  {
    method: 'PUT',
    url: () => `/api/Modules/${missing}`,
    body: () => ({ name: 'Z' }),
    ok: 404,
    who: ['superAdmin'],
  },
  { method: 'DELETE', url: () => `/api/Modules/${missing}`, ok: 404, who: ['superAdmin'] },
  { method: 'GET', url: () => `/api/Modules/${missing}/permissions`, ok: 404, who: ['superAdmin'] },
  { method: 'GET', url: () => '/api/Package', ok: 200, who: ['superAdmin', 'companyAdmin'] },
  {
    method: 'POST',
    url: () => '/api/Package',
    body: () => ({ name: `P ${unique()}`, monthlyPrice: 1, yearlyPrice: 10 }),
    ok: 201,
    who: ['superAdmin'],
  },
  { method: 'GET', url: () => `/api/Package/${packageId}`, ok: 200, who: ['superAdmin', 'companyAdmin'] },
  {
    method: 'PUT',
    url: () => `/api/Package/${missing}`,
    body: () => ({ trialDays: 1 }),
    ok: 404,
    who: ['superAdmin'],
  },
  { method: 'DELETE', url: () => `/api/Package/${missing}`, ok: 404, who: ['superAdmin'] },
  {
    method: 'GET',
    url: () => `/api/Package/${packageId}/modules`,
    ok: 200,
    who: ['superAdmin', 'companyAdmin'],
  },
  { method: 'POST', url: () => `/api/Package/${missing}/modules/${missing}`, ok: 404, who: ['superAdmin'] },
  { method: 'DELETE', url: () => `/api/Package/${missing}/modules/${missing}`, ok: 404, who: ['superAdmin'] },
  {
    method: 'POST',
    url: () => `/api/Companies/${acme.companyId}/packages/${packageId}/purchase`,
    ok: 201,
    who: ['superAdmin', 'companyAdmin'],
  },
  { method: 'GET', url: () => '/api/PackagePurchases', ok: 200, who: ['superAdmin', 'companyAdmin'] },
  {
    method: 'GET',
    url: () => `/api/Companies/${acme.companyId}/packages`,
    ok: 200,
    who: ['superAdmin', 'companyAdmin', 'manager'],
  },
  {
    method: 'GET',
    url: () => `/api/Companies/${acme.companyId}/modules`,
    ok: 200,
    who: ['superAdmin', 'companyAdmin', 'manager'],
  },
  {
    method: 'POST',
    url: () => `/api/Companies/${acme.companyId}/modules/${missing}`,
    ok: 404,
    who: ['superAdmin'],
  },
  {
    method: 'PUT',
    url: () => `/api/Companies/${acme.companyId}/modules/${missing}`,
    body: () => ({ accessLevel: 'read' }),
    ok: 404,
    who: ['superAdmin'],
  },
  {
    method: 'DELETE',
    url: () => `/api/Companies/${acme.companyId}/modules/${missing}`,
    ok: 404,
    who: ['superAdmin'],
  },
  { method: 'GET', url: () => '/api/Permissions', ok: 200, who: ['superAdmin', 'companyAdmin'] },
  {
    method: 'POST',
    url: () => '/api/Permissions',
    body: () => ({ name: `x${unique()}:read`, permissionType: 'read', category: 'x', moduleId: missing }),
    ok: 400,
    who: ['superAdmin'],
  },
  { method: 'GET', url: () => `/api/Permissions/${missing}`, ok: 404, who: ['superAdmin', 'companyAdmin'] },
  {
    method: 'PUT',
    url: () => `/api/Permissions/${missing}`,
    body: () => ({ description: 'd' }),
    ok: 404,
    who: ['superAdmin'],
  },
  { method: 'DELETE', url: () => `/api/Permissions/${missing}`, ok: 404, who: ['superAdmin'] },
  // An Employee holds companyrole:read (the company's roles are no secret to its people); a Manager does not.
  { method: 'GET', url: () => '/api/Roles', ok: 200, who: ['superAdmin', 'companyAdmin', 'employee'] },
  {
    method: 'POST',
    url: () => '/api/Roles',
    body: () => ({ name: `R ${unique()}` }),
    ok: 201,
    who: ['superAdmin', 'companyAdmin'],
  },
  {
    method: 'PUT',
    url: () => `/api/Roles/${missing}`,
    body: () => ({ name: 'Z' }),
    ok: 404,
    who: ['superAdmin', 'companyAdmin'],
  },
  { method: 'DELETE', url: () => `/api/Roles/${missing}`, ok: 404, who: ['superAdmin', 'companyAdmin'] },
  {
    method: 'GET',
    url: () => `/api/Roles/${missing}/permissions`,
    ok: 404,
    who: ['superAdmin', 'companyAdmin', 'employee'],
  },
  {
    method: 'POST',
    url: () => `/api/Roles/${missing}/permissions/${missing}`,
    ok: 404,
    who: ['superAdmin', 'companyAdmin'],
  },
  {
    method: 'DELETE',
    url: () => `/api/Roles/${missing}/permissions/${missing}`,
    ok: 404,
    who: ['superAdmin', 'companyAdmin'],
  },
  {
    method: 'GET',
    url: () => `/api/Users/${targetUserId}/permissions`,
    ok: 200,
    who: ['superAdmin', 'companyAdmin', 'manager'],
  },
  {
    method: 'POST',
    url: () => `/api/Users/${targetUserId}/permissions/${missing}`,
    ok: 404,
    who: ['superAdmin', 'companyAdmin'],
  },
  {
    method: 'DELETE',
    url: () => `/api/Users/${targetUserId}/permissions/${missing}`,
    ok: 404,
    who: ['superAdmin', 'companyAdmin'],
  },
  {
    method: 'GET',
    url: () => `/api/Users/${targetUserId}/roles`,
    ok: 200,
    who: ['superAdmin', 'companyAdmin', 'manager'],
  },
  {
    method: 'POST',
    url: () => `/api/Users/${targetUserId}/roles/${missing}`,
    ok: 404,
    who: ['superAdmin', 'companyAdmin'],
  },
  {
    method: 'DELETE',
    url: () => `/api/Users/${targetUserId}/roles/${missing}`,
    ok: 404,
    who: ['superAdmin', 'companyAdmin'],
  },
];

beforeAll(async () => {
  ({ app, database } = await buildTestApp());
  acme = await buildCompany(database.db, { name: 'Matrix' });
  const manager = await buildUser(database.db, acme, { role: 'manager' });
  const employee = await buildUser(database.db, acme);
  targetUserId = (await buildUser(database.db, acme)).userId;
  sessions = {
    superAdmin: await login(app, (await buildSuperAdmin(database.db)).email),
    companyAdmin: await login(app, acme.adminEmail),
    manager: await login(app, manager.email),
    employee: await login(app, employee.email),
  };
});
afterAll(() => app.close());

describe('permission matrix of the subscription and permission routes', () => {
  for (const who of ALL) {
    it(`${who}`, async () => {
      // A package of its own: Acme may buy a package it does not hold yet (it would be 409 after).
      // With every tenant module: Acme's grants follow its packages, and the matrix needs them all.
      const mods = await app.inject({
        method: 'GET',
        url: '/api/Modules?pageSize=50',
        headers: bearer(sessions.superAdmin),
      });
      const moduleIds = (mods.json().data.items as { key: string; moduleId: string }[])
        .filter((m) => m.key !== 'platform')
        .map((m) => m.moduleId);
      const pkg = await app.inject({
        method: 'POST',
        url: '/api/Package',
        headers: bearer(sessions.superAdmin),
        payload: { name: `Matrix package ${who}`, monthlyPrice: 5, yearlyPrice: 50, moduleIds },
      });
      expect(pkg.statusCode).toBe(201);
      packageId = pkg.json().data.packageId;
      const got: string[] = [];
      const want: string[] = [];
      for (const r of ROUTES) {
        const res = await app.inject({
          method: r.method,
          url: r.url(),
          headers: bearer(sessions[who]),
          ...(r.body ? { payload: r.body() } : {}),
        });
        const label = `${r.method} ${r.url().replace(/[0-9a-f-]{36}/g, ':id')}`;
        got.push(`${label} → ${res.statusCode}`);
        want.push(`${label} → ${r.who.includes(who) ? r.ok : 403}`);
      }
      expect(got).toEqual(want);
    });
  }
});
