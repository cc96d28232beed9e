import { existsSync, mkdtempSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { App } from '../../app.ts';
import { rowsOf, type Database } from '../client.ts';
import { s3Store } from '../../features/files/blob-store.ts';
import { buildTestApp, resetDatabase, workerDataDir } from '../../test/build-app.ts';
import { startS3 } from '../../test/s3.ts';
import { bearer, login } from '../../test/factories.ts';
import { DEMO_PASSWORD, seedDemo } from './demo.ts';

let app: App;
let database: Database;

beforeAll(async () => {
  ({ app, database } = await buildTestApp());
  await seedDemo(database.db, workerDataDir());
});
afterAll(() => app.close());

describe('demo data: a living company', () => {
  it('Acme has 8 projects and 150+ tasks across every status and priority, overdue ones, subtasks and files', async () => {
    const admin = await login(app, 'admin@acme.test', DEMO_PASSWORD);
    const projects = (
      await app.inject({ method: 'GET', url: '/api/Project?pageSize=50', headers: bearer(admin) })
    ).json().data;
    expect(projects.totalCount).toBe(8);
    expect(
      new Set(projects.items.map((p: { statusName: string }) => p.statusName)).size,
    ).toBeGreaterThanOrEqual(6);

    const [stats] = rowsOf<Record<string, number>>(
      await database.db.execute(sql`
        select count(*) filter (where t.parent_task_id is null)::int as top,
               count(*) filter (where t.parent_task_id is not null)::int as subs,
               count(distinct s.name)::int as statuses,
               count(distinct t.priority_id)::int as priorities,
               count(*) filter (where t.due_date < current_date and s.built_in is null)::int as overdue
          from tasks t
          left join task_statuses s on s.id = t.status_id
         where t.company_id = ${admin.companyId}`),
    );
    expect(stats).toMatchObject({ statuses: 7, priorities: 4 });
    expect(stats?.top).toBeGreaterThanOrEqual(150);
    expect(stats?.subs).toBeGreaterThan(0);
    expect(stats?.overdue).toBeGreaterThan(0);

    const first = projects.items[0] as { projectId: string };
    const detail = (
      await app.inject({ method: 'GET', url: `/api/Project/${first.projectId}`, headers: bearer(admin) })
    ).json().data;
    expect(detail.documents.map((d: { mimeType: string }) => d.mimeType).sort()).toEqual([
      'application/pdf',
      'text/plain',
    ]);
    const pdf = await app.inject({ method: 'GET', url: detail.documents[0].url, headers: bearer(admin) });
    expect(pdf.statusCode).toBe(200);
    const keys = rowsOf<{ storage_key: string }>(
      await database.db.execute(sql`select storage_key from documents`),
    );
    expect(keys.every((k) => existsSync(join(workerDataDir(), 'uploads', k.storage_key)))).toBe(true);

    const employee = await login(app, 'employee@acme.test', DEMO_PASSWORD);
    const mine = (
      await app.inject({ method: 'GET', url: '/api/Tasks/users/mytasks', headers: bearer(employee) })
    ).json();
    expect(mine.data.totalCount).toBeGreaterThan(5);
  });

  it('looks real: projects at different stages, open work due around today, uneven workloads, weeks of time', async () => {
    const admin = await login(app, 'admin@acme.test', DEMO_PASSWORD);
    const items = (
      await app.inject({ method: 'GET', url: '/api/Project?pageSize=50', headers: bearer(admin) })
    ).json().data.items as { code: string; progress: number; taskCount: number }[];
    // Same lists and counts everywhere (20 top-level tasks a project), different progress.
    expect(items.every((p) => p.taskCount === 20)).toBe(true);
    const progress = Object.fromEntries(items.map((p) => [p.code, p.progress]));
    expect(new Set(Object.values(progress)).size).toBeGreaterThanOrEqual(6);
    expect(progress.CUS).toBeLessThan(progress.MOB ?? 0);
    expect(progress.MKT).toBeGreaterThan(progress.SEC ?? 100);

    const [due] = rowsOf<Record<string, number>>(
      await database.db.execute(sql`
        select count(*) filter (where t.due_date < current_date)::int as overdue,
               count(*) filter (where t.due_date between current_date and current_date + 7)::int as this_week,
               count(*) filter (where t.due_date between current_date + 8 and current_date + 14)::int as next_week
          from tasks t
          join task_statuses s on s.id = t.status_id
         where t.company_id = ${admin.companyId} and t.parent_task_id is null
           and s.name not in ('Completed', 'Cancelled')`),
    );
    expect(due?.overdue).toBeGreaterThan(5);
    expect(due?.this_week).toBeGreaterThan(5);
    expect(due?.next_week).toBeGreaterThan(3);

    const load = rowsOf<{ tasks: number }>(
      await database.db.execute(sql`
        select count(*)::int as tasks from task_assignees a
         where a.company_id = ${admin.companyId} group by a.user_id order by 1`),
    ).map((r) => r.tasks);
    expect((load.at(-1) ?? 0) - (load[0] ?? 0)).toBeGreaterThanOrEqual(10);

    const hours = rowsOf<{ minutes: number; days: number }>(
      await database.db.execute(sql`
        select sum(duration_minutes)::int as minutes, count(distinct logged_at)::int as days from time_logs
         where company_id = ${admin.companyId} group by user_id order by 1`),
    );
    expect(hours.length).toBeGreaterThan(5);
    // Weeks of entries; the busiest person logs at least twice the quietest.
    expect(Math.max(...hours.map((h) => h.days))).toBeGreaterThan(25);
    expect((hours.at(-1)?.minutes ?? 0) / (hours[0]?.minutes ?? 1)).toBeGreaterThanOrEqual(2);

    // Every top-level task is watched by its creator and its assignees, as one made in the app.
    const [unwatched] = rowsOf<{ n: number }>(
      await database.db.execute(sql`
        select count(*)::int as n from tasks t
         where t.company_id = ${admin.companyId} and t.parent_task_id is null
           and (not exists (select 1 from task_watchers w where w.task_id = t.id and w.user_id = t.created_by)
             or exists (select 1 from task_assignees a where a.task_id = t.id and not exists (
                  select 1 from task_watchers w where w.task_id = t.id and w.user_id = a.user_id)))`),
    );
    expect(unwatched?.n).toBe(0);
  });
});

describe('demo data with the S3 driver (issue 27)', () => {
  it("puts the demo's files in the bucket, one object per stored file, none on the disk", async () => {
    const s3 = await startS3('taskhive-demo');
    const blobs = s3Store(s3.settings);
    try {
      await resetDatabase(database);
      const dir = mkdtempSync(join(tmpdir(), 'taskhive-demo-s3-'));
      await seedDemo(database.db, dir, blobs);
      const [row] = rowsOf<{ n: number }>(
        await database.db.execute(sql`
          select (select count(*) from documents)::int
               + (select count(*) from users where profile_photo_path is not null)::int
               + (select count(*) from companies where logo_path is not null)::int as n`),
      );
      expect(row?.n).toBeGreaterThan(0);
      expect((await blobs.list()).length).toBe(row?.n);
      expect(existsSync(join(dir, 'uploads')) ? readdirSync(join(dir, 'uploads')) : []).toEqual([]);
    } finally {
      blobs.close();
      await s3.close();
    }
  }, 120_000);
});
