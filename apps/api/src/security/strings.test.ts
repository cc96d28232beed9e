import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { text } from '@taskhive/contract';
import type { App } from '../app.ts';
import type { Database } from '../db/client.ts';
import { buildTestApp } from '../test/build-app.ts';
import {
  bearer,
  buildCompany,
  buildProject,
  buildSuperAdmin,
  buildTask,
  buildTaskList,
  buildUser,
  callOk,
  sqlRows,
  login,
  priorityIdOf,
  type Session,
  statusIdOf,
  type TestCompany,
} from '../test/factories.ts';
import { multipart, PDF, PNG } from '../test/files.fixtures.ts';

/**
 * The strings fuzz, generated from the route table (the OpenAPI document the routes' zod schemas
 * produce, so a route added later is walked without anyone listing it): every string field of
 * every route's path, query and body gets a NUL, a lone surrogate, 100,000 characters and, where
 * the schema sets a maximum, exactly that many, each on an otherwise valid request (ids of real
 * records, required fields filled from the schema), sent as the Super Admin and as a company
 * admin. No answer may be a 5xx. A NUL or a lone surrogate must be refused with 400 and an error
 * on that field by at least one of the two callers (the one holding the route's permission): that
 * is what finds a field whose schema is a plain z.string() instead of the contract's text(). An
 * over-long string is refused with 400 on that field or accepted (then the column holds it).
 */

type Json = {
  type?: string | string[];
  format?: string;
  enum?: unknown[];
  const?: unknown;
  pattern?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  minItems?: number;
  default?: unknown;
  properties?: Record<string, Json>;
  required?: string[];
  items?: Json;
  anyOf?: Json[];
  oneOf?: Json[];
  allOf?: Json[];
};
type Parameter = {
  in: 'path' | 'query' | 'header' | 'cookie';
  name: string;
  required?: boolean;
  schema: Json;
};
type Operation = {
  parameters?: Parameter[];
  requestBody?: { content: Record<string, { schema: Json }> };
};
type Method = 'GET' | 'POST' | 'PUT' | 'DELETE' | 'PATCH';
type Route = { method: Method; url: string; op: Operation };
/** A string field: where it goes and its path inside the body (array items at index 0). */
type Leaf = { at: 'path' | 'query' | 'body'; path: (string | number)[]; schema: Json };
type Probe = { name: string; value: (leaf: Leaf) => string | null; malformed: boolean };

let app: App;
let database: Database;
let company: TestCompany;
let root: Session;
let admin: Session;
const ids: Record<string, string> = {};

const NUL = 'a\u0000b';
const SURROGATE = 'x\ud800';
const LONG = 'x'.repeat(100_000);
const PASSWORD = 'Fuzz-Horse-Battery-9';

let seq = 0;
/** `max` characters of `char` ending in a number never used before (a name must often be unique). */
const atMost = (max: number, char: string) => {
  const n = String(++seq);
  return char.repeat(Math.max(0, max - n.length)) + n;
};
const PROBES: Probe[] = [
  { name: 'NUL', value: () => NUL, malformed: true },
  { name: 'lone surrogate', value: () => SURROGATE, malformed: true },
  { name: '100,000 characters', value: () => LONG, malformed: false },
  {
    name: 'the maximum length',
    value: (l) => (l.schema.maxLength === undefined ? null : atMost(l.schema.maxLength, 'x')),
    malformed: false,
  },
  {
    // Three bytes each in UTF-8: a column or index limited in bytes, not characters, shows here.
    name: 'the maximum length in 3-byte characters',
    value: (l) => (l.schema.maxLength === undefined ? null : atMost(l.schema.maxLength, '\u4e2d')),
    malformed: false,
  },
];

/** The platform catalogue as it was: the reset between files keeps it, so what this file adds goes after it. */
let catalogue: { permissions: string[]; modules: string[] };

