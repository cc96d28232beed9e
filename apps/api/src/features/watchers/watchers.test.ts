import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { EMAIL_BY_DEFAULT, mentionToken, NOTIFICATION_KINDS } from '@taskhive/contract';
import type { App } from '../../app.ts';
import type { Database } from '../../db/client.ts';
import { notifications, taskWatchers } from '../../db/schema/index.ts';
import { buildTestApp } from '../../test/build-app.ts';
import {
  bearer,
  buildProject,
  buildTask,
  buildTaskList,
  buildUser,
  login,
  type Session,
  statusIdOf,
  type TestCompany,
  twoTenants,
} from '../../test/factories.ts';
import { notificationsRepo } from '../notifications/notifications.repo.ts';

/**
 * Issue 23, watch/unwatch: the endpoints, who becomes a watcher by the change record, who hears of
 * a task's changes (its watchers who may read it, never the actor), and each kind's switches.
 */

let app: App;
let database: Database;
let acme: TestCompany;
let other: TestCompany;
let admin: Session;
let employee: Session;
let otherAdmin: Session;
let colleague: Session;
let colleagueEmail: string;
let outsider: Session;
let noRole: Session;
let project: { projectId: string };
let list: { taskListId: string };
let otherTaskId: string;

beforeAll(async () => {
  ({ app, database } = await buildTestApp());
  ({ acme, other, admin, employee, otherAdmin } = await twoTenants(app, database.db, {
    employee: { firstName: 'Eve', lastName: 'Employee' },
  }));
  const c = await buildUser(database.db, acme, { firstName: 'Cole', lastName: 'League' });
  colleagueEmail = c.email;
  colleague = await login(app, c.email);
  // An employee outside the project: may not read its tasks.
  outsider = await login(app, (await buildUser(database.db, acme, { firstName: 'Otto' })).email);
  noRole = await login(app, (await buildUser(database.db, acme, { role: null })).email);
  project = await buildProject(database.db, acme, {
    name: 'Apollo',
    memberIds: [acme.adminUserId, employee.userId, colleague.userId, noRole.userId],
  });
  list = await buildTaskList(database.db, acme, { projectId: project.projectId });
  const op = await buildProject(database.db, other, { memberIds: [other.adminUserId] });
  const ol = await buildTaskList(database.db, other, { projectId: op.projectId });
  otherTaskId = (await buildTask(database.db, other, { taskListId: ol.taskListId })).taskId;
});
afterAll(() => app.close());

const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, s?: Session, payload?: unknown) =>
  app.inject({
    method,
    url,
    headers: {
      ...(s ? bearer(s) : {}),
      ...(payload !== undefined ? { 'content-type': 'application/json' } : {}),
    },
    ...(payload !== undefined ? { payload: JSON.stringify(payload) } : {}),
  });

async function createTask(s: Session, body: Record<string, unknown>) {
  const res = await call('POST', `/api/Tasks/tasklists/${list.taskListId}/tasks`, s, body);
  expect(res.statusCode).toBe(201);
  return (res.json().data as { taskId: string }).taskId;
}

/** Who watches a task, straight from the table. */
async function watcherIds(taskId: string) {
  const rows = await database.db
    .select({ userId: taskWatchers.userId })
    .from(taskWatchers)
    .where(eq(taskWatchers.taskId, taskId));
  return rows.map((r) => r.userId).sort();
}

/** The notifications about one task in someone's inbox, newest first: [kind, detail]. */
async function about(s: Session, taskId: string) {
  const res = await call('GET', '/api/Notifications?pageSize=100', s);
  expect(res.statusCode).toBe(200);
  return (res.json().data.items as { kind: string; detail: string | null; taskId: string | null }[])
    .filter((n) => n.taskId === taskId)
    .map((n) => [n.kind, n.detail]);
}

const sorted = (...ids: string[]) => [...ids].sort();

async function moveTo(s: Session, taskId: string, status: string) {
  return call('PUT', `/api/Tasks/${taskId}`, s, {
    statusId: await statusIdOf(database.db, acme.companyId, status),
  });
}

