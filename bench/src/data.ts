/**
 * The benchmark's data: one large tenant and many small ones, built with bulk SQL
 * (generate_series), on PostgreSQL or PGlite. Companies, their roles, statuses and modules come
 * from the project's own provisioning, so the data has the shape the app makes.
 */
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Db } from '../../apps/api/src/db/client.ts';
import { provisionCompany } from '../../apps/api/src/features/companies/provision.service.ts';
import type { Ids } from './endpoints.ts';

export type TenantSize = { users: number; projects: number; tasks: number; timeLogs: number };

export type DataPlan = { large: TenantSize; small: TenantSize; smallTenants: number };

/**
 * Issue 12's data; `--scale` makes it 1,000,000 tasks and 2,000,000 time logs; `--smoke` is tiny.
 * `tasks` replaces the large tenant's task count (two time logs a task).
 *
 * The large tenant grows by people and projects with its tasks (issue 28): 200 tasks a person and
 * 500 a project at every size (500 people and 200 projects at 100,000 tasks; 50 and 20 at 10,000;
 * 5,000 and 2,000 at 1,000,000), so a read compares like with like when the company grows: the
 * busiest person's My Tasks page of 200 and the board's columns of 50 fill at every size, and what
 * grows is the company around them. (Before, 10,000 tasks kept 500 people and 200 projects: 20
 * tasks a person, 50 a project, so the growth ratio compared a half-empty page with a full one.)
 */
export function dataPlan(mode: 'smoke' | 'default' | 'scale', tasks?: number): DataPlan {
  const small = { users: 10, projects: 2, tasks: 50, timeLogs: 100 };
  if (mode === 'smoke' && tasks === undefined) {
    return { large: { users: 50, projects: 5, tasks: 1_000, timeLogs: 2_000 }, small, smallTenants: 3 };
  }
  const n = tasks ?? (mode === 'scale' ? 1_000_000 : 100_000);
  return { large: grownTenant(n), small, smallTenants: mode === 'smoke' ? 3 : 50 };
}

/** A large tenant of `tasks` tasks: a person per 200 tasks, a project per 500 (at least 10 and 2). */
export function grownTenant(tasks: number): TenantSize {
  return {
    users: Math.max(10, Math.round(tasks / TASKS_PER_PERSON)),
    projects: Math.max(2, Math.round(tasks / TASKS_PER_PROJECT)),
    tasks,
    timeLogs: tasks * 2,
  };
}

/**
 * The generator's version, part of a kept database's key (BENCH_REUSE): a change of what it
 * writes for the same plan makes a new database, not a reuse of the old data.
 * 2: time entries written a week at a time, oldest first.
 */
export const GENERATOR_VERSION = 2;

export const TASKS_PER_PERSON = 200;
export const TASKS_PER_PROJECT = 500;

/** The growth check's small size (issue 12 item 3: p50 at 10,000 tasks against the full size). */
export const GROWTH_BASE_TASKS = { smoke: 200, default: 10_000, scale: 10_000 } as const;

export type Tenant = { companyId: string; adminEmail: string };

/**
 * One company of `size`: the admin plus `users - 1` employees, `projects` projects of one task
 * list each, `tasks` tasks of which a fifth are subtasks, one assignee per task, project members
 * (the admin and every assignee of the project's tasks), and `timeLogs` time logs spread over the
 * last year. The statuses are the company's own, from its provisioning.
 */