beforeAll(async () => {
  ({ app, database } = await buildTestApp());
  const db = database.db;
  catalogue = {
    permissions: (await sqlRows<{ id: string }>(db, sql`select id from permissions`)).map((r) => r.id),
    modules: (await sqlRows<{ id: string }>(db, sql`select id from modules`)).map((r) => r.id),
  };
  company = await buildCompany(db, { name: 'Stringco' });
  admin = await login(app, company.adminEmail);
  root = await login(app, (await buildSuperAdmin(db)).email);
  const employee = await buildUser(db, company, { firstName: 'Strung' });
  const project = await buildProject(db, company, { memberIds: [employee.userId, company.adminUserId] });
  const list = await buildTaskList(db, company, { projectId: project.projectId });
  const task = await buildTask(db, company, { taskListId: list.taskListId, assigneeIds: [employee.userId] });
  const post = (s: Session, url: string, payload: object) => callOk(app, s, { method: 'POST', url, payload });
  const department = await post(admin, '/api/Department', { name: 'Strings dept' });
  const companyRole = await post(admin, '/api/CompanyRoles', { roleName: 'Strings role' });
  const platformRole = await post(root, '/api/Roles', { name: 'Strings platform role' });
  const module = await post(root, '/api/Modules', { name: 'Strings module', category: 'Fuzz' });
  const pkg = await post(root, '/api/Package', { name: 'Strings package', monthlyPrice: 1, yearlyPrice: 10 });
  const permission = await post(root, '/api/Permissions', {
    name: 'strings:read',
    permissionType: 'read',
    category: 'Fuzz',
    moduleId: module.moduleId,
  });
  const comment = await post(admin, `/api/Tasks/${task.taskId}/comments`, { body: 'A comment' });
  const log = await post(admin, '/api/Timelogs', {
    taskId: task.taskId,
    loggedAt: '2026-03-02',
    duration: '01:00',
  });
  const doc = multipart({ name: 'strings.pdf', content: PDF, type: 'application/pdf' });
  const document = await app.inject({
    method: 'POST',
    url: `/api/Project/${project.projectId}/documents`,
    headers: { ...bearer(admin), ...doc.headers },
    payload: doc.payload,
  });
  Object.assign(ids, {
    companyId: company.companyId,
    userId: employee.userId,
    managerId: employee.userId,
    memberUserId: employee.userId,
    assigneeIds: employee.userId,
    memberUserIds: employee.userId,
    projectId: project.projectId,
    taskListId: list.taskListId,
    listId: list.taskListId,
    taskId: task.taskId,
    departmentId: department.deptId,
    statusId: await statusIdOf(db, company.companyId, 'Open'),
    moveTo: await statusIdOf(db, company.companyId, 'Completed'),
    priorityId: await priorityIdOf(db, 'High'),
    moduleId: module.moduleId,
    moduleIds: module.moduleId,
    packageId: pkg.packageId,
    permissionId: permission.permissionId,
    roleId: companyRole.companyRoleId,
    companyRoleId: companyRole.companyRoleId,
    platformRoleId: platformRole.roleId,
    commentId: comment.commentId,
    timeLogId: log.timeLogId,
    docId: document.json().data.documentId,
  });
  // A field the setup misread would silently turn a real record's id into a random one.
  expect(Object.entries(ids).filter(([, id]) => typeof id !== 'string')).toEqual([]);
}, 120_000);
afterAll(async () => {
  // The permissions and modules the probes created would be seen by the next file on this worker
  // (lib/access.test compares the Super Admin's permissions with the catalogue).
  const ids = (xs: string[]) =>
    sql.join(
      xs.map((x) => sql`${x}::uuid`),
      sql`, `,
    );
  await database.db.execute(
    sql`delete from role_permissions where permission_id not in (${ids(catalogue.permissions)})`,
  );
  await database.db.execute(
    sql`delete from user_permissions where permission_id not in (${ids(catalogue.permissions)})`,
  );
  await database.db.execute(sql`delete from permissions where id not in (${ids(catalogue.permissions)})`);
  await database.db.execute(
    sql`delete from package_modules where module_id not in (${ids(catalogue.modules)})`,
  );
  await database.db.execute(
    sql`delete from company_modules where module_id not in (${ids(catalogue.modules)})`,
  );
  await database.db.execute(sql`delete from modules where id not in (${ids(catalogue.modules)})`);
  await app.close();
});

/** The id a path parameter names: by its name, or for `:id` by the path segment before it. */
function pathId(url: string, param: string): string {
  if (param !== 'id') return ids[param] ?? randomUUID();
  const before = /([^/]+)\/:id/.exec(url)?.[1]?.toLowerCase() ?? '';
  const byResource: Record<string, string | undefined> = {
    companies: ids.companyId,
    user: ids.userId,
    'upload-profile-photo': ids.userId,
    photo: ids.userId,
    users: ids.userId,
    department: ids.departmentId,
    companyroles: ids.companyRoleId,
    taskstatuses: ids.moveTo,
    project: ids.projectId,
    projects: ids.projectId,
    tasklists: ids.taskListId,
    tasks: ids.taskId,
    comments: ids.commentId,
    timelogs: ids.timeLogId,
    modules: ids.moduleId,
    package: ids.packageId,
    permissions: ids.permissionId,
    roles: ids.platformRoleId,
  };
  return byResource[before] ?? randomUUID();
}

