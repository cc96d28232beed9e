import { randomUUID } from 'node:crypto';
import {
  CUSTOM_FIELD_LIMITS,
  CUSTOM_FIELD_MESSAGES,
  type CreateCustomFieldBody,
  type CustomField,
  type CustomFieldType,
  type CustomFieldValue,
  type CustomFieldValues,
  customFieldValueMessage,
  parseCustomFieldFilter,
  type ProjectCustomFields,
  type TaskCustomValues,
  type TaskCustomValuesBody,
  type TaskListQuery,
  type UpdateCustomFieldBody,
} from '@taskhive/contract';
import type { SQL } from 'drizzle-orm';
import type { tasks } from '../../db/schema/index.ts';
import { badRequest, conflict, fieldError, notFound, uniqueViolation } from '../../lib/errors.ts';
import { type AuditNotice, audited, type ChangeField } from '../../lib/live-events.ts';
import type { Scope } from '../../lib/scope.ts';
import { loadProject, projectsPolicy } from '../projects/index.ts';
import { type TaskRow, tasksReads } from '../tasks/index.ts';
import { usersReads } from '../users/index.ts';
import { customFieldsRepo, type FieldRow, type ValueColumns, type ValueRow } from './custom-fields.repo.ts';
import { type FieldRef, sortKey, valueCondition } from './custom-fields.sql.ts';

export function toField(row: FieldRow): CustomField {
  return {
    fieldId: row.id,
    name: row.name,
    type: row.type,
    options: row.options,
    showOnCard: row.showOnCard,
    position: row.position,
    projectCount: row.projectCount,
  };
}

const NO_VALUE: ValueColumns = {
  valueText: null,
  valueNumber: null,
  valueDate: null,
  valueBool: null,
  valueUser: null,
  valueOptions: null,
};

const isDay = (s: string) =>
  /^\d{4}-\d{2}-\d{2}$/.test(s) &&
  !Number.isNaN(Date.parse(`${s}T00:00:00Z`)) &&
  new Date(`${s}T00:00:00Z`).toISOString().startsWith(s);

/** A value as the API carries it, from its row (null: none). */
export function valueOf(type: CustomFieldType, v: ValueColumns): CustomFieldValue | null {
  switch (type) {
    case 'text':
    case 'select':
      return v.valueText;
    case 'number':
      return v.valueNumber === null ? null : Number(v.valueNumber);
    case 'date':
      return v.valueDate;
    case 'checkbox':
      return v.valueBool;
    case 'user':
      return v.valueUser;
    case 'multiselect':
      return v.valueOptions?.length ? v.valueOptions : null;
  }
}

/**
 * A value sent for a field, checked against its type: the row's columns, or null when it is not
 * one of the type's (the caller answers 400 with the field's name). A user is checked afterwards
 * (one statement for all of them).
 */
function columnsOf(field: FieldRow, value: CustomFieldValue): ValueColumns | null {
  const optionIds = new Set(field.options.map((o) => o.id));
  switch (field.type) {
    case 'text':
      return typeof value === 'string' && value.trim().length > 0 && value.length <= CUSTOM_FIELD_LIMITS.text
        ? { ...NO_VALUE, valueText: value.trim() }
        : null;
    case 'number':
      return typeof value === 'number' && Number.isFinite(value) && Math.abs(value) < 1e15
        ? { ...NO_VALUE, valueNumber: String(value) }
        : null;
    case 'date':
      return typeof value === 'string' && isDay(value) ? { ...NO_VALUE, valueDate: value } : null;
    case 'checkbox':
      return typeof value === 'boolean' ? { ...NO_VALUE, valueBool: value } : null;
    case 'select':
      return typeof value === 'string' && optionIds.has(value.toLowerCase())
        ? { ...NO_VALUE, valueText: value.toLowerCase() }
        : null;
    case 'multiselect': {
      if (!Array.isArray(value)) return null;
      const ids = [...new Set(value.map((v) => v.toLowerCase()))];
      if (!ids.every((id) => optionIds.has(id))) return null;
      // Kept in the options' order, so a value reads the same however it was sent.
      const ordered = field.options.map((o) => o.id).filter((id) => ids.includes(id));
      return { ...NO_VALUE, valueOptions: ordered.length ? ordered : null };
    }
    case 'user':
      return typeof value === 'string' && /^[0-9a-f-]{36}$/i.test(value)
        ? { ...NO_VALUE, valueUser: value.toLowerCase() }
        : null;
  }
}

