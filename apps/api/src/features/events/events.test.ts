import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { LIVE_EVENTS_PATH, LIVE_FRAME } from '@taskhive/contract';
import type { App } from '../../app.ts';
import type { Database } from '../../db/client.ts';
import { departments, permissions, userPermissions, users } from '../../db/schema/index.ts';
import type { LiveEvent } from '../../lib/live-events.ts';
import { buildTestApp } from '../../test/build-app.ts';
import {
  bearer,
  buildProject,
  buildTask,
  buildTaskList,
  buildUser,
  login,
  type Session,
  TEST_PASSWORD,
  type TestCompany,
  twoTenants,
} from '../../test/factories.ts';
import { isChange, type LiveClient, openLive } from '../../test/live-client.ts';
import { addDays, todayUtc } from '../time-logs/days.ts';

let app: App;
let database: Database;
let base: string;
let acme: TestCompany;
let admin: Session;
let employee: Session;
let employeeId: string;
let member: Session;
let memberId: string;
let manager: Session;
let otherAdmin: Session;
let projectId: string;
let taskListId: string;
let taskId: string;
let otherProjectId: string;
const open: LiveClient[] = [];

beforeAll(async () => {
  ({ app, database } = await buildTestApp());
  let other: TestCompany;
  ({ acme, other, admin, employee, employeeId, otherAdmin } = await twoTenants(app, database.db));
  const db = database.db;
  const m = await buildUser(db, acme, { firstName: 'Mia', lastName: 'Member' });
  memberId = m.userId;
  member = await login(app, m.email);
  // The member is in the admin's department; the manager manages it (and holds only the Employee role).
  const mg = await buildUser(db, acme, { firstName: 'Max', lastName: 'Manager' });
  await db.update(departments).set({ managerId: mg.userId }).where(eq(departments.id, acme.departmentId));
  await db.update(users).set({ departmentId: acme.departmentId }).where(eq(users.id, memberId));
  manager = await login(app, mg.email);
  projectId = (await buildProject(db, acme, { name: 'Apollo', memberIds: [memberId] })).projectId;
  taskListId = (await buildTaskList(db, acme, { projectId })).taskListId;
  taskId = (await buildTask(db, acme, { taskListId, title: 'Land', assigneeIds: [memberId] })).taskId;
  otherProjectId = (await buildProject(db, other, { name: 'Theirs' })).projectId;
  base = await app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(async () => {
  for (const c of open) c.close();
  await app.close();
});

const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, s?: Session, payload?: object) =>
  app.inject({ method, url, headers: s ? bearer(s) : {}, ...(payload ? { payload } : {}) });

async function stream(s: Session) {
  const c = await openLive(base, s.token);
  open.push(c);
  return c;
}

/** A write every stream below may see: once it arrived, anything published before it has too. */
async function sentinel() {
  const res = await call('POST', `/api/Project/${projectId}/comments`, admin, { body: 'sentinel' });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data.commentId as string;
}

const rename = async (s: Session, title: string) => {
  const res = await call('PUT', `/api/Tasks/${taskId}`, s, { title });
  expect(res.statusCode, res.body).toBe(200);
};

describe(`GET ${LIVE_EVENTS_PATH}`, () => {
  it('401 without a token or with a bad one (400 and 403 do not apply: no input, any signed-in user)', async () => {
    expect((await fetch(base + LIVE_EVENTS_PATH)).status).toBe(401);
    const bad = await fetch(base + LIVE_EVENTS_PATH, { headers: { authorization: 'Bearer nope' } });
    expect(bad.status).toBe(401);
    expect((await call('GET', LIVE_EVENTS_PATH)).statusCode).toBe(401);
  });

  it('answers an event stream; an injected request gets the opening frame and the end', async () => {
    const res = await call('GET', LIVE_EVENTS_PATH, employee);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/event-stream/);
    expect(res.body).toBe(`event: ${LIVE_FRAME.ready}\ndata: {}\n\n`);
  });

  it('happy path: a change reaches the other users who can see it, as a small message', async () => {
    const watching = await stream(admin);
    await rename(member, 'Land on the moon');
    const f = await watching.next(isChange({ type: 'task', id: taskId }));
    expect(f.data).toEqual({ type: 'task', action: 'updated', id: taskId, projectId, taskId: null });
  });

  it("an event about Acme never reaches another company's stream", async () => {
    const theirs = await stream(otherAdmin);
    const ours = await stream(admin);
    await rename(admin, 'Acme only');
    await ours.next(isChange({ type: 'task', id: taskId }));
    // Their own company's write arrives, Acme's before it did not.
    const res = await call('POST', `/api/Project/${otherProjectId}/comments`, otherAdmin, { body: 'hi' });
    expect(res.statusCode).toBe(201);
    await theirs.next(isChange({ type: 'comment', projectId: otherProjectId }));
    expect(theirs.changes().map((m) => m.projectId)).toEqual([otherProjectId]);
  });

  it('an employee who is not a project member does not get its events; a member does', async () => {
    const outsider = await stream(employee);
    const inside = await stream(member);
    await rename(admin, 'Members only');
    await inside.next(isChange({ type: 'task', id: taskId }));
    // The employee joins: the membership event reaches them and from then on the project's events do.
    const add = await call('POST', `/api/Project/${projectId}/members`, admin, { userId: employeeId });
    expect(add.statusCode, add.body).toBe(201);
    await outsider.next(isChange({ type: 'project', id: projectId }));
    await rename(admin, 'Now for both');
    await outsider.next(isChange({ type: 'task', id: taskId }));
    expect(outsider.changes().filter((m) => m.type === 'task')).toHaveLength(1);
    // Removed again: told once, then nothing more of the project.
    const del = await call('DELETE', `/api/Project/${projectId}/members/${employeeId}`, admin);
    expect(del.statusCode, del.body).toBe(200);
    await outsider.next(
      (f) => isChange({ type: 'project', id: projectId })(f) && outsider.changes().length > 2,
    );
    await rename(admin, 'Members only again');
    await sentinel();
    await inside.next(isChange({ type: 'comment', projectId, action: 'created' }));
    expect(outsider.changes().filter((m) => m.type === 'task')).toHaveLength(1);
    expect(outsider.changes().some((m) => m.type === 'comment')).toBe(false);
  });

  it('time logs reach their owner, timelog:read:all and the owner’s department manager, nobody else', async () => {
    const owner = await stream(member);
    const all = await stream(admin);
    const boss = await stream(manager);
    const bystander = await stream(employee);
    const res = await call('POST', '/api/Timelogs', member, {
      taskId,
      loggedAt: addDays(todayUtc(), -1),
      duration: '01:00',
    });
    expect(res.statusCode, res.body).toBe(201);
    const id = res.json().data.timeLogId as string;
    for (const c of [owner, all, boss])
      expect((await c.next(isChange({ type: 'timelog', id }))).data).toMatchObject({
        action: 'created',
        taskId,
      });
    // The bystander's own log (on a task of their own project) arrives; the member's before it did not.
    const own = await buildProject(database.db, acme, { name: 'Bystander', memberIds: [employeeId] });
    const ownList = await buildTaskList(database.db, acme, { projectId: own.projectId });
    const mine = await call('POST', '/api/Timelogs', employee, {
      taskId: (await buildTask(database.db, acme, { taskListId: ownList.taskListId })).taskId,
      loggedAt: addDays(todayUtc(), -1),
      duration: '00:30',
    });
    expect(mine.statusCode, mine.body).toBe(201);
    await bystander.next(isChange({ type: 'timelog' }));
    expect(
      bystander
        .changes()
        .filter((m) => m.type === 'timelog')
        .map((m) => m.id),
    ).toEqual([mine.json().data.timeLogId]);
  });

  it('a notification reaches its recipient only', async () => {
    const recipient = await stream(member);
    const others = await stream(admin);
    const note = (userId: string, id: string): LiveEvent => ({
      companyId: acme.companyId,
      type: 'notification',
      action: 'created',
      id,
      userIds: [userId],
      actorId: acme.adminUserId,
      at: new Date().toISOString(),
    });
    app.live.publish([note(memberId, 'n-member'), note(acme.adminUserId, 'n-admin')]);
    await recipient.next(isChange({ type: 'notification', id: 'n-member' }));
    await others.next(isChange({ type: 'notification', id: 'n-admin' }));
    expect(others.changes().map((m) => m.id)).not.toContain('n-member');
    await sentinel();
    await recipient.next(isChange({ type: 'comment', action: 'created' }));
    expect(recipient.changes().map((m) => m.id)).not.toContain('n-admin');
  });

  it('saved views: a shared one reaches the project’s readers, a personal one its owner only', async () => {
    const owner = await stream(admin);
    const inside = await stream(member);
    const outsider = await stream(employee);
    const save = async (s: Session, body: object) => {
      const res = await call('POST', '/api/SavedViews', s, { layout: 'list', query: '', ...body });
      expect(res.statusCode, res.body).toBe(201);
      return res.json().data.viewId as string;
    };
    const personal = await save(admin, { place: projectId, name: 'Only mine' });
    const page = await save(member, { place: 'my-tasks', name: 'My page' });
    await owner.next(isChange({ type: 'savedview', id: personal }));
    await inside.next(isChange({ type: 'savedview', id: page }));
    const shared = await save(admin, { place: projectId, name: 'For the team', shared: true });
    for (const c of [owner, inside])
      expect((await c.next(isChange({ type: 'savedview', id: shared }))).data).toMatchObject({
        type: 'savedview',
        action: 'created',
        id: shared,
        projectId,
        taskId: null,
      });
    // Unsharing is news to the project's readers (the view leaves their menus); later changes are not.
    expect((await call('PUT', `/api/SavedViews/${shared}`, admin, { shared: false })).statusCode).toBe(200);
    await inside.next(isChange({ type: 'savedview', id: shared, action: 'updated' }));
    expect((await call('PUT', `/api/SavedViews/${shared}`, admin, { name: 'Mine now' })).statusCode).toBe(
      200,
    );
    await owner.next(
      (f) =>
        isChange({ type: 'savedview', id: shared })(f) &&
        owner.changes().filter((m) => m.id === shared).length === 3,
    );
    // Once a later write reached the member, everything before it reached every stream (one feed).
    await sentinel();
    await inside.next(isChange({ type: 'comment', action: 'created' }));
    const heard = (c: LiveClient) =>
      c
        .changes()
        .filter((m) => m.type === 'savedview')
        .map((m) => m.id);
    expect(heard(owner)).toEqual([personal, shared, shared, shared]);
    expect(heard(inside)).toEqual([page, shared, shared]);
    // Not a project reader: none of them, not even the shared one.
    expect(heard(outsider)).toEqual([]);
  });

  it('a custom field defined reaches everyone; a project’s fields its readers', async () => {
    const reader = await stream(member);
    const outsider = await stream(employee);
    const made = await call('POST', '/api/CustomFields', admin, { name: 'Live risk', type: 'text' });
    expect(made.statusCode, made.body).toBe(201);
    const fieldId = made.json().data.fieldId as string;
    for (const c of [reader, outsider])
      await c.next(isChange({ type: 'customfield', id: fieldId, action: 'created' }));
    const on = await call('PUT', `/api/CustomFields/projects/${projectId}`, admin, { fieldIds: [fieldId] });
    expect(on.statusCode, on.body).toBe(200);
    await reader.next(isChange({ type: 'customfield', id: projectId, projectId }));
    await sentinel();
    await reader.next(isChange({ type: 'comment', action: 'created' }));
    expect(
      outsider
        .changes()
        .filter((m) => m.type === 'customfield')
        .map((m) => m.id),
    ).toEqual([fieldId]);
  });

  it('a failed write (400, 409) announces nothing', async () => {
    const seen: LiveEvent[] = [];
    const off = app.live.subscribe(acme.companyId, (e) => seen.push(e));
    try {
      expect((await call('PUT', `/api/Tasks/${taskId}`, admin, { title: 'a\u0000b' })).statusCode).toBe(400);
      const badStatus = await call('PUT', `/api/Tasks/${taskId}`, admin, { statusId: randomUUID() });
      expect(badStatus.statusCode).toBe(400);
      const twice = await call('POST', `/api/Project/${projectId}/members`, admin, { userId: memberId });
      expect(twice.statusCode).toBe(409);
      const day = addDays(todayUtc(), -2);
      const full = await call('POST', '/api/Timelogs', admin, { taskId, loggedAt: day, duration: '24:00' });
      expect(full.statusCode, full.body).toBe(201);
      expect(seen).toHaveLength(1);
      const over = await call('POST', '/api/Timelogs', admin, { taskId, loggedAt: day, duration: '00:01' });
      expect(over.statusCode).toBe(409);
      expect(seen).toHaveLength(1);
    } finally {
      off();
    }
  });

  it('logout ends that session’s stream (and only that one)', async () => {
    const s1 = await login(app, acme.adminEmail);
    const s2 = await login(app, acme.adminEmail);
    const c1 = await stream(s1);
    const c2 = await stream(s2);
    expect((await call('POST', '/api/auth/logout', s1)).statusCode).toBe(200);
    const end = await c1.next((f) => f.event === LIVE_FRAME.end);
    expect(end.data).toEqual({ reason: 'session-ended' });
    await c1.ended;
    await sentinel();
    await c2.next(isChange({ type: 'comment', action: 'created' }));
    expect(c2.frames.some((f) => f.event === LIVE_FRAME.end)).toBe(false);
  });

  it('a password change ends the other sessions’ streams and keeps this one', async () => {
    // A manager reads every project, so the sentinel reaches them.
    const u = await buildUser(database.db, acme, { role: 'manager' });
    const here = await login(app, u.email);
    const there = await login(app, u.email);
    const cHere = await stream(here);
    const cThere = await stream(there);
    const res = await call('POST', '/api/auth/change-password', here, {
      currentPassword: TEST_PASSWORD,
      newPassword: 'Another-Horse-Battery-7',
      confirmPassword: 'Another-Horse-Battery-7',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect((await cThere.next((f) => f.event === LIVE_FRAME.end)).data).toEqual({ reason: 'session-ended' });
    await sentinel();
    await cHere.next(isChange({ type: 'comment', action: 'created' }));
    expect(cHere.frames.some((f) => f.event === LIVE_FRAME.end)).toBe(false);
  });

  it('a change of rights (any path: the authz version moved) re-checks the company’s streams', async () => {
    const u = await buildUser(database.db, acme);
    const c = await stream(await login(app, u.email));
    const watch = await stream(admin);
    await rename(admin, 'Before the grant');
    await sentinel();
    await watch.next(isChange({ type: 'comment', action: 'created' }));
    // A grant written straight to the table: only the triggers' version bump tells anyone.
    const [perm] = await database.db
      .select({ id: permissions.id })
      .from(permissions)
      .where(eq(permissions.name, 'task:read:all'));
    if (!perm) throw new Error('no task:read:all');
    await database.db
      .insert(userPermissions)
      .values({ companyId: acme.companyId, userId: u.userId, permissionId: perm.id });
    expect((await call('GET', '/api/auth/me', admin)).statusCode).toBe(200);
    await c.next(isChange({ type: 'session', action: 'updated' }));
    await rename(admin, 'After the grant');
    await c.next(isChange({ type: 'task', id: taskId }));
    expect(c.changes().filter((m) => m.type === 'task')).toHaveLength(1);
  });

  it('deactivating an employee ends their streams', async () => {
    const u = await buildUser(database.db, acme);
    const c = await stream(await login(app, u.email));
    expect((await call('DELETE', `/api/CompanyUsers/user/${u.userId}`, admin)).statusCode).toBe(200);
    expect((await c.next((f) => f.event === LIVE_FRAME.end)).data).toEqual({ reason: 'session-ended' });
  });

  it('the periodic re-check ends a stream whose session ended without an event', async () => {
    const quick = (await buildTestApp({ liveStream: { recheckMs: 100 } })).app;
    const url = await quick.listen({ port: 0, host: '127.0.0.1' });
    try {
      const u = await buildUser(database.db, acme);
      const c = await openLive(url, (await login(quick, u.email)).token);
      await database.db.update(users).set({ status: 'inactive' }).where(eq(users.id, u.userId));
      expect((await c.next((f) => f.event === LIVE_FRAME.end)).data).toEqual({ reason: 'session-ended' });
    } finally {
      await quick.close();
    }
  });

  it('open streams end when the app closes, without holding it open', async () => {
    const other = (await buildTestApp()).app;
    const url = await other.listen({ port: 0, host: '127.0.0.1' });
    const c = await openLive(url, (await login(other, acme.adminEmail)).token);
    const started = Date.now();
    await other.close();
    expect(Date.now() - started).toBeLessThan(2000);
    expect((await c.next((f) => f.event === LIVE_FRAME.end)).data).toEqual({ reason: 'shutdown' });
  });
});
