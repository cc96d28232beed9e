import { and, eq, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { MESSAGES, mentionToken } from '@taskhive/contract';
import type { App } from '../../app.ts';
import type { Database } from '../../db/client.ts';
import { activities, comments } from '../../db/schema/index.ts';
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
import { tasksRepo } from '../tasks/tasks.repo.ts';

let app: App;
let database: Database;
let acme: TestCompany;
let other: TestCompany;
let admin: Session;
let employee: Session;
let employeeId: string;
let otherAdmin: Session;
let outsider: Session;
let noRights: Session;
let project: { projectId: string };
let task: { taskId: string };
let theirTask: { taskId: string };
let theirProject: { projectId: string };

beforeAll(async () => {
  ({ app, database } = await buildTestApp());
  ({ acme, other, admin, employee, employeeId, otherAdmin } = await twoTenants(app, database.db, {
    employee: { firstName: 'Ada', lastName: 'Lovelace' },
  }));
  outsider = await login(app, (await buildUser(database.db, acme)).email);
  noRights = await login(app, (await buildUser(database.db, acme, { role: null })).email);
  project = await buildProject(database.db, acme, { memberIds: [acme.adminUserId, employeeId] });
  const list = await buildTaskList(database.db, acme, { projectId: project.projectId });
  task = await buildTask(database.db, acme, { taskListId: list.taskListId, title: 'Write the brief' });
  theirProject = await buildProject(database.db, other, { memberIds: [other.adminUserId] });
  const theirList = await buildTaskList(database.db, other, { projectId: theirProject.projectId });
  theirTask = await buildTask(database.db, other, { taskListId: theirList.taskListId });
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
    ...(payload !== undefined
      ? { payload: typeof payload === 'string' ? payload : JSON.stringify(payload) }
      : {}),
  });

async function post(s: Session, body: string, url = `/api/Tasks/${task.taskId}/comments`) {
  const res = await call('POST', url, s, { body });
  expect(res.statusCode).toBe(201);
  return res.json().data as { commentId: string; editedAt: string | null };
}

describe('comments on a task', () => {
  const url = () => `/api/Tasks/${task.taskId}/comments`;

  it('401 without a token, 403 without the permission, 404 across tenants and outside the reach', async () => {
    expect((await call('GET', url())).statusCode).toBe(401);
    expect((await call('POST', url(), undefined, { body: 'x' })).statusCode).toBe(401);
    expect((await call('GET', url(), noRights)).statusCode).toBe(403);
    expect((await call('POST', url(), noRights, { body: 'x' })).statusCode).toBe(403);
    expect((await call('GET', `/api/Tasks/${theirTask.taskId}/comments`, admin)).statusCode).toBe(404);
    const cross = await call('POST', `/api/Tasks/${theirTask.taskId}/comments`, admin, { body: 'x' });
    expect(cross.statusCode).toBe(404);
    expect(cross.json().data).toBeNull();
    // An Employee who is not a member of the project does not see its tasks.
    expect((await call('GET', url(), outsider)).statusCode).toBe(404);
    expect((await call('POST', url(), outsider, { body: 'x' })).statusCode).toBe(404);
  });

  it('400 on an empty, blank or NUL body, or no body at all, with field errors', async () => {
    for (const body of ['', '   ', 'a\u0000b']) {
      const res = await call('POST', url(), employee, { body });
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().errors.body).toBeDefined();
    }
    expect((await call('POST', url(), employee, {})).statusCode).toBe(400);
    expect((await call('POST', url(), employee, '')).statusCode).toBe(400);
    expect((await call('GET', '/api/Tasks/not-a-uuid/comments', employee)).statusCode).toBe(400);
  });

  it('posts with a mention stored as the id, lists it with the author and the mentioned names', async () => {
    const body = `**Ready** for review, ${mentionToken(acme.adminUserId)}?`;
    const res = await call('POST', url(), employee, { body });
    expect(res.statusCode).toBe(201);
    expect(res.json().message).toBe(MESSAGES.comments.created);
    const c = res.json().data;
    expect(c.body).toBe(body);
    expect(c.taskId).toBe(task.taskId);
    expect(c.author).toMatchObject({ userId: employeeId, firstName: 'Ada', lastName: 'Lovelace' });
    expect(c.mentions.map((m: { userId: string }) => m.userId)).toEqual([acme.adminUserId]);
    expect(c.editedAt).toBeNull();
    const [stored] = await database.db.select().from(comments).where(eq(comments.id, c.commentId));
    expect(stored?.companyId).toBe(acme.companyId);
    expect(stored?.body).toContain(`@[${acme.adminUserId}]`);

    const listed = (await call('GET', url(), admin)).json().data;
    expect(listed.items.map((i: { commentId: string }) => i.commentId)).toContain(c.commentId);
  });

  it("refuses a mention of another company's user or of an unknown user with 400", async () => {
    for (const id of [other.adminUserId, '00000000-0000-4000-8000-000000000001']) {
      const res = await call('POST', url(), employee, { body: `hi ${mentionToken(id)}` });
      expect(res.statusCode).toBe(400);
      expect(res.json().errors.body).toEqual([MESSAGES.comments.mentionUnknown]);
    }
    const inactive = await buildUser(database.db, acme, { status: 'inactive' });
    expect((await call('POST', url(), employee, { body: mentionToken(inactive.userId) })).statusCode).toBe(
      400,
    );
  });
});