/** A value as a history line shows it ("High", "Ada Lovelace", "Yes"), a user by the name given. */
function shown(
  field: Pick<FieldRow, 'type' | 'options'>,
  v: CustomFieldValue | null,
  userName: string | null,
): string | null {
  if (v === null) return null;
  const label = (id: string) => field.options.find((o) => o.id === id)?.label ?? '?';
  switch (field.type) {
    case 'select':
      return label(String(v));
    case 'multiselect':
      return (v as string[]).map(label).join(', ');
    case 'checkbox':
      return v ? CUSTOM_FIELD_MESSAGES.yes : CUSTOM_FIELD_MESSAGES.no;
    case 'user':
      return userName ?? '?';
    default:
      return String(v);
  }
}

/** A value as a history line shows it, a user's name read. */
async function shownValue(scope: Scope, field: FieldRow, v: CustomFieldValue | null): Promise<string | null> {
  const userName =
    field.type === 'user' && v !== null ? ((await usersReads.person(scope, String(v)))?.name ?? null) : null;
  return shown(field, v, userName);
}

const sameValue = (a: CustomFieldValue | null, b: CustomFieldValue | null) =>
  JSON.stringify(a) === JSON.stringify(b);

async function loadField(scope: Scope, id: string): Promise<FieldRow> {
  const row = await customFieldsRepo.byId(scope, id);
  if (!row) throw notFound('Custom field');
  return row;
}

async function loadTask(scope: Scope, id: string): Promise<TaskRow> {
  const row = await tasksReads.byId(scope, id, projectsPolicy.taskReach(scope.actor));
  if (!row) throw notFound('Task');
  return row;
}

function nameTaken(err: unknown): never {
  if (uniqueViolation(err) === 'custom_fields_company_name_uq')
    throw conflict(CUSTOM_FIELD_MESSAGES.nameTaken, { name: [CUSTOM_FIELD_MESSAGES.nameTaken] });
  throw err;
}

const isSelect = (type: CustomFieldType) => type === 'select' || type === 'multiselect';

/** A task's values of the given fields, by field id (set ones only). */
function valuesByField(fields: FieldRow[], rows: ValueRow[]): CustomFieldValues {
  const out: CustomFieldValues = {};
  for (const f of fields) {
    const row = rows.find((r) => r.fieldId === f.id);
    const v = row ? valueOf(f.type, row) : null;
    if (v !== null) out[f.id] = v;
  }
  return out;
}

/** The fields not given, after the given ones, in the order they had. */
const rest = (all: FieldRow[], given: string[]) => all.map((f) => f.id).filter((id) => !given.includes(id));

/** What an update changes in a definition, as the audit log tells it (`{ name: { from, to } }`). */
function definitionChanges(
  field: FieldRow,
  body: UpdateCustomFieldBody,
  options: FieldRow['options'],
): Record<string, { from: unknown; to: unknown }> {
  const changes: Record<string, { from: unknown; to: unknown }> = {};
  if (body.name !== undefined && body.name !== field.name) changes.name = { from: field.name, to: body.name };
  if (body.showOnCard !== undefined && body.showOnCard !== field.showOnCard)
    changes.showOnCard = { from: field.showOnCard, to: body.showOnCard };
  const labels = (o: FieldRow['options']) => o.map((x) => x.label).join(', ');
  if (body.options && JSON.stringify(options) !== JSON.stringify(field.options))
    changes.options = { from: labels(field.options), to: labels(options) };
  return changes;
}

/**
 * Custom fields (issue 26). Defining them is the company administrator's (`company:update`, the
 * company settings page); enabling them on a project is its manager's (`project:update`, the
 * project in reach); setting a task's values is an edit of the task (`task:update`, the task in
 * reach). Values are checked by the field's type and answered 400 with its name.
 */
