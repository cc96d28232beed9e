import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../../app.ts';
import type { Database } from '../../db/client.ts';
import type { LiveEvent } from '../../lib/live-events.ts';
import { buildTestApp } from '../../test/build-app.ts';
import { sql } from 'drizzle-orm';
import {
  bearer,
  buildSuperAdmin,
  buildUser,
  login,
  type Session,
  sqlRows,
  type TestCompany,
  twoTenants,
} from '../../test/factories.ts';
import { multipart, PDF } from '../../test/files.fixtures.ts';
import { addDays, todayUtc } from '../time-logs/days.ts';

/**
 * Every write of the live resources says what it changed: one walk through their lives, checking
 * the events each answered request published (type, action, id, project, task, owner).
 */
let app: App;
let database: Database;
let acme: TestCompany;
let admin: Session;
let employeeId: string;
let seen: LiveEvent[] = [];

beforeAll(async () => {
  ({ app, database } = await buildTestApp());
  ({ acme, admin, employeeId } = await twoTenants(app, database.db));
  app.live.subscribe(acme.companyId, (e) => seen.push(e));
});
afterAll(() => app.close());

/** Sends one request and answers the events it published (the bus is in process: synchronous). */
async function events(
  method: 'POST' | 'PUT' | 'DELETE',
  url: string,
  payload?: object,
  extra: { file?: boolean } = {},
) {
  seen = [];
  const m = extra.file ? multipart({ name: 'brief.pdf', content: PDF }) : undefined;
  const res = await app.inject({
    method,
    url,
    headers: { ...bearer(admin), ...(m?.headers ?? {}) },
    ...(m ? { payload: m.payload } : payload ? { payload } : {}),
  });
  expect(res.statusCode, res.body).toBeLessThan(300);
  // The company-wide "rights changed, re-check" notice (auth plugin, after a role change bumped
  // the authz version) is not this request's write: events.test.ts covers it.
  seen = seen.filter((e) => !(e.type === 'session' && !e.userIds));
  const got = seen.map(({ type, action, id, projectId, taskId, userIds }) => ({
    type,
    action,
    id,
    projectId: projectId ?? null,
    taskId: taskId ?? null,
    ...(userIds ? { userIds } : {}),
  }));
  for (const e of seen) {
    expect(e.companyId).toBe(acme.companyId);
    expect(e.actorId).toBe(admin.userId);
  }
  return { body: res.json().data, got };
}

