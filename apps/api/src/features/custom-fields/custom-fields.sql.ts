import { type SQL, sql } from 'drizzle-orm';
import type { CustomFieldType } from '@taskhive/contract';
import type { tasks } from '../../db/schema/index.ts';
import { searchAny } from '../../lib/list.ts';

/** The tasks table as a task read names it (`tasks`, or an alias such as the board's `card`). */
type TaskTable = typeof tasks;

/** A field as a filter or a sort needs it. */
export type FieldRef = { id: string; type: CustomFieldType; optionIds: string[] };

/** The value column of each type (a single select keeps its option's id as text). */
const COLUMN: Record<CustomFieldType, SQL> = {
  text: sql.raw('v.value_text'),
  number: sql.raw('v.value_number'),
  date: sql.raw('v.value_date'),
  select: sql.raw('v.value_text'),
  multiselect: sql.raw('v.value_options'),
  user: sql.raw('v.value_user'),
  checkbox: sql.raw('v.value_bool'),
};

/**
 * A task's values of the fields enabled on its project, `{ fieldId: value }` (null without any):
 * a correlated read of `custom_field_values` by its primary key inside the statement that reads
 * the tasks, so a page costs no statement more. Disabled fields' values are kept, not shown.
 */
export const taskValuesJson = (t: TaskTable) => sql<Record<string, unknown> | null>`(select
    jsonb_object_agg(v.field_id::text, coalesce(to_jsonb(v.value_text), to_jsonb(v.value_number),
      to_jsonb(v.value_date), to_jsonb(v.value_bool), to_jsonb(v.value_user), to_jsonb(v.value_options)))
  from custom_field_values v
  join custom_field_projects cp on cp.company_id = v.company_id and cp.project_id = ${t.projectId}
    and cp.field_id = v.field_id
  where v.company_id = ${t.companyId} and v.task_id = ${t.id}
    and coalesce(v.value_text, v.value_number::text, v.value_date::text, v.value_bool::text,
      v.value_user::text, v.value_options::text) is not null)`;

/**
 * The task's row of the field, found by its project too: in a list of one project the planner
 * reads the project's rows of `field = value` as one range of the typed index and hashes them,
 * instead of probing once per task.
 */
const valueRow = (t: TaskTable, field: FieldRef, cond: SQL) =>
  sql`exists (select 1 from custom_field_values v where v.company_id = ${t.companyId}
    and v.project_id = ${t.projectId} and v.field_id = ${field.id} and v.task_id = ${t.id} and ${cond})`;

/**
 * `cf=<fieldId>:<value>` as a condition on the tasks (the value already checked against the
 * type): an `exists` on the index `(company, project, field, value_<type>, task)`; an empty value keeps the
 * tasks without one. Text: contains, any case.
 */
export function valueCondition(t: TaskTable, field: FieldRef, value: string | number | boolean | null): SQL {
  const column = COLUMN[field.type];
  if (value === null) return sql`not ${valueRow(t, field, sql`${column} is not null`)}`;
  switch (field.type) {
    case 'text':
      return valueRow(t, field, searchAny(String(value), sql.raw('v.value_text')) ?? sql`true`);
    case 'multiselect':
      return valueRow(t, field, sql`v.value_options @> array[${value}]::uuid[]`);
    case 'number':
      return valueRow(t, field, sql`v.value_number = ${String(value)}::numeric`);
    case 'date':
      return valueRow(t, field, sql`v.value_date = ${value}::date`);
    case 'checkbox':
      return value === false
        ? sql`not ${valueRow(t, field, sql`v.value_bool`)}`
        : valueRow(t, field, sql`v.value_bool`);
    case 'user':
      return valueRow(t, field, sql`v.value_user = ${value}::uuid`);
    case 'select':
      return valueRow(t, field, sql`v.value_text = ${value}`);
  }
}

/**
 * The sort key of `cfSort=<fieldId>`: the value (selects by their options' order, users by name,
 * text without case), null without one (sorted last).
 */
export function sortKey(t: TaskTable, field: FieldRef): SQL {
  const options = sql`array[${sql.join(
    field.optionIds.map((id) => sql`${id}`),
    sql`, `,
  )}]::text[]`;
  const key =
    field.type === 'text'
      ? sql`lower(v.value_text)`
      : field.type === 'select'
        ? sql`array_position(${options}, v.value_text)`
        : field.type === 'multiselect'
          ? sql`array_position(${options}, v.value_options[1]::text)`
          : field.type === 'user'
            ? sql`(select lower(u.first_name || ' ' || u.last_name) from users u
                where u.company_id = v.company_id and u.id = v.value_user)`
            : COLUMN[field.type];
  return sql`(select ${key} from custom_field_values v where v.company_id = ${t.companyId}
    and v.field_id = ${field.id} and v.task_id = ${t.id})`;
}