export const customFieldsService = {
  async list(scope: Scope): Promise<CustomField[]> {
    return (await customFieldsRepo.list(scope)).map(toField);
  },

  async create(scope: Scope, body: CreateCustomFieldBody): Promise<CustomField> {
    if ((await customFieldsRepo.count(scope)) >= CUSTOM_FIELD_LIMITS.fields)
      throw fieldError('name', `A company has at most ${CUSTOM_FIELD_LIMITS.fields} custom fields`);
    const id = await scope
      .transaction(async (tx) => {
        const fieldId = await customFieldsRepo.insert(tx, {
          name: body.name,
          type: body.type,
          options: (body.options ?? []).map((o) => ({ id: randomUUID(), label: o.label })),
          showOnCard: body.showOnCard ?? false,
        });
        tx.emit({
          type: 'customfield',
          action: 'created',
          id: fieldId,
          ...audited({
            kind: 'customfield.created',
            details: { fieldId, field: body.name, type: body.type },
          }),
        });
        return fieldId;
      })
      .catch(nameTaken);
    return toField(await loadField(scope, id));
  },

  async update(scope: Scope, id: string, body: UpdateCustomFieldBody): Promise<CustomField> {
    const field = await loadField(scope, id);
    let options = field.options;
    if (body.options) {
      if (!isSelect(field.type)) throw fieldError('options', CUSTOM_FIELD_MESSAGES.typeFixed);
      const known = new Set(field.options.map((o) => o.id));
      const unknown = body.options.find((o) => o.id && !known.has(o.id.toLowerCase()));
      if (unknown) throw fieldError('options', 'Unknown option');
      options = body.options.map((o) => ({ id: o.id?.toLowerCase() ?? randomUUID(), label: o.label }));
    }
    const kept = new Set(options.map((o) => o.id));
    const changes = definitionChanges(field, body, options);
    await scope.transaction(async (tx) => {
      await customFieldsRepo
        .update(tx, id, {
          ...(body.name !== undefined ? { name: body.name } : {}),
          ...(body.showOnCard !== undefined ? { showOnCard: body.showOnCard } : {}),
          ...(body.options ? { options } : {}),
        })
        .catch(nameTaken);
      await customFieldsRepo.removeOptions(
        tx,
        id,
        field.options.filter((o) => !kept.has(o.id)).map((o) => o.id),
      );
      if (Object.keys(changes).length > 0)
        tx.emit({
          type: 'customfield',
          action: 'updated',
          id,
          ...audited({
            kind: 'customfield.updated',
            details: { fieldId: id, field: body.name ?? field.name, changes },
          }),
        });
    });
    return toField(await loadField(scope, id));
  },

  async remove(scope: Scope, id: string): Promise<void> {
    const field = await loadField(scope, id);
    await scope.transaction(async (tx) => {
      if (!(await customFieldsRepo.delete(tx, id))) throw notFound('Custom field');
      tx.emit({
        type: 'customfield',
        action: 'deleted',
        id,
        ...audited({ kind: 'customfield.deleted', details: { fieldId: id, field: field.name } }),
      });
    });
  },

  /** The fields given first, in that order; the others after them, in the order they had. */
  async setOrder(scope: Scope, fieldIds: string[]): Promise<CustomField[]> {
    const all = await customFieldsRepo.list(scope);
    const given = [...new Set(fieldIds.map((f) => f.toLowerCase()))];
    const known = new Set(all.map((f) => f.id));
    if (given.length !== fieldIds.length || given.some((id) => !known.has(id)))
      throw fieldError('fieldIds', CUSTOM_FIELD_MESSAGES.orderMismatch);
    const order = [...given, ...rest(all, given)];
    const before = all.map((f) => f.id);
    if (order.some((fid, i) => before[i] !== fid))
      await scope.transaction(async (tx) => {
        await customFieldsRepo.setOrder(tx, order);
        const nameOf = (fid: string) => all.find((f) => f.id === fid)?.name ?? '?';
        // The order is the company's: the change names the company.
        tx.emit({
          type: 'customfield',
          action: 'updated',
          id: scope.companyId,
          ...audited({
            kind: 'customfield.reordered',
            details: { from: before.map(nameOf).join(', '), to: order.map(nameOf).join(', ') },
          }),
        });
      });
    return customFieldsService.list(scope);
  },

  async project(scope: Scope, projectId: string): Promise<ProjectCustomFields> {
    await loadProject(scope, projectId);
    const [fields, enabled] = await Promise.all([
      customFieldsRepo.list(scope),
      customFieldsRepo.enabledIds(scope, projectId),
    ]);
    return { projectId, fields: fields.map(toField), enabledFieldIds: enabled };
  },

  async setProject(scope: Scope, projectId: string, fieldIds: string[]): Promise<ProjectCustomFields> {
    const project = await loadProject(scope, projectId);
    const fields = await customFieldsRepo.list(scope);
    const all = new Set(fields.map((f) => f.id));
    const ids = [...new Set(fieldIds.map((f) => f.toLowerCase()))];
    if (ids.some((f) => !all.has(f))) throw fieldError('fieldIds', CUSTOM_FIELD_MESSAGES.unknownField);
    const was = new Set(await customFieldsRepo.enabledIds(scope, projectId));
    const now = new Set(ids);
    // One audit entry per field turned on or off ("Risk enabled on project Website"), in the company's order.
    const audit = fields.flatMap((f): AuditNotice[] =>
      was.has(f.id) === now.has(f.id)
        ? []
        : [
            {
              kind: now.has(f.id) ? 'customfield.enabled' : 'customfield.disabled',
              details: { fieldId: f.id, field: f.name, projectId, project: project.name },
            },
          ],
    );
    if (audit.length > 0)
      await scope.transaction(async (tx) => {
        await customFieldsRepo.setEnabled(tx, projectId, ids);
        tx.emit({ type: 'customfield', action: 'updated', id: projectId, projectId, ...audited(...audit) });
      });
    return customFieldsService.project(scope, projectId);
  },

  async taskValues(scope: Scope, taskId: string): Promise<TaskCustomValues> {
    const task = await loadTask(scope, taskId);
    const [fields, rows] = await Promise.all([
      customFieldsRepo.enabledFields(scope, task.projectId),
      customFieldsRepo.valuesOf(scope, [taskId]),
    ]);
    return { taskId, fields: fields.map(toField), values: valuesByField(fields, rows) };
  },

  async setTaskValues(scope: Scope, taskId: string, body: TaskCustomValuesBody): Promise<TaskCustomValues> {
    const task = await loadTask(scope, taskId);
    const [all, enabled, rows] = await Promise.all([
      customFieldsRepo.list(scope),
      customFieldsRepo.enabledIds(scope, task.projectId),
      customFieldsRepo.valuesOf(scope, [taskId]),
    ]);
    const on = new Set(enabled);
    const writes: { field: FieldRow; columns: ValueColumns | null; value: CustomFieldValue | null }[] = [];
    for (const [sentId, value] of Object.entries(body.values)) {
      const key = `values.${sentId}`;
      const field = all.find((f) => f.id === sentId.toLowerCase());
      if (!field) throw fieldError(key, CUSTOM_FIELD_MESSAGES.unknownField);
      if (!on.has(field.id)) {
        const message = CUSTOM_FIELD_MESSAGES.notEnabled(field.name);
        throw badRequest(message, { [key]: [message] });
      }
      const columns = value === null ? null : columnsOf(field, value);
      if (value !== null && columns === null) {
        const message = customFieldValueMessage(field.name, field.type);
        throw badRequest(message, { [key]: [message] });
      }
      writes.push({ field, columns, value: columns ? valueOf(field.type, columns) : null });
    }
    const userIds = writes.flatMap((w) => (w.columns?.valueUser ? [w.columns.valueUser] : []));
    const members = await usersReads.notDeactivatedAmong(scope, userIds);
    const stranger = writes.find((w) => w.columns?.valueUser && !members.has(w.columns.valueUser));
    if (stranger) {
      const message = customFieldValueMessage(stranger.field.name, 'user');
      throw badRequest(message, { [`values.${stranger.field.id}`]: [message] });
    }
    const before = (f: FieldRow) => {
      const row = rows.find((r) => r.fieldId === f.id);
      return row ? valueOf(f.type, row) : null;
    };
    const changed = writes.filter((w) => !sameValue(before(w.field), w.value));
    if (changed.length > 0)
      await scope.transaction(async (tx) => {
        for (const w of changed)
          if (w.columns) await customFieldsRepo.upsert(tx, task, w.field.id, w.columns);
        await customFieldsRepo.clear(
          tx,
          taskId,
          changed.filter((w) => !w.columns).map((w) => w.field.id),
        );
        const fields = [];
        for (const w of changed) {
          // One after another: the transaction is one connection.
          const from = await shownValue(tx, w.field, before(w.field));
          const to = await shownValue(tx, w.field, w.value);
          fields.push({
            field: 'customField' as const,
            from: from === null ? null : `${w.field.name}: ${from}`,
            to: to === null ? null : `${w.field.name}: ${to}`,
          });
        }
        tx.emit({
          type: 'task',
          action: 'updated',
          id: taskId,
          projectId: task.projectId,
          taskId: task.parentTaskId,
          fields,
        });
      });
    return customFieldsService.taskValues(scope, taskId);
  },

  /** The enabled fields of a project and every value of its tasks (the CSV export). */
  async projectValues(scope: Scope, projectId: string) {
    const fields = await customFieldsRepo.enabledFields(scope, projectId);
    const rows = await customFieldsRepo.valuesOfProject(
      scope,
      projectId,
      fields.map((f) => f.id),
    );
    return { fields, rows };
  },
};

