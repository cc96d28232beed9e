import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Permission } from '@taskhive/contract';
import type { App } from '../app.ts';
import type { Database } from '../db/client.ts';
import { MANAGEMENT_RIGHTS } from '../features/users/grants.policy.ts';
import { accessRepo } from '../lib/access.ts';
import { buildTestApp } from '../test/build-app.ts';
import { bearer, buildCompany, buildUser, login, sqlRows, type TestCompany } from '../test/factories.ts';

/**
 * The escalation pass over everything that changes who holds what. For every permission that does
 * (role edits, the default role, invitations, status, departments, grants), and every pair of
 * them, a caller holding just those tries every such write in a fresh company, then the company
 * is compared with how it was: whatever changed must lie within what the caller holds.
 * - a user's effective permissions gained or lost: each one held by the caller;
 * - a user deactivated or reactivated: everything they hold, held by the caller;
 * - a new user (an invitation): everything they would hold, held by the caller;
 * - someone newly managing someone (a department's manager, a department move): the caller holds
 *   what management confers (MANAGEMENT_RIGHTS);
 * - the default role moved: the caller may assign roles and holds all the new default carries.
 */

const GIVING: readonly Permission[] = [
  'companyrole:create',
  'companyrole:update',
  'companyrole:delete',
  'companyrole:assign',
  'employee:create',
  'employee:update',
  'employee:delete',
  'department:create',
  'department:update',
  'department:delete',
];

let app: App;
let database: Database;

beforeAll(async () => {
  ({ app, database } = await buildTestApp());
});
afterAll(() => app.close());

type Snapshot = {
  perms: Map<string, Set<string>>;
  status: Map<string, string>;
  managed: Set<string>;
  defaultRole: string | null;
};

async function snapshot(c: TestCompany): Promise<Snapshot> {
  const people = await sqlRows<{ id: string; status: string }>(
    database.db,
    sql`select id, status from users where company_id = ${c.companyId}`,
  );
  const perms = await accessRepo(database.db).effectivePermissionsOf(
    c.companyId,
    people.map((p) => p.id),
  );
  const pairs = await sqlRows<{ manager: string; member: string }>(
    database.db,
    sql`select d.manager_id as manager, u.id as member from users u
          join departments d on d.id = u.department_id and d.company_id = u.company_id
         where u.company_id = ${c.companyId} and d.manager_id is not null and d.manager_id <> u.id`,
  );
  const [def] = await sqlRows<{ id: string }>(
    database.db,
    sql`select id from roles where company_id = ${c.companyId} and is_default`,
  );
  return {
    perms,
    status: new Map(people.map((p) => [p.id, p.status])),
    managed: new Set(pairs.map((p) => `${p.manager}>${p.member}`)),
    defaultRole: def?.id ?? null,
  };
}

async function permissionId(name: string) {
  const [row] = await sqlRows<{ id: string }>(
    database.db,
    sql`select id from permissions where name = ${name}`,
  );
  if (!row) throw new Error(`no permission ${name}`);
  return row.id;
}

