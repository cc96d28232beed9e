import { and, asc, eq, inArray, notInArray, sql } from 'drizzle-orm';
import type { CustomFieldType } from '@taskhive/contract';
import {
  customFieldProjects,
  customFields,
  customFieldValues,
  type CustomFieldOptionRow,
} from '../../db/schema/index.ts';
import { rowsOf } from '../../db/client.ts';
import type { Scope } from '../../lib/scope.ts';

export type FieldRow = {
  id: string;
  name: string;
  type: CustomFieldType;
  options: CustomFieldOptionRow[];
  showOnCard: boolean;
  position: number;
  projectCount: number;
};

/** A value row's typed columns (the one of the field's type set, the others null). */
export type ValueColumns = {
  valueText: string | null;
  valueNumber: string | null;
  valueDate: string | null;
  valueBool: boolean | null;
  valueUser: string | null;
  valueOptions: string[] | null;
};

export type ValueRow = ValueColumns & { taskId: string; fieldId: string };

/** A value copied to a task, with its field and (a user value) the user's name: the copy's history. */
export type CopiedValue = ValueRow & {
  name: string;
  type: CustomFieldType;
  options: CustomFieldOptionRow[];
  userName: string | null;
};

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

const projectCount = sql<number>`(select count(*) from custom_field_projects cp
  where cp.company_id = ${customFields.companyId} and cp.field_id = ${customFields.id})::int`.mapWith(Number);

const fieldColumns = {
  id: customFields.id,
  name: customFields.name,
  type: sql<CustomFieldType>`${customFields.type}`,
  options: customFields.options,
  showOnCard: customFields.showOnCard,
  position: customFields.position,
  projectCount,
};

const valueColumns = {
  taskId: customFieldValues.taskId,
  fieldId: customFieldValues.fieldId,
  valueText: customFieldValues.valueText,
  valueNumber: customFieldValues.valueNumber,
  valueDate: customFieldValues.valueDate,
  valueBool: customFieldValues.valueBool,
  valueUser: customFieldValues.valueUser,
  valueOptions: customFieldValues.valueOptions,
};