export type CustomFieldsService = typeof customFieldsService;

/** A task table's condition and sort key for a task list's `cf` and `cfSort` (see `customFieldQuery`). */
export type CustomFieldListPart = {
  where?: (t: typeof tasks) => SQL;
  order?: (t: typeof tasks) => SQL;
};

/** What a filter or a sort needs of a field. */
type FieldKey = Pick<FieldRow, 'id' | 'name' | 'type' | 'options'>;

/** A filter value checked against the field's type: what `valueCondition` compares with. */
function filterValue(field: FieldKey, raw: string): string | number | boolean | null {
  const value = raw.trim();
  if (value === '') return null;
  const bad = () => fieldError('cf', customFieldValueMessage(field.name, field.type));
  switch (field.type) {
    case 'number': {
      const n = Number(value);
      if (!Number.isFinite(n)) throw bad();
      return n;
    }
    case 'checkbox':
      if (value !== 'true' && value !== 'false') throw bad();
      return value === 'true';
    case 'date':
      if (!isDay(value)) throw bad();
      return value;
    case 'select':
    case 'multiselect':
      if (!field.options.some((o) => o.id === value.toLowerCase())) throw bad();
      return value.toLowerCase();
    case 'user':
      if (!/^[0-9a-f-]{36}$/i.test(value)) throw bad();
      return value.toLowerCase();
    case 'text':
      return value;
  }
}

