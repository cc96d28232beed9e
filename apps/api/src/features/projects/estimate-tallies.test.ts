import { type SQL, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../../app.ts';
import type { Database } from '../../db/client.ts';
import { buildTestApp } from '../../test/build-app.ts';
import {
  buildProject,
  buildTaskList,
  callOk,
  type OkCall,
  type Session,
  sqlRows,
  type TestCompany,
  twoTenants,
} from '../../test/factories.ts';

/**
 * The estimate tallies (migration 0042, src/db/sql/estimate-tallies.sql) against issue 25's rule
 * counted from `tasks` (a subtask's estimate; a top-level task's own only when none of its
 * subtasks has one): after every write that can move a project's estimate (a task or subtask
 * created with one, an estimate set, changed or cleared, a subtask or a task with its subtasks
 * deleted, a list and a project deleted, a bulk insert, and at the SQL level a subtask moved to
 * another parent or made top-level and a family moved to another project), each project's summed
 * rows equal the recount, minutes and counted families. What the API answers (the project's time,
 * the hours report) comes from them. On PostgreSQL, 20 writers at once on one family stay exact.
 */

let app: App;
let database: Database;
let acme: TestCompany;
let other: TestCompany;
let admin: Session;
let otherAdmin: Session;

beforeAll(async () => {
  ({ app, database } = await buildTestApp());
  ({ acme, other, admin, otherAdmin } = await twoTenants(app, database.db));
});
afterAll(() => app.close());

const call = (s: Session, c: OkCall) => callOk(app, s, c);
const rows = <R>(q: SQL) => sqlRows<R>(database.db, q);

/** Projects whose tallies differ from the recount (empty when every project agrees). */
async function drift() {
  return rows<{ project: string; tally: string; truth: string }>(sql`
    with counted as (
      select t.company_id, t.project_id, round(t.estimated_hours * 60)::int as minutes
        from tasks t
       where t.estimated_hours is not null
         and (t.parent_task_id is not null
              or not exists (select 1 from tasks s where s.company_id = t.company_id
                              and s.parent_task_id = t.id and s.estimated_hours is not null))
    ), truth as (
      select company_id, project_id, sum(minutes) as minutes from counted group by 1, 2
    ), families as (
      select t.company_id, t.project_id, count(*) as n
        from tasks t
       where t.parent_task_id is null
         and (t.estimated_hours is not null
              or exists (select 1 from tasks s where s.company_id = t.company_id
                          and s.parent_task_id = t.id and s.estimated_hours is not null))
       group by 1, 2
    ), tally as (
      select company_id, project_id, sum(minutes) as minutes, sum(families) as n
        from project_estimate_tallies group by 1, 2
    )
    select coalesce(t.project_id, y.project_id)::text as project,
           concat_ws(',', y.minutes, y.n) as tally, concat_ws(',', t.minutes, f.n) as truth
      from truth t
      full join families f on (f.company_id, f.project_id) = (t.company_id, t.project_id)
      full join tally y on (y.company_id, y.project_id) = (coalesce(t.company_id, f.company_id), coalesce(t.project_id, f.project_id))
     where (coalesce(t.minutes, 0), coalesce(f.n, 0)) <> (coalesce(y.minutes, 0), coalesce(y.n, 0))`);
}

/** The project's estimate as the API answers it (the project overview's time). */
async function estimated(projectId: string) {
  const project = await call(admin, { method: 'GET', url: `/api/Project/${projectId}` });
  return project.time.estimatedMinutes as number;
}

describe('estimate tallies', () => {
  it('follow every write that moves an estimate, and the API reads them', async () => {
    const p = await buildProject(database.db, acme, { memberIds: [acme.adminUserId] });
    const l = await buildTaskList(database.db, acme, { projectId: p.projectId });
    const l2 = await buildTaskList(database.db, acme, { projectId: p.projectId, name: 'Two' });
    const theirs = await buildProject(database.db, other, { memberIds: [other.adminUserId] });
    const theirList = await buildTaskList(database.db, other, { projectId: theirs.projectId });
    await call(otherAdmin, {
      method: 'POST',
      url: `/api/Tasks/tasklists/${theirList.taskListId}/tasks`,
      payload: { title: 'Theirs', estimatedHours: 7 },
    });
    const create = (payload: object, listId = l.taskListId) =>
      call(admin, { method: 'POST', url: `/api/Tasks/tasklists/${listId}/tasks`, payload });
    const sub = (parentId: string, payload: object) =>
      call(admin, { method: 'POST', url: `/api/tasks/${parentId}/subtasks`, payload });
    const put = (id: string, payload: object) =>
      call(admin, { method: 'PUT', url: `/api/Tasks/${id}`, payload });

    // A (10 h), B (no estimate), C (2.5 h).
    const a = await create({ title: 'A', estimatedHours: 10 });
    const b = await create({ title: 'B' });
    const c = await create({ title: 'C', estimatedHours: 2.5 });
    expect(await drift()).toEqual([]);
    expect(await estimated(p.projectId)).toBe(750);

    // A subtask without an estimate changes nothing; with one, it replaces its parent's.
    const a1 = await sub(a.taskId, { title: 'a1' });
    expect(await estimated(p.projectId)).toBe(750);
    const a2 = await sub(a.taskId, { title: 'a2', estimatedHours: 3 });
    expect(await drift()).toEqual([]);
    expect(await estimated(p.projectId)).toBe(180 + 150);
    await put(a1.taskId, { estimatedHours: 1 });
    expect(await estimated(p.projectId)).toBe(240 + 150);
    // The parent's own estimate no longer counts, whatever it becomes.
    await put(a.taskId, { estimatedHours: 40 });
    expect(await estimated(p.projectId)).toBe(240 + 150);
    // Both subtasks' estimates cleared: the parent's counts again.
    await put(a1.taskId, { estimatedHours: null });
    await put(a2.taskId, { estimatedHours: null });
    expect(await drift()).toEqual([]);
    expect(await estimated(p.projectId)).toBe(2400 + 150);
    // B gets a subtask with an estimate: B's family counts now.
    const b1 = await sub(b.taskId, { title: 'b1', estimatedHours: 0.5 });
    expect(await estimated(p.projectId)).toBe(2400 + 150 + 30);
    // Moved to another list of the project, a title changed: no change.
    await put(a.taskId, { taskListId: l2.taskListId });
    await put(c.taskId, { title: 'C renamed' });
    expect(await drift()).toEqual([]);

    // The hours report shows the same estimate for the project (it lists projects with time).
    await call(admin, {
      method: 'POST',
      url: '/api/Timelogs',
      payload: { taskId: c.taskId, loggedAt: '2026-03-02', duration: '01:00' },
    });
    const report = await call(admin, {
      method: 'GET',
      url: '/api/taskreports/company-hours?startDateTo=2026-03-01&endDateTo=2026-03-31',
    });
    const row = report.byProject.find((x: { projectId: string }) => x.projectId === p.projectId);
    expect(row?.estimatedMinutes).toBe(2400 + 150 + 30);

    // Deletes: a subtask with the only estimate of its family (B's counts as none now), a task
    // with its subtasks.
    await call(admin, { method: 'DELETE', url: `/api/Tasks/${b1.taskId}` });
    expect(await estimated(p.projectId)).toBe(2400 + 150);
    await sub(a.taskId, { title: 'a3', estimatedHours: 2 });
    expect(await estimated(p.projectId)).toBe(120 + 150);
    await call(admin, { method: 'DELETE', url: `/api/Tasks/${a.taskId}` });
    expect(await drift()).toEqual([]);
    expect(await estimated(p.projectId)).toBe(150);

    // At the SQL level (no route does these today): a subtask moved to another parent, a subtask
    // made top-level, a family moved to another project.
    const d = await create({ title: 'D', estimatedHours: 4 });
    const e = await create({ title: 'E', estimatedHours: 6 });
    const d1 = await sub(d.taskId, { title: 'd1', estimatedHours: 1 });
    expect(await estimated(p.projectId)).toBe(150 + 60 + 360);
    await database.db.execute(sql`update tasks set parent_task_id = ${e.taskId} where id = ${d1.taskId}`);
    expect(await drift()).toEqual([]);
    expect(await estimated(p.projectId)).toBe(150 + 240 + 60);
    await database.db.execute(sql`update tasks set parent_task_id = null where id = ${d1.taskId}`);
    expect(await drift()).toEqual([]);
    expect(await estimated(p.projectId)).toBe(150 + 240 + 360 + 60);
    const q = await buildProject(database.db, acme, { memberIds: [acme.adminUserId] });
    const ql = await buildTaskList(database.db, acme, { projectId: q.projectId });
    await database.db.execute(
      sql`update tasks set project_id = ${q.projectId}, task_list_id = ${ql.taskListId} where id = ${e.taskId}`,
    );
    expect(await drift()).toEqual([]);
    expect(await estimated(q.projectId)).toBe(360);

    // A list and a project deleted: nothing left of them.
    await call(admin, {
      method: 'DELETE',
      url: `/api/Tasks/projects/${p.projectId}/tasklists/${l.taskListId}`,
    });
    expect(await drift()).toEqual([]);
    await call(admin, { method: 'DELETE', url: `/api/Project/${p.projectId}` });
    expect(await drift()).toEqual([]);
    const left = await rows<{ n: number }>(
      sql`select (select count(*) from project_estimate_tallies where project_id = ${p.projectId})::int as n`,
    );
    expect(left[0]?.n).toBe(0);
    // The other company's figure was never touched.
    const theirsLeft = await rows<{ m: number }>(
      sql`select sum(minutes)::int as m from project_estimate_tallies where company_id = ${other.companyId}`,
    );
    expect(theirsLeft[0]?.m).toBe(420);
  });

  it('counts a bulk insert of families in one statement, and a bulk delete', async () => {
    const p = await buildProject(database.db, acme);
    const l = await buildTaskList(database.db, acme, { projectId: p.projectId });
    await database.db.execute(sql`
      insert into tasks (company_id, project_id, task_list_id, title, estimated_hours)
      select ${acme.companyId}, ${p.projectId}, ${l.taskListId}, 'Top ' || g, case when g % 3 = 0 then null else g end
        from generate_series(1, 200) g`);
    await database.db.execute(sql`
      insert into tasks (company_id, project_id, task_list_id, parent_task_id, title, estimated_hours)
      select t.company_id, t.project_id, t.task_list_id, t.id, 'Sub of ' || t.title,
             case when g = 1 then null else 0.25 * g end
        from tasks t cross join generate_series(1, 3) g
       where t.task_list_id = ${l.taskListId} and t.parent_task_id is null and t.title like 'Top 1%'`);
    expect(await drift()).toEqual([]);
    await database.db.execute(
      sql`delete from tasks where task_list_id = ${l.taskListId} and title like '%Top 1%' and parent_task_id is not null and estimated_hours > 0.5`,
    );
    expect(await drift()).toEqual([]);
    await database.db.execute(
      sql`delete from tasks where task_list_id = ${l.taskListId} and title like 'Top 2%'`,
    );
    expect(await drift()).toEqual([]);
  });

  it.runIf(process.env.DATABASE_URL)('stay exact with 20 writers at once on one family', async () => {
    const p = await buildProject(database.db, acme, { memberIds: [acme.adminUserId] });
    const l = await buildTaskList(database.db, acme, { projectId: p.projectId });
    const parent = await call(admin, {
      method: 'POST',
      url: `/api/Tasks/tasklists/${l.taskListId}/tasks`,
      payload: { title: 'Parent', estimatedHours: 8 },
    });
    const subs = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        call(admin, {
          method: 'POST',
          url: `/api/tasks/${parent.taskId}/subtasks`,
          payload: { title: `s${i}` },
        }),
      ),
    );
    // Three rounds: each subtask's estimate set or cleared at once, racing the parent's own.
    for (const round of [0, 1, 2]) {
      await Promise.all([
        ...subs.map((s: { taskId: string }, i) =>
          call(admin, {
            method: 'PUT',
            url: `/api/Tasks/${s.taskId}`,
            payload: { estimatedHours: (i + round) % 3 === 0 ? null : i + 1 },
          }),
        ),
        call(admin, {
          method: 'PUT',
          url: `/api/Tasks/${parent.taskId}`,
          payload: { estimatedHours: round + 5 },
        }),
      ]);
      expect(await drift()).toEqual([]);
    }
    // Every subtask's estimate cleared at once: the parent's own counts.
    await Promise.all(
      subs.map((s: { taskId: string }) =>
        call(admin, { method: 'PUT', url: `/api/Tasks/${s.taskId}`, payload: { estimatedHours: null } }),
      ),
    );
    expect(await drift()).toEqual([]);
    expect(await estimated(p.projectId)).toBe(7 * 60);
  });
});
