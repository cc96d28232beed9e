import { type SQL, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../../app.ts';
import type { Database } from '../../db/client.ts';
import { buildTestApp } from '../../test/build-app.ts';
import {
  buildProject,
  buildTaskList,
  buildUser,
  callOk,
  type OkCall,
  type Session,
  sqlRows,
  statusIdOf,
  type TestCompany,
  twoTenants,
} from '../../test/factories.ts';

/**
 * The task tallies (migration 0013, per status 0043) and the assignee tallies (0015) against a recount of `tasks`
 * and `task_assignees`: after every kind of write the API makes (create, subtask, move, complete,
 * another list, due date, assignees replaced, a member leaving the project, status deleted with
 * its tasks moved, task, list and project deleted, a bulk insert), each key's summed rows equal
 * the count, with one writer at a time each key has ONE row, and a key with no tasks none. On
 * PostgreSQL, 20 writers at once (moves and assignment changes of the same tasks together) leave
 * correct sums too.
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

/**
 * Differences between the tallies and a recount of the tasks, per key (empty when they agree). A
 * key without tasks may still have rows that sum to zero: a row that writers at once added.
 */
async function drift() {
  const tallies = await rows<{ key: string; tally: string; truth: string }>(sql`
    with truth as (
      select company_id, project_id, task_list_id, status_id,
             count(*) filter (where parent_task_id is null) as top_count,
             coalesce(sum(progress) filter (where parent_task_id is null), 0) as top_progress,
             count(*) filter (where parent_task_id is not null) as sub_count
        from tasks group by 1, 2, 3, 4
    ), tally as (
      select company_id, project_id, task_list_id, status_id, sum(top_count) as top_count,
             sum(top_progress) as top_progress, sum(sub_count) as sub_count
        from task_tallies group by 1, 2, 3, 4
    )
    select concat_ws('/', coalesce(t.project_id, y.project_id), coalesce(t.task_list_id, y.task_list_id),
                     coalesce(t.status_id, y.status_id)) as key,
           concat_ws(',', y.top_count, y.top_progress, y.sub_count) as tally,
           concat_ws(',', t.top_count, t.top_progress, t.sub_count) as truth
      from truth t full join tally y on (t.company_id, t.project_id, t.task_list_id) = (y.company_id, y.project_id, y.task_list_id)
                                     and t.status_id is not distinct from y.status_id
     where (coalesce(t.top_count, 0), coalesce(t.top_progress, 0), coalesce(t.sub_count, 0))
           <> (coalesce(y.top_count, 0), coalesce(y.top_progress, 0), coalesce(y.sub_count, 0))`);
  const due = await rows<{ key: string; tally: string; truth: string }>(sql`
    with truth as (
      select company_id, due_date, status_id, count(*) as n from tasks where due_date is not null group by 1, 2, 3
    ), tally as (
      select company_id, due_date, status_id, sum(task_count) as n from task_due_tallies group by 1, 2, 3
    )
    select concat_ws('/', coalesce(t.due_date, y.due_date), coalesce(t.status_id, y.status_id)) as key,
           y.n::text as tally, t.n::text as truth
      from truth t full join tally y on (t.company_id, t.due_date) = (y.company_id, y.due_date)
                                     and t.status_id is not distinct from y.status_id
     where coalesce(t.n, 0) <> coalesce(y.n, 0)`);
  const assigned = await rows<{ key: string; tally: string; truth: string }>(sql`
    with truth as (
      select t.company_id, a.user_id, t.status_id, t.due_date, count(*) as n,
             coalesce(sum(t.estimated_hours * 60), 0) as m
        from task_assignees a join tasks t on t.id = a.task_id and t.company_id = a.company_id
       group by 1, 2, 3, 4
    ), tally as (
      select company_id, user_id, status_id, due_date, sum(task_count) as n, sum(estimated_minutes) as m
        from task_assignee_tallies
       group by 1, 2, 3, 4
    )
    select concat_ws('/', 'assignee', coalesce(t.user_id, y.user_id), coalesce(t.status_id, y.status_id),
                     coalesce(t.due_date, y.due_date)) as key,
           concat_ws(' tasks, minutes ', y.n, y.m) as tally, concat_ws(' tasks, minutes ', t.n, t.m) as truth
      from truth t full join tally y on (t.company_id, t.user_id) = (y.company_id, y.user_id)
                                     and t.status_id is not distinct from y.status_id
                                     and t.due_date is not distinct from y.due_date
     where coalesce(t.n, 0) <> coalesce(y.n, 0) or coalesce(t.m, 0) <> coalesce(y.m, 0)`);
  const byStatus = await rows<{ key: string; tally: string; truth: string }>(sql`
    with truth as (
      select company_id, status_id, count(*) as n from tasks group by 1, 2
    ), tally as (
      select company_id, status_id, sum(task_count) as n from task_status_tallies group by 1, 2
    )
    select concat_ws('/', 'status', coalesce(t.company_id, y.company_id), coalesce(t.status_id, y.status_id)) as key,
           y.n::text as tally, t.n::text as truth
      from truth t full join tally y on t.company_id = y.company_id and t.status_id is not distinct from y.status_id
     where coalesce(t.n, 0) <> coalesce(y.n, 0)`);
  return [...tallies, ...due, ...assigned, ...byStatus];
}

/** Keys with more than one row (a key gets a second row only while its first is held by another writer). */
async function keysWithSeveralRows() {
  return rows<{ n: string }>(sql`
    select count(*) as n from task_tallies group by company_id, project_id, task_list_id, status_id having count(*) > 1
    union all
    select count(*) from task_due_tallies group by company_id, due_date, status_id having count(*) > 1
    union all
    select count(*) from task_assignee_tallies group by company_id, user_id, status_id, due_date
    having count(*) > 1
    union all
    select count(*) from task_status_tallies group by company_id, status_id having count(*) > 1`);
}

describe('task tallies', () => {
  it('follow every write the API makes, one row per key', async () => {
    const worker = await buildUser(database.db, acme);
    const p = await buildProject(database.db, acme, { memberIds: [acme.adminUserId, worker.userId] });
    const l1 = await buildTaskList(database.db, acme, { projectId: p.projectId, name: 'One' });
    const l2 = await buildTaskList(database.db, acme, { projectId: p.projectId, name: 'Two' });
    const open = await statusIdOf(database.db, acme.companyId, 'Open');
    const progress = await statusIdOf(database.db, acme.companyId, 'In Progress');
    const completed = await statusIdOf(database.db, acme.companyId, 'Completed');
    const theirs = await buildProject(database.db, other, { memberIds: [other.adminUserId] });
    const theirList = await buildTaskList(database.db, other, { projectId: theirs.projectId });
    const theirTask = await call(otherAdmin, {
      method: 'POST',
      url: `/api/Tasks/tasklists/${theirList.taskListId}/tasks`,
      payload: { title: 'Theirs', dueDate: '2026-01-05' },
    });
    expect(theirTask.taskId).toBeTruthy();

    const create = (listId: string, payload: object) =>
      call(admin, { method: 'POST', url: `/api/Tasks/tasklists/${listId}/tasks`, payload });
    const both = [acme.adminUserId, worker.userId];
    const a = await create(l1.taskListId, { title: 'A', dueDate: '2026-01-05', assigneeIds: both });
    const b = await create(l1.taskListId, {
      title: 'B',
      statusId: progress,
      dueDate: '2026-01-06',
      assigneeIds: [worker.userId],
    });
    const c = await create(l1.taskListId, { title: 'C', statusId: completed, assigneeIds: both });
    await create(l2.taskListId, { title: 'D', assigneeIds: [acme.adminUserId], sortOrder: 0 });
    expect(await drift()).toEqual([]);
    // My tasks with no filter count the admin's assignments without visiting the tasks.
    const myTasks = () => call(admin, { method: 'GET', url: '/api/Tasks/users/mytasks?pageSize=1' });
    expect(await myTasks()).toMatchObject({ totalCount: 3, totalPages: 3 });

    // Subtasks: the parent's progress rolls up (an update of the parent) and the subtasks count.
    const s1 = await call(admin, {
      method: 'POST',
      url: `/api/tasks/${a.taskId}/subtasks`,
      payload: { title: 'a1', dueDate: '2026-01-04' },
    });
    await call(admin, { method: 'POST', url: `/api/tasks/${a.taskId}/subtasks`, payload: { title: 'a2' } });
    await call(admin, { method: 'PUT', url: `/api/Tasks/${s1.taskId}`, payload: { statusId: completed } });
    // Assignees replaced on a subtask and on a task, in the same request as a status change.
    await call(admin, { method: 'PUT', url: `/api/Tasks/${s1.taskId}`, payload: { assigneeIds: both } });
    await call(admin, {
      method: 'PUT',
      url: `/api/Tasks/${b.taskId}`,
      payload: { assigneeIds: [acme.adminUserId], statusId: completed },
    });
    expect(await drift()).toEqual([]);

    // Move on the board, complete, change a due date, move to the other list (with its subtasks).
    await call(admin, {
      method: 'PUT',
      url: `/api/Tasks/${b.taskId}`,
      payload: { statusId: open, sortOrder: 0 },
    });
    await call(admin, { method: 'PUT', url: `/api/Tasks/${c.taskId}`, payload: { statusId: progress } });
    await call(admin, { method: 'PUT', url: `/api/Tasks/${b.taskId}`, payload: { dueDate: null } });
    await call(admin, {
      method: 'PUT',
      url: `/api/Tasks/${a.taskId}`,
      payload: { taskListId: l2.taskListId },
    });
    await call(admin, { method: 'PUT', url: `/api/Tasks/${c.taskId}`, payload: { title: 'C renamed' } });
    expect(await drift()).toEqual([]);
    // Estimates (the workload's planned minutes, migration 0045): given, changed alone, changed with
    // the status in one request, taken away; a subtask's too.
    await call(admin, { method: 'PUT', url: `/api/Tasks/${c.taskId}`, payload: { estimatedHours: 2.5 } });
    await call(admin, { method: 'PUT', url: `/api/Tasks/${s1.taskId}`, payload: { estimatedHours: 1.25 } });
    await call(admin, { method: 'PUT', url: `/api/Tasks/${c.taskId}`, payload: { estimatedHours: 4 } });
    expect(await drift()).toEqual([]);
    const minutesOf = async (userId: string) =>
      (
        await rows<{ m: string }>(
          sql`select coalesce(sum(estimated_minutes), 0)::text as m from task_assignee_tallies where user_id = ${userId}`,
        )
      )[0]?.m;
    // c (4 h) is both people's; s1 (1 h 15) too.
    expect(Number(await minutesOf(worker.userId))).toBe(240 + 75);
    await call(admin, {
      method: 'PUT',
      url: `/api/Tasks/${c.taskId}`,
      payload: { estimatedHours: 3, statusId: open },
    });
    await call(admin, { method: 'PUT', url: `/api/Tasks/${s1.taskId}`, payload: { estimatedHours: null } });
    expect(await drift()).toEqual([]);
    expect(Number(await minutesOf(worker.userId))).toBe(180);
    // The dashboard's "my open tasks" comes from the assignee tallies. The admin's: a (Open, due
    // 2026-01-05), its subtask a1 (Completed: closed), b (Open, no due date), c (In Progress), d
    // (Open): four open, one overdue on 2026-01-10 (a), none due from then to the Sunday.
    const dash = await call(admin, { method: 'GET', url: '/api/dashboard/me?today=2026-01-10' });
    expect(dash.tasks).toMatchObject({ openCount: 4, overdue: 1, dueThisWeek: 0 });
    // A member leaving the project stops being assigned to its tasks.
    await call(admin, { method: 'DELETE', url: `/api/Project/${p.projectId}/members/${worker.userId}` });
    expect(await drift()).toEqual([]);
    const left = await rows<{ n: number }>(
      sql`select coalesce(sum(task_count), 0)::int as n from task_assignee_tallies where user_id = ${worker.userId}`,
    );
    expect(left[0]?.n).toBe(0);

    // What the API answers comes from the tallies: the project, its lists, a list's total.
    const project = await call(admin, { method: 'GET', url: `/api/Project/${p.projectId}` });
    expect(project.taskCount).toBe(4);
    // a: the mean of its subtasks (100 and 0) = 50; b, c, d: 0. (50 + 0 + 0 + 0) / 4 = 12.5, rounded up.
    expect(project.progress).toBe(13);
    const lists = await call(admin, { method: 'GET', url: `/api/Tasks/projects/${p.projectId}/tasklists` });
    const byName = new Map(
      lists.items.map((x: { name: string; taskCount: number }) => [x.name, x.taskCount]),
    );
    expect(byName).toEqual(
      new Map([
        ['One', 2],
        ['Two', 2],
      ]),
    );
    const page = await call(admin, {
      method: 'GET',
      url: `/api/Tasks/tasklists/${l2.taskListId}/tasks?pageSize=1`,
    });
    expect(page.totalCount).toBe(2);
    expect(page.items).toHaveLength(1);
    const filtered = await call(admin, {
      method: 'GET',
      url: `/api/Tasks/tasklists/${l2.taskListId}/tasks?search=zzz-none`,
    });
    expect(filtered.totalCount).toBe(0);

    // A status deleted with its tasks moved, a task with subtasks deleted, a list and a project deleted.
    const status = await call(admin, {
      method: 'POST',
      url: '/api/Taskstatuses',
      payload: { name: 'Review', color: '#123456' },
    });
    await call(admin, {
      method: 'PUT',
      url: `/api/Tasks/${c.taskId}`,
      payload: { statusId: status.statusId },
    });
    expect(await drift()).toEqual([]);
    await call(admin, { method: 'DELETE', url: `/api/Taskstatuses/${status.statusId}?moveTo=${open}` });
    await call(admin, { method: 'DELETE', url: `/api/Tasks/${a.taskId}` });
    expect(await drift()).toEqual([]);
    await call(admin, {
      method: 'DELETE',
      url: `/api/Tasks/projects/${p.projectId}/tasklists/${l1.taskListId}`,
    });
    expect(await drift()).toEqual([]);
    expect(await keysWithSeveralRows()).toEqual([]);
    await call(admin, { method: 'DELETE', url: `/api/Project/${p.projectId}` });
    expect(await drift()).toEqual([]);
    expect(await myTasks()).toMatchObject({ totalCount: 0, items: [] });
    // Nothing is left of the deleted project: a key whose figures come to zero has no row.
    const rowsLeft = await rows<{ n: number }>(
      sql`select ((select count(*) from task_tallies where project_id = ${p.projectId})
                 + (select count(*) from task_assignee_tallies where company_id = ${acme.companyId}))::int as n`,
    );
    expect(rowsLeft[0]?.n).toBe(0);
    // The other company's task was never touched.
    const theirsLeft = await rows<{ n: number }>(
      sql`select sum(top_count)::int as n from task_tallies where company_id = ${other.companyId}`,
    );
    expect(theirsLeft[0]?.n).toBe(1);
  });

  it('counts a bulk insert of many tasks in one statement, and a bulk delete', async () => {
    const p = await buildProject(database.db, acme);
    const l = await buildTaskList(database.db, acme, { projectId: p.projectId });
    await database.db.execute(sql`
      insert into tasks (company_id, project_id, task_list_id, title, status_id, due_date, progress)
      select ${acme.companyId}, ${p.projectId}, ${l.taskListId}, 'Bulk ' || g,
             (select id from task_statuses where company_id = ${acme.companyId} order by sort_order offset g % 3 limit 1),
             date '2026-03-01' + g % 5, g % 101
        from generate_series(1, 500) g`);
    expect(await drift()).toEqual([]);
    expect(await keysWithSeveralRows()).toEqual([]);
    const project = await call(admin, { method: 'GET', url: `/api/Project/${p.projectId}` });
    expect(project.taskCount).toBe(500);
    await database.db.execute(sql`delete from tasks where task_list_id = ${l.taskListId} and progress < 50`);
    expect(await drift()).toEqual([]);
  });

  it.runIf(process.env.DATABASE_URL)(
    'stay exact with 20 writers at once, none waiting on another',
    async () => {
      const worker = await buildUser(database.db, acme);
      const p = await buildProject(database.db, acme, { memberIds: [acme.adminUserId, worker.userId] });
      const l = await buildTaskList(database.db, acme, { projectId: p.projectId });
      const open = await statusIdOf(database.db, acme.companyId, 'Open');
      const progress = await statusIdOf(database.db, acme.companyId, 'In Progress');
      const created = await Promise.all(
        Array.from({ length: 20 }, (_, i) =>
          call(admin, {
            method: 'POST',
            url: `/api/Tasks/tasklists/${l.taskListId}/tasks`,
            payload: { title: `T${i}`, dueDate: '2026-02-01', assigneeIds: [acme.adminUserId] },
          }),
        ),
      );
      // Three rounds of 20 moves at once, back and forth between two statuses and two due dates,
      // each racing a change of the same task's assignees.
      const teams = [[acme.adminUserId, worker.userId], [worker.userId], [acme.adminUserId]];
      for (const round of [0, 1, 2]) {
        await Promise.all(
          created.flatMap((t: { taskId: string }, i) => [
            call(admin, {
              method: 'PUT',
              url: `/api/Tasks/${t.taskId}`,
              payload:
                (i + round) % 2
                  ? { statusId: progress, sortOrder: 0 }
                  : { statusId: open, dueDate: round % 2 ? '2026-02-01' : '2026-02-02' },
            }),
            call(admin, {
              method: 'PUT',
              url: `/api/Tasks/${t.taskId}`,
              payload: { assigneeIds: teams[(i + round) % 3] },
            }),
          ]),
        );
      }
      await Promise.all(
        created
          .slice(0, 10)
          .map((t: { taskId: string }) => call(admin, { method: 'DELETE', url: `/api/Tasks/${t.taskId}` })),
      );
      expect(await drift()).toEqual([]);
      // A key has at most as many rows as it had writers at once.
      for (const k of await keysWithSeveralRows()) expect(Number(k.n)).toBeLessThanOrEqual(40);
      const project = await call(admin, { method: 'GET', url: `/api/Project/${p.projectId}` });
      expect(project.taskCount).toBe(10);
    },
  );
});
