import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { mentionToken } from '@taskhive/contract';
import type { App } from '../../app.ts';
import type { Database } from '../../db/client.ts';
import { notifications, taskWatchers } from '../../db/schema/index.ts';
import type { LiveChange, LiveEvent } from '../../lib/live-events.ts';
import { makeScope } from '../../lib/scope.ts';
import { buildCountingApp, buildTestApp } from '../../test/build-app.ts';
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
import { tasksRepo } from '../tasks/tasks.repo.ts';

let app: App;
let database: Database;
let acme: TestCompany;
let other: TestCompany;
let admin: Session;
let employee: Session;
let employeeEmail: string;
let otherAdmin: Session;
let colleague: Session;
let colleagueEmail: string;
let noRole: Session;
let project: { projectId: string };
let list: { taskListId: string };

beforeAll(async () => {
  ({ app, database } = await buildTestApp());
  ({ acme, other, admin, employee, otherAdmin } = await twoTenants(app, database.db, {
    employee: { firstName: 'Eve', lastName: 'Employee' },
  }));
  employeeEmail = (await loginEmail(employee.userId)) ?? '';
  const c = await buildUser(database.db, acme, { firstName: 'Cole', lastName: 'League' });
  colleagueEmail = c.email;
  colleague = await login(app, c.email);
  noRole = await login(app, (await buildUser(database.db, acme, { role: null })).email);
  project = await buildProject(database.db, acme, {
    name: 'Apollo',
    memberIds: [acme.adminUserId, employee.userId, colleague.userId],
  });
  list = await buildTaskList(database.db, acme, { projectId: project.projectId });
});
afterAll(() => app.close());

async function loginEmail(userId: string) {
  const res = await call('GET', `/api/CompanyUsers/details/user/${userId}`, admin);
  return res.json().data?.email as string | undefined;
}

const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, s?: Session, payload?: unknown) =>
  app.inject({
    method,
    url,
    headers: {
      ...(s ? bearer(s) : {}),
      ...(payload !== undefined ? { 'content-type': 'application/json' } : {}),
    },
    ...(payload !== undefined
      ? { payload: typeof payload === 'string' ? payload : JSON.stringify(payload) }
      : {}),
  });

type Item = {
  notificationId: string;
  kind: string;
  taskId: string | null;
  projectId: string | null;
  title: string;
  detail: string | null;
  readAt: string | null;
  actor: { userId: string; firstName: string };
};

async function inbox(s: Session, query = '') {
  const res = await call('GET', `/api/Notifications${query}`, s);
  expect(res.statusCode).toBe(200);
  return res.json().data as { items: Item[]; totalCount: number; unreadCount: number };
}

/** The notifications about one task in someone's inbox, newest first. */
async function about(s: Session, taskId: string) {
  return (await inbox(s, '?pageSize=200')).items.filter((n) => n.taskId === taskId);
}

async function mailsTo(email: string) {
  await app.jobs.drain();
  return app.mailer.outbox().filter((m) => m.to === email);
}

/**
 * A task made by the factory (no change record), watched as one made through the API would be: by
 * its creator (the admin) and its assignees.
 */
async function newTask(title: string, assigneeIds: string[] = []) {
  const t = await buildTask(database.db, acme, { taskListId: list.taskListId, title, assigneeIds });
  await database.db
    .insert(taskWatchers)
    .values(
      [acme.adminUserId, ...assigneeIds].map((userId) => ({
        companyId: acme.companyId,
        taskId: t.taskId,
        userId,
      })),
    )
    .onConflictDoNothing();
  return t;
}

/** The settings' old fields and one kind's switches. */
const kindOf = (data: { kinds: { kind: string }[] }, kind: string) => data.kinds.find((k) => k.kind === kind);

async function createTask(s: Session, body: Record<string, unknown>) {
  const res = await call('POST', `/api/Tasks/tasklists/${list.taskListId}/tasks`, s, body);
  expect(res.statusCode).toBe(201);
  return res.json().data as { taskId: string };
}