describe('POST/DELETE /api/Tasks/{id}/watch, GET /api/Tasks/{id}/watchers', () => {
  let taskId: string;
  beforeAll(async () => {
    taskId = (await buildTask(database.db, acme, { taskListId: list.taskListId, title: 'Watch me' })).taskId;
  });

  it('401 without a token', async () => {
    expect((await call('POST', `/api/Tasks/${taskId}/watch`)).statusCode).toBe(401);
    expect((await call('DELETE', `/api/Tasks/${taskId}/watch`)).statusCode).toBe(401);
    expect((await call('GET', `/api/Tasks/${taskId}/watchers`)).statusCode).toBe(401);
  });

  it('400 on an id that is not a uuid', async () => {
    for (const [method, url] of [
      ['POST', '/api/Tasks/nope/watch'],
      ['DELETE', '/api/Tasks/nope/watch'],
      ['GET', '/api/Tasks/nope/watchers'],
    ] as const) {
      const res = await call(method, url, employee);
      expect(res.statusCode, `${method} ${url}`).toBe(400);
      expect(res.json().errors).toHaveProperty('id');
    }
  });

  it('403 without task:read, and nothing is written', async () => {
    expect((await call('POST', `/api/Tasks/${taskId}/watch`, noRole)).statusCode).toBe(403);
    expect((await call('DELETE', `/api/Tasks/${taskId}/watch`, noRole)).statusCode).toBe(403);
    expect((await call('GET', `/api/Tasks/${taskId}/watchers`, noRole)).statusCode).toBe(403);
    expect(await watcherIds(taskId)).toEqual([]);
  });

  it("404 for another company's task and for a task outside the caller's reach", async () => {
    for (const s of [employee, admin]) {
      expect((await call('POST', `/api/Tasks/${otherTaskId}/watch`, s)).statusCode).toBe(404);
      expect((await call('GET', `/api/Tasks/${otherTaskId}/watchers`, s)).statusCode).toBe(404);
      expect((await call('DELETE', `/api/Tasks/${otherTaskId}/watch`, s)).statusCode).toBe(404);
    }
    expect((await call('POST', `/api/Tasks/${taskId}/watch`, outsider)).statusCode).toBe(404);
    expect((await call('GET', `/api/Tasks/${taskId}/watchers`, outsider)).statusCode).toBe(404);
    expect(await watcherIds(otherTaskId)).toEqual([]);
    expect(await watcherIds(taskId)).toEqual([]);
  });

  it('watch, list, watch again (no double), unwatch: each answers the count and the names', async () => {
    const first = await call('POST', `/api/Tasks/${taskId}/watch`, employee);
    expect(first.statusCode).toBe(200);
    expect(first.json().data).toMatchObject({
      taskId,
      watching: true,
      count: 1,
      watchers: [{ userId: employee.userId, firstName: 'Eve', lastName: 'Employee' }],
    });
    expect((await call('POST', `/api/Tasks/${taskId}/watch`, employee)).json().data.count).toBe(1);
    await call('POST', `/api/Tasks/${taskId}/watch`, colleague);
    const seen = await call('GET', `/api/Tasks/${taskId}/watchers`, admin);
    expect(seen.statusCode).toBe(200);
    expect(seen.json().data).toMatchObject({ watching: false, count: 2 });
    expect(seen.json().data.watchers.map((w: { firstName: string }) => w.firstName)).toEqual(['Cole', 'Eve']);
    const off = await call('DELETE', `/api/Tasks/${taskId}/watch`, employee);
    expect(off.statusCode).toBe(200);
    expect(off.json().data).toMatchObject({ watching: false, count: 1 });
    expect(await watcherIds(taskId)).toEqual([colleague.userId]);
    // Unwatching what one does not watch is no error.
    expect((await call('DELETE', `/api/Tasks/${taskId}/watch`, employee)).statusCode).toBe(200);
    // Another company's admin does not reach these rows (and they stay).
    expect((await call('DELETE', `/api/Tasks/${taskId}/watch`, otherAdmin)).statusCode).toBe(404);
    expect(await watcherIds(taskId)).toEqual([colleague.userId]);
  });
});