const refOf = (f: FieldKey): FieldRef => ({ id: f.id, type: f.type, optionIds: f.options.map((o) => o.id) });

/**
 * A task list's `cf=<fieldId>:<value>` and `cfSort=<fieldId>`, resolved against the company's
 * fields (one statement, only when one is given): 400 on `cf`/`cfSort` for an unknown field or a
 * value not of its type. The tasks feature adds the condition and the sort key to its list.
 */
export const customFieldQuery = {
  async resolve(scope: Scope, q: Pick<TaskListQuery, 'cf' | 'cfSort'>): Promise<CustomFieldListPart> {
    if (!q.cf && !q.cfSort) return {};
    const filter = q.cf ? parseCustomFieldFilter(q.cf) : undefined;
    // Only the fields named, by key (issue 28: the list of every field with its project counts
    // was read for each filtered page).
    const fields = await customFieldsRepo.keysOf(
      scope,
      [filter?.fieldId, q.cfSort?.toLowerCase()].filter((id): id is string => id !== undefined),
    );
    const out: CustomFieldListPart = {};
    if (filter) {
      const { fieldId, value } = filter;
      const field = fields.find((f) => f.id === fieldId);
      if (!field) throw fieldError('cf', CUSTOM_FIELD_MESSAGES.unknownField);
      const v = filterValue(field, value);
      out.where = (t) => valueCondition(t, refOf(field), v);
    }
    if (q.cfSort) {
      const field = fields.find((f) => f.id === q.cfSort?.toLowerCase());
      if (!field) throw fieldError('cfSort', CUSTOM_FIELD_MESSAGES.unknownField);
      out.order = (t) => sortKey(t, refOf(field));
    }
    return out;
  },
};

/**
 * Issue 26, recurring tasks: a copied task takes its source's values of the fields enabled on its
 * project (a disabled field's kept values stay behind), in the writing transaction, ONE statement
 * for every pair. Answers each copy's history lines (`customField`, "Risk: High"), as setting the
 * values would record them.
 */
export const customFieldCopies = {
  async copyToTasks(
    tx: Scope,
    projectId: string,
    pairs: readonly { from: string; to: string }[],
  ): Promise<Map<string, ChangeField[]>> {
    const lines = new Map<string, ChangeField[]>();
    for (const row of await customFieldsRepo.copyValues(tx, projectId, pairs)) {
      const to = shown(row, valueOf(row.type, row), row.userName);
      if (to === null) continue;
      const list = lines.get(row.taskId) ?? [];
      list.push({ field: 'customField', from: null, to: `${row.name}: ${to}` });
      lines.set(row.taskId, list);
    }
    return lines;
  },
};
