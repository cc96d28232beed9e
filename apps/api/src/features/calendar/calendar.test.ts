import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { CALENDAR_MAX_DAYS, CALENDAR_MESSAGES } from '@taskhive/contract';
import type { App } from '../../app.ts';
import type { Database } from '../../db/client.ts';
import { buildCountingApp, buildTestApp } from '../../test/build-app.ts';
import {
  bearer,
  buildProject,
  buildTask,
  buildTaskList,
  buildUser,
  login,
  type Session,
  sqlRows,
  type TestCompany,
  twoTenants,
  createLabel,
  setTaskLabels,
} from '../../test/factories.ts';
import { escapeText, foldLine } from './ical.ts';

let app: App;
let database: Database;
let acme: TestCompany;
let other: TestCompany;
let admin: Session;
let employee: Session;
let otherAdmin: Session;
let noTasks: Session;
/** A project the employee is a member of, one they are not, and one of the other company. */
let shared: { projectId: string; code: string };
let hidden: { projectId: string; code: string };
let foreign: { projectId: string; code: string };
let parentId: string;
let subtaskId: string;
let doneId: string;
let hiddenTaskId: string;
let foreignTaskId: string;

const day = (offset: number) => {
  const d = new Date();
  d.setUTCDate(d.getUTCDate() + offset);
  return d.toISOString().slice(0, 10);
};

const call = (method: 'GET' | 'POST' | 'DELETE', url: string, s?: Session) =>
  app.inject({ method, url, headers: s ? bearer(s) : {} });

type Item = {
  taskId: string;
  key: string;
  title: string;
  dueDate: string;
  isDone: boolean;
  isOverdue: boolean;
  parentTaskId: string | null;
  assigneeNames: string[];
  projectName: string;
  statusName: string | null;
};

async function items(url: string, s: Session): Promise<Item[]> {
  const res = await call('GET', url, s);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data.items as Item[];
}

beforeAll(async () => {
  ({ app, database } = await buildTestApp());
  ({ acme, other, admin, employee, otherAdmin } = await twoTenants(app, database.db, {
    employee: { firstName: 'Emma', lastName: 'Employee' },
  }));
  const u = await buildUser(database.db, acme, { role: null, permissions: ['project:read'] });
  noTasks = await login(app, u.email);
  shared = await buildProject(database.db, acme, {
    code: 'CAL',
    name: 'Calendar project',
    memberIds: [acme.adminUserId, employee.userId],
  });
  hidden = await buildProject(database.db, acme, { code: 'HID', memberIds: [acme.adminUserId] });
  foreign = await buildProject(database.db, other, { code: 'FOR', memberIds: [other.adminUserId] });
  const list = await buildTaskList(database.db, acme, { projectId: shared.projectId });
  const parent = await buildTask(database.db, acme, {
    taskListId: list.taskListId,
    title: 'Plan the launch',
    dueDate: day(3),
    startDate: day(1),
    assigneeIds: [employee.userId, acme.adminUserId],
  });
  parentId = parent.taskId;
  subtaskId = (
    await buildTask(database.db, acme, {
      taskListId: list.taskListId,
      parentTaskId: parentId,
      title: 'Book the venue',
      dueDate: day(2),
      assigneeIds: [employee.userId],
    })
  ).taskId;
  doneId = (
    await buildTask(database.db, acme, {
      taskListId: list.taskListId,
      title: 'Old and done',
      dueDate: day(-2),
      statusName: 'Completed',
      assigneeIds: [employee.userId],
    })
  ).taskId;
  await buildTask(database.db, acme, {
    taskListId: list.taskListId,
    title: 'Late and open',
    dueDate: day(-1),
    assigneeIds: [employee.userId],
  });
  await buildTask(database.db, acme, { taskListId: list.taskListId, title: 'No due date' });
  await buildTask(database.db, acme, { taskListId: list.taskListId, title: 'Far away', dueDate: day(90) });
  await buildTask(database.db, acme, { taskListId: list.taskListId, title: "Admin's own", dueDate: day(2) });
  const hiddenList = await buildTaskList(database.db, acme, { projectId: hidden.projectId });
  hiddenTaskId = (
    await buildTask(database.db, acme, {
      taskListId: hiddenList.taskListId,
      title: 'Secret plan',
      dueDate: day(2),
      assigneeIds: [acme.adminUserId],
    })
  ).taskId;
  const foreignList = await buildTaskList(database.db, other, { projectId: foreign.projectId });
  foreignTaskId = (
    await buildTask(database.db, other, {
      taskListId: foreignList.taskListId,
      title: 'Their task',
      dueDate: day(2),
      assigneeIds: [other.adminUserId],
    })
  ).taskId;
});
afterAll(() => app.close());