/** Every write that changes who holds what, aimed at the caller's gain. */
async function attempts(c: TestCompany, self: string, ids: Record<string, string>) {
  const esc = () => `esc-${randomUUID()}@sec.test`;
  const invitee = { firstName: 'Esc', lastName: 'Alate' };
  const companyUpdate = await permissionId('company:update');
  const readAllTime = await permissionId('timelog:read:all');
  return [
    { method: 'PUT', url: `/api/CompanyRoles/${c.roleIds.companyAdmin}`, payload: { defaultRole: true } },
    { method: 'PUT', url: `/api/CompanyRoles/${c.roleIds.manager}`, payload: { defaultRole: true } },
    {
      method: 'POST',
      url: '/api/CompanyRoles',
      payload: { roleName: `Esc ${randomUUID()}`, defaultRole: true },
    },
    { method: 'POST', url: '/api/CompanyUsers', payload: { ...invitee, email: esc() } },
    {
      method: 'POST',
      url: '/api/CompanyUsers',
      payload: { ...invitee, email: esc(), roleId: c.roleIds.companyAdmin },
    },
    {
      method: 'POST',
      url: '/api/CompanyUsers',
      payload: { ...invitee, email: esc(), departmentId: ids.mine },
    },
    { method: 'PUT', url: `/api/CompanyUsers/user/${self}`, payload: { roleId: c.roleIds.companyAdmin } },
    { method: 'PUT', url: `/api/CompanyUsers/user/${self}`, payload: { roleId: c.roleIds.manager } },
    { method: 'POST', url: `/api/Users/${self}/roles/${c.roleIds.manager}` },
    { method: 'POST', url: `/api/Users/${self}/permissions/${companyUpdate}` },
    { method: 'POST', url: `/api/Roles/${c.roleIds.employee}/permissions/${readAllTime}` },
    { method: 'POST', url: `/api/Roles/${ids.custom}/permissions/${companyUpdate}` },
    { method: 'PUT', url: `/api/CompanyUsers/user/${c.adminUserId}`, payload: { status: 'inactive' } },
    { method: 'PUT', url: `/api/CompanyUsers/user/${ids.manager}`, payload: { status: 'inactive' } },
    { method: 'PUT', url: `/api/CompanyUsers/user/${ids.inactiveAdmin}`, payload: { status: 'active' } },
    { method: 'DELETE', url: `/api/CompanyUsers/user/${c.adminUserId}` },
    { method: 'PUT', url: `/api/Department/${ids.managed}`, payload: { managerId: self } },
    { method: 'PUT', url: `/api/Department/${ids.open}`, payload: { managerId: self } },
    { method: 'POST', url: '/api/Department', payload: { name: `Esc ${randomUUID()}`, managerId: self } },
    { method: 'PUT', url: `/api/CompanyUsers/user/${ids.employee}`, payload: { departmentId: ids.mine } },
    { method: 'PUT', url: `/api/CompanyUsers/user/${ids.member}`, payload: { departmentId: ids.mine } },
    // What stays allowed, within what the caller holds (the pass counts these).
    { method: 'POST', url: '/api/CompanyRoles', payload: { roleName: `Plain ${randomUUID()}` } },
    { method: 'PUT', url: `/api/CompanyRoles/${ids.custom}`, payload: { defaultRole: true } },
    { method: 'POST', url: '/api/CompanyUsers', payload: { ...invitee, email: esc() } },
    { method: 'POST', url: '/api/CompanyUsers', payload: { ...invitee, email: esc(), roleId: ids.custom } },
    { method: 'POST', url: '/api/Department', payload: { name: `Plain ${randomUUID()}` } },
    { method: 'PUT', url: `/api/CompanyUsers/user/${ids.employee}`, payload: { departmentId: ids.open } },
    { method: 'PUT', url: `/api/CompanyUsers/user/${ids.nobody}`, payload: { status: 'inactive' } },
    { method: 'DELETE', url: `/api/CompanyUsers/user/${ids.nobody}` },
  ] as const;
}

function findingsOf(caller: ReadonlySet<string>, before: Snapshot, after: Snapshot): string[] {
  const out: string[] = [];
  const lacks = (ps: Iterable<string>) => [...ps].filter((p) => !caller.has(p));
  for (const [user, now] of after.perms) {
    const was = before.perms.get(user) ?? new Set<string>();
    const isNew = !before.status.has(user);
    const changed = isNew
      ? [...now]
      : [...now].filter((p) => !was.has(p)).concat([...was].filter((p) => !now.has(p)));
    const beyond = lacks(changed);
    if (beyond.length) out.push(`${isNew ? 'invited' : 'changed'} ${user}: ${beyond.join(', ')}`);
  }
  for (const [user, status] of after.status) {
    const was = before.status.get(user);
    if (was && was !== status && (was === 'inactive' || status === 'inactive')) {
      const beyond = lacks(before.perms.get(user) ?? []);
      if (beyond.length) out.push(`status of ${user} ${was} -> ${status} over ${beyond.join(', ')}`);
    }
  }
  const newPairs = [...after.managed].filter((p) => !before.managed.has(p));
  if (newPairs.length && lacks(MANAGEMENT_RIGHTS).length) out.push(`now managing: ${newPairs.join(', ')}`);
  if (after.defaultRole !== before.defaultRole && !caller.has('companyrole:assign'))
    out.push(`default role moved to ${after.defaultRole}`);
  return out;
}