describe('comments on a project', () => {
  it('401, 403, 400, cross-tenant 404 and the happy path', async () => {
    const url = `/api/Project/${project.projectId}/comments`;
    expect((await call('GET', url)).statusCode).toBe(401);
    expect((await call('POST', url, noRights, { body: 'x' })).statusCode).toBe(403);
    expect((await call('POST', url, employee, { body: '' })).statusCode).toBe(400);
    expect((await call('GET', `/api/Project/${theirProject.projectId}/comments`, admin)).statusCode).toBe(
      404,
    );
    expect(
      (await call('POST', `/api/Project/${theirProject.projectId}/comments`, admin, { body: 'x' }))
        .statusCode,
    ).toBe(404);
    const c = await post(employee, 'Kick-off on *Monday*', url);
    const listed = (await call('GET', url, admin)).json().data;
    expect(listed.items).toHaveLength(1);
    expect(listed.items[0]).toMatchObject({
      commentId: c.commentId,
      projectId: project.projectId,
      taskId: null,
    });
    const [act] = await database.db
      .select()
      .from(activities)
      .where(
        and(
          eq(activities.projectId, project.projectId),
          eq(activities.field, 'comment'),
          isNull(activities.taskId),
        ),
      );
    expect(act).toMatchObject({ taskId: null, toValue: 'added', companyId: acme.companyId });
  });
});

describe('editing and deleting a comment', () => {
  it('401, 400, 403 for someone else, 404 across tenants; the author edits and gets the edited mark', async () => {
    const c = await post(employee, 'first draft');
    const url = `/api/Comments/${c.commentId}`;
    expect((await call('PUT', url, undefined, { body: 'x' })).statusCode).toBe(401);
    expect((await call('PUT', url, employee, { body: '' })).statusCode).toBe(400);
    expect((await call('PUT', url, employee, { body: 'x\u0000' })).statusCode).toBe(400);
    expect((await call('PUT', url, employee, {})).statusCode).toBe(400);
    expect((await call('PUT', url, noRights, { body: 'x' })).statusCode).toBe(403);
    // The admin may read it but not rewrite it.
    const notYours = await call('PUT', url, admin, { body: 'rewritten' });
    expect(notYours.statusCode).toBe(403);
    expect(notYours.json().message).toBe(MESSAGES.comments.notYours);
    expect((await call('PUT', url, otherAdmin, { body: 'x' })).statusCode).toBe(404);
    expect((await call('DELETE', url, otherAdmin)).statusCode).toBe(404);
    expect((await call('PUT', url, outsider, { body: 'x' })).statusCode).toBe(404);
    expect(
      (await call('PUT', url, employee, { body: `with ${mentionToken(other.adminUserId)}` })).statusCode,
    ).toBe(400);

    const edited = await call('PUT', url, employee, { body: 'final words' });
    expect(edited.statusCode).toBe(200);
    expect(edited.json().data.body).toBe('final words');
    expect(edited.json().data.editedAt).not.toBeNull();
  });

  it('the author deletes their own; an Employee cannot delete another comment; the admin deletes any', async () => {
    const mine = await post(employee, 'mine');
    const theirs = await post(admin, 'the admin speaks');
    expect((await call('DELETE', `/api/Comments/${mine.commentId}`)).statusCode).toBe(401);
    expect((await call('DELETE', `/api/Comments/${mine.commentId}`, noRights)).statusCode).toBe(403);
    expect((await call('DELETE', `/api/Comments/${theirs.commentId}`, employee)).statusCode).toBe(403);
    expect((await call('DELETE', `/api/Comments/${mine.commentId}`, employee)).statusCode).toBe(200);
    const other2 = await post(employee, 'to be moderated');
    const res = await call('DELETE', `/api/Comments/${other2.commentId}`, admin);
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual({ commentId: other2.commentId });
    const left = await database.db.select().from(comments).where(eq(comments.id, other2.commentId));
    expect(left).toHaveLength(0);
    expect((await call('DELETE', `/api/Comments/${other2.commentId}`, admin)).statusCode).toBe(404);
  });
});

