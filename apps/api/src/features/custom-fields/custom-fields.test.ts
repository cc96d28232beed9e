import { and, asc, desc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../../app.ts';
import type { Database } from '../../db/client.ts';
import { activities, auditEvents, changes, customFields, customFieldValues } from '../../db/schema/index.ts';
import { buildCountingApp, buildTestApp } from '../../test/build-app.ts';
import {
  bearer,
  buildProject,
  buildTask,
  buildTaskList,
  buildUser,
  login,
  type Session,
  type TestCompany,
  twoTenants,
} from '../../test/factories.ts';

/**
 * Issue 26, custom fields: the endpoints (401, 400 per field and per type with the field's name,
 * 403, cross-tenant and out-of-reach 404, happy paths), the history line, the values on task list
 * reads, the list's filter and sort by a field, and the CSV export's columns.
 */

let app: App;
let database: Database;
let acme: TestCompany;
let other: TestCompany;
let admin: Session;
let employee: Session;
let employeeId: string;
let otherAdmin: Session;
let web: { projectId: string };
let ops: { projectId: string };
let webList: string;
let otherProjectId: string;
let otherTaskId: string;
let otherFieldId: string;

beforeAll(async () => {
  ({ app, database } = await buildTestApp());
  ({ acme, other, admin, employee, employeeId, otherAdmin } = await twoTenants(app, database.db, {
    employee: { firstName: 'Eve', lastName: 'Employee' },
  }));
  web = await buildProject(database.db, acme, {
    code: 'WEB',
    name: 'Website',
    memberIds: [acme.adminUserId, employeeId],
  });
  // The employee is not a member of OPS: it is out of their reach.
  ops = await buildProject(database.db, acme, { code: 'OPS', memberIds: [acme.adminUserId] });
  webList = (await buildTaskList(database.db, acme, { projectId: web.projectId })).taskListId;
  const op = await buildProject(database.db, other, { memberIds: [other.adminUserId] });
  otherProjectId = op.projectId;
  const ol = await buildTaskList(database.db, other, { projectId: op.projectId });
  otherTaskId = (await buildTask(database.db, other, { taskListId: ol.taskListId })).taskId;
  otherFieldId = (
    await call('POST', '/api/CustomFields', otherAdmin, { name: 'Theirs', type: 'text' })
  ).json().data.fieldId;
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

type Field = { fieldId: string; name: string; type: string; options: { id: string; label: string }[] };

let seq = 0;
async function field(body: Record<string, unknown>): Promise<Field> {
  const res = await call('POST', '/api/CustomFields', admin, { name: `Field ${++seq}`, ...body });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data as Field;
}

async function enable(projectId: string, ...fields: Field[]) {
  const current = (await call('GET', `/api/CustomFields/projects/${projectId}`, admin)).json().data
    .enabledFieldIds as string[];
  const res = await call('PUT', `/api/CustomFields/projects/${projectId}`, admin, {
    fieldIds: [...current, ...fields.map((f) => f.fieldId)],
  });
  expect(res.statusCode, res.body).toBe(200);
}

async function task(title = 'Task', list = webList) {
  return (await buildTask(database.db, acme, { taskListId: list, title })).taskId;
}

const setValues = (taskId: string, values: Record<string, unknown>, s: Session = admin) =>
  call('PUT', `/api/CustomFields/tasks/${taskId}/values`, s, { values });

describe('field definitions', () => {
  it('401 without a token, 403 for an employee writing, the employee reads', async () => {
    expect((await call('GET', '/api/CustomFields')).statusCode).toBe(401);
    expect((await call('POST', '/api/CustomFields', undefined, { name: 'X', type: 'text' })).statusCode).toBe(
      401,
    );
    expect((await call('POST', '/api/CustomFields', employee, { name: 'X', type: 'text' })).statusCode).toBe(
      403,
    );
    expect((await call('GET', '/api/CustomFields', employee)).statusCode).toBe(200);
  });

  it('400 per field: name, type, options of a select, unknown fields', async () => {
    const bad = async (body: unknown, key: string) => {
      const res = await call('POST', '/api/CustomFields', admin, body);
      expect(res.statusCode, res.body).toBe(400);
      expect(Object.keys(res.json().errors ?? {})).toContain(key);
    };
    await bad({ name: '', type: 'text' }, 'name');
    await bad({ name: 'A: B', type: 'text' }, 'name');
    await bad({ name: 'Kind', type: 'colour' }, 'type');
    await bad({ name: 'Kind', type: 'select' }, 'options');
    await bad({ name: 'Kind', type: 'select', options: [{ label: 'A' }, { label: 'a' }] }, 'options');
    await bad({ name: 'Kind', type: 'text', options: [{ label: 'A' }] }, 'options');
    await bad({ name: 'Kind', type: 'text', companyId: acme.companyId }, 'companyId');
  });

  it('creates, renames, changes options, reorders and deletes; a name is unique in the company', async () => {
    const sev = await field({
      name: 'Severity',
      type: 'select',
      options: [{ label: 'Low' }, { label: 'High' }],
      showOnCard: true,
    });
    expect(sev).toMatchObject({ name: 'Severity', type: 'select', showOnCard: true, projectCount: 0 });
    expect(sev.options.map((o) => o.label)).toEqual(['Low', 'High']);
    const dup = await call('POST', '/api/CustomFields', admin, { name: 'severity', type: 'text' });
    expect(dup.statusCode).toBe(409);
    expect(dup.json().errors.name).toBeDefined();
    // Another company may use the name.
    expect(
      (await call('POST', '/api/CustomFields', otherAdmin, { name: 'Severity', type: 'text' })).statusCode,
    ).toBe(201);

    const [low, high] = sev.options;
    const t = await task('Severe');
    await enable(web.projectId, sev);
    expect((await setValues(t, { [sev.fieldId]: low?.id })).statusCode).toBe(200);
    const renamed = await call('PUT', `/api/CustomFields/${sev.fieldId}`, admin, {
      name: 'Impact',
      options: [{ id: high?.id, label: 'Major' }, { label: 'Minor' }],
    });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(renamed.json().data.name).toBe('Impact');
    expect(renamed.json().data.options.map((o: { label: string }) => o.label)).toEqual(['Major', 'Minor']);
    expect(renamed.json().data.options[0].id).toBe(high?.id);
    // The removed option (Low) left the task that had it.
    expect((await call('GET', `/api/CustomFields/tasks/${t}/values`, admin)).json().data.values).toEqual({});

    const unknownOption = await call('PUT', `/api/CustomFields/${sev.fieldId}`, admin, {
      options: [{ id: crypto.randomUUID(), label: 'X' }],
    });
    expect(unknownOption.statusCode).toBe(400);
    const num = await field({ type: 'number' });
    const noOptions = await call('PUT', `/api/CustomFields/${num.fieldId}`, admin, {
      options: [{ label: 'X' }],
    });
    expect(noOptions.statusCode).toBe(400);
    expect(noOptions.json().errors.options).toBeDefined();

    const all = (await call('GET', '/api/CustomFields', admin)).json().data as Field[];
    const reversed = all.map((f) => f.fieldId).reverse();
    const ordered = await call('PUT', '/api/CustomFields/order', admin, { fieldIds: reversed });
    expect(ordered.statusCode, ordered.body).toBe(200);
    expect(ordered.json().data.map((f: Field) => f.fieldId)).toEqual(reversed);
    // The fields given go first; the others keep their order after them.
    const partial = await call('PUT', '/api/CustomFields/order', admin, { fieldIds: [reversed[1]] });
    expect(partial.statusCode, partial.body).toBe(200);
    expect(partial.json().data.map((f: Field) => f.fieldId)).toEqual([reversed[1], reversed[0]]);
    const twice = await call('PUT', '/api/CustomFields/order', admin, {
      fieldIds: [reversed[0], reversed[0]],
    });
    expect(twice.statusCode).toBe(400);
    expect(twice.json().errors.fieldIds).toBeDefined();

    expect((await call('DELETE', `/api/CustomFields/${num.fieldId}`, admin)).statusCode).toBe(204);
    expect((await call('DELETE', `/api/CustomFields/${num.fieldId}`, admin)).statusCode).toBe(404);
  });

  it("another company's field answers 404", async () => {
    expect((await call('PUT', `/api/CustomFields/${otherFieldId}`, admin, { name: 'Mine' })).statusCode).toBe(
      404,
    );
    expect((await call('DELETE', `/api/CustomFields/${otherFieldId}`, admin)).statusCode).toBe(404);
    const order = await call('PUT', '/api/CustomFields/order', admin, { fieldIds: [otherFieldId] });
    expect(order.statusCode).toBe(400);
  });
});

describe('definitions on the change record', () => {
  const changesOf = (entityId: string) =>
    database.db
      .select({ type: changes.type, action: changes.action, projectId: changes.projectId })
      .from(changes)
      .where(and(eq(changes.companyId, acme.companyId), eq(changes.entityId, entityId)))
      .orderBy(asc(changes.seq));
  const auditOf = (fieldId: string) =>
    database.db
      .select({ kind: auditEvents.kind, details: auditEvents.details, actorId: auditEvents.actorId })
      .from(auditEvents)
      .where(
        and(eq(auditEvents.companyId, acme.companyId), sql`${auditEvents.details}->>'fieldId' = ${fieldId}`),
      )
      .orderBy(asc(auditEvents.at), asc(auditEvents.id));

  it('each write is a customfield change and an audit entry, by the actor', async () => {
    const risk = await field({ name: 'Risk', type: 'select', options: [{ label: 'Low' }] });
    await field({ name: 'Spare', type: 'text' });
    const renamed = await call('PUT', `/api/CustomFields/${risk.fieldId}`, admin, {
      name: 'Hazard',
      options: [{ id: risk.options[0]?.id, label: 'Low' }, { label: 'High' }],
    });
    expect(renamed.statusCode, renamed.body).toBe(200);
    // The same again changes nothing: no change, no entry.
    expect(
      (await call('PUT', `/api/CustomFields/${risk.fieldId}`, admin, { name: 'Hazard' })).statusCode,
    ).toBe(200);
    await enable(web.projectId, risk);
    const enabled = (await call('GET', `/api/CustomFields/projects/${web.projectId}`, admin)).json().data
      .enabledFieldIds as string[];
    const off = await call('PUT', `/api/CustomFields/projects/${web.projectId}`, admin, {
      fieldIds: enabled.filter((id) => id !== risk.fieldId),
    });
    expect(off.statusCode, off.body).toBe(200);
    const order = (await call('GET', '/api/CustomFields', admin)).json().data.map((f: Field) => f.fieldId);
    const reordered = await call('PUT', '/api/CustomFields/order', admin, { fieldIds: [...order].reverse() });
    expect(reordered.statusCode, reordered.body).toBe(200);
    expect((await call('DELETE', `/api/CustomFields/${risk.fieldId}`, admin)).statusCode).toBe(204);

    expect(await changesOf(risk.fieldId)).toEqual([
      { type: 'customfield', action: 'created', projectId: null },
      { type: 'customfield', action: 'updated', projectId: null },
      { type: 'customfield', action: 'deleted', projectId: null },
    ]);
    // Enabling and disabling on the project: a change of the project's fields (its readers hear it).
    expect((await changesOf(web.projectId)).filter((c) => c.type === 'customfield').slice(-2)).toEqual([
      { type: 'customfield', action: 'updated', projectId: web.projectId },
      { type: 'customfield', action: 'updated', projectId: web.projectId },
    ]);
    expect((await changesOf(acme.companyId)).at(-1)).toEqual({
      type: 'customfield',
      action: 'updated',
      projectId: null,
    });
    const audit = await auditOf(risk.fieldId);
    expect(audit.map((a) => a.kind)).toEqual([
      'customfield.created',
      'customfield.updated',
      'customfield.enabled',
      'customfield.disabled',
      'customfield.deleted',
    ]);
    expect(audit.every((a) => a.actorId === acme.adminUserId)).toBe(true);
    expect(audit[0]?.details).toMatchObject({ field: 'Risk', type: 'select' });
    expect(audit[1]?.details).toMatchObject({
      field: 'Hazard',
      changes: { name: { from: 'Risk', to: 'Hazard' }, options: { from: 'Low', to: 'Low, High' } },
    });
    expect(audit[2]?.details).toMatchObject({ field: 'Hazard', project: 'Website' });
    expect(audit[4]?.details).toMatchObject({ field: 'Hazard' });
    // The latest reorder (this test's) names the fields in their order before and after.
    const [reorder] = await database.db
      .select({ details: auditEvents.details })
      .from(auditEvents)
      .where(and(eq(auditEvents.companyId, acme.companyId), eq(auditEvents.kind, 'customfield.reordered')))
      .orderBy(desc(auditEvents.at), desc(auditEvents.id))
      .limit(1);
    expect(reorder?.details).toMatchObject({ from: expect.stringContaining('Hazard') });
  });

  it('a write that fails as it records leaves no field, no change and no audit entry', async () => {
    const before = await database.db.select({ n: sql<number>`count(*)::int` }).from(changes);
    const audits = await database.db.select({ n: sql<number>`count(*)::int` }).from(auditEvents);
    // The audit entry's insert fails (in the statement that flushes the change): the whole write rolls back.
    await database.db.execute(sql`create function test_refuse_boom() returns trigger language plpgsql as $$
      begin
        if new.details->>'field' = 'Boom' then raise exception 'refused'; end if;
        return new;
      end $$`);
    await database.db.execute(sql`create trigger test_refuse_boom before insert on audit_events
      for each row execute function test_refuse_boom()`);
    try {
      const made = await call('POST', '/api/CustomFields', admin, { name: 'Boom', type: 'text' });
      expect(made.statusCode).toBe(500);
      const kept = await field({ name: 'Calm', type: 'text' });
      const rename = await call('PUT', `/api/CustomFields/${kept.fieldId}`, admin, { name: 'Boom' });
      expect(rename.statusCode).toBe(500);
    } finally {
      await database.db.execute(sql`drop trigger test_refuse_boom on audit_events`);
      await database.db.execute(sql`drop function test_refuse_boom()`);
    }
    const names = await database.db
      .select({ name: customFields.name })
      .from(customFields)
      .where(eq(customFields.companyId, acme.companyId));
    expect(names.map((n) => n.name)).toContain('Calm');
    expect(names.map((n) => n.name)).not.toContain('Boom');
    // Only the field that was made (Calm) left a change and an entry.
    const after = await database.db.select({ n: sql<number>`count(*)::int` }).from(changes);
    const auditsAfter = await database.db.select({ n: sql<number>`count(*)::int` }).from(auditEvents);
    expect(Number(after[0]?.n)).toBe(Number(before[0]?.n) + 1);
    expect(Number(auditsAfter[0]?.n)).toBe(Number(audits[0]?.n) + 1);
  });
});

describe('per project', () => {
  it('401, 403, 404 across tenants and out of reach, 400 for an unknown field, then enables', async () => {
    const f = await field({ type: 'text' });
    const url = `/api/CustomFields/projects/${web.projectId}`;
    expect((await call('GET', url)).statusCode).toBe(401);
    expect((await call('PUT', url, employee, { fieldIds: [f.fieldId] })).statusCode).toBe(403);
    expect((await call('GET', `/api/CustomFields/projects/${otherProjectId}`, admin)).statusCode).toBe(404);
    expect((await call('GET', `/api/CustomFields/projects/${ops.projectId}`, employee)).statusCode).toBe(404);
    const foreign = await call('PUT', url, admin, { fieldIds: [otherFieldId] });
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json().errors.fieldIds).toBeDefined();
    expect((await call('PUT', url, admin, { fieldIds: 'x' })).statusCode).toBe(400);
    const ok = await call('PUT', url, admin, { fieldIds: [f.fieldId] });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().data.enabledFieldIds).toEqual([f.fieldId]);
    const read = await call('GET', url, employee);
    expect(read.json().data.enabledFieldIds).toEqual([f.fieldId]);
    expect(read.json().data.fields.find((x: Field) => x.fieldId === f.fieldId).projectCount).toBe(1);
  });
});

describe('task values', () => {
  let fields: Record<string, Field>;
  beforeAll(async () => {
    fields = {
      text: await field({ name: 'Notes', type: 'text' }),
      number: await field({ name: 'Estimate points', type: 'number' }),
      date: await field({ name: 'Review day', type: 'date' }),
      select: await field({ name: 'Risk', type: 'select', options: [{ label: 'Low' }, { label: 'High' }] }),
      multiselect: await field({
        name: 'Areas',
        type: 'multiselect',
        options: [{ label: 'UI' }, { label: 'API' }],
      }),
      user: await field({ name: 'Reviewer', type: 'user' }),
      checkbox: await field({ name: 'Approved', type: 'checkbox' }),
    };
    await enable(web.projectId, ...Object.values(fields));
  });
  const id = (k: string) => fields[k]?.fieldId ?? '';

  it('401, 403 without task:update, 404 across tenants and out of reach', async () => {
    const t = await task();
    expect(
      (await call('PUT', `/api/CustomFields/tasks/${t}/values`, undefined, { values: {} })).statusCode,
    ).toBe(401);
    expect((await call('GET', `/api/CustomFields/tasks/${t}/values`)).statusCode).toBe(401);
    const reader = await login(
      app,
      (await buildUser(database.db, acme, { role: null, permissions: ['project:read', 'task:read'] })).email,
    );
    expect((await setValues(t, { [id('text')]: 'x' }, reader)).statusCode).toBe(403);
    expect((await call('GET', `/api/CustomFields/tasks/${otherTaskId}/values`, admin)).statusCode).toBe(404);
    expect((await setValues(otherTaskId, { [id('text')]: 'x' })).statusCode).toBe(404);
    const opsTask = await buildTask(database.db, acme, {
      taskListId: (await buildTaskList(database.db, acme, { projectId: ops.projectId })).taskListId,
    });
    expect((await call('GET', `/api/CustomFields/tasks/${opsTask.taskId}/values`, employee)).statusCode).toBe(
      404,
    );
  });

  it('400 per type, naming the field; a failed write changes nothing', async () => {
    const t = await task();
    const refused = async (key: string, value: unknown, message: string) => {
      const res = await setValues(t, { [id('text')]: 'kept?', [id(key)]: value });
      expect(res.statusCode, `${key} ${JSON.stringify(value)}`).toBe(400);
      expect(res.json().message).toBe(message);
      expect(res.json().errors[`values.${id(key)}`]).toEqual([message]);
    };
    await refused('number', 'five', 'Estimate points must be a number');
    await refused('date', '2026-02-30', 'Review day must be a date like 2026-01-31');
    await refused('select', crypto.randomUUID(), 'Risk must be one of its options');
    await refused('multiselect', [fields.select?.options[0]?.id], 'Areas must be a list of its options');
    await refused('user', crypto.randomUUID(), 'Reviewer must be a member of the company');
    await refused('user', other.adminUserId, 'Reviewer must be a member of the company');
    await refused('checkbox', 'yes', 'Approved must be true or false');
    await refused('text', 5, 'Notes must be text of at most 2000 characters');
    const stored = await database.db
      .select()
      .from(customFieldValues)
      .where(and(eq(customFieldValues.companyId, acme.companyId), eq(customFieldValues.taskId, t)));
    expect(stored).toEqual([]);

    const unknown = await setValues(t, { [otherFieldId]: 'x' });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().errors[`values.${otherFieldId}`]).toEqual(['Unknown field']);
    const off = await field({ name: 'Not here', type: 'text' });
    const notEnabled = await setValues(t, { [off.fieldId]: 'x' });
    expect(notEnabled.statusCode).toBe(400);
    expect(notEnabled.json().message).toBe('Not here is not enabled on this project');
    expect((await setValues(t, { 'not-a-uuid': 'x' })).statusCode).toBe(400);
    // Text the database cannot hold is refused by the schema, not by PostgreSQL.
    expect((await setValues(t, { [id('text')]: 'a\u0000b' })).statusCode).toBe(400);
    expect((await setValues(t, { [id('multiselect')]: ['\ud800'] })).statusCode).toBe(400);
    expect(
      (await call('PUT', `/api/CustomFields/tasks/${t}/values`, admin, { values: {}, extra: 1 })).statusCode,
    ).toBe(400);
  });

  it('sets every type, reads them back, clears with null, and records the history', async () => {
    const t = await task('Valued');
    const [low, high] = fields.select?.options ?? [];
    const areas = fields.multiselect?.options.map((o) => o.id) ?? [];
    const values = {
      [id('text')]: 'Needs a look',
      [id('number')]: 3.5,
      [id('date')]: '2026-03-01',
      [id('select')]: low?.id,
      [id('multiselect')]: [...areas].reverse(),
      [id('user')]: employeeId,
      [id('checkbox')]: true,
    };
    const res = await setValues(t, values);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.values).toEqual({ ...values, [id('multiselect')]: areas });
    expect(res.json().data.fields.map((f: Field) => f.name)).toEqual(
      expect.arrayContaining(['Notes', 'Estimate points', 'Risk', 'Reviewer']),
    );
    const again = await setValues(t, { [id('select')]: high?.id, [id('number')]: null });
    expect(again.json().data.values[id('select')]).toBe(high?.id);
    expect(again.json().data.values[id('number')]).toBeUndefined();

    const lines = await database.db
      .select({ field: activities.field, from: activities.fromValue, to: activities.toValue })
      .from(activities)
      .where(and(eq(activities.companyId, acme.companyId), eq(activities.taskId, t)));
    expect(lines).toEqual(
      expect.arrayContaining([
        { field: 'customField', from: 'Risk: Low', to: 'Risk: High' },
        { field: 'customField', from: 'Estimate points: 3.5', to: null },
        { field: 'customField', from: null, to: 'Reviewer: Eve Employee' },
        { field: 'customField', from: null, to: 'Areas: UI, API' },
      ]),
    );
    const timeline = await call('GET', `/api/Tasks/${t}/timeline`, admin);
    expect(timeline.statusCode).toBe(200);
    // The same values again change nothing and record nothing.
    const before = lines.length;
    await setValues(t, { [id('select')]: high?.id });
    const after = await database.db
      .select({ id: activities.id })
      .from(activities)
      .where(and(eq(activities.companyId, acme.companyId), eq(activities.taskId, t)));
    expect(after.length).toBe(before);
  });

  it('task lists carry the values; filter and sort by a field; bad filters answer 400', async () => {
    const list = (await buildTaskList(database.db, acme, { projectId: web.projectId })).taskListId;
    const [low, high] = fields.select?.options ?? [];
    const a = await task('Alpha', list);
    const b = await task('Beta', list);
    const c = await task('Gamma', list);
    await setValues(a, { [id('number')]: 8, [id('select')]: high?.id, [id('text')]: 'Red door' });
    await setValues(b, { [id('number')]: 2, [id('select')]: low?.id, [id('checkbox')]: true });
    await setValues(c, { [id('number')]: 5, [id('text')]: 'blue door' });
    const url = (qs: string) => `/api/Tasks/tasklists/${list}/tasks?${qs}`;
    const titles = async (qs: string) => {
      const res = await call('GET', url(qs), employee);
      expect(res.statusCode, res.body).toBe(200);
      return res.json().data.items.map((i: { title: string }) => i.title);
    };
    const page = (await call('GET', url(''), employee)).json().data.items as {
      title: string;
      customFields: Record<string, unknown>;
    }[];
    expect(page.find((i) => i.title === 'Alpha')?.customFields).toMatchObject({ [id('number')]: 8 });

    expect(await titles(`cf=${id('number')}:8`)).toEqual(['Alpha']);
    expect(await titles(`cf=${id('select')}:${low?.id}`)).toEqual(['Beta']);
    expect((await titles(`cf=${id('text')}:DOOR`)).sort()).toEqual(['Alpha', 'Gamma']);
    expect(await titles(`cf=${id('checkbox')}:true`)).toEqual(['Beta']);
    expect((await titles(`cf=${id('checkbox')}:false`)).sort()).toEqual(['Alpha', 'Gamma']);
    expect(await titles(`cf=${id('select')}:`)).toEqual(['Gamma']);
    expect(await titles(`cfSort=${id('number')}`)).toEqual(['Beta', 'Gamma', 'Alpha']);
    expect(await titles(`cfSort=${id('number')}&sortOrder=desc`)).toEqual(['Alpha', 'Gamma', 'Beta']);
    // Options sort in their order (Low before High), tasks without a value last.
    expect(await titles(`cfSort=${id('select')}`)).toEqual(['Beta', 'Alpha', 'Gamma']);
    expect((await titles('cf=&cfSort=')).length).toBe(3);

    const bad = async (qs: string, key: string) => {
      const res = await call('GET', url(qs), employee);
      expect(res.statusCode, qs).toBe(400);
      expect(Object.keys(res.json().errors ?? {})).toContain(key);
    };
    await bad(`cf=${id('number')}:many`, 'cf');
    await bad(`cf=${otherFieldId}:x`, 'cf');
    await bad('cf=nonsense', 'cf');
    await bad(`cf=${id('text')}:${encodeURIComponent('a\u0000b')}`, 'cf');
    await bad(`cfSort=${otherFieldId}`, 'cfSort');
    await bad('cfSort=x', 'cfSort');
  });

  it("the board filters by a field: the columns' cards and totals", async () => {
    const [low, high] = fields.select?.options ?? [];
    const p = await buildProject(database.db, acme, { memberIds: [acme.adminUserId, employeeId] });
    await enable(p.projectId, ...Object.values(fields));
    const list = (await buildTaskList(database.db, acme, { projectId: p.projectId })).taskListId;
    const a = await task('Board high', list);
    const b = await task('Board low', list);
    await task('Board none', list);
    await setValues(a, { [id('select')]: high?.id });
    await setValues(b, { [id('select')]: low?.id });
    const board = async (qs: string) => {
      const res = await call('GET', `/api/Tasks/projects/${p.projectId}/board?${qs}`, employee);
      expect(res.statusCode, res.body).toBe(200);
      return res.json().data as {
        items: { title: string }[];
        columns: { totalCount: number; unfilteredCount: number }[];
      };
    };
    const filtered = await board(`cf=${id('select')}:${high?.id}`);
    expect(filtered.items.map((i) => i.title)).toEqual(['Board high']);
    expect(filtered.columns.reduce((n, c) => n + c.totalCount, 0)).toBe(1);
    expect(filtered.columns.reduce((n, c) => n + c.unfilteredCount, 0)).toBe(3);
    expect((await board('cf=')).items).toHaveLength(3);
    const bad = await call(
      'GET',
      `/api/Tasks/projects/${p.projectId}/board?cf=${id('select')}:nope`,
      employee,
    );
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors.cf).toBeDefined();
  });

  it('a disabled field keeps its values but lists no longer show them', async () => {
    const f = await field({ type: 'number' });
    await enable(web.projectId, f);
    const t = await task('Hidden later');
    await setValues(t, { [f.fieldId]: 1 });
    const current = (await call('GET', `/api/CustomFields/projects/${web.projectId}`, admin)).json().data
      .enabledFieldIds as string[];
    await call('PUT', `/api/CustomFields/projects/${web.projectId}`, admin, {
      fieldIds: current.filter((x) => x !== f.fieldId),
    });
    const detail = await call('GET', `/api/Tasks/${t}`, admin);
    expect(detail.json().data.customFields[f.fieldId]).toBeUndefined();
    expect(
      (await call('GET', `/api/CustomFields/tasks/${t}/values`, admin)).json().data.values[f.fieldId],
    ).toBe(undefined);
    const stored = await database.db
      .select()
      .from(customFieldValues)
      .where(and(eq(customFieldValues.companyId, acme.companyId), eq(customFieldValues.taskId, t)));
    expect(stored).toHaveLength(1);
    // The value carries the task's project: a filter reads the project's values as one range.
    expect(stored[0]?.projectId).toBe(web.projectId);
  });

  it('exports the project task list as CSV with a column per enabled field', async () => {
    const t = await task('Exported');
    await setValues(t, { [id('select')]: fields.select?.options[1]?.id, [id('user')]: employeeId });
    const res = await call('GET', `/api/CustomFields/projects/${web.projectId}/tasks.csv`, employee);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toContain('text/csv');
    const [header, ...lines] = res.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\n');
    expect(header).toContain('Key,Title,List,Status,Priority,Start date,Due date,Progress');
    expect(header).toContain('Risk');
    expect(header).toContain('Reviewer');
    const line = lines.find((l) => l.includes('Exported'));
    expect(line).toContain('High');
    expect(line).toContain('Eve Employee');
    const filtered = await call(
      'GET',
      `/api/CustomFields/projects/${web.projectId}/tasks.csv?cf=${id('select')}:${fields.select?.options[1]?.id}`,
      employee,
    );
    expect(filtered.body).toContain('Exported');
    expect(filtered.body).not.toContain('Hidden later');
    expect((await call('GET', `/api/CustomFields/projects/${web.projectId}/tasks.csv`)).statusCode).toBe(401);
    expect(
      (await call('GET', `/api/CustomFields/projects/${otherProjectId}/tasks.csv`, admin)).statusCode,
    ).toBe(404);
    expect(
      (await call('GET', `/api/CustomFields/projects/${ops.projectId}/tasks.csv`, employee)).statusCode,
    ).toBe(404);
  });
});

