import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '@taskhive/contract';
import type { App } from '../app.ts';
import type { Database } from '../db/client.ts';
import { buildTestApp } from '../test/build-app.ts';
import {
  bearer,
  buildSuperAdmin,
  login,
  type Session,
  type TestCompany,
  twoTenants,
} from '../test/factories.ts';

let app: App;
let database: Database;
let acme: TestCompany;
let admin: Session;
let root: Session;
let employeeId: string;

beforeAll(async () => {
  ({ app, database } = await buildTestApp());
  ({ acme, admin, employeeId } = await twoTenants(app, database.db));
  root = await login(app, (await buildSuperAdmin(database.db)).email);
});
afterAll(() => app.close());

const NUL = 'a\u0000b';

describe('a NUL character is refused with 400, never a 500', () => {
  it('in every search', async () => {
    for (const [url, s] of [
      ['/api/CompanyUsers/details', admin],
      ['/api/Department', admin],
      ['/api/CompanyRoles', admin],
      ['/api/Companies', root],
    ] as const) {
      const res = await app.inject({ method: 'GET', url, query: { search: NUL }, headers: bearer(s) });
      expect(res.statusCode, url).toBe(400);
      expect(res.json().errors.search, url).toEqual([MESSAGES.textHasNul]);
    }
    const filter = await app.inject({
      method: 'GET',
      url: '/api/CompanyUsers/details',
      query: { roleNames: NUL },
      headers: bearer(admin),
    });
    expect(filter.statusCode).toBe(400);
  });

  it('in text fields of bodies', async () => {
    const cases: [string, string, object, Session | undefined][] = [
      ['POST', '/api/Department', { name: NUL }, admin],
      ['POST', '/api/CompanyRoles', { roleName: NUL }, admin],
      ['PUT', `/api/CompanyUsers/user/${employeeId}`, { jobTitle: NUL }, admin],
      ['PUT', '/api/auth/me', { firstName: NUL }, admin],
      ['PUT', `/api/Companies/${acme.companyId}`, { description: NUL }, admin],
      [
        'POST',
        '/api/auth/register',
        {
          companyName: NUL,
          firstName: 'A',
          lastName: 'B',
          email: 'nul@x.test',
          password: 'Sturdy-Ladder-51',
          confirmPassword: 'Sturdy-Ladder-51',
        },
        undefined,
      ],
    ];
    for (const [method, url, payload, s] of cases) {
      const res = await app.inject({
        method: method as 'POST' | 'PUT',
        url,
        payload,
        headers: s ? bearer(s) : {},
      });
      expect(res.statusCode, `${method} ${url}`).toBe(400);
      expect(JSON.stringify(res.json().errors), url).toContain(MESSAGES.textHasNul);
    }
  });
});

describe('a PUT with no known field answers 400', () => {
  it('on companies, departments, company roles and employees', async () => {
    const dept = await app.inject({
      method: 'POST',
      url: '/api/Department',
      payload: { name: 'Empty-PUT' },
      headers: bearer(admin),
    });
    const urls = [
      `/api/Companies/${acme.companyId}`,
      `/api/Department/${dept.json().data.deptId}`,
      `/api/CompanyRoles/${acme.roleIds.manager}`,
      `/api/CompanyUsers/user/${employeeId}`,
    ];
    for (const url of urls) {
      const empty = await app.inject({ method: 'PUT', url, payload: {}, headers: bearer(admin) });
      expect(empty.statusCode, `${url} {}`).toBe(400);
      expect(empty.json().message, url).toBe(MESSAGES.noFieldsToUpdate);
      // A field the route does not know is no update either, and is named (issue 24).
      const unknown = await app.inject({
        method: 'PUT',
        url,
        payload: { unknownField: 'x' },
        headers: bearer(admin),
      });
      expect(unknown.statusCode, `${url} unknownField`).toBe(400);
      expect(unknown.json().errors, url).toEqual({ unknownField: ['Unknown field: unknownField'] });
    }
  });

  it('on every PUT route that takes a body (walked from the route table)', async () => {
    // The only PUTs without a body: marking notifications read.
    const bodiless = new Set(['/api/Notifications/:id/read', '/api/Notifications/read-all']);
    const puts = app.declaredRoutes.filter((r) => r.method === 'PUT' && r.url.startsWith('/api/'));
    expect(puts.length).toBeGreaterThan(15);
    const accepted: string[] = [];
    for (const route of puts) {
      if (bodiless.has(route.url)) continue;
      // Any id: the body is checked before the record is looked up. The Super Admin holds every permission.
      const url = route.url.replace(/:[A-Za-z]+/g, '00000000-0000-4000-8000-000000000000');
      const res = await app.inject({ method: 'PUT', url, payload: {}, headers: bearer(root) });
      if (res.statusCode !== 400) accepted.push(`${route.url} answered ${res.statusCode}`);
    }
    expect(accepted).toEqual([]);
  });
});

describe('malformed multipart answers 400 on every upload route', () => {
  it('empty body, no boundary, a boundary over 256 characters', async () => {
    const urls = [
      `/api/Companies/${acme.companyId}/upload-logo`,
      `/api/Companies/${acme.companyId}/documents`,
      `/api/CompanyUsers/upload-profile-photo/${admin.userId}`,
    ];
    const long = 'b'.repeat(300);
    const bodies: { name: string; contentType: string; payload: string }[] = [
      { name: 'empty body', contentType: 'multipart/form-data; boundary=xyz', payload: '' },
      { name: 'no boundary', contentType: 'multipart/form-data', payload: '--xyz\r\n\r\n--xyz--' },
      {
        name: 'long boundary',
        contentType: `multipart/form-data; boundary=${long}`,
        payload: `--${long}\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\n\r\nx\r\n--${long}--\r\n`,
      },
    ];
    for (const url of urls) {
      for (const b of bodies) {
        const res = await app.inject({
          method: 'POST',
          url,
          payload: b.payload,
          headers: { ...bearer(admin), 'content-type': b.contentType },
        });
        expect(res.statusCode, `${url} ${b.name}`).toBe(400);
      }
    }
  });
});