describe('notifications are written with the change', () => {
  it('assigning someone on create notifies them (not the actor), live and by email with the task link', async () => {
    const events: LiveEvent[] = [];
    const off = app.live.subscribe(acme.companyId, (e) => events.push(e));
    const t = await createTask(admin, {
      title: 'Draft the plan',
      assigneeIds: [employee.userId, acme.adminUserId],
    });
    off();
    const mine = await about(employee, t.taskId);
    expect(mine).toHaveLength(1);
    expect(mine[0]).toMatchObject({
      kind: 'assigned',
      title: 'Draft the plan',
      detail: 'Apollo',
      projectId: project.projectId,
      readAt: null,
      actor: { userId: acme.adminUserId, firstName: 'Ada' },
    });
    expect(await about(admin, t.taskId)).toHaveLength(0);
    const live = events.filter((e) => e.type === 'notification');
    expect(live).toEqual([
      expect.objectContaining({
        action: 'created',
        id: mine[0]?.notificationId,
        userIds: [employee.userId],
        taskId: t.taskId,
        projectId: project.projectId,
      }),
    ]);
    const mails = (await mailsTo(employeeEmail)).filter((m) => m.subject.includes('Draft the plan'));
    expect(mails).toHaveLength(1);
    expect(mails[0]?.subject).toBe('Ada Admin assigned you: Draft the plan');
    expect(mails[0]?.text).toContain(`/app/project-detail/${project.projectId}?task=${t.taskId}`);
  });

  it('an update notifies only the newly assigned; a status change its followers once each', async () => {
    const t = await newTask('Ship it', [employee.userId]);
    // The colleague comments, so follows the task.
    expect(
      (await call('POST', `/api/Tasks/${t.taskId}/comments`, colleague, { body: 'On it too' })).statusCode,
    ).toBe(201);
    const inReview = await statusIdOf(database.db, acme.companyId, 'In Review');
    const res = await call('PUT', `/api/Tasks/${t.taskId}`, employee, {
      assigneeIds: [employee.userId, colleague.userId],
      statusId: inReview,
    });
    expect(res.statusCode).toBe(200);
    // The colleague: newly assigned, and a follower: one notification, `assigned`.
    expect((await about(colleague, t.taskId)).map((n) => n.kind)).toEqual(['assigned']);
    // The creator (admin) follows it: the status change, with the new status's name.
    const creator = await about(admin, t.taskId);
    expect(creator.map((n) => [n.kind, n.detail])).toEqual([
      ['status_changed', 'In Review'],
      ['commented', 'On it too'],
    ]);
    // The employee made the change: nothing about it.
    expect((await about(employee, t.taskId)).map((n) => n.kind)).toEqual(['commented']);
    // Assigning the same people again says nothing new.
    await call('PUT', `/api/Tasks/${t.taskId}`, admin, { assigneeIds: [employee.userId, colleague.userId] });
    expect((await about(colleague, t.taskId)).map((n) => n.kind)).toEqual(['assigned']);
  });

  it('a comment mentioning a follower is one `mentioned`; the other followers get `commented`', async () => {
    const t = await newTask('Review the doc', [employee.userId, colleague.userId]);
    const body = `Please look ${mentionToken(employee.userId)}`;
    expect((await call('POST', `/api/Tasks/${t.taskId}/comments`, admin, { body })).statusCode).toBe(201);
    const mentioned = await about(employee, t.taskId);
    expect(mentioned.map((n) => [n.kind, n.detail])).toEqual([['mentioned', 'Please look @Eve Employee']]);
    expect((await about(colleague, t.taskId)).map((n) => n.kind)).toEqual(['commented']);
    expect(await about(admin, t.taskId)).toHaveLength(0);
    const mails = (await mailsTo(employeeEmail)).filter((m) => m.subject.includes('Review the doc'));
    expect(mails.map((m) => m.subject)).toEqual(['Ada Admin mentioned you: Review the doc']);
    expect(mails[0]?.text).toContain('Please look @Eve Employee');
    // Only the mention mails: a `commented` sends none.
    expect((await mailsTo(colleagueEmail)).filter((m) => m.subject.includes('Review the doc'))).toHaveLength(
      0,
    );
  });

  it('an edit that adds a mention notifies only the newly mentioned', async () => {
    const t = await newTask('Edit me');
    const res = await call('POST', `/api/Tasks/${t.taskId}/comments`, admin, {
      body: `Hi ${mentionToken(employee.userId)}`,
    });
    const commentId = res.json().data.commentId as string;
    const edit = await call('PUT', `/api/Comments/${commentId}`, admin, {
      body: `Hi ${mentionToken(employee.userId)} and ${mentionToken(colleague.userId)}`,
    });
    expect(edit.statusCode).toBe(200);
    expect((await about(employee, t.taskId)).map((n) => n.kind)).toEqual(['mentioned']);
    expect((await about(colleague, t.taskId)).map((n) => n.kind)).toEqual(['mentioned']);
  });

  it('a mention in a project comment names the project and links to it', async () => {
    const res = await call('POST', `/api/Project/${project.projectId}/comments`, admin, {
      body: `${mentionToken(colleague.userId)} the kick-off is Monday`,
    });
    expect(res.statusCode).toBe(201);
    const items = (await inbox(colleague, '?pageSize=200')).items.filter(
      (n) => n.taskId === null && n.kind === 'mentioned',
    );
    expect(items).toHaveLength(1);
    expect(items[0]).toMatchObject({ title: 'Apollo', projectId: project.projectId });
    const mail = (await mailsTo(colleagueEmail)).find((m) => m.subject.endsWith('mentioned you: Apollo'));
    expect(mail?.text).toContain(`/app/project-detail/${project.projectId}\n`);
  });

  it('someone else changing or deleting my time entry notifies me; my own changes do not', async () => {
    const t = await newTask('Log here', [employee.userId]);
    const created = await call('POST', '/api/Timelogs', employee, {
      taskId: t.taskId,
      loggedAt: '2026-01-05',
      duration: '01:00',
    });
    expect(created.statusCode).toBe(201);
    const id = created.json().data.timeLogId as string;
    expect((await call('PUT', `/api/Timelogs/${id}`, employee, { duration: '01:30' })).statusCode).toBe(200);
    expect((await about(employee, t.taskId)).filter((n) => n.kind === 'timelog_changed')).toHaveLength(0);
    expect((await call('PUT', `/api/Timelogs/${id}`, admin, { duration: '02:00' })).statusCode).toBe(200);
    expect((await call('DELETE', `/api/Timelogs/${id}`, admin)).statusCode).toBe(200);
    const changed = (await about(employee, t.taskId)).filter((n) => n.kind === 'timelog_changed');
    expect(changed.map((n) => n.detail)).toEqual([
      'Deleted: 2026-01-05, 02:00',
      'Changed: 2026-01-05, 02:00',
    ]);
    expect(changed[0]?.title).toBe('Log here');
  });

  it('a failed transaction leaves no notification and sends no email', async () => {
    const before = (await mailsTo(colleagueEmail)).length;
    // A subtask: its parent's progress is recomputed after the notification is written, in the
    // same transaction, and that step is made to fail.
    const parent = await createTask(admin, { title: 'Parent of the failure' });
    const spy = vi.spyOn(tasksRepo, 'recomputeProgress').mockRejectedValueOnce(new Error('forced failure'));
    const res = await call('POST', `/api/tasks/${parent.taskId}/subtasks`, admin, {
      title: 'Never here',
      assigneeIds: [colleague.userId],
    });
    spy.mockRestore();
    expect(res.statusCode).toBe(500);
    const rows = await database.db.select().from(notifications).where(eq(notifications.title, 'Never here'));
    expect(rows).toHaveLength(0);
    expect(await mailsTo(colleagueEmail)).toHaveLength(before);
  });

  it('switching an email off stops it; the in-app notification stays', async () => {
    const off = await call('PUT', '/api/Notifications/settings', colleague, { emailOnAssigned: false });
    expect(off.statusCode).toBe(200);
    expect(off.json().data).toMatchObject({ emailOnAssigned: false, emailOnMentioned: true });
    expect(kindOf(off.json().data, 'assigned')).toEqual({ kind: 'assigned', inApp: true, email: false });
    const t = await createTask(admin, { title: 'Quiet one', assigneeIds: [colleague.userId] });
    expect((await about(colleague, t.taskId)).map((n) => n.kind)).toEqual(['assigned']);
    expect((await mailsTo(colleagueEmail)).filter((m) => m.subject.includes('Quiet one'))).toHaveLength(0);
    // Mentions still mail.
    await call('POST', `/api/Tasks/${t.taskId}/comments`, admin, {
      body: `${mentionToken(colleague.userId)} hi`,
    });
    expect((await mailsTo(colleagueEmail)).filter((m) => m.subject.includes('Quiet one'))).toHaveLength(1);
    await call('PUT', '/api/Notifications/settings', colleague, { emailOnMentioned: false });
    await call('POST', `/api/Tasks/${t.taskId}/comments`, admin, {
      body: `${mentionToken(colleague.userId)} again`,
    });
    expect((await mailsTo(colleagueEmail)).filter((m) => m.subject.includes('Quiet one'))).toHaveLength(1);
    expect((await about(colleague, t.taskId)).map((n) => n.kind)).toEqual([
      'mentioned',
      'mentioned',
      'assigned',
    ]);
    await call('PUT', '/api/Notifications/settings', colleague, {
      emailOnAssigned: true,
      emailOnMentioned: true,
    });
  });
});