describe('auto-watch, derived from the change record', () => {
  it('the creator of a task watches it (the one-statement create too); its assignees do', async () => {
    const plain = await createTask(admin, { title: 'Fast create' });
    expect(await watcherIds(plain)).toEqual([acme.adminUserId]);
    const assigned = await createTask(admin, { title: 'With people', assigneeIds: [employee.userId] });
    expect(await watcherIds(assigned)).toEqual(sorted(acme.adminUserId, employee.userId));
  });

  it('an update that assigns someone, a comment and a mention make watchers; nothing else does', async () => {
    const taskId = await createTask(admin, { title: 'Grows' });
    expect((await call('PUT', `/api/Tasks/${taskId}`, admin, { title: 'Grows more' })).statusCode).toBe(200);
    expect(await watcherIds(taskId)).toEqual([acme.adminUserId]);
    await call('PUT', `/api/Tasks/${taskId}`, admin, { assigneeIds: [employee.userId] });
    expect(await watcherIds(taskId)).toEqual(sorted(acme.adminUserId, employee.userId));
    const comment = await call('POST', `/api/Tasks/${taskId}/comments`, noRole, { body: 'x' });
    expect(comment.statusCode).toBe(403);
    const mention = await call('POST', `/api/Tasks/${taskId}/comments`, employee, {
      body: `Over to ${mentionToken(colleague.userId)}`,
    });
    expect(mention.statusCode).toBe(201);
    expect(await watcherIds(taskId)).toEqual(sorted(acme.adminUserId, employee.userId, colleague.userId));
  });

  it('a failed change makes no watcher', async () => {
    const taskId = await createTask(admin, { title: 'Refused' });
    const res = await call('PUT', `/api/Tasks/${taskId}`, noRole, { assigneeIds: [colleague.userId] });
    expect(res.statusCode).toBe(403);
    expect(await watcherIds(taskId)).toEqual([acme.adminUserId]);
  });
});

describe("who hears of a task's changes: its watchers who may read it, never the actor", () => {
  it('a status move notifies the watchers only; an unwatched task tells its former watcher nothing', async () => {
    const taskId = await createTask(admin, { title: 'Moving' });
    // The employee and the colleague are members; only the colleague watches.
    await call('POST', `/api/Tasks/${taskId}/watch`, colleague);
    expect((await moveTo(employee, taskId, 'In Progress')).statusCode).toBe(200);
    expect(await about(colleague, taskId)).toEqual([['status_changed', 'In Progress']]);
    expect(await about(admin, taskId)).toEqual([['status_changed', 'In Progress']]);
    // The actor (who does not watch) and a member who does not watch: nothing.
    expect(await about(employee, taskId)).toEqual([]);
    // The colleague moves it: the admin hears, the colleague (actor, a watcher) does not.
    await moveTo(colleague, taskId, 'In Review');
    expect(await about(colleague, taskId)).toHaveLength(1);
    expect((await about(admin, taskId))[0]).toEqual(['status_changed', 'In Review']);
    await call('DELETE', `/api/Tasks/${taskId}/watch`, colleague);
    await moveTo(admin, taskId, 'Completed');
    expect(await about(colleague, taskId)).toHaveLength(1);
  });

  it('a watcher who may no longer read the task hears nothing', async () => {
    const taskId = await createTask(admin, { title: 'Members only' });
    const leaver = await buildUser(database.db, acme, { firstName: 'Leo' });
    const leaverSession = await login(app, leaver.email);
    expect(
      (await call('POST', `/api/Project/${project.projectId}/members`, admin, { userId: leaver.userId }))
        .statusCode,
    ).toBe(201);
    expect((await call('POST', `/api/Tasks/${taskId}/watch`, leaverSession)).statusCode).toBe(200);
    await moveTo(employee, taskId, 'In Progress');
    expect(await about(leaverSession, taskId)).toEqual([['status_changed', 'In Progress']]);
    expect(
      (await call('DELETE', `/api/Project/${project.projectId}/members/${leaver.userId}`, admin)).statusCode,
    ).toBe(200);
    await moveTo(employee, taskId, 'In Review');
    expect(await about(leaverSession, taskId)).toHaveLength(1);
  });

  it('an edit and a due date tell the watchers what changed; a comment tells them as before', async () => {
    const taskId = await createTask(admin, { title: 'Edited' });
    await call('PUT', `/api/Tasks/${taskId}`, employee, { title: 'Edited again', description: 'More' });
    expect(await about(admin, taskId)).toEqual([['task_edited', 'title, description']]);
    await call('PUT', `/api/Tasks/${taskId}`, employee, { dueDate: '2026-12-24' });
    expect((await about(admin, taskId))[0]).toEqual(['due_date_changed', '2026-12-24']);
    await call('POST', `/api/Tasks/${taskId}/comments`, employee, { body: 'Done soon' });
    expect((await about(admin, taskId))[0]).toEqual(['commented', 'Done soon']);
  });

  it('a refused status move (403) notifies nobody', async () => {
    const taskId = await createTask(admin, { title: 'Refused move' });
    expect((await moveTo(noRole, taskId, 'Completed')).statusCode).toBe(403);
    expect(await about(admin, taskId)).toEqual([]);
    const [row] = await database.db
      .select({ id: notifications.id })
      .from(notifications)
      .where(and(eq(notifications.taskId, taskId), eq(notifications.companyId, acme.companyId)));
    expect(row).toBeUndefined();
  });
});

