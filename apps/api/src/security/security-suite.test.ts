import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_ROLE_PERMISSIONS } from '@taskhive/contract';
import type { App } from '../app.ts';
import type { Database } from '../db/client.ts';
import { buildTestApp } from '../test/build-app.ts';
import { bearer, buildCompany, buildUser, login, type Session, type TestCompany } from '../test/factories.ts';
import { multipart, PDF, PNG } from '../test/files.fixtures.ts';

/**
 * The security suite, generated from the route table (`app.declaredRoutes`): a route added later
 * is covered without anyone listing it. It prints its figures and fails on any finding.
 * - isolation: every route × {anonymous, another tenant's admin, the lowest role, the tenant's
 *   admin}, with the ids of the other tenant's records; a 2xx carrying the other tenant's data,
 *   or a 2xx on a route addressed by the other tenant's id, is a leak;
 * - fuzz: a seeded generator sends malformed requests to every route; no 5xx, healthy after;
 * - escalation: every write that gives roles, tried by each seeded role to gain more.
 */

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE' | 'PATCH';
type Route = { method: Method; url: string };
type Tenant = {
  company: TestCompany;
  admin: Session;
  lowest: Session;
  lowestEmail: string;
  ids: Record<string, string>;
  /** Strings only this tenant's data contains: seeing one in another's answer is a leak. */
  markers: string[];
};

let app: App;
let database: Database;
let routes: Route[];
let a: Tenant;
let b: Tenant;

async function tenant(name: string): Promise<Tenant> {
  const company = await buildCompany(database.db, { name });
  const admin = await login(app, company.adminEmail);
  const low = await buildUser(database.db, company, {
    firstName: `Low${name}`,
    email: `low-${name}@sec.test`,
  });
  const lowest = await login(app, low.email);
  const post = async (url: string, payload: object) =>
    (await app.inject({ method: 'POST', url, headers: bearer(admin), payload })).json().data;
  const dept = await post('/api/Department', { name: `Dept-${name}` });
  const role = await post('/api/CompanyRoles', { roleName: `Role-${name}` });
  const photo = multipart({ name: 'p.png', content: PNG, type: 'image/png' });
  await app.inject({
    method: 'POST',
    url: `/api/CompanyUsers/upload-profile-photo/${low.userId}`,
    headers: { ...bearer(admin), ...photo.headers },
    payload: photo.payload,
  });
  const docBody = multipart({ name: `doc-${name}.pdf`, content: PDF, type: 'application/pdf' });
  const doc = (
    await app.inject({
      method: 'POST',
      url: `/api/Companies/${company.companyId}/documents`,
      headers: { ...bearer(admin), ...docBody.headers },
      payload: docBody.payload,
    })
  ).json().data;
  const ids = {
    Companies: company.companyId,
    CompanyUsers: low.userId,
    Department: dept.deptId,
    CompanyRoles: role.companyRoleId,
    docId: doc.documentId,
  };
  return {
    company,
    admin,
    lowest,
    lowestEmail: low.email,
    ids,
    markers: [name, company.adminEmail, low.email, ...Object.values(ids)],
  };
}

beforeAll(async () => {
  ({ app, database } = await buildTestApp());
  routes = app.declaredRoutes
    .filter((r) => r.url.startsWith('/api/') && !r.url.startsWith('/api/docs') && r.method !== 'HEAD')
    .map((r) => ({ method: r.method as Method, url: r.url }));
  a = await tenant('Alphaco');
  b = await tenant('Betaco');
}, 60_000);
afterAll(() => app.close());

/** Fills a route's path parameters with the victim's ids; a parameter it does not know gets a random uuid. */
function fill(url: string, ids: Record<string, string>): { path: string; addressed: boolean } {
  const resource = url.split('/')[2] ?? '';
  let addressed = false;
  const path = url.replace(/:(\w+)/g, (_m, name: string) => {
    const id = name === 'id' ? ids[resource] : ids[name];
    if (id) addressed = true;
    return id ?? randomUUID();
  });
  return { path, addressed };
}

const PROBE = {
  name: 'Probe',
  firstName: 'Probe',
  lastName: 'Probe',
  roleName: 'Probe',
  description: 'probe',
};
/** Writes that would end the caller's own session go last. */
const lastOf = (r: Route) => (r.method === 'DELETE' ? 1 : 0) + (r.url.endsWith('/logout') ? 2 : 0);