it('escalation: no holder of any one or two of the permissions that give gains what they lack, directly or through anyone', async () => {
  const sets: Permission[][] = GIVING.map((p) => [p]);
  for (let i = 0; i < GIVING.length; i++)
    for (let j = i + 1; j < GIVING.length; j++) sets.push([GIVING[i] as Permission, GIVING[j] as Permission]);
  const findings: string[] = [];
  let tried = 0;
  let succeeded = 0;
  const allowedSets = new Set<string>();
  for (const held of sets) {
    const c = await buildCompany(database.db, { name: `Esc ${held.join('+')}` });
    const admin = await login(app, c.adminEmail);
    const post = async (url: string, payload: object) =>
      (await app.inject({ method: 'POST', url, headers: bearer(admin), payload })).json().data;
    const caller = await buildUser(database.db, c, { role: null, permissions: held });
    const manager = await buildUser(database.db, c, { role: 'manager' });
    const employee = await buildUser(database.db, c, { role: 'employee' });
    const member = await buildUser(database.db, c, { role: 'employee' });
    const inactiveAdmin = await buildUser(database.db, c, { role: 'companyAdmin', status: 'inactive' });
    const nobody = await buildUser(database.db, c, { role: null });
    const managed = await post('/api/Department', { name: 'Managed', managerId: manager.userId });
    const open = await post('/api/Department', { name: 'Open' });
    const mine = await post('/api/Department', { name: 'Mine', managerId: caller.userId });
    await app.inject({
      method: 'PUT',
      url: `/api/CompanyUsers/user/${member.userId}`,
      headers: bearer(admin),
      payload: { departmentId: managed.deptId },
    });
    const custom = await post('/api/CompanyRoles', { roleName: 'Custom' });
    const ids = {
      manager: manager.userId,
      employee: employee.userId,
      member: member.userId,
      inactiveAdmin: inactiveAdmin.userId,
      nobody: nobody.userId,
      managed: managed.deptId,
      open: open.deptId,
      mine: mine.deptId,
      custom: custom.companyRoleId,
    };
    const s = await login(app, caller.email);
    const mayHold = new Set<string>(s.permissions);
    const before = await snapshot(c);
    for (const w of await attempts(c, caller.userId, ids)) {
      const res = await app.inject({
        method: w.method,
        url: w.url,
        headers: bearer(s),
        ...('payload' in w ? { payload: w.payload } : {}),
      });
      tried++;
      if (res.statusCode < 300) {
        succeeded++;
        allowedSets.add(held.join('+'));
      }
      if (res.statusCode >= 500)
        findings.push(`${held.join('+')}: ${w.method} ${w.url} -> ${res.statusCode}`);
    }
    for (const f of findingsOf(mayHold, before, await snapshot(c))) findings.push(`${held.join('+')}: ${f}`);
  }
  console.log(
    `security/escalation: ${sets.length} callers, writes tried ${tried} (${succeeded} allowed), findings ${findings.length}`,
  );
  // The rules refuse the gains, not the job: every caller holding a permission with a plain use
  // (a role, a department, a move to an unmanaged department, deactivating someone who holds
  // nothing) got at least one write through.
  const plainUse = ['companyrole:create', 'department:create', 'employee:update', 'employee:delete'];
  const idle = sets.filter((set) => set.some((p) => plainUse.includes(p)) && !allowedSets.has(set.join('+')));
  expect(idle).toEqual([]);
  expect(findings).toEqual([]);
}, 600_000);