describe('GET /api/Notifications and /unread-count', () => {
  it('401 without a token', async () => {
    expect((await call('GET', '/api/Notifications')).statusCode).toBe(401);
    expect((await call('GET', '/api/Notifications/unread-count')).statusCode).toBe(401);
  });

  it('400 on a bad page, page size or filter', async () => {
    for (const q of ['?page=0', '?pageSize=0', `?pageSize=999`, '?unread=yes', '?page=abc']) {
      const res = await call('GET', `/api/Notifications${q}`, employee);
      expect(res.statusCode, q).toBe(400);
      expect(res.json().errors, q).toBeDefined();
    }
  });

  it('needs no permission (every user has an inbox): a user without a role gets their own, empty', async () => {
    const res = await call('GET', '/api/Notifications', noRole);
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ items: [], totalCount: 0, unreadCount: 0 });
  });

  it('a mention of someone who cannot open the task tells them nothing (no title, no words, no mail)', async () => {
    const outsider = await buildUser(database.db, acme, { role: 'employee', firstName: 'Otto' });
    const reader = await buildUser(database.db, acme, { role: 'manager', firstName: 'Mona' });
    const t = await newTask('Secret plan');
    const res = await call('POST', `/api/Tasks/${t.taskId}/comments`, admin, {
      body: `FYI ${mentionToken(outsider.userId)} ${mentionToken(reader.userId)}`,
    });
    expect(res.statusCode).toBe(201);
    await app.jobs.drain();
    const outsiderSession = await login(app, outsider.email);
    expect((await inbox(outsiderSession)).totalCount).toBe(0);
    const readerSession = await login(app, reader.email);
    expect((await inbox(readerSession)).items.map((n) => [n.kind, n.title])).toEqual([
      ['mentioned', 'Secret plan'],
    ]);
    expect(await mailsTo(outsider.email)).toHaveLength(0);
    expect(await mailsTo(reader.email)).toHaveLength(1);
  });

  it('checks the rights of every mentioned non-member in one query, however many are mentioned', async () => {
    const t = await newTask('Counted mentions');
    const managers = [];
    for (let i = 0; i < 4; i++) managers.push(await buildUser(database.db, acme, { role: 'manager' }));
    const { app: counted, counter } = await buildCountingApp(database);
    try {
      const statementsToMention = async (people: { userId: string }[]) => {
        counter.statements = 0;
        const res = await counted.inject({
          method: 'POST',
          url: `/api/Tasks/${t.taskId}/comments`,
          headers: { ...bearer(admin), 'content-type': 'application/json' },
          payload: JSON.stringify({ body: `Note ${people.map((p) => mentionToken(p.userId)).join(' ')}` }),
        });
        expect(res.statusCode).toBe(201);
        // The request's statements only: the mails it enqueued are sent by jobs after the answer.
        const statements = counter.statements;
        await counted.jobs.drain();
        return statements;
      };
      await statementsToMention([]); // warms the session cache
      const one = await statementsToMention(managers.slice(0, 1));
      const three = await statementsToMention(managers.slice(1, 4));
      expect(three).toBe(one);
    } finally {
      await counted.close();
    }
  });

  it("lists only the caller's own, newest first, paged, with the unread filter and count", async () => {
    // A manager (project:read:all) may open every project's tasks, so each mention reaches them.
    const owner = await login(app, (await buildUser(database.db, acme, { role: 'manager' })).email);
    const t = await newTask('Paging');
    for (const body of ['one', 'two', 'three'])
      await call('POST', `/api/Tasks/${t.taskId}/comments`, admin, {
        body: `${mentionToken(owner.userId)} ${body}`,
      });
    const page1 = await inbox(owner, '?pageSize=2');
    expect(page1.totalCount).toBe(3);
    expect(page1.unreadCount).toBe(3);
    expect(page1.items.map((n) => n.detail)).toEqual(['@Test User three', '@Test User two']);
    const page2 = await inbox(owner, '?pageSize=2&page=2');
    expect(page2.items.map((n) => n.detail)).toEqual(['@Test User one']);
    const first = page2.items[0]?.notificationId ?? '';
    expect((await call('PUT', `/api/Notifications/${first}/read`, owner)).json().data).toEqual({
      unreadCount: 2,
    });
    const unread = await inbox(owner, '?unread=true');
    expect(unread.totalCount).toBe(2);
    expect(unread.items.every((n) => n.readAt === null)).toBe(true);
    const count = await call('GET', '/api/Notifications/unread-count', owner);
    expect(count.json().data).toEqual({ unreadCount: 2 });
    // Nobody else sees them: another user of the company, another company's admin.
    expect((await inbox(otherAdmin)).items.some((n) => n.taskId === t.taskId)).toBe(false);
    expect((await inbox(colleague, '?pageSize=200')).items.some((n) => n.detail?.includes('three'))).toBe(
      false,
    );
  });
});