describe('security suite', () => {
  it('isolation matrix: no route gives one tenant the data of another', async () => {
    const callers = [
      { name: 'anonymous', session: undefined, victim: () => a },
      { name: "another tenant's admin", session: () => b.admin, victim: () => a },
      { name: 'the lowest role', session: () => a.lowest, victim: () => b },
      { name: "the tenant's admin", session: () => a.admin, victim: () => b },
    ];
    const ordered = [...routes].sort((x, y) => lastOf(x) - lastOf(y));
    const leaks: string[] = [];
    let sent = 0;
    for (const caller of callers) {
      const victim = caller.victim();
      for (const route of ordered) {
        const { path, addressed } = fill(route.url, victim.ids);
        const session = caller.session?.();
        const res = await app.inject({
          method: route.method,
          url: path,
          headers: session ? bearer(session) : {},
          ...(route.method === 'POST' || route.method === 'PUT' ? { payload: PROBE } : {}),
        });
        sent++;
        if (res.statusCode >= 200 && res.statusCode < 300) {
          const carries = victim.markers.some((m) => res.body.includes(m));
          if (carries || addressed) leaks.push(`${caller.name}: ${route.method} ${path} → ${res.statusCode}`);
        }
      }
    }
    console.log(
      `security/isolation: routes covered ${routes.length}, callers ${callers.length}, requests sent ${sent}, leaks ${leaks.length}`,
    );
    expect(leaks).toEqual([]);
  }, 120_000);

  it('fuzz: ≥ 5,000 malformed requests across every route, 0 answers 5xx, healthy after', async () => {
    // The matrix signed its callers out (logout is a route too): fresh sessions for the fuzz.
    a.admin = await login(app, a.company.adminEmail);
    a.lowest = await login(app, a.lowestEmail);
    let seed = 20261122;
    const rand = () => {
      // mulberry32: the same sequence every run, so a finding can be replayed.
      seed = (seed + 0x6d2b79f5) | 0;
      let t = seed;
      t = Math.imul(t ^ (t >>> 15), t | 1);
      t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
      return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
    };
    const pick = <T>(xs: readonly T[]): T => xs[Math.floor(rand() * xs.length)] as T;
    const strings = [
      '',
      ' ',
      'a\u0000b',
      '\u0000',
      'x'.repeat(5000),
      '%00',
      '../../etc/passwd',
      "' or 1=1 --",
      '<script>alert(1)</script>',
      '\ud800',
      '🙂'.repeat(50),
      'not-a-uuid',
      '00000000-0000-0000-0000-000000000000',
      randomUUID(),
      '-1',
      '1e309',
      'NaN',
      'true',
      'null',
      '[]',
      '{}',
      'asc;drop table users',
    ];
    const value = (depth = 0): unknown => {
      const r = rand();
      if (r < 0.35) return pick(strings);
      if (r < 0.45) return pick([0, -1, 1.5, 2 ** 53, -(2 ** 31), Number.MAX_VALUE]);
      if (r < 0.5) return pick([true, false, null]);
      if (r < 0.6 && depth < 3) return Array.from({ length: Math.floor(rand() * 4) }, () => value(depth + 1));
      if (r < 0.75 && depth < 3) return object(depth + 1);
      return pick(strings);
    };
    const keys = [
      'name',
      'firstName',
      'lastName',
      'email',
      'password',
      'roleId',
      'departmentId',
      'status',
      'roleName',
      'description',
      'defaultRole',
      'isActive',
      'managerId',
      'search',
      'page',
      'pageSize',
      'sortBy',
      'sortOrder',
      'companyId',
      '__proto__',
      'constructor',
      'token',
      'refreshToken',
      'newPassword',
      'confirmPassword',
      'companyName',
      'admin',
      'statusNames',
      'roleNames',
    ];
    const object = (depth = 0): Record<string, unknown> =>
      Object.fromEntries(
        Array.from({ length: 1 + Math.floor(rand() * 5) }, () => [pick(keys), value(depth)]),
      );
    /** A lone surrogate cannot be URI-encoded: send its raw (invalid UTF-8) bytes instead. */
    const enc = (v: string) => {
      try {
        return encodeURIComponent(v);
      } catch {
        return '%ED%A0%80';
      }
    };
    const param = () => enc(String(pick([...strings, a.ids.Companies, b.ids.CompanyUsers])));
    const query = () =>
      Object.entries(object())
        .map(([k, v]) => `${enc(k)}=${enc(typeof v === 'string' ? v : JSON.stringify(v))}`)
        .join('&');
    const bodies: (() => { payload?: string | Buffer; type?: string })[] = [
      () => ({ payload: JSON.stringify(object()), type: 'application/json' }),
      () => ({ payload: JSON.stringify(value()), type: 'application/json' }),
      () => ({ payload: '{"unterminated": ', type: 'application/json' }),
      () => ({ payload: '', type: 'application/json' }),
      () => ({ payload: 'a=1&b=2', type: 'application/x-www-form-urlencoded' }),
      () => ({ payload: '', type: `multipart/form-data; boundary=${'z'.repeat(Math.floor(rand() * 400))}` }),
      () => ({ payload: '--x\r\nbroken', type: 'multipart/form-data' }),
      () => ({ payload: Buffer.from([0, 1, 2, 255]), type: 'application/octet-stream' }),
      () => ({}),
    ];
    const PER_ROUTE = Math.ceil(5000 / routes.length);
    const fives: string[] = [];
    let sent = 0;
    const started = Date.now();
    const requests: { label: string; send: () => Promise<{ statusCode: number; body: string }> }[] = [];
    for (const route of routes) {
      // Signing out mid-run would only turn the rest into 401s: logout is fuzzed without a token.
      const signed = !route.url.endsWith('/logout');
      for (let i = 0; i < PER_ROUTE; i++) {
        const path = route.url.replace(/:\w+/g, param) + (rand() < 0.6 ? `?${query()}` : '');
        const body = route.method === 'GET' || route.method === 'DELETE' ? {} : pick(bodies)();
        const headers = {
          ...(signed && rand() < 0.85 ? bearer(rand() < 0.5 ? a.admin : a.lowest) : {}),
          ...(body.type ? { 'content-type': body.type } : {}),
        };
        requests.push({
          label: `${route.method} ${path}`,
          send: () =>
            app.inject({
              method: route.method,
              url: path,
              headers,
              ...(body.payload !== undefined ? { payload: body.payload } : {}),
            }),
        });
      }
    }
    // A few in flight at once, as clients would send them (and to keep the run short).
    for (let i = 0; i < requests.length; i += 8) {
      const batch = requests.slice(i, i + 8);
      const answers = await Promise.all(batch.map((r) => r.send()));
      answers.forEach((res, j) => {
        sent++;
        if (res.statusCode >= 500)
          fives.push(`${batch[j]?.label} → ${res.statusCode} ${res.body.slice(0, 200)}`);
      });
    }
    const health = await app.inject({ method: 'GET', url: '/healthz' });
    const me = await app.inject({ method: 'GET', url: '/api/auth/me', headers: bearer(a.admin) });
    console.log(
      `security/fuzz: routes covered ${routes.length}, requests sent ${sent}, 5xx ${fives.length}, ${Date.now() - started} ms, healthy ${health.statusCode === 200}`,
    );
    expect(sent).toBeGreaterThanOrEqual(5000);
    expect(fives.slice(0, 20)).toEqual([]);
    expect(health.statusCode).toBe(200);
    expect(me.statusCode).toBe(200);
  }, 120_000);

  it('escalation: no seeded role gains more through any write that gives roles', async () => {
    const c = await buildCompany(database.db, { name: 'Escalate' });
    const roleIds = Object.values(c.roleIds);
    const perms = async (s: Session) =>
      new Set<string>(
        (await app.inject({ method: 'GET', url: '/api/auth/me', headers: bearer(s) })).json().data
          .permissions,
      );
    /** Every write that gives a role or a permission: new ones (issue 11) belong here. */
    const grantWrites = (self: string, roleId: string, n: number) => [
      { method: 'PUT' as const, url: `/api/CompanyUsers/user/${self}`, payload: { roleId } },
      {
        method: 'POST' as const,
        url: '/api/CompanyUsers',
        payload: { firstName: 'Esc', lastName: 'Alate', email: `esc-${n}-${randomUUID()}@sec.test`, roleId },
      },
      // A role's permissions, set in the role's own update (issue 23, defect 12).
      {
        method: 'PUT' as const,
        url: `/api/CompanyRoles/${roleId}`,
        payload: { permissions: DEFAULT_ROLE_PERMISSIONS['Company Admin'] },
      },
    ];
    const findings: string[] = [];
    let tried = 0;
    for (const role of ['employee', 'manager', 'companyAdmin'] as const) {
      const u = await buildUser(database.db, c, { role });
      const s = await login(app, u.email);
      const before = await perms(s);
      for (const roleId of roleIds) {
        for (const w of grantWrites(u.userId, roleId, tried)) {
          const res = await app.inject({
            method: w.method,
            url: w.url,
            headers: bearer(s),
            payload: w.payload,
          });
          tried++;
          if (res.statusCode >= 500) findings.push(`${role}: ${w.method} ${w.url} → ${res.statusCode}`);
          if (w.method === 'POST' && res.statusCode === 201) {
            // An invitee may get only a role within what the inviter holds.
            const given = await app.inject({
              method: 'GET',
              url: `/api/CompanyRoles/${roleId}`,
              headers: bearer(await login(app, c.adminEmail)),
            });
            if (given.json().data.roleName === 'Company Admin' && role !== 'companyAdmin')
              findings.push(`${role} invited a Company Admin`);
          }
        }
      }
      const after = await perms(s);
      const gained = [...after].filter((p) => !before.has(p));
      if (gained.length) findings.push(`${role} gained ${gained.join(', ')}`);
    }
    console.log(`security/escalation: writes tried ${tried}, findings ${findings.length}`);
    expect(findings).toEqual([]);
  }, 120_000);
});