const range = `from=${day(-5)}&to=${day(20)}`;

describe('GET /api/Calendar/tasks', () => {
  it('401 without a token, 403 without task:read', async () => {
    expect((await call('GET', `/api/Calendar/tasks?${range}`)).statusCode).toBe(401);
    expect((await call('GET', `/api/Calendar/tasks?${range}`, noTasks)).statusCode).toBe(403);
  });

  it('400 per field: bad dates, a missing one, to before from, a range too long, an unknown field', async () => {
    const errors = async (q: string) => {
      const res = await call('GET', `/api/Calendar/tasks?${q}`, employee);
      expect(res.statusCode, res.body).toBe(400);
      return res.json().errors as Record<string, string[]>;
    };
    expect(Object.keys(await errors('from=2026-13-01&to=tomorrow'))).toEqual(
      expect.arrayContaining(['from', 'to']),
    );
    expect(Object.keys(await errors('from=2026-01-01'))).toEqual(['to']);
    expect((await errors('from=2026-02-10&to=2026-02-09')).to).toEqual([CALENDAR_MESSAGES.toBeforeFrom]);
    // 62 days are allowed (both ends included), 63 are not.
    expect((await errors('from=2026-01-01&to=2026-03-04')).to).toEqual([CALENDAR_MESSAGES.rangeTooLong]);
    const ok62 = await call('GET', '/api/Calendar/tasks?from=2026-01-01&to=2026-03-03', employee);
    expect(CALENDAR_MAX_DAYS).toBe(62);
    expect(ok62.statusCode, ok62.body).toBe(200);
    expect((await errors(`${range}&userId=${acme.adminUserId}`)).userId).toEqual(['Unknown field: userId']);
    expect(Object.keys(await errors(`${range}&projectId=nope`))).toEqual(['projectId']);
  });

  it("404 for another company's project, and for a project out of the reader's reach", async () => {
    for (const [who, id] of [
      [employee, foreign.projectId],
      [admin, foreign.projectId],
      [employee, hidden.projectId],
      [employee, '00000000-0000-4000-8000-000000000000'],
    ] as const) {
      const res = await call('GET', `/api/Calendar/tasks?${range}&projectId=${id}`, who);
      expect(res.statusCode, res.body).toBe(404);
      expect(res.body).not.toContain('Their task');
      expect(res.body).not.toContain('Secret plan');
    }
    // The other company's admin cannot read ours either.
    const res = await call('GET', `/api/Calendar/tasks?${range}&projectId=${shared.projectId}`, otherAdmin);
    expect(res.statusCode).toBe(404);
  });

  it('my tasks: assigned to me, subtasks included, ordered by due date, with names and flags', async () => {
    const mine = await items(`/api/Calendar/tasks?${range}`, employee);
    expect(mine.map((t) => t.title)).toEqual([
      'Old and done',
      'Late and open',
      'Book the venue',
      'Plan the launch',
    ]);
    const venue = mine.find((t) => t.taskId === subtaskId);
    expect(venue).toMatchObject({ parentTaskId: parentId, dueDate: day(2), projectName: 'Calendar project' });
    expect(venue?.key).toMatch(/^CAL-\d+$/);
    expect(mine.find((t) => t.taskId === parentId)?.assigneeNames).toEqual(['Ada Admin', 'Emma Employee']);
    const done = mine.find((t) => t.taskId === doneId);
    expect(done).toMatchObject({ isDone: true, isOverdue: false, statusName: 'Completed' });
    expect(mine.find((t) => t.title === 'Late and open')).toMatchObject({ isDone: false, isOverdue: true });
    // The range bounds hold: a task due in 90 days and one without a due date are not there.
    const admins = await items(`/api/Calendar/tasks?${range}`, admin);
    expect(admins.map((t) => t.title)).toEqual(['Secret plan', 'Plan the launch']);
  });

  it("a project's tasks the reader may read, subtasks included; never another project's", async () => {
    const all = await items(`/api/Calendar/tasks?${range}&projectId=${shared.projectId}`, employee);
    const titles = all.map((t) => t.title);
    expect(titles).toEqual(
      expect.arrayContaining([
        'Old and done',
        'Late and open',
        'Book the venue',
        'Plan the launch',
        "Admin's own",
      ]),
    );
    expect(titles).toHaveLength(5);
    expect(titles).not.toContain('Secret plan');
    expect(all.map((t) => t.dueDate)).toEqual([...all.map((t) => t.dueDate)].sort());
    // The admin (project:read:all) reads the hidden project; the employee got 404 above.
    const secret = await items(`/api/Calendar/tasks?${range}&projectId=${hidden.projectId}`, admin);
    expect(secret.map((t) => t.taskId)).toEqual([hiddenTaskId]);
  });

  it('a task of a project I left is absent from my tasks (the read rule, not the assignment)', async () => {
    // An assignment left behind (data from before members were unassigned on removal).
    await database.db.execute(
      sql`insert into task_assignees (company_id, task_id, user_id) values (${acme.companyId}, ${hiddenTaskId}, ${employee.userId})`,
    );
    const mine = await items(`/api/Calendar/tasks?${range}`, employee);
    expect(mine.map((t) => t.taskId)).not.toContain(hiddenTaskId);
    await database.db.execute(
      sql`delete from task_assignees where task_id = ${hiddenTaskId} and user_id = ${employee.userId}`,
    );
  });

  it('the same number of statements for 5 tasks as for 60', async () => {
    const list = await buildTaskList(database.db, acme, { projectId: shared.projectId });
    const { app: counted, counter } = await buildCountingApp(database);
    try {
      const count = async (url: string) => {
        expect((await counted.inject({ method: 'GET', url, headers: bearer(employee) })).statusCode).toBe(
          200,
        );
        counter.statements = 0;
        const res = await counted.inject({ method: 'GET', url, headers: bearer(employee) });
        expect(res.statusCode).toBe(200);
        return { statements: counter.statements, n: res.json().data.items.length as number };
      };
      const mineUrl = `/api/Calendar/tasks?${range}`;
      const projectUrl = `${mineUrl}&projectId=${shared.projectId}`;
      const before = [await count(mineUrl), await count(projectUrl)];
      for (let i = 0; i < 55; i++)
        await buildTask(database.db, acme, {
          taskListId: list.taskListId,
          title: `Bulk ${i}`,
          dueDate: day(i % 20),
          assigneeIds: [employee.userId, acme.adminUserId],
        });
      const after = [await count(mineUrl), await count(projectUrl)];
      expect(after[0]?.n).toBeGreaterThan((before[0]?.n ?? 0) + 50);
      expect(after.map((a) => a.statements)).toEqual(before.map((b) => b.statements));
      // My tasks: one statement; a project's: the project's check and one statement.
      expect(before.map((b) => b.statements)).toEqual([1, 2]);
    } finally {
      await counted.close();
      await database.db.execute(
        sql`delete from tasks where title like 'Bulk %' and company_id = ${acme.companyId}`,
      );
    }
  });
});