describe('live events of writes', () => {
  it('projects, task lists, tasks, subtasks, documents, comments and time logs', async () => {
    const created = await events('POST', '/api/Project', {
      code: 'LIVE',
      name: 'Live',
      memberUserIds: [employeeId],
    });
    const p = created.body.projectId as string;
    expect(created.got).toEqual([
      {
        type: 'project',
        action: 'created',
        id: p,
        projectId: p,
        taskId: null,
        userIds: [admin.userId, employeeId],
      },
    ]);
    const project = { type: 'project', id: p, projectId: p, taskId: null };
    expect((await events('PUT', `/api/Project/${p}`, { name: 'Live 2' })).got).toEqual([
      { ...project, action: 'updated' },
    ]);
    const other = await buildUser(database.db, acme);
    expect((await events('POST', `/api/Project/${p}/members`, { userId: other.userId })).got).toEqual([
      { ...project, action: 'updated', userIds: [other.userId] },
    ]);
    expect((await events('DELETE', `/api/Project/${p}/members/${other.userId}`)).got).toEqual([
      { ...project, action: 'updated', userIds: [other.userId] },
    ]);
    const doc = await events('POST', `/api/Project/${p}/documents`, undefined, { file: true });
    expect(doc.got).toEqual([{ ...project, action: 'updated' }]);
    expect((await events('DELETE', `/api/Project/${p}/documents/${doc.body.documentId}`)).got).toEqual([
      { ...project, action: 'updated' },
    ]);

    const list = await events('POST', `/api/Tasks/projects/${p}/tasklists`, { name: 'Todo' });
    const l = list.body.taskListId as string;
    const tasklist = { type: 'tasklist', id: l, projectId: p, taskId: null };
    expect(list.got).toEqual([{ ...tasklist, action: 'created' }]);
    expect((await events('PUT', `/api/Tasks/projects/${p}/tasklists/${l}`, { name: 'Doing' })).got).toEqual([
      { ...tasklist, action: 'updated' },
    ]);

    const task = await events('POST', `/api/Tasks/tasklists/${l}/tasks`, { title: 'Walk' });
    const t = task.body.taskId as string;
    const taskEvent = { type: 'task', id: t, projectId: p, taskId: null };
    expect(task.got).toEqual([{ ...taskEvent, action: 'created' }]);
    expect((await events('PUT', `/api/Tasks/${t}`, { title: 'Run', sortOrder: 0 })).got).toEqual([
      { ...taskEvent, action: 'updated' },
    ]);
    const sub = await events('POST', `/api/tasks/${t}/subtasks`, { title: 'Stretch' });
    const s = sub.body.taskId as string;
    expect(sub.got).toEqual([{ type: 'task', action: 'created', id: s, projectId: p, taskId: t }]);
    const tdoc = await events('POST', `/api/Tasks/${t}/documents`, undefined, { file: true });
    expect(tdoc.got).toEqual([{ ...taskEvent, action: 'updated' }]);
    expect((await events('DELETE', `/api/Tasks/${t}/documents/${tdoc.body.documentId}`)).got).toEqual([
      { ...taskEvent, action: 'updated' },
    ]);

    const comment = await events('POST', `/api/Tasks/${t}/comments`, { body: 'Go' });
    const c = comment.body.commentId as string;
    const commentEvent = { type: 'comment', id: c, projectId: p, taskId: t };
    expect(comment.got).toEqual([{ ...commentEvent, action: 'created' }]);
    expect((await events('PUT', `/api/Comments/${c}`, { body: 'Go!' })).got).toEqual([
      { ...commentEvent, action: 'updated' },
    ]);
    expect((await events('DELETE', `/api/Comments/${c}`)).got).toEqual([
      { ...commentEvent, action: 'deleted' },
    ]);

    const day = addDays(todayUtc(), -1);
    const log = await events('POST', '/api/Timelogs', { taskId: t, loggedAt: day, duration: '01:00' });
    const g = log.body.timeLogId as string;
    const logEvent = { type: 'timelog', id: g, projectId: p, taskId: t, userIds: [admin.userId] };
    expect(log.got).toEqual([{ ...logEvent, action: 'created' }]);
    expect((await events('PUT', `/api/Timelogs/${g}`, { duration: '02:00' })).got).toEqual([
      { ...logEvent, action: 'updated' },
    ]);
    expect((await events('DELETE', `/api/Timelogs/${g}`)).got).toEqual([{ ...logEvent, action: 'deleted' }]);
    const timer = { type: 'timelog', id: 'timer', projectId: p, taskId: t, userIds: [admin.userId] };
    expect((await events('POST', '/api/Timelogs/timer', { taskId: t })).got).toEqual([
      { ...timer, action: 'created' },
    ]);
    const stopped = await events('POST', '/api/Timelogs/timer/stop', {});
    expect(stopped.got).toEqual([
      { ...timer, action: 'deleted' },
      { ...logEvent, id: stopped.body.timeLogId, action: 'created' },
    ]);
    await events('POST', '/api/Timelogs/timer', { taskId: t });
    expect((await events('DELETE', '/api/Timelogs/timer')).got).toEqual([{ ...timer, action: 'deleted' }]);

    expect((await events('DELETE', `/api/Tasks/${s}`)).got).toEqual([
      { type: 'task', action: 'deleted', id: s, projectId: p, taskId: t },
    ]);
    expect((await events('DELETE', `/api/Tasks/projects/${p}/tasklists/${l}`)).got).toEqual([
      { ...tasklist, action: 'deleted' },
    ]);
    expect((await events('DELETE', `/api/Project/${p}`)).got).toEqual([{ ...project, action: 'deleted' }]);
  });

  it("an employee's role change tells their streams to re-check; deactivation ends them", async () => {
    const u = await buildUser(database.db, acme);
    const session = { type: 'session', id: '*', projectId: null, taskId: null, userIds: [u.userId] };
    const employee = { type: 'employee', id: u.userId, projectId: null, taskId: null, userIds: [u.userId] };
    expect(
      (await events('PUT', `/api/CompanyUsers/user/${u.userId}`, { roleId: acme.roleIds.manager })).got,
    ).toEqual([
      { ...employee, action: 'updated' },
      { ...session, action: 'updated' },
    ]);
    expect((await events('DELETE', `/api/CompanyUsers/user/${u.userId}`)).got).toEqual([
      { ...employee, action: 'updated' },
      { ...session, action: 'ended' },
    ]);
  });

  it('task statuses, employees, company roles and their grants, departments (issue 22: every write records)', async () => {
    const none = { projectId: null, taskId: null };
    const status = await events('POST', '/api/Taskstatuses', { name: 'Blocked', color: '#aa3344' });
    const st = status.body.statusId as string;
    expect(status.got).toEqual([{ type: 'taskstatus', action: 'created', id: st, ...none }]);
    expect((await events('PUT', `/api/Taskstatuses/${st}`, { name: 'Stuck' })).got).toEqual([
      { type: 'taskstatus', action: 'updated', id: st, ...none },
    ]);
    expect((await events('DELETE', `/api/Taskstatuses/${st}`)).got).toEqual([
      { type: 'taskstatus', action: 'deleted', id: st, ...none },
    ]);

    const invited = await events('POST', '/api/CompanyUsers', {
      firstName: 'Live',
      lastName: 'Hire',
      email: 'live-hire@emits.test',
    });
    const u = invited.body.userId as string;
    const employee = { type: 'employee', id: u, ...none, userIds: [u] };
    expect(invited.got).toEqual([{ ...employee, action: 'created' }]);
    expect((await events('PUT', `/api/CompanyUsers/user/${u}`, { jobTitle: 'Pilot' })).got).toEqual([
      { ...employee, action: 'updated' },
    ]);

    const role = await events('POST', '/api/CompanyRoles', { roleName: 'Live role' });
    const r = role.body.companyRoleId as string;
    const roleEvent = { type: 'companyrole', id: r, ...none };
    expect(role.got).toEqual([{ ...roleEvent, action: 'created' }]);
    expect((await events('PUT', `/api/CompanyRoles/${r}`, { description: 'On air' })).got).toEqual([
      { ...roleEvent, action: 'updated' },
    ]);
    const [perm] = await sqlRows<{ id: string }>(
      database.db,
      sql`select id from permissions where name = 'project:read'`,
    );
    const pid = perm?.id ?? '';
    expect((await events('POST', `/api/Roles/${r}/permissions/${pid}`)).got).toEqual([
      { ...roleEvent, action: 'updated' },
    ]);
    expect((await events('DELETE', `/api/Roles/${r}/permissions/${pid}`)).got).toEqual([
      { ...roleEvent, action: 'updated' },
    ]);
    expect((await events('POST', `/api/Users/${u}/roles/${r}`)).got).toEqual([
      { ...employee, action: 'updated' },
    ]);
    expect((await events('DELETE', `/api/Users/${u}/roles/${r}`)).got).toEqual([
      { ...employee, action: 'updated' },
    ]);
    expect((await events('POST', `/api/Users/${u}/permissions/${pid}`)).got).toEqual([
      { ...employee, action: 'updated' },
    ]);
    expect((await events('DELETE', `/api/Users/${u}/permissions/${pid}`)).got).toEqual([
      { ...employee, action: 'updated' },
    ]);
    expect((await events('DELETE', `/api/CompanyRoles/${r}`)).got).toEqual([
      { ...roleEvent, action: 'deleted' },
    ]);

    const dept = await events('POST', '/api/Department', { name: 'Live ops' });
    const d = dept.body.deptId as string;
    const deptEvent = { type: 'department', id: d, ...none };
    expect(dept.got).toEqual([{ ...deptEvent, action: 'created' }]);
    expect((await events('PUT', `/api/Department/${d}`, { name: 'Live ops 2' })).got).toEqual([
      { ...deptEvent, action: 'updated' },
    ]);
    expect((await events('DELETE', `/api/Department/${d}`)).got).toEqual([
      { ...deptEvent, action: 'deleted' },
    ]);
    // Every one of them is a row of the change log.
    const [rows] = await sqlRows<{ n: number }>(
      database.db,
      sql`select count(*)::int as n from changes where company_id = ${acme.companyId}
           and type in ('taskstatus', 'employee', 'companyrole', 'department')`,
    );
    expect(rows?.n).toBeGreaterThanOrEqual(17);
  });

  it("what the company holds: the Super Admin's module changes land in the company's changes", async () => {
    const root = await login(app, (await buildSuperAdmin(database.db)).email);
    const [mod] = await sqlRows<{ id: string }>(
      database.db,
      sql`select module_id as id from company_modules where company_id = ${acme.companyId} limit 1`,
    );
    const moduleId = mod?.id ?? '';
    seen = [];
    const res = await app.inject({
      method: 'PUT',
      url: `/api/Companies/${acme.companyId}/modules/${moduleId}`,
      headers: bearer(root),
      payload: { accessLevel: 'read' },
    });
    expect(res.statusCode, res.body).toBe(200);
    const mine = seen.filter((e) => e.type === 'subscription');
    expect(mine.map(({ type, action, id, companyId }) => ({ type, action, id, companyId }))).toEqual([
      { type: 'subscription', action: 'updated', id: moduleId, companyId: acme.companyId },
    ]);
    expect(mine[0]?.actorId).toBe(root.userId);
  });
});