/** The only place that touches `custom_fields`, `custom_field_projects` and `custom_field_values`. */
export const customFieldsRepo = {
  list(scope: Scope): Promise<FieldRow[]> {
    return scope.db
      .select(fieldColumns)
      .from(customFields)
      .where(scope.own(customFields))
      .orderBy(asc(customFields.position), asc(customFields.id));
  },

  /** The fields of these ids (a list's `cf` and `cfSort`): what a filter needs, by key; not an id, none. */
  keysOf(scope: Scope, ids: string[]): Promise<Pick<FieldRow, 'id' | 'name' | 'type' | 'options'>[]> {
    const valid = ids.filter((id) => UUID.test(id));
    if (valid.length === 0) return Promise.resolve([]);
    return scope.db
      .select({
        id: customFields.id,
        name: customFields.name,
        type: sql<CustomFieldType>`${customFields.type}`,
        options: customFields.options,
      })
      .from(customFields)
      .where(scope.own(customFields, inArray(customFields.id, valid)));
  },

  async byId(scope: Scope, id: string): Promise<FieldRow | null> {
    const [row] = await scope.db
      .select(fieldColumns)
      .from(customFields)
      .where(scope.own(customFields, eq(customFields.id, id)));
    return row ?? null;
  },

  async count(scope: Scope): Promise<number> {
    const [row] = await scope.db
      .select({ n: sql<number>`count(*)::int`.mapWith(Number) })
      .from(customFields)
      .where(scope.own(customFields));
    return row?.n ?? 0;
  },

  async insert(
    scope: Scope,
    f: { name: string; type: CustomFieldType; options: CustomFieldOptionRow[]; showOnCard: boolean },
  ): Promise<string> {
    const [row] = await scope.db
      .insert(customFields)
      .values(
        scope.values({
          ...f,
          position: sql`(select coalesce(max(position) + 1, 0) from custom_fields
            where company_id = ${scope.companyId})`,
        }),
      )
      .returning({ id: customFields.id });
    if (!row) throw new Error('insert returned no row');
    return row.id;
  },

  async update(
    scope: Scope,
    id: string,
    patch: { name?: string; showOnCard?: boolean; options?: CustomFieldOptionRow[] },
  ): Promise<void> {
    await scope.db
      .update(customFields)
      .set({ ...patch, updatedAt: new Date() })
      .where(scope.own(customFields, eq(customFields.id, id)));
  },

  async delete(scope: Scope, id: string): Promise<boolean> {
    const rows = await scope.db
      .delete(customFields)
      .where(scope.own(customFields, eq(customFields.id, id)))
      .returning({ id: customFields.id });
    return rows.length > 0;
  },

  /** Positions 0, 1, ... in the order given (one statement). */
  async setOrder(scope: Scope, ids: string[]): Promise<void> {
    if (ids.length === 0) return;
    const order = sql`(values ${sql.join(
      ids.map((id, i) => sql`(${id}::uuid, ${i}::int)`),
      sql`, `,
    )}) as o(id, pos)`;
    await scope.db.execute(
      sql`update custom_fields set position = o.pos from ${order}
        where custom_fields.company_id = ${scope.companyId} and custom_fields.id = o.id`,
    );
  },

  /** A select's removed options leave the tasks that had them. */
  async removeOptions(scope: Scope, fieldId: string, optionIds: string[]): Promise<void> {
    if (optionIds.length === 0) return;
    const own = scope.own(customFieldValues, eq(customFieldValues.fieldId, fieldId));
    await scope.db.delete(customFieldValues).where(and(own, inArray(customFieldValues.valueText, optionIds)));
    await scope.db
      .update(customFieldValues)
      .set({
        valueOptions: sql`array(select o from unnest(${customFieldValues.valueOptions}) o
          where o <> all(${sql`array[${sql.join(
            optionIds.map((id) => sql`${id}`),
            sql`, `,
          )}]::uuid[]`}))`,
      })
      .where(
        and(
          own,
          sql`${customFieldValues.valueOptions} && array[${sql.join(
            optionIds.map((id) => sql`${id}`),
            sql`, `,
          )}]::uuid[]`,
        ),
      );
  },

  async enabledIds(scope: Scope, projectId: string): Promise<string[]> {
    const rows = await scope.db
      .select({ id: customFieldProjects.fieldId })
      .from(customFieldProjects)
      .where(scope.own(customFieldProjects, eq(customFieldProjects.projectId, projectId)));
    return rows.map((r) => r.id);
  },

  /** The fields enabled on a project, in the company's order. */
  enabledFields(scope: Scope, projectId: string): Promise<FieldRow[]> {
    return scope.db
      .select(fieldColumns)
      .from(customFields)
      .innerJoin(
        customFieldProjects,
        and(
          eq(customFieldProjects.companyId, customFields.companyId),
          eq(customFieldProjects.fieldId, customFields.id),
          eq(customFieldProjects.projectId, projectId),
        ),
      )
      .where(scope.own(customFields))
      .orderBy(asc(customFields.position), asc(customFields.id));
  },

  /** Exactly these fields enabled on the project: the others' rows go, the missing ones come. */
  async setEnabled(scope: Scope, projectId: string, fieldIds: string[]): Promise<void> {
    await scope.db
      .delete(customFieldProjects)
      .where(
        scope.own(
          customFieldProjects,
          eq(customFieldProjects.projectId, projectId),
          fieldIds.length ? notInArray(customFieldProjects.fieldId, fieldIds) : undefined,
        ),
      );
    if (fieldIds.length === 0) return;
    await scope.db
      .insert(customFieldProjects)
      .values(fieldIds.map((fieldId) => scope.values({ projectId, fieldId })))
      .onConflictDoNothing();
  },

  valuesOf(scope: Scope, taskIds: string[]): Promise<ValueRow[]> {
    if (taskIds.length === 0) return Promise.resolve([]);
    return scope.db
      .select(valueColumns)
      .from(customFieldValues)
      .where(scope.own(customFieldValues, inArray(customFieldValues.taskId, taskIds)));
  },

  /** Every value of the project's tasks for these fields (the CSV export): one statement. */
  valuesOfProject(scope: Scope, projectId: string, fieldIds: string[]): Promise<ValueRow[]> {
    if (fieldIds.length === 0) return Promise.resolve([]);
    return scope.db
      .select(valueColumns)
      .from(customFieldValues)
      .where(
        scope.own(
          customFieldValues,
          inArray(customFieldValues.fieldId, fieldIds),
          sql`${customFieldValues.taskId} in (select t.id from tasks t
            where t.company_id = ${scope.companyId} and t.project_id = ${projectId})`,
        ),
      );
  },

  async upsert(
    scope: Scope,
    task: { id: string; projectId: string },
    fieldId: string,
    value: ValueColumns,
  ): Promise<void> {
    await scope.db
      .insert(customFieldValues)
      .values(scope.values({ taskId: task.id, projectId: task.projectId, fieldId, ...value }))
      .onConflictDoUpdate({
        target: [customFieldValues.companyId, customFieldValues.taskId, customFieldValues.fieldId],
        set: { ...value, updatedAt: new Date() },
      });
  },

  async clear(scope: Scope, taskId: string, fieldIds: string[]): Promise<void> {
    if (fieldIds.length === 0) return;
    await scope.db
      .delete(customFieldValues)
      .where(
        scope.own(
          customFieldValues,
          eq(customFieldValues.taskId, taskId),
          inArray(customFieldValues.fieldId, fieldIds),
        ),
      );
  },
  /**
   * Copies each source task's values to its copy (`pairs`: from a task to its copy, all of
   * `projectId`), only of the fields enabled on that project and only set ones: ONE
   * `INSERT ... SELECT` whatever the number of tasks and fields, answering what it wrote with
   * each field's name, type and options and a user value's name, in the fields' order.
   */
  async copyValues(
    scope: Scope,
    projectId: string,
    pairs: readonly { from: string; to: string }[],
  ): Promise<CopiedValue[]> {
    if (pairs.length === 0) return [];
    const map = sql.join(
      pairs.map((p) => sql`(${p.from}::uuid, ${p.to}::uuid)`),
      sql`, `,
    );
    const c = scope.companyId;
    const result = await scope.db.execute(sql`with m (src, dst) as (values ${map}),
      ins as (
        insert into custom_field_values (company_id, task_id, project_id, field_id, value_text,
          value_number, value_date, value_bool, value_user, value_options)
        select v.company_id, m.dst, ${projectId}, v.field_id, v.value_text, v.value_number, v.value_date,
          v.value_bool, v.value_user, v.value_options
        from custom_field_values v
        join m on m.src = v.task_id
        join custom_field_projects cp on cp.company_id = v.company_id and cp.project_id = ${projectId}
          and cp.field_id = v.field_id
        where v.company_id = ${c}
          and coalesce(v.value_text, v.value_number::text, v.value_date::text, v.value_bool::text,
            v.value_user::text, v.value_options::text) is not null
        on conflict do nothing
        returning task_id, field_id, value_text, value_number, value_date, value_bool, value_user,
          value_options)
      select ins.task_id::text as "taskId", ins.field_id::text as "fieldId",
        ins.value_text as "valueText", ins.value_number::text as "valueNumber",
        ins.value_date::text as "valueDate", ins.value_bool as "valueBool",
        ins.value_user::text as "valueUser", ins.value_options::text[] as "valueOptions",
        f.name, f.type, f.options,
        (select u.first_name || ' ' || u.last_name from users u
          where u.company_id = ${c} and u.id = ins.value_user) as "userName"
      from ins join custom_fields f on f.company_id = ${c} and f.id = ins.field_id
      order by f.position, f.id`);
    return rowsOf<CopiedValue>(result);
  },
};
