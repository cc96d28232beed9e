import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES, PROJECT_MEMBER_PREVIEW } from '@taskhive/contract';
import { projectMembers } from '../../db/schema/index.ts';
import type { App } from '../../app.ts';
import type { Database } from '../../db/client.ts';
import { buildTestApp } from '../../test/build-app.ts';
import {
  bearer,
  buildProject,
  buildTask,
  buildTaskList,
  buildUser,
  type Session,
  statusIdOf,
  type TestCompany,
  twoTenants,
} from '../../test/factories.ts';
import { multipart, PDF } from '../../test/files.fixtures.ts';

let app: App;
let database: Database;
let acme: TestCompany;
let other: TestCompany;
let admin: Session;
let employee: Session;
let otherAdmin: Session;

beforeAll(async () => {
  ({ app, database } = await buildTestApp());
  ({ acme, other, admin, employee, otherAdmin } = await twoTenants(app, database.db));
});
afterAll(() => app.close());

const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, s?: Session, payload?: object) =>
  app.inject({ method, url, headers: s ? bearer(s) : {}, ...(payload ? { payload } : {}) });
const upload = (url: string, s: Session, file: Parameters<typeof multipart>[0]) => {
  const m = multipart(file);
  return app.inject({ method: 'POST', url, payload: m.payload, headers: { ...bearer(s), ...m.headers } });
};