describe('the CSV export and labels (issue 26)', () => {
  const csvLines = (body: string) =>
    body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\n');
  const label = async (s: Session, name: string, color = 'blue') => {
    const res = await call('POST', '/api/Labels', s, { name, color });
    expect(res.statusCode, res.body).toBe(201);
    return res.json().data.labelId as string;
  };
  const csv = (q: string, s: Session = employee) =>
    call('GET', `/api/CustomFields/projects/${web.projectId}/tasks.csv${q}`, s);

  it('a Labels column (names by name, joined by ", "), and labelIds filters the rows as the lists do', async () => {
    const bug = await label(admin, 'CSV bug', 'red');
    const ui = await label(admin, 'CSV ui', 'teal');
    const both = await task('Labelled both');
    const one = await task('Labelled ui');
    await task('Labelled none');
    for (const [t, labelIds] of [
      [both, [ui, bug]],
      [one, [ui]],
    ] as const)
      expect((await call('PUT', `/api/Labels/tasks/${t}`, admin, { labelIds })).statusCode).toBe(200);

    const res = await csv('');
    expect(res.statusCode, res.body).toBe(200);
    const [header, ...lines] = csvLines(res.body);
    expect(header).toContain('Key,Title,List,Status,Priority,Start date,Due date,Progress,Labels');
    // A cell with a comma is quoted.
    expect(lines.find((l) => l.includes('Labelled both'))).toContain(',"CSV bug, CSV ui"');
    expect(lines.find((l) => l.includes('Labelled ui'))).toMatch(/,CSV ui(,|$)/);
    expect(lines.find((l) => l.includes('Labelled none'))).not.toContain('CSV ');

    const byBug = csvLines((await csv(`?labelIds=${bug}`)).body).slice(1);
    expect(byBug).toHaveLength(1);
    expect(byBug[0]).toContain('Labelled both');
    const anyOf = csvLines((await csv(`?labelIds=${bug},${ui}`)).body).slice(1);
    expect(anyOf.map((l) => l.includes('Labelled'))).toEqual([true, true]);

    const bad = await csv('?labelIds=nope');
    expect(bad.statusCode).toBe(400);
    expect(JSON.stringify(bad.json().errors)).toContain('labelIds');
    // Another company's label matches nothing (the header alone), as on the lists.
    const theirs = await label(otherAdmin, 'CSV theirs');
    expect(csvLines((await csv(`?labelIds=${theirs}`)).body)).toHaveLength(1);
  });

  it('the same statements, filtered or not, however many labels the rows carry', async () => {
    const { app: counted, counter } = await buildCountingApp(database);
    const count = async (q: string) => {
      const url = `/api/CustomFields/projects/${web.projectId}/tasks.csv${q}`;
      expect((await counted.inject({ method: 'GET', url, headers: bearer(employee) })).statusCode).toBe(200);
      counter.statements = 0;
      expect((await counted.inject({ method: 'GET', url, headers: bearer(employee) })).statusCode).toBe(200);
      return counter.statements;
    };
    try {
      const first = await label(admin, 'CSV count 0');
      const t = await task('Counted');
      expect((await call('PUT', `/api/Labels/tasks/${t}`, admin, { labelIds: [first] })).statusCode).toBe(
        200,
      );
      const before = [await count(''), await count(`?labelIds=${first}`)];
      const many = [first];
      for (let i = 1; i < 8; i++) many.push(await label(admin, `CSV count ${i}`));
      for (let i = 0; i < 5; i++) {
        const more = await task(`Counted ${i}`);
        expect((await call('PUT', `/api/Labels/tasks/${more}`, admin, { labelIds: many })).statusCode).toBe(
          200,
        );
      }
      const after = [await count(''), await count(`?labelIds=${many.join(',')}`)];
      expect(after).toEqual(before);
    } finally {
      await counted.close();
    }
  });
});
