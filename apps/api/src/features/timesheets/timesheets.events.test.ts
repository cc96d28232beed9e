import { and, eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../../app.ts';
import type { Database } from '../../db/client.ts';
import { syncReferenceData } from '../../db/reference-data.ts';
import { departments, permissions, rolePermissions, users } from '../../db/schema/index.ts';
import { buildTestApp } from '../../test/build-app.ts';
import {
  bearer,
  buildProject,
  buildTask,
  buildTaskList,
  buildUser,
  callOk,
  login,
  type Session,
  sqlRows,
  type TestCompany,
  twoTenants,
} from '../../test/factories.ts';
import { isChange, type LiveClient, openLive } from '../../test/live-client.ts';

/**
 * Timesheets (issue 25) beyond the routes: a week's change reaches the live streams of its person
 * and their approvers only (timesheets.policy.ts `hearsOf`), and the reference-data sync gives
 * the timesheet permissions to the Company Admin roles of companies made before them.
 */
let app: App;
let database: Database;
let acme: TestCompany;
let other: TestCompany;
let admin: Session;
let eve: Session;
let mike: Session;
let olga: Session;
let otherAdmin: Session;
let base: string;
let taskId: string;
const open: LiveClient[] = [];

beforeAll(async () => {
  ({ app, database } = await buildTestApp());
  let eveId: string;
  ({ acme, other, admin, otherAdmin, employee: eve, employeeId: eveId } = await twoTenants(app, database.db));
  const m = await buildUser(database.db, acme, { firstName: 'Mike', lastName: 'Manager' });
  const o = await buildUser(database.db, acme, { firstName: 'Olga', lastName: 'Outside' });
  const [d] = await database.db
    .insert(departments)
    .values({ companyId: acme.companyId, name: 'Delivery', managerId: m.userId })
    .returning({ id: departments.id });
  await database.db
    .update(users)
    .set({ departmentId: d?.id ?? null })
    .where(and(eq(users.companyId, acme.companyId), eq(users.id, eveId)));
  [mike, olga] = await Promise.all([login(app, m.email), login(app, o.email)]);
  const project = await buildProject(database.db, acme, { memberIds: [eveId] });
  const list = await buildTaskList(database.db, acme, { projectId: project.projectId });
  taskId = (await buildTask(database.db, acme, { taskListId: list.taskListId })).taskId;
  base = await app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(async () => {
  for (const c of open) c.close();
  await app.close();
});

async function stream(s: Session) {
  const c = await openLive(base, s.token);
  open.push(c);
  return c;
}

describe('live events', () => {
  it("a week's change reaches its person, their department's manager and approve:all, nobody else", async () => {
    const eveLive = await stream(eve);
    const mikeLive = await stream(mike);
    const adminLive = await stream(admin);
    const olgaLive = await stream(olga);
    const otherLive = await stream(otherAdmin);
    await callOk(app, eve, {
      method: 'POST',
      url: '/api/Timelogs',
      payload: { taskId, loggedAt: '2026-03-02', duration: '01:00' },
    });
    const week = await callOk(app, eve, {
      method: 'POST',
      url: '/api/Timesheets/weeks/submit',
      payload: { weekStart: '2026-03-02' },
    });
    const mine = isChange({ type: 'timesheet', id: week.id });
    await Promise.all([eveLive.next(mine), mikeLive.next(mine), adminLive.next(mine)]);
    // The settings' change (no person) reaches every member of the company: once it is in, the
    // week's change would have been too.
    await callOk(app, admin, {
      method: 'PUT',
      url: '/api/Timesheets/settings',
      payload: { reminderWeekday: 2 },
    });
    const settings = isChange({ type: 'timesheet', id: acme.companyId });
    await olgaLive.next(settings);
    expect(olgaLive.changes().some((m) => m.id === week.id)).toBe(false);
    await callOk(app, otherAdmin, {
      method: 'PUT',
      url: '/api/Timesheets/settings',
      payload: { reminderWeekday: 2 },
    });
    await otherLive.next(isChange({ type: 'timesheet', id: other.companyId }));
    expect(otherLive.changes().some((m) => m.id === week.id || m.id === acme.companyId)).toBe(false);
    // Mike approves: the person hears of it (and of the notification).
    await callOk(app, mike, {
      method: 'POST',
      url: '/api/Timesheets/weeks/approve',
      payload: { weekIds: [week.id] },
    });
    await eveLive.next((f) => mine(f) && eveLive.changes().filter((m) => m.id === week.id).length === 2);
    await eveLive.next(isChange({ type: 'notification', action: 'created' }));
  });
});

describe('reference data', () => {
  it('the sync gives the timesheet permissions to Company Admin roles made before them, not to Managers', async () => {
    const names = ['timesheet:approve:all', 'timesheet:unlock'];
    const ids = (
      await database.db
        .select({ id: permissions.id })
        .from(permissions)
        .where(inArray(permissions.name, names))
    ).map((p) => p.id);
    expect(ids).toHaveLength(2);
    // A company provisioned before issue 25: its Company Admin role lacks them.
    await database.db
      .delete(rolePermissions)
      .where(
        and(
          eq(rolePermissions.roleId, other.roleIds.companyAdmin),
          inArray(rolePermissions.permissionId, ids),
        ),
      );
    const held = async (roleId: string) =>
      (
        await sqlRows<{ name: string }>(
          database.db,
          sql`select p.name from role_permissions rp join permissions p on p.id = rp.permission_id
               where rp.role_id = ${roleId} and p.name like 'timesheet:%' order by p.name`,
        )
      ).map((r) => r.name);
    expect(await held(other.roleIds.companyAdmin)).toEqual([]);
    await syncReferenceData(database.db);
    expect(await held(other.roleIds.companyAdmin)).toEqual(names);
    expect(await held(other.roleIds.manager)).toEqual([]);
    // And a signed-in admin of that company holds them (the Time Tracking module is granted).
    const res = await app.inject({
      method: 'GET',
      url: '/api/Timesheets/approvals',
      headers: bearer(otherAdmin),
    });
    expect(res.statusCode).toBe(200);
    const fresh = await login(app, other.adminEmail);
    expect(fresh.permissions).toEqual(expect.arrayContaining(names));
  });
});