describe('activity and the timeline', () => {
  it('records each changed field once with from and to, and merges it with comments, newest last', async () => {
    const list = await buildTaskList(database.db, acme, { projectId: project.projectId });
    const created = await call('POST', `/api/Tasks/tasklists/${list.taskListId}/tasks`, admin, {
      title: 'Timeline task',
    });
    expect(created.statusCode).toBe(201);
    const id = created.json().data.taskId as string;
    const inProgress = await statusIdOf(database.db, acme.companyId, 'In Progress');
    await post(employee, `Starting now ${mentionToken(acme.adminUserId)}`, `/api/Tasks/${id}/comments`);
    const put = await call('PUT', `/api/Tasks/${id}`, employee, {
      statusId: inProgress,
      title: 'Timeline task, renamed',
      assigneeIds: [employeeId],
    });
    expect(put.statusCode).toBe(200);

    const rows = await database.db.select().from(activities).where(eq(activities.taskId, id));
    const byField = new Map(rows.map((r) => [r.field, r]));
    expect(rows.filter((r) => r.field === 'status')).toHaveLength(1);
    expect(byField.get('status')).toMatchObject({
      fromValue: 'Not Started',
      toValue: 'In Progress',
      actorId: employeeId,
    });
    expect(byField.get('title')).toMatchObject({
      fromValue: 'Timeline task',
      toValue: 'Timeline task, renamed',
    });
    expect(byField.get('assignees')).toMatchObject({ fromValue: null, toValue: 'Ada Lovelace' });
    expect(byField.get('created')).toMatchObject({ toValue: 'Timeline task', actorId: acme.adminUserId });

    const url = `/api/Tasks/${id}/timeline`;
    expect((await call('GET', url)).statusCode).toBe(401);
    expect((await call('GET', url, noRights)).statusCode).toBe(403);
    expect((await call('GET', `/api/Tasks/${theirTask.taskId}/timeline`, admin)).statusCode).toBe(404);
    expect((await call('GET', `${url}?pageSize=0`, admin)).statusCode).toBe(400);
    const pageRes = await call('GET', url, admin);
    expect(pageRes.statusCode, pageRes.body).toBe(200);
    const page = pageRes.json().data;
    type Item =
      | { kind: 'comment'; comment: { body: string; author: { firstName: string } } }
      | {
          kind: 'activity';
          activity: { field: string; actor: { firstName: string; profilePhotoUrl: null } };
        };
    const items = page.items as Item[];
    // created, the comment, then the three changes of the PUT (the comment's own activity is not repeated).
    expect(page.totalCount).toBe(5);
    expect(items[0]).toMatchObject({ kind: 'activity', activity: { field: 'created' } });
    expect(items[1]).toMatchObject({ kind: 'comment', comment: { author: { firstName: 'Ada' } } });
    expect(
      items
        .slice(2)
        .map((i) => (i.kind === 'activity' ? i.activity.field : 'comment'))
        .sort(),
    ).toEqual(['assignees', 'status', 'title']);
    expect(items[4]).toMatchObject({ activity: { actor: { firstName: 'Ada', profilePhotoUrl: null } } });

    // Page 1 holds the newest; page 2 the older ones, also newest last.
    const first = (await call('GET', `${url}?pageSize=2`, admin)).json().data;
    const second = (await call('GET', `${url}?pageSize=2&page=2`, admin)).json().data;
    const third = (await call('GET', `${url}?pageSize=2&page=3`, admin)).json().data;
    expect(first.totalPages).toBe(3);
    expect([...third.items, ...second.items, ...first.items]).toEqual(items);
  });

  it('a failed change leaves no activity: the insert is rolled back with the transaction', async () => {
    const list = await buildTaskList(database.db, acme, { projectId: project.projectId });
    const t = await buildTask(database.db, acme, { taskListId: list.taskListId, title: 'Stable' });
    const inReview = await statusIdOf(database.db, acme.companyId, 'In Review');
    // Fails inside the transaction, after the activity rows are written.
    const spy = vi.spyOn(tasksRepo, 'recomputeProgress').mockRejectedValueOnce(new Error('forced failure'));
    const res = await call('PUT', `/api/Tasks/${t.taskId}`, admin, { statusId: inReview, title: 'Changed' });
    spy.mockRestore();
    expect(res.statusCode).toBe(500);
    expect(await database.db.select().from(activities).where(eq(activities.taskId, t.taskId))).toHaveLength(
      0,
    );
    const after = (await call('GET', `/api/Tasks/${t.taskId}`, admin)).json().data;
    expect(after.title).toBe('Stable');

    const ok = await call('PUT', `/api/Tasks/${t.taskId}`, admin, { statusId: inReview, title: 'Changed' });
    expect(ok.statusCode).toBe(200);
    expect(await database.db.select().from(activities).where(eq(activities.taskId, t.taskId))).toHaveLength(
      2,
    );
  });

  it('records project changes and members', async () => {
    const p = await buildProject(database.db, acme, { memberIds: [acme.adminUserId] });
    expect(
      (await call('PUT', `/api/Project/${p.projectId}`, admin, { name: 'Renamed project' })).statusCode,
    ).toBe(200);
    expect(
      (await call('POST', `/api/Project/${p.projectId}/members`, admin, { userId: employeeId })).statusCode,
    ).toBeLessThan(300);
    const rows = await database.db.select().from(activities).where(eq(activities.projectId, p.projectId));
    expect(rows.find((r) => r.field === 'title')).toMatchObject({ toValue: 'Renamed project' });
    expect(rows.find((r) => r.field === 'members')).toMatchObject({
      fromValue: null,
      toValue: 'Ada Lovelace',
    });
  });
});