/** The path of a feed URL (the test app's public URL is not where inject goes). */
const pathOf = (url: string) => new URL(url).pathname;

async function createFeed(s: Session): Promise<string> {
  const res = await call('POST', '/api/Calendar/feed', s);
  expect(res.statusCode, res.body).toBe(201);
  const url = res.json().data.url as string;
  expect(url).toMatch(/\/api\/Calendar\/feed\/[A-Za-z0-9_-]{43}\.ics$/);
  return url;
}

/** Unfolds an iCalendar text (RFC 5545 3.1) into its content lines. */
const unfold = (text: string) => text.replace(/\r\n /g, '').split('\r\n');

describe('the iCalendar feed', () => {
  it('401 without a token, 403 without task:read', async () => {
    for (const method of ['GET', 'POST', 'DELETE'] as const) {
      expect((await call(method, '/api/Calendar/feed')).statusCode).toBe(401);
      expect((await call(method, '/api/Calendar/feed', noTasks)).statusCode).toBe(403);
    }
  });

  it('is created once, shows as active, serves an RFC 5545 calendar of my tasks', async () => {
    expect((await call('GET', '/api/Calendar/feed', employee)).json().data).toEqual({
      active: false,
      createdAt: null,
    });
    const url = await createFeed(employee);
    const token = /feed\/(.+)\.ics$/.exec(url)?.[1] ?? '';
    const stored = await sqlRows<{ token_hash: string }>(
      database.db,
      sql`select token_hash from calendar_feeds where user_id = ${employee.userId}`,
    );
    // Only the hash is kept.
    expect(stored).toHaveLength(1);
    expect(stored[0]?.token_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(stored[0]?.token_hash).not.toContain(token);
    const status = (await call('GET', '/api/Calendar/feed', employee)).json().data;
    expect(status.active).toBe(true);
    expect(Date.parse(status.createdAt)).toBeGreaterThan(Date.now() - 60_000);

    const res = await app.inject({ method: 'GET', url: pathOf(url) });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('text/calendar; charset=utf-8');
    expect(res.headers['cache-control']).toBe('no-store');
    const body = res.body;
    expect(body.startsWith('BEGIN:VCALENDAR\r\nVERSION:2.0\r\n')).toBe(true);
    expect(body.endsWith('END:VCALENDAR\r\n')).toBe(true);
    // Every line ends in CRLF and none is longer than 75 octets.
    expect(body.replace(/\r\n/g, '')).not.toMatch(/[\r\n]/);
    for (const line of body.split('\r\n')) expect(Buffer.byteLength(line)).toBeLessThanOrEqual(75);
    const lines = unfold(body);
    const events = body.split('BEGIN:VEVENT').length - 1;
    expect(events).toBe(4);
    const key = (await items(`/api/Calendar/tasks?${range}`, employee)).find(
      (t) => t.taskId === parentId,
    )?.key;
    expect(lines).toContain(`SUMMARY:${key} Plan the launch`);
    expect(lines).toContain(`UID:${parentId}@taskhive`);
    expect(lines).toContain(`DTSTART;VALUE=DATE:${day(3).replaceAll('-', '')}`);
    expect(lines).toContain(`DTEND;VALUE=DATE:${day(4).replaceAll('-', '')}`);
    expect(lines).toContain(`DESCRIPTION:Project: Calendar project\\nStatus: Open`);
    expect(lines.some((l) => l.startsWith('URL:') && l.endsWith(`/app/t/${key}`))).toBe(true);
    expect(lines.filter((l) => l.startsWith('DTSTAMP:')).every((l) => /^DTSTAMP:\d{8}T\d{6}Z$/.test(l))).toBe(
      true,
    );
    // Not mine, not in the window, not readable: absent.
    expect(body).not.toContain("Admin's own");
    expect(body).not.toContain('Far away');
    expect(body).not.toContain('Secret plan');
  });

  it('escapes TEXT and folds long lines (a title with a comma, a semicolon, a backslash and a newline)', async () => {
    const list = await buildTaskList(database.db, acme, { projectId: shared.projectId });
    const title = `Ship v2, then; celebrate \\ party\nsecond line ${'é'.repeat(60)}`;
    const t = await buildTask(database.db, acme, {
      taskListId: list.taskListId,
      title,
      dueDate: day(5),
      assigneeIds: [employee.userId],
    });
    const url = await createFeed(employee);
    const body = (await app.inject({ method: 'GET', url: pathOf(url) })).body;
    for (const line of body.split('\r\n')) expect(Buffer.byteLength(line)).toBeLessThanOrEqual(75);
    const summary = unfold(body).find((l) => l.startsWith('SUMMARY:') && l.includes('Ship v2'));
    expect(summary).toBe(
      `SUMMARY:${(await items(`/api/Calendar/tasks?${range}`, employee)).find((i) => i.taskId === t.taskId)?.key} Ship v2\\, then\\; celebrate \\\\ party\\nsecond line ${'é'.repeat(60)}`,
    );
    // The folded line broke between characters, never inside one (é is two octets).
    expect(body).not.toContain('\uFFFD');
    expect(escapeText('a,b;c\\d\r\ne')).toBe('a\\,b\\;c\\\\d\\ne');
    const folded = foldLine(`SUMMARY:${'x'.repeat(200)}`).split('\r\n');
    expect(folded[0]).toHaveLength(75);
    expect(folded.slice(1).every((l) => l.startsWith(' ') && l.length <= 75)).toBe(true);
    await database.db.execute(sql`delete from tasks where id = ${t.taskId}`);
  });

  it('reset invalidates the old link; delete turns it off', async () => {
    const first = await createFeed(employee);
    expect((await app.inject({ method: 'GET', url: pathOf(first) })).statusCode).toBe(200);
    const second = await createFeed(employee);
    expect(second).not.toBe(first);
    const old = await app.inject({ method: 'GET', url: pathOf(first) });
    expect(old.statusCode).toBe(404);
    expect(old.body).not.toContain('Plan the launch');
    expect((await app.inject({ method: 'GET', url: pathOf(second) })).statusCode).toBe(200);
    const off = await call('DELETE', '/api/Calendar/feed', employee);
    expect(off.statusCode).toBe(200);
    expect(off.json().data).toEqual({ active: false, createdAt: null });
    expect((await app.inject({ method: 'GET', url: pathOf(second) })).statusCode).toBe(404);
    expect((await call('GET', '/api/Calendar/feed', employee)).json().data.active).toBe(false);
    // Turning off twice answers the same.
    expect((await call('DELETE', '/api/Calendar/feed', employee)).statusCode).toBe(200);
  });

  it('unknown and malformed links answer 404 without detail', async () => {
    for (const file of ['x'.repeat(43) + '.ics', 'nope.ics', 'x'.repeat(43), '..%2F..%2Fetc.ics']) {
      const res = await app.inject({ method: 'GET', url: `/api/Calendar/feed/${file}` });
      expect(res.statusCode, file).toBe(404);
      expect(res.json().message).toBe('Calendar not found');
    }
  });

  it("a deactivated owner's link, and one whose owner lost task:read, answer 404", async () => {
    const leaver = await buildUser(database.db, acme, {
      role: null,
      permissions: ['task:read', 'project:read'],
    });
    const s = await login(app, leaver.email);
    const url = await createFeed(s);
    expect((await app.inject({ method: 'GET', url: pathOf(url) })).statusCode).toBe(200);
    // task:read taken away (the authz version moves: the cached permissions are read again).
    await database.db.execute(sql`delete from user_permissions up using permissions p
      where p.id = up.permission_id and up.user_id = ${leaver.userId} and p.name = 'task:read'`);
    expect((await app.inject({ method: 'GET', url: pathOf(url) })).statusCode).toBe(404);
    const url2 = await createFeed(employee);
    expect((await app.inject({ method: 'GET', url: pathOf(url2) })).statusCode).toBe(200);
    await database.db.execute(sql`update users set status = 'inactive' where id = ${employee.userId}`);
    try {
      expect((await app.inject({ method: 'GET', url: pathOf(url2) })).statusCode).toBe(404);
    } finally {
      await database.db.execute(sql`update users set status = 'active' where id = ${employee.userId}`);
    }
  });

  it("another company's link gives that company's owner's tasks only, never ours", async () => {
    const url = await createFeed(otherAdmin);
    const body = (await app.inject({ method: 'GET', url: pathOf(url) })).body;
    expect(body).toContain(`UID:${foreignTaskId}@taskhive`);
    expect(body).not.toContain('Plan the launch');
    expect(body).not.toContain('Secret plan');
    expect(body.split('BEGIN:VEVENT').length - 1).toBe(1);
    // Each company's row is its own.
    const rows = await sqlRows<{ company_id: string }>(
      database.db,
      sql`select company_id from calendar_feeds where user_id = ${otherAdmin.userId}`,
    );
    expect(rows.map((r) => r.company_id)).toEqual([other.companyId]);
  });
});

describe('the public feed route is rate-limited per address', () => {
  it('answers 429 with Retry-After past the address limit, for known and unknown links alike', async () => {
    const { app: limited } = await buildTestApp({
      rateLimit: { authMax: 10_000, authIpMax: 3, authWindowMs: 60_000 },
    });
    try {
      const url = `/api/Calendar/feed/${'x'.repeat(43)}.ics`;
      for (let i = 0; i < 3; i++) expect((await limited.inject({ method: 'GET', url })).statusCode).toBe(404);
      const over = await limited.inject({ method: 'GET', url });
      expect(over.statusCode).toBe(429);
      expect(Number(over.headers['retry-after'])).toBeGreaterThan(0);
    } finally {
      await limited.close();
    }
  });
});

describe('labels on the calendar (issue 26)', () => {
  const label = (s: Session, name: string, color = 'blue') => createLabel(app, s, name, color);
  const put = (taskId: string, labelIds: string[]) => setTaskLabels(app, admin, taskId, labelIds);
  type Labelled = Item & { labels: { labelId: string; name: string; color: string }[] };

  it('400 on a malformed labelIds; each item carries its labels by name; the filter is any-of', async () => {
    const bad = await call('GET', `/api/Calendar/tasks?${range}&labelIds=nope`, employee);
    expect(bad.statusCode, bad.body).toBe(400);
    // Named on the field (its first entry, as the task lists answer).
    expect(Object.keys(bad.json().errors)).toEqual([expect.stringMatching(/^labelIds/)]);

    const urgent = await label(admin, 'Cal urgent', 'red');
    const client = await label(admin, 'Cal client, VIP', 'purple');
    await put(parentId, [urgent, client]);
    await put(subtaskId, [client]);
    const mine = (await items(`/api/Calendar/tasks?${range}`, employee)) as Labelled[];
    expect(mine.find((t) => t.taskId === parentId)?.labels).toEqual([
      { labelId: client, name: 'Cal client, VIP', color: 'purple' },
      { labelId: urgent, name: 'Cal urgent', color: 'red' },
    ]);
    expect(mine.find((t) => t.taskId === doneId)?.labels).toEqual([]);

    expect(
      (await items(`/api/Calendar/tasks?${range}&labelIds=${urgent}`, employee)).map((t) => t.taskId),
    ).toEqual([parentId]);
    // Any of, comma-separated or the key repeated; by due date as ever (the subtask is due first).
    expect(
      (await items(`/api/Calendar/tasks?${range}&labelIds=${urgent},${client}`, employee)).map(
        (t) => t.taskId,
      ),
    ).toEqual([subtaskId, parentId]);
    expect(
      (await items(`/api/Calendar/tasks?${range}&labelIds=${urgent}&labelIds=${client}`, employee)).map(
        (t) => t.taskId,
      ),
    ).toEqual([subtaskId, parentId]);
    // With a project too; an empty value is no filter.
    expect(
      (
        await items(`/api/Calendar/tasks?${range}&projectId=${shared.projectId}&labelIds=${client}`, admin)
      ).map((t) => t.taskId),
    ).toEqual([subtaskId, parentId]);
    expect((await items(`/api/Calendar/tasks?${range}&labelIds=`, employee)).length).toBe(mine.length);
  });

  it("another company's label matches nothing, as on the task lists; an unknown one too", async () => {
    const theirs = await label(otherAdmin, 'Cal theirs');
    expect(await items(`/api/Calendar/tasks?${range}&labelIds=${theirs}`, employee)).toEqual([]);
    expect(
      await items(`/api/Calendar/tasks?${range}&projectId=${shared.projectId}&labelIds=${theirs}`, admin),
    ).toEqual([]);
    expect(
      await items(`/api/Calendar/tasks?${range}&labelIds=00000000-0000-4000-8000-000000000000`, employee),
    ).toEqual([]);
    // Their own calendar, filtered by our label, shows none of ours either.
    const ours = await label(admin, 'Cal ours');
    await put(parentId, [ours]);
    const res = await call('GET', `/api/Calendar/tasks?${range}&labelIds=${ours}`, otherAdmin);
    expect(res.statusCode).toBe(200);
    expect(res.json().data.items).toEqual([]);
  });

  it('the same statements, filtered or not, however many labels the tasks carry', async () => {
    const { app: counted, counter } = await buildCountingApp(database);
    const count = async (url: string) => {
      expect((await counted.inject({ method: 'GET', url, headers: bearer(employee) })).statusCode).toBe(200);
      counter.statements = 0;
      const res = await counted.inject({ method: 'GET', url, headers: bearer(employee) });
      expect(res.statusCode).toBe(200);
      return counter.statements;
    };
    try {
      const first = await label(admin, 'Cal count 0');
      await put(parentId, [first]);
      const mineUrl = `/api/Calendar/tasks?${range}`;
      const projectUrl = `${mineUrl}&projectId=${shared.projectId}`;
      const before = [
        await count(mineUrl),
        await count(projectUrl),
        await count(`${mineUrl}&labelIds=${first}`),
        await count(`${projectUrl}&labelIds=${first}`),
      ];
      const many = [first];
      for (let i = 1; i < 8; i++) many.push(await label(admin, `Cal count ${i}`));
      for (const t of [parentId, subtaskId, doneId]) await put(t, many);
      const after = [
        await count(mineUrl),
        await count(projectUrl),
        await count(`${mineUrl}&labelIds=${many.join(',')}`),
        await count(`${projectUrl}&labelIds=${many.join(',')}`),
      ];
      // My tasks: one statement; a project's: the project's check and one statement.
      expect(before).toEqual([1, 2, 1, 2]);
      expect(after).toEqual(before);
    } finally {
      await counted.close();
    }
  });

  it("the feed names a task's labels as CATEGORIES, each escaped", async () => {
    const urgent = await label(admin, 'Feed urgent', 'red');
    const odd = await label(admin, 'Feed a,b;c', 'green');
    await put(subtaskId, [urgent, odd]);
    await put(doneId, []);
    const url = await createFeed(employee);
    const res = await app.inject({ method: 'GET', url: pathOf(url) });
    expect(res.statusCode, res.body).toBe(200);
    const events = res.body.split('BEGIN:VEVENT').slice(1).map(unfold);
    const venue = events.find((lines) => lines.includes(`UID:${subtaskId}@taskhive`));
    expect(venue).toContain('CATEGORIES:Feed a\\,b\\;c,Feed urgent');
    // A task without labels has no CATEGORIES line.
    const done = events.find((lines) => lines.includes(`UID:${doneId}@taskhive`));
    expect(done?.some((l) => l.startsWith('CATEGORIES'))).toBe(false);
  });
});