/** A valid value for `schema`, as a client filling only what is required would send it. */
function valid(schema: Json, name: string): unknown {
  seq++;
  if (schema.default !== undefined) return schema.default;
  const options = schema.anyOf ?? schema.oneOf;
  if (options) {
    const first = options.find((o) => o.type !== 'null' && !(o.enum?.length === 1 && o.enum[0] === ''));
    return valid(first ?? (options[0] as Json), name);
  }
  if (schema.const !== undefined) return schema.const;
  if (schema.enum) return schema.enum[0];
  const type = [schema.type ?? 'string'].flat().find((t) => t !== 'null');
  if (type === 'object') {
    return Object.fromEntries(
      (schema.required ?? []).map((k) => [k, valid(schema.properties?.[k] ?? {}, k)]),
    );
  }
  if (type === 'array')
    return Array.from({ length: schema.minItems ?? 0 }, () => valid(schema.items ?? {}, name));
  if (type === 'boolean') return true;
  if (type === 'integer' || type === 'number') {
    const min = typeof schema.minimum === 'number' ? schema.minimum : 1;
    return Math.max(min, 1);
  }
  if (schema.format === 'uuid') return ids[name] ?? randomUUID();
  if (schema.format === 'email') return `fuzz-${seq}-${randomUUID().slice(0, 8)}@strings.test`;
  if (schema.format === 'date') return '2026-03-02';
  if (schema.format === 'date-time') return '2026-03-02T10:00:00Z';
  if (/password/i.test(name)) return PASSWORD;
  const patterned: Record<string, string> = {
    code: `S${seq}`,
    color: '#336699',
    key: `fuzz-${seq}`,
    name: `fuzz${seq}:read`,
  };
  if (schema.pattern && patterned[name]) return patterned[name];
  if (name === 'duration') return '01:00';
  return `Fuzz ${seq}`.padEnd(schema.minLength ?? 0, 'z');
}

/** Every string field of a schema, with its path (array items at index 0). */
function leaves(schema: Json | undefined, path: (string | number)[], out: Leaf[], at: Leaf['at']): Leaf[] {
  if (!schema) return out;
  const options = [...(schema.anyOf ?? []), ...(schema.oneOf ?? []), ...(schema.allOf ?? [])];
  const types = [schema.type ?? []].flat();
  if (types.includes('string') || options.some((o) => [o.type].flat().includes('string')))
    out.push({ at, path, schema: { ...options.find((o) => o.maxLength !== undefined), ...schema } });
  for (const o of options) if (![o.type].flat().includes('string')) leaves(o, path, out, at);
  for (const [k, v] of Object.entries(schema.properties ?? {})) leaves(v, [...path, k], out, at);
  if (schema.items) leaves(schema.items, [...path, 0], out, at);
  return out;
}

/** Sets `value` at `path` inside `base`, creating the objects and arrays on the way. */
function setIn(base: unknown, path: (string | number)[], value: unknown): unknown {
  const [head, ...rest] = path;
  if (head === undefined) return value;
  if (typeof head === 'number') return [setIn(undefined, rest, value)];
  const obj = base && typeof base === 'object' && !Array.isArray(base) ? base : {};
  return { ...obj, [head]: setIn((obj as Record<string, unknown>)[head], rest, value) };
}

/** A lone surrogate cannot be percent-encoded: its bytes are sent instead (not valid UTF-8). */
const enc = (v: string) => (v === SURROGATE ? 'x%ED%A0%80' : encodeURIComponent(v));

function routesOfDocument(): Route[] {
  const doc = app.swagger() as { paths: Record<string, Record<string, Operation>> };
  return Object.entries(doc.paths).flatMap(([url, ops]) =>
    Object.entries(ops).map(([m, op]) => ({
      method: m.toUpperCase() as Method,
      url: url.replace(/\{(\w+)\}/g, ':$1'),
      op,
    })),
  );
}