export async function buildTenant(
  db: Db,
  name: string,
  size: TenantSize,
  passwordHash: string,
): Promise<Tenant> {
  const adminEmail = `admin@${name.toLowerCase().replace(/[^a-z0-9]+/g, '-')}.bench`;
  const p = await db.transaction((tx) =>
    provisionCompany(
      tx,
      { name, isApproved: true },
      { email: adminEmail, firstName: 'Bench', lastName: 'Admin', passwordHash, status: 'active' },
    ),
  );
  const c = p.companyId;
  const domain = adminEmail.split('@')[1] ?? 'bench';
  await db.execute(sql`
    insert into users (company_id, email, first_name, last_name, role_id, department_id, status)
    select ${c}, 'user' || g || '@' || ${domain}, 'First' || g, 'Last' || (g % 97), ${p.roleIds.employee},
           ${p.departmentId}, 'active'
      from generate_series(1, ${size.users - 1}) g`);
  await db.execute(sql`
    insert into projects (company_id, name, description, status_id, start_date, end_date, created_by)
    select ${c}, 'Project ' || g, 'Generated project ' || g,
           (select id from task_statuses where company_id = ${c} order by sort_order limit 1),
           current_date - 365 + (g % 100), current_date + (g % 200), ${p.adminUserId}
      from generate_series(1, ${size.projects}) g`);
  await db.execute(sql`
    insert into task_lists (company_id, project_id, name)
    select company_id, id, 'Backlog' from projects where company_id = ${c}`);
  const subtasks = Math.floor(size.tasks / 5);
  // `g % projects` picks the task's project, so the priority takes `(g / projects) % 4`: with
  // `g % 4` every project held ONE priority (4 divides 200), and the priority filter the
  // custom-field row is measured against found no task in the largest project.
  await db.execute(sql`
    with lists as (
      select tl.project_id, tl.id as list_id, row_number() over (order by tl.id) - 1 as n
        from task_lists tl where tl.company_id = ${c}
    ), statuses as (
      select array_agg(id order by sort_order) as ids from task_statuses where company_id = ${c}
    ), prios as (
      select array_agg(id order by sort_order) as ids from priorities
    )
    insert into tasks (company_id, project_id, task_list_id, title, status_id, priority_id, start_date,
                       due_date, estimated_hours, progress, sort_order, created_by)
    select ${c}, l.project_id, l.list_id, 'Task ' || g,
           s.ids[1 + g % array_length(s.ids, 1)], pr.ids[1 + (g / ${size.projects}) % array_length(pr.ids, 1)],
           current_date - 200 + (g % 180), current_date - 20 + (g % 200), (g % 16) + 1, (g * 7) % 101,
           g * 1024, ${p.adminUserId}
      from generate_series(0, ${size.tasks - subtasks - 1}) g
      join lists l on l.n = g % ${size.projects}
      cross join statuses s cross join prios pr`);
  await db.execute(sql`
    with parents as (
      select id, project_id, task_list_id, status_id, row_number() over (order by id) as n
        from tasks where company_id = ${c}
    )
    insert into tasks (company_id, project_id, task_list_id, parent_task_id, title, status_id, sort_order,
                       created_by)
    select ${c}, project_id, task_list_id, id, 'Subtask ' || n, status_id, n, ${p.adminUserId}
      from parents where n <= ${subtasks}`);
  // Issue 26: a single-select custom field, Severity (Low, Medium, High), enabled on every project,
  // with a value on every top-level task (a third each): the custom-field filter's bench row.
  const severity = [randomUUID(), randomUUID(), randomUUID()];
  const options = JSON.stringify(['Low', 'Medium', 'High'].map((label, i) => ({ id: severity[i], label })));
  await db.execute(sql`
    insert into custom_fields (company_id, name, type, options, show_on_card)
    values (${c}, 'Severity', 'select', ${options}::jsonb, true)`);
  await db.execute(sql`
    insert into custom_field_projects (company_id, project_id, field_id)
    select ${c}, p.id, f.id from projects p, custom_fields f where p.company_id = ${c} and f.company_id = ${c}`);
  await db.execute(sql`
    insert into custom_field_values (company_id, task_id, project_id, field_id, value_text)
    select ${c}, t.id, t.project_id, f.id, (array[${severity[0]}, ${severity[1]}, ${severity[2]}]::text[])[1 + (t.number % 3)]
      from tasks t, custom_fields f
     where t.company_id = ${c} and f.company_id = ${c} and t.parent_task_id is null`);
  await db.execute(sql`
    with people as (
      select id, row_number() over (order by id) - 1 as n from users where company_id = ${c}
    ), work as (
      select id, row_number() over (order by id) - 1 as n from tasks where company_id = ${c}
    )
    insert into task_assignees (company_id, task_id, user_id)
    select ${c}, w.id, u.id from work w join people u on u.n = w.n % ${size.users}`);
  await db.execute(sql`
    insert into project_members (company_id, project_id, user_id)
    select distinct t.company_id, t.project_id, a.user_id
      from task_assignees a join tasks t on t.id = a.task_id
     where a.company_id = ${c}
    union
    select company_id, id, ${p.adminUserId}::uuid from projects where company_id = ${c}`);
  // A year of entries, written a week at a time, oldest first: the time tallies' rows are made in
  // time order, as an app's entries make them (one statement for the year scattered a week's
  // tally rows over the table, and the reports' reads with them: bench/README.md, 13:51). The rows
  // are made once in a scratch table, each with its week, and copied a week at a time.
  const now = new Date().toISOString();
  const WEEK = 7 * 24 * 60;
  const scratch = sql.identifier(`bench_entries_${c.replaceAll('-', '')}`);
  await db.execute(sql`
    create unlogged table ${scratch} as
    with people as (
      select id, row_number() over (order by id) - 1 as n from users where company_id = ${c}
    ), work as (
      select id, project_id, row_number() over (order by id) - 1 as n from tasks where company_id = ${c}
    )
    select u.id as user_id, w.project_id, w.id as task_id, 'Work ' || g as description,
           -- at most 2 hours an entry: no generated day reaches the 24-hour rule, so the log-time
           -- load never meets a 409 (up to 480 minutes did: 24 hours on some user's day)
           date_trunc('day', ${now}::timestamptz - make_interval(mins => (g * 263) % 525600), 'UTC') as logged_at,
           15 + (g % 8) * 15 as duration_minutes, g % 4 <> 0 as billable, ((g * 263) % 525600) / ${WEEK} as week
      from generate_series(0, ${size.timeLogs - 1}) g
      join work w on w.n = g % ${size.tasks}
      join people u on u.n = g % ${size.users}`);
  await db.execute(sql`create index on ${scratch} (week)`);
  for (let week = Math.floor(525600 / WEEK); week >= 0; week--)
    await db.execute(sql`
      insert into time_logs (company_id, user_id, project_id, task_id, description, logged_at,
                             duration_minutes, billable)
      select ${c}, user_id, project_id, task_id, description, logged_at, duration_minutes, billable
        from ${scratch} where week = ${week} order by logged_at`);
  await db.execute(sql`drop table ${scratch}`);
  return { companyId: c, adminEmail };
}