describe('PUT /api/Notifications/{id}/read and /read-all', () => {
  let mineId: string;
  let theirsId: string;

  beforeAll(async () => {
    const t = await newTask('To read');
    await call('POST', `/api/Tasks/${t.taskId}/comments`, admin, {
      body: `${mentionToken(employee.userId)} x`,
    });
    mineId = (await about(employee, t.taskId))[0]?.notificationId ?? '';
    // A notification in the other company (to a member of the project: only they are told).
    const someone = await buildUser(database.db, other);
    const p = await buildProject(database.db, other, { memberIds: [other.adminUserId, someone.userId] });
    const l = await buildTaskList(database.db, other, { projectId: p.projectId });
    const ot = await buildTask(database.db, other, { taskListId: l.taskListId });
    await call('POST', `/api/Tasks/${ot.taskId}/comments`, otherAdmin, {
      body: `${mentionToken(someone.userId)} y`,
    });
    const [row] = await database.db
      .select({ id: notifications.id })
      .from(notifications)
      .where(eq(notifications.taskId, ot.taskId));
    theirsId = row?.id ?? '';
    expect(mineId).not.toBe('');
    expect(theirsId).not.toBe('');
  });

  it('401 without a token', async () => {
    expect((await call('PUT', `/api/Notifications/${mineId}/read`)).statusCode).toBe(401);
    expect((await call('PUT', '/api/Notifications/read-all')).statusCode).toBe(401);
  });

  it('400 on an id that is not a uuid', async () => {
    const res = await call('PUT', '/api/Notifications/not-a-uuid/read', employee);
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toHaveProperty('id');
  });

  it("404 for another company's notification and for another user's of the same company", async () => {
    expect((await call('PUT', `/api/Notifications/${theirsId}/read`, employee)).statusCode).toBe(404);
    expect((await call('PUT', `/api/Notifications/${mineId}/read`, colleague)).statusCode).toBe(404);
    expect((await call('PUT', `/api/Notifications/${mineId}/read`, otherAdmin)).statusCode).toBe(404);
    const [row] = await database.db.select().from(notifications).where(eq(notifications.id, mineId));
    expect(row?.readAt).toBeNull();
  });

  it('needs no permission: a user without a role marks their own (none) read', async () => {
    const res = await call('PUT', '/api/Notifications/read-all', noRole);
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual({ marked: 0 });
  });

  it("marks one read (keeping the first time), then all; only the caller's", async () => {
    const res = await call('PUT', `/api/Notifications/${mineId}/read`, employee);
    expect(res.statusCode).toBe(200);
    const [first] = await database.db.select().from(notifications).where(eq(notifications.id, mineId));
    expect(first?.readAt).toBeInstanceOf(Date);
    await call('PUT', `/api/Notifications/${mineId}/read`, employee);
    const [again] = await database.db.select().from(notifications).where(eq(notifications.id, mineId));
    expect(again?.readAt?.getTime()).toBe(first?.readAt?.getTime());

    const colleagueUnread = (await inbox(colleague)).unreadCount;
    expect((await inbox(employee)).unreadCount).toBeGreaterThan(0);
    const all = await call('PUT', '/api/Notifications/read-all', employee);
    expect(all.statusCode).toBe(200);
    expect(all.json().data.marked).toBeGreaterThan(0);
    expect((await inbox(employee)).unreadCount).toBe(0);
    expect((await inbox(colleague)).unreadCount).toBe(colleagueUnread);
    const [theirs] = await database.db.select().from(notifications).where(eq(notifications.id, theirsId));
    expect(theirs?.readAt).toBeNull();
  });
});