function request(route: Route, leaf: Leaf, value: string) {
  const path = route.url.replace(/:(\w+)/g, (_m, name: string) =>
    leaf.at === 'path' && leaf.path[0] === name ? enc(value) : pathId(route.url, name),
  );
  const query = (route.op.parameters ?? [])
    .filter((p) => p.in === 'query' && (p.required || (leaf.at === 'query' && leaf.path[0] === p.name)))
    .map((p) =>
      leaf.at === 'query' && leaf.path[0] === p.name
        ? `${p.name}=${enc(value)}`
        : `${p.name}=${encodeURIComponent(String(valid(p.schema, p.name)))}`,
    );
  const bodySchema = route.op.requestBody?.content['application/json']?.schema;
  const base = bodySchema ? valid(bodySchema, '') : undefined;
  const body = leaf.at === 'body' ? setIn(base, leaf.path, value) : base;
  if (body && typeof body === 'object' && 'confirmPassword' in body && leaf.path[0] !== 'confirmPassword') {
    const b = body as Record<string, unknown>;
    b.confirmPassword = b.newPassword ?? b.password;
  }
  return {
    method: route.method,
    url: path + (query.length ? `?${query.join('&')}` : ''),
    ...(body !== undefined
      ? { payload: JSON.stringify(body), headers: { 'content-type': 'application/json' } }
      : {}),
  };
}

/** The routes that take a file (multipart, not described by a JSON schema): by their URL. */
const isUpload = (r: Route) => r.method === 'POST' && /\/(upload-[\w-]+|documents)(\/:id)?$/.test(r.url);