/** The whole data set; the large tenant is returned (the one the load runs as). */
export async function generate(db: Db, plan: DataPlan, passwordHash: string): Promise<Tenant> {
  const large = await buildTenant(db, 'Large Tenant', plan.large, passwordHash);
  for (let i = 1; i <= plan.smallTenants; i++) {
    await buildTenant(db, `Small Tenant ${i}`, plan.small, passwordHash);
  }
  // Vacuum too, as autovacuum would soon: index-only scans need the visibility map.
  await db.execute(sql`vacuum analyze`);
  return large;
}

const one = async <T>(db: Db, query: ReturnType<typeof sql>): Promise<T[]> =>
  ((await db.execute(query)) as unknown as { rows: T[] }).rows;

/** The ids the endpoints' paths name (see `Ids` in endpoints.ts), read from the generated tenant. */
export async function resolveIds(db: Db, c: string): Promise<Ids> {
  const [busiest] = await one<{ id: string }>(
    db,
    sql`select project_id as id from tasks where company_id = ${c} group by project_id order by count(*) desc, project_id limit 1`,
  );
  const projectId = busiest?.id;
  if (!projectId) throw new Error('the large tenant has no tasks');
  const [list] = await one<{ id: string }>(
    db,
    sql`select id from task_lists where company_id = ${c} and project_id = ${projectId} order by id limit 1`,
  );
  const [writeList] = await one<{ id: string }>(
    db,
    sql`select id from task_lists where company_id = ${c} and project_id <> ${projectId} order by id limit 1`,
  );
  const [user] = await one<{ id: string }>(
    db,
    sql`select user_id as id from task_assignees where company_id = ${c} group by user_id order by count(*) desc, user_id limit 1`,
  );
  const statuses = await one<{ id: string }>(
    db,
    sql`select id from task_statuses where company_id = ${c} order by sort_order limit 2`,
  );
  const tasks = await one<{ id: string }>(
    db,
    sql`select id from tasks where company_id = ${c} and project_id = ${projectId} and parent_task_id is null order by id limit 50`,
  );
  const users = await one<{ id: string }>(db, sql`select id from users where company_id = ${c} order by id`);
  // Issue 26: the Severity field and its High option; the first priority's name.
  const [severity] = await one<{ id: string; high: string }>(
    db,
    sql`select id, options->2->>'id' as high from custom_fields where company_id = ${c} and name = 'Severity'`,
  );
  const [priority] = await one<{ name: string }>(
    db,
    sql`select name from priorities order by sort_order limit 1`,
  );
  if (!list || !writeList || !user || statuses.length < 2 || !severity || !priority)
    throw new Error('the large tenant lacks lists, assignees or statuses');
  const today = new Date().toISOString().slice(0, 10);
  return {
    projectId,
    taskListId: list.id,
    userId: user.id,
    writeTaskListId: writeList.id,
    statusIds: statuses.map((s) => s.id),
    taskIds: tasks.map((t) => t.id),
    userIds: users.map((u) => u.id),
    customFieldId: severity.id,
    customOptionId: severity.high,
    priorityName: priority.name,
    today,
    from: new Date(Date.now() - 90 * 86_400_000).toISOString().slice(0, 10),
    yearAgo: new Date(Date.now() - 364 * 86_400_000).toISOString().slice(0, 10),
    sixWeeksAgo: new Date(Date.now() - 41 * 86_400_000).toISOString().slice(0, 10),
  };
}