describe('GET/PUT /api/Notifications/settings', () => {
  it('401 without a token', async () => {
    expect((await call('GET', '/api/Notifications/settings')).statusCode).toBe(401);
    expect(
      (await call('PUT', '/api/Notifications/settings', undefined, { emailOnAssigned: false })).statusCode,
    ).toBe(401);
  });

  it('400 on an empty body or a value that is not a boolean', async () => {
    const empty = await call('PUT', '/api/Notifications/settings', employee, {});
    expect(empty.statusCode).toBe(400);
    const bad = await call('PUT', '/api/Notifications/settings', employee, { emailOnAssigned: 'no\u0000' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toHaveProperty('emailOnAssigned');
  });

  it('needs no permission: a user without a role has and changes their own switches', async () => {
    expect((await call('GET', '/api/Notifications/settings', noRole)).json().data).toMatchObject({
      emailOnAssigned: true,
      emailOnMentioned: true,
    });
    const res = await call('PUT', '/api/Notifications/settings', noRole, { emailOnMentioned: false });
    expect(res.statusCode).toBe(200);
  });

  it("defaults to every email on; a change keeps the other switch and touches only the caller's", async () => {
    const u = await login(app, (await buildUser(database.db, acme)).email);
    expect((await call('GET', '/api/Notifications/settings', u)).json().data).toMatchObject({
      emailOnAssigned: true,
      emailOnMentioned: true,
    });
    await call('PUT', '/api/Notifications/settings', u, { emailOnMentioned: false });
    await call('PUT', '/api/Notifications/settings', u, { emailOnAssigned: false });
    expect((await call('GET', '/api/Notifications/settings', u)).json().data).toMatchObject({
      emailOnAssigned: false,
      emailOnMentioned: false,
    });
    // Across tenants: the other company's admin still has the defaults.
    expect((await call('GET', '/api/Notifications/settings', otherAdmin)).json().data).toMatchObject({
      emailOnAssigned: true,
      emailOnMentioned: true,
    });
  });
});

describe('notifications follow from the change record (change-subscribers.ts)', () => {
  it("any transaction that records a task's new status tells its followers; one that fails tells no one", async () => {
    const t = await newTask('Recorded anywhere', [employee.userId]);
    // No service here: a bare transaction that only records what changed.
    const scope = makeScope(database.db, {
      userId: acme.adminUserId,
      companyId: acme.companyId,
      sessionId: '',
      role: 'admin',
      isSuperAdmin: false,
      permissions: new Set(),
    });
    const statusChange = (to: string): LiveChange => ({
      type: 'task',
      action: 'updated',
      id: t.taskId,
      projectId: project.projectId,
      fields: [{ field: 'status', from: 'Open', to }],
    });
    await scope.transaction(async (tx) => tx.emit(statusChange('Completed')));
    expect((await about(employee, t.taskId)).map((n) => [n.kind, n.detail])).toEqual([
      ['status_changed', 'Completed'],
    ]);
    await expect(
      scope.transaction(async (tx) => {
        tx.emit(statusChange('Cancelled'));
        throw new Error('refused');
      }),
    ).rejects.toThrow('refused');
    expect(await about(employee, t.taskId)).toHaveLength(1);
    // The actor is never told of their own change.
    expect(await about(admin, t.taskId)).toHaveLength(0);
  });
});