describe('POST /api/Project', () => {
  it('401, 403 without project:create, 400 with field errors (end before start)', async () => {
    const body = { code: 'X1', name: 'X' };
    expect((await call('POST', '/api/Project', undefined, body)).statusCode).toBe(401);
    expect((await call('POST', '/api/Project', employee, body)).statusCode).toBe(403);
    const bad = await call('POST', '/api/Project', admin, {
      code: '',
      name: '',
      startDate: '2026-05-10',
      endDate: '2026-05-01',
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toMatchObject({
      code: expect.arrayContaining(['Project code is required']),
      name: ['Project name is required'],
      endDate: ['The end date cannot be before the start date'],
    });
    expect(
      (await call('POST', '/api/Project', admin, { code: 'N', name: 'x', startDate: 'soon' })).statusCode,
    ).toBe(400);
  });

  it("creates in the session's company (a body companyId is refused by name), adds the creator, codes unique per company", async () => {
    const body = {
      code: 'WEB',
      name: 'Website',
      description: 'New site',
      startDate: '2026-01-01',
      endDate: '2026-03-01',
      memberUserIds: [employee.userId],
    };
    // Issue 24: a field the route does not know answers 400 naming it (it was silently ignored).
    const foreign = await call('POST', '/api/Project', admin, { ...body, companyId: other.companyId });
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json().errors).toEqual({ companyId: ['Unknown field: companyId'] });
    const res = await call('POST', '/api/Project', admin, body);
    expect(res.statusCode).toBe(201);
    expect(res.json().message).toBe(MESSAGES.projects.created);
    const p = res.json().data;
    expect(p).toMatchObject({
      code: 'WEB',
      name: 'Website',
      statusName: 'Not Started',
      progress: 0,
      taskCount: 0,
      memberCount: 2,
      startDate: '2026-01-01',
      endDate: '2026-03-01',
    });
    expect(p.projectMembers.map((m: { userId: string }) => m.userId).sort()).toEqual(
      [acme.adminUserId, employee.userId].sort(),
    );
    expect((await call('GET', `/api/Project/${p.projectId}`, otherAdmin)).statusCode).toBe(404);

    const dup = await call('POST', '/api/Project', admin, { code: 'web', name: 'Again' });
    expect(dup.statusCode).toBe(409);
    expect(dup.json().errors.code).toEqual([MESSAGES.projects.codeTaken]);
    expect((await call('POST', '/api/Project', otherAdmin, { code: 'WEB', name: 'Theirs' })).statusCode).toBe(
      201,
    );
  });

  it("refuses another company's user or status as a field error", async () => {
    const foreignUser = await call('POST', '/api/Project', admin, {
      code: 'F1',
      name: 'F',
      memberUserIds: [other.adminUserId],
    });
    expect(foreignUser.statusCode).toBe(400);
    expect(foreignUser.json().errors.memberUserIds).toEqual([MESSAGES.projects.memberNotEmployee]);
    const foreignStatus = await call('POST', '/api/Project', admin, {
      code: 'F2',
      name: 'F',
      statusId: await statusIdOf(database.db, other.companyId, 'Open'),
    });
    expect(foreignStatus.statusCode).toBe(400);
    expect(foreignStatus.json().errors.statusId).toEqual([MESSAGES.projects.statusNotInCompany]);
  });
});

describe('GET /api/Project', () => {
  it('pages 5 by default, filters in SQL, and an Employee sees only their projects', async () => {
    expect((await call('GET', '/api/Project')).statusCode).toBe(401);
    const member = await buildUser(database.db, acme, { firstName: 'Mia' });
    for (let i = 0; i < 6; i++)
      await buildProject(database.db, acme, {
        code: `L${i}`,
        name: `Listing ${i}`,
        statusName: i % 2 ? 'Completed' : 'In Progress',
        startDate: `2026-0${i + 1}-01`,
        endDate: `2026-0${i + 2}-01`,
        memberIds: i === 0 ? [member.userId, employee.userId] : [],
      });
    await buildProject(database.db, other, { code: 'L9', name: 'Listing other' });

    const page = await call('GET', '/api/Project?search=listing&sortBy=name&sortOrder=asc', admin);
    expect(page.statusCode).toBe(200);
    expect(page.json().data).toMatchObject({ pageNumber: 1, pageSize: 5, totalCount: 6, totalPages: 2 });
    expect(page.json().data.items.map((p: { name: string }) => p.name)).toEqual([
      'Listing 0',
      'Listing 1',
      'Listing 2',
      'Listing 3',
      'Listing 4',
    ]);

    const done = await call('GET', '/api/Project?search=listing&statusNames=completed', admin);
    expect(done.json().data.totalCount).toBe(3);
    const dated = await call(
      'GET',
      '/api/Project?search=listing&startDateFrom=2026-02-01&endDateTo=2026-05-01',
      admin,
    );
    expect(
      dated
        .json()
        .data.items.map((p: { code: string }) => p.code)
        .sort(),
    ).toEqual(['L1', 'L2', 'L3']);
    const byMember = await call('GET', `/api/Project?memberUserId=${member.userId}`, admin);
    expect(byMember.json().data.items.map((p: { code: string }) => p.code)).toEqual(['L0']);
    expect(
      (await call('GET', '/api/Project?memberUserId=null&search=L9', admin)).json().data.totalCount,
    ).toBe(0);

    const mine = await call('GET', '/api/Project?pageSize=50', employee);
    const codes = mine.json().data.items.map((p: { code: string }) => p.code);
    expect(codes).toContain('L0');
    expect(codes).not.toContain('L1');
    expect((await call('GET', '/api/Project?pageSize=0', admin)).statusCode).toBe(400);
    expect((await call('GET', '/api/Project?sortBy=password', admin)).statusCode).toBe(400);
  });
});

describe('members on the list and on one project', () => {
  it('the list carries the first members to join and the count; one project carries every member by name', async () => {
    const p = await buildProject(database.db, acme, { name: 'Crowded hall' });
    // Joined in the order Zed, Yan, …, Tia: the reverse of their names' order.
    const names = ['Zed', 'Yan', 'Xia', 'Wim', 'Uma', 'Tom', 'Sia'];
    const joined: string[] = [];
    for (const [i, firstName] of names.entries()) {
      const u = await buildUser(database.db, acme, { firstName });
      joined.push(u.userId);
      await database.db.insert(projectMembers).values({
        companyId: acme.companyId,
        projectId: p.projectId,
        userId: u.userId,
        createdAt: new Date(Date.UTC(2026, 0, 1 + i)),
      });
    }
    const list = await call('GET', '/api/Project?search=Crowded%20hall', admin);
    expect(list.statusCode).toBe(200);
    const [item] = list.json().data.items;
    expect(item.memberCount).toBe(names.length);
    expect(item.projectMembers.map((m: { userId: string }) => m.userId)).toEqual(
      joined.slice(0, PROJECT_MEMBER_PREVIEW),
    );
    expect(item.projectMembers[0]).toMatchObject({ firstName: 'Zed', addedAt: '2026-01-01T00:00:00.000Z' });

    const one = (await call('GET', `/api/Project/${p.projectId}`, admin)).json().data;
    expect(one.memberCount).toBe(names.length);
    expect(one.projectMembers.map((m: { firstName: string }) => m.firstName)).toEqual([...names].sort());
  });
});

describe('GET/PUT/DELETE /api/Project/{id}', () => {
  it('reads the detail with members, documents, task lists and progress (mean of top-level tasks)', async () => {
    const p = await buildProject(database.db, acme, { memberIds: [employee.userId] });
    const l = await buildTaskList(database.db, acme, { projectId: p.projectId, name: 'Sprint' });
    await buildTask(database.db, acme, { taskListId: l.taskListId, statusName: 'Completed' });
    const parent = await buildTask(database.db, acme, { taskListId: l.taskListId });
    await buildTask(database.db, acme, {
      taskListId: l.taskListId,
      parentTaskId: parent.taskId,
      statusName: 'Completed',
    });
    await buildTask(database.db, acme, { taskListId: l.taskListId, parentTaskId: parent.taskId });

    const res = await call('GET', `/api/Project/${p.projectId}`, employee);
    expect(res.statusCode).toBe(200);
    const d = res.json().data;
    // (100 + mean(100, 0)) / 2 = 75
    expect(d).toMatchObject({ progress: 75, taskCount: 2, memberCount: 1, documents: [] });
    expect(d.taskLists).toEqual([
      expect.objectContaining({
        taskListId: l.taskListId,
        name: 'Sprint',
        taskCount: 2,
        overallProgress: 75,
      }),
    ]);
    expect(d.projectMembers[0]).toMatchObject({ userId: employee.userId, profilePhotoUrl: null });
  });

  it("404 across tenants and outside an Employee's reach; 403 without the permission", async () => {
    const theirs = await buildProject(database.db, other);
    const notMine = await buildProject(database.db, acme);
    for (const [m, body] of [
      ['GET', undefined],
      ['PUT', { name: 'Mine' }],
      ['DELETE', undefined],
    ] as const)
      expect((await call(m, `/api/Project/${theirs.projectId}`, admin, body)).statusCode).toBe(404);
    expect((await call('GET', `/api/Project/${notMine.projectId}`, employee)).statusCode).toBe(404);
    expect((await call('PUT', `/api/Project/${notMine.projectId}`, employee, { name: 'x' })).statusCode).toBe(
      403,
    );
    expect((await call('DELETE', `/api/Project/${notMine.projectId}`, employee)).statusCode).toBe(403);
    expect((await call('GET', `/api/Project/${notMine.projectId}`)).statusCode).toBe(401);
    expect((await call('GET', '/api/Project/not-a-uuid', admin)).statusCode).toBe(400);
  });

  it('updates only the fields sent; end before the stored start is a 400; deletes', async () => {
    const p = await buildProject(database.db, acme, { startDate: '2026-04-01', endDate: '2026-06-01' });
    const res = await call('PUT', `/api/Project/${p.projectId}`, admin, {
      name: 'Renamed',
      statusId: await statusIdOf(database.db, acme.companyId, 'In Review'),
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe(MESSAGES.projects.updated);
    expect(res.json().data).toMatchObject({
      name: 'Renamed',
      code: p.code,
      statusName: 'In Review',
      startDate: '2026-04-01',
      endDate: '2026-06-01',
    });
    const bad = await call('PUT', `/api/Project/${p.projectId}`, admin, { endDate: '2026-03-01' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors.endDate).toEqual(['The end date cannot be before the start date']);
    const empty = await call('PUT', `/api/Project/${p.projectId}`, admin, {});
    expect(empty.statusCode).toBe(400);
    expect(empty.json().message).toBe(MESSAGES.noFieldsToUpdate);

    const del = await call('DELETE', `/api/Project/${p.projectId}`, admin);
    expect(del.statusCode).toBe(200);
    expect(del.json().message).toBe(MESSAGES.projects.deleted);
    expect((await call('GET', `/api/Project/${p.projectId}`, admin)).statusCode).toBe(404);
  });
});

describe('project members', () => {
  it("adds and removes members; another company's user is a 400 that does not leak", async () => {
    const p = await buildProject(database.db, acme);
    const u = await buildUser(database.db, acme, { firstName: 'Nina' });
    const url = `/api/Project/${p.projectId}/members`;
    expect((await call('POST', url, undefined, { userId: u.userId })).statusCode).toBe(401);
    expect((await call('POST', url, employee, { userId: u.userId })).statusCode).toBe(403);
    expect((await call('POST', url, admin, { userId: 'nope' })).json().errors.userId).toBeDefined();
    const foreign = await call('POST', url, admin, { userId: other.adminUserId });
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json().errors.userId).toEqual([MESSAGES.projects.memberNotEmployee]);
    const theirs = await buildProject(database.db, other);
    expect(
      (await call('POST', `/api/Project/${theirs.projectId}/members`, admin, { userId: u.userId }))
        .statusCode,
    ).toBe(404);

    const added = await call('POST', url, admin, { userId: u.userId });
    expect(added.statusCode).toBe(201);
    expect(added.json()).toMatchObject({
      message: MESSAGES.projects.memberAdded,
      data: { userId: u.userId, firstName: 'Nina' },
    });
    expect((await call('POST', url, admin, { userId: u.userId })).statusCode).toBe(409);

    const l = await buildTaskList(database.db, acme, { projectId: p.projectId });
    const t = await buildTask(database.db, acme, { taskListId: l.taskListId, assigneeIds: [u.userId] });
    const removed = await call('DELETE', `${url}/${u.userId}`, admin);
    expect(removed.statusCode).toBe(200);
    expect(removed.json().message).toBe(MESSAGES.projects.memberRemoved);
    const after = await call('GET', `/api/Tasks/${t.taskId}`, admin);
    expect(after.json()).toMatchObject({ statusCode: 200 });
    expect(after.json().data.assignees).toEqual([]);
    expect((await call('DELETE', `${url}/${u.userId}`, admin)).statusCode).toBe(404);
    expect((await call('DELETE', `${url}/${u.userId}`, employee)).statusCode).toBe(403);
  });
});

describe('project documents', () => {
  it('uploads (201), downloads, deletes; 404 across tenants; 403 without project:update', async () => {
    const p = await buildProject(database.db, acme, { memberIds: [employee.userId] });
    const url = `/api/Project/${p.projectId}/documents`;
    expect((await upload(url, employee, { name: 'brief.pdf', content: PDF })).statusCode).toBe(403);
    expect(
      (
        await upload(`/api/Project/${(await buildProject(database.db, other)).projectId}/documents`, admin, {
          name: 'b.pdf',
          content: PDF,
        })
      ).statusCode,
    ).toBe(404);
    expect((await call('POST', url, admin, { not: 'multipart' })).statusCode).toBe(400);
    const res = await upload(url, admin, { name: 'brief.pdf', content: PDF });
    expect(res.statusCode).toBe(201);
    expect(res.json().message).toBe(MESSAGES.projects.documentUploaded);
    const doc = res.json().data;
    expect(doc).toMatchObject({
      fileName: 'brief.pdf',
      mimeType: 'application/pdf',
      url: `${url}/${doc.documentId}`,
    });
    expect((await call('GET', `/api/Project/${p.projectId}`, admin)).json().data.documents).toHaveLength(1);
    const file = await call('GET', doc.url, employee);
    expect(file.statusCode).toBe(200);
    expect(file.rawPayload.equals(PDF)).toBe(true);
    expect((await call('DELETE', `${url}/${doc.documentId}`, employee)).statusCode).toBe(403);
    expect((await call('DELETE', `${url}/${doc.documentId}`, otherAdmin)).statusCode).toBe(404);
    expect((await call('DELETE', `${url}/${doc.documentId}`, admin)).statusCode).toBe(200);
    expect((await call('GET', doc.url, admin)).statusCode).toBe(404);
  });
});