describe('settings per kind', () => {
  it('400 on an unknown kind or a switch that is not a boolean; answers every kind with its defaults', async () => {
    const bad = await call('PUT', '/api/Notifications/settings', employee, {
      kinds: [{ kind: 'everything', inApp: false }],
    });
    expect(bad.statusCode).toBe(400);
    const notBool = await call('PUT', '/api/Notifications/settings', employee, {
      kinds: [{ kind: 'commented', email: 'yes' }],
    });
    expect(notBool.statusCode).toBe(400);
    expect((await call('PUT', '/api/Notifications/settings', employee, { kinds: [] })).statusCode).toBe(400);
    const u = await login(app, (await buildUser(database.db, acme)).email);
    const kinds = (await call('GET', '/api/Notifications/settings', u)).json().data.kinds;
    // Every kind, in the catalogue's order: in-app on; email on only for the defaults' kinds.
    expect(kinds).toEqual(
      NOTIFICATION_KINDS.map((kind) => ({ kind, inApp: true, email: EMAIL_BY_DEFAULT.includes(kind) })),
    );
    for (const kind of ['assigned', 'mentioned'])
      expect(kinds).toContainEqual({ kind, inApp: true, email: true });
    for (const kind of ['commented', 'status_changed', 'task_edited', 'due_date_changed', 'timelog_changed'])
      expect(kinds).toContainEqual({ kind, inApp: true, email: false });
  });

  it('in-app off: no notification row; on again: the next one is there', async () => {
    const taskId = await createTask(admin, { title: 'Quiet moves' });
    const off = await call('PUT', '/api/Notifications/settings', admin, {
      kinds: [{ kind: 'status_changed', inApp: false }],
    });
    expect(off.statusCode).toBe(200);
    expect(off.json().data.kinds).toContainEqual({ kind: 'status_changed', inApp: false, email: false });
    // Another kind, and another user, keep theirs.
    expect(off.json().data.kinds).toContainEqual({ kind: 'commented', inApp: true, email: false });
    await moveTo(employee, taskId, 'In Progress');
    expect(await about(admin, taskId)).toEqual([]);
    await call('POST', `/api/Tasks/${taskId}/comments`, employee, { body: 'Still here' });
    expect(await about(admin, taskId)).toEqual([['commented', 'Still here']]);
    await call('PUT', '/api/Notifications/settings', admin, {
      kinds: [{ kind: 'status_changed', inApp: true }],
    });
    await moveTo(employee, taskId, 'In Review');
    expect((await about(admin, taskId))[0]).toEqual(['status_changed', 'In Review']);
  });

  it('email off: no mail job; email on for a kind that is off by default: the job, and the mail', async () => {
    await app.jobs.drain(); // the mails of the tests before
    const mailRows = vi.spyOn(notificationsRepo, 'mailRows');
    try {
      const taskId = await createTask(admin, { title: 'Mail me moves' });
      await call('POST', `/api/Tasks/${taskId}/watch`, colleague);
      // Default: status changes are in-app only.
      await moveTo(employee, taskId, 'In Progress');
      await app.jobs.drain();
      expect(mailRows).not.toHaveBeenCalled();
      const on = await call('PUT', '/api/Notifications/settings', colleague, {
        kinds: [{ kind: 'status_changed', email: true }],
      });
      expect(on.json().data.kinds).toContainEqual({ kind: 'status_changed', inApp: true, email: true });
      await moveTo(employee, taskId, 'In Review');
      await app.jobs.drain();
      expect(mailRows).toHaveBeenCalledTimes(1);
      const mails = app.mailer
        .outbox()
        .filter((m) => m.to === colleagueEmail && m.subject.includes('Mail me'));
      expect(mails.map((m) => m.subject)).toEqual(['Mail me moves: In Review']);
      expect(mails[0]?.text).toContain('Eve Employee moved "Mail me moves" to In Review.');
      // The old field switches the `assigned` email off: assigning sends no job.
      await call('PUT', '/api/Notifications/settings', colleague, { emailOnAssigned: false });
      mailRows.mockClear();
      await call('PUT', `/api/Tasks/${taskId}`, employee, { assigneeIds: [colleague.userId] });
      await app.jobs.drain();
      expect(mailRows).not.toHaveBeenCalled();
      expect((await about(colleague, taskId))[0]).toEqual(['assigned', 'Apollo']);
    } finally {
      mailRows.mockRestore();
    }
  });
});