describe('strings fuzz', () => {
  it('NUL, lone surrogates and over-long strings in every string field: 400 on that field or accepted, never a 5xx', async () => {
    const documented = routesOfDocument();
    // The document is the walk: a route hidden from it would escape, so none may be.
    const listed = new Set(documented.map((r) => `${r.method} ${r.url}`));
    const hidden = app.declaredRoutes.filter(
      (r) =>
        r.url.startsWith('/api/') &&
        !r.url.startsWith('/api/docs') &&
        r.method !== 'HEAD' &&
        !listed.has(`${r.method} ${r.url}`),
    );
    expect(hidden.map((r) => `${r.method} ${r.url}`)).toEqual([]);
    // Signing out would end the callers' sessions; it takes no string anyway.
    const routes = documented.filter((r) => !r.url.endsWith('/logout'));
    const targets = routes.flatMap((route) => {
      const out: Leaf[] = [];
      for (const p of route.op.parameters ?? [])
        if (p.in === 'path' || p.in === 'query') leaves(p.schema, [p.name], out, p.in);
      leaves(route.op.requestBody?.content['application/json']?.schema, [], out, 'body');
      // A query field that takes a list shows twice (the value and the list's item): once is enough.
      const seen = new Set<string>();
      return out
        .filter((l) => {
          const key = `${l.at}:${l.path.filter((p) => typeof p === 'string').join('.')}`;
          if (l.at !== 'body' && seen.has(key)) return false;
          seen.add(key);
          return true;
        })
        .map((leaf) => ({ route, leaf }));
    });
    const callers = [
      { name: 'Super Admin', session: root },
      { name: 'company admin', session: admin },
    ];
    const fives: string[] = [];
    const accepted: string[] = [];
    const unvalidated: string[] = [];
    const unreached: string[] = [];
    let sent = 0;
    const started = Date.now();
    for (const { route, leaf } of targets) {
      const field = leaf.path.join('.');
      const label = `${route.method} ${route.url} ${leaf.at} ${field}`;
      for (const probe of PROBES) {
        const value = probe.value(leaf);
        if (value === null) continue;
        // Invalid UTF-8 in a URL reaches the schema as its escapes, not as a surrogate.
        const checked = probe.malformed && !(value === SURROGATE && leaf.at !== 'body');
        let refusedOrTaken = false;
        for (const caller of callers) {
          const req = request(route, leaf, value);
          const res = await app.inject({ ...req, headers: { ...req.headers, ...bearer(caller.session) } });
          sent++;
          const where = `${label} ← ${probe.name} as ${caller.name} → ${res.statusCode}`;
          if (res.statusCode >= 500) fives.push(`${where} ${res.body.slice(0, 200)}`);
          // Without the route's permission the caller never reaches the schema.
          if (res.statusCode >= 500 || res.statusCode === 401 || res.statusCode === 403) continue;
          const errors: Record<string, unknown> = res.statusCode === 400 ? (res.json().errors ?? {}) : {};
          const onField = Object.keys(errors).some((k) => k === field || k.startsWith(`${field}.`));
          // An over-long path parameter is refused by the router (414), before any schema.
          const taken = res.statusCode < 300 || (leaf.at === 'path' && res.statusCode === 414);
          if (onField || (!probe.malformed && taken)) refusedOrTaken = true;
          if (checked && !onField && res.statusCode < 300) accepted.push(where);
        }
        if (checked && !refusedOrTaken) unvalidated.push(`${label} ← ${probe.name}`);
        if (!probe.malformed && !refusedOrTaken) unreached.push(`${label} ← ${probe.name}`);
      }
    }
    const health = await app.inject({ method: 'GET', url: '/healthz' });
    const me = await Promise.all(
      [root, admin].map((s) => app.inject({ method: 'GET', url: '/api/auth/me', headers: bearer(s) })),
    );
    console.log(
      `security/strings: routes ${routes.length}, string fields ${targets.length}, requests ${sent}, ` +
        `5xx ${fives.length}, malformed accepted ${accepted.length}, malformed never refused on its field ` +
        `${unvalidated.length}, ${Date.now() - started} ms, healthy ${health.statusCode === 200}; ` +
        `long values neither refused on their field nor stored (another check answered first) ` +
        `${unreached.length}:\n  ${unreached.join('\n  ')}`,
    );
    expect(fives).toEqual([]);
    expect(accepted).toEqual([]);
    expect(unvalidated).toEqual([]);
    expect(health.statusCode).toBe(200);
    expect(me.map((r) => r.statusCode)).toEqual([200, 200]);
  }, 300_000);

  it('file names of uploads: NUL, invalid UTF-8, a pair cut by the length limit, 100,000 characters; never a 5xx', async () => {
    const uploads = routesOfDocument().filter(isUpload);
    const CUT = `${'a'.repeat(199)}\u{1f642}.pdf`;
    const names = [
      'a\u0000b.pdf',
      'x\udfff.pdf',
      CUT,
      `${'a'.repeat(100_000)}.pdf`,
      `${'\u4e2d'.repeat(300)}.pdf`,
    ];
    const fives: string[] = [];
    const stored: string[] = [];
    const malformed: string[] = [];
    for (const route of uploads) {
      const image = /upload-/.test(route.url);
      for (const name of names) {
        const file = multipart({
          name: 'file',
          content: image ? PNG : PDF,
          type: image ? 'image/png' : 'application/pdf',
        });
        // The builder writes the name as given; a lone surrogate goes as its (invalid UTF-8) bytes.
        const payload = Buffer.from(
          file.payload
            .toString('latin1')
            .replace('filename="file"', `filename="${Buffer.from(name).toString('latin1')}"`),
          'latin1',
        );
        const res = await app.inject({
          method: 'POST',
          url: route.url.replace(/:(\w+)/g, (_m, p: string) => pathId(route.url, p)),
          headers: { ...bearer(admin), ...file.headers },
          payload,
        });
        const where = `${route.url} ← ${JSON.stringify(name.slice(0, 20))}… (${name.length}) → ${res.statusCode}`;
        if (res.statusCode >= 500) fives.push(`${where} ${res.body.slice(0, 200)}`);
        if (res.statusCode < 300) {
          stored.push(where);
          const fileName = String(res.json().data.fileName ?? '');
          // A valid name cut at the length limit must be cut between characters, not inside a pair
          // (half a pair would be stored as U+FFFD).
          if (!text().safeParse(fileName).success || (name === CUT && fileName.includes('\ufffd')))
            malformed.push(`${where} ${JSON.stringify(fileName.slice(-8))}`);
        }
      }
    }
    const health = await app.inject({ method: 'GET', url: '/healthz' });
    console.log(
      `security/strings uploads: routes ${uploads.length}, requests ${uploads.length * names.length}, ` +
        `stored ${stored.length}, 5xx ${fives.length}, healthy ${health.statusCode === 200}`,
    );
    expect(uploads.length).toBeGreaterThanOrEqual(5);
    expect(fives).toEqual([]);
    expect(stored.length).toBeGreaterThan(0);
    expect(malformed).toEqual([]);
    expect(health.statusCode).toBe(200);
  }, 120_000);
});
