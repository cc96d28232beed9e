import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  date,
  foreignKey,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  text,
  unique,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { createdAt, id, updatedAt } from './common.ts';
import { companies, users } from './tenancy.ts';
import { projects, tasks } from './work.ts';

/** A select's option as stored in `custom_fields.options`, in order. */
export type CustomFieldOptionRow = { id: string; label: string };

/**
 * Custom fields (issue 26, migration 0035): defined per company by an administrator, enabled per
 * project (`custom_field_projects`), valued per task (`custom_field_values`, one row per task and
 * field, the value in the column of the field's type). Children go by `(company_id, id)`.
 */
export const customFields = pgTable(
  'custom_fields',
  {
    id: id(),
    companyId: uuid('company_id').notNull(),
    name: text('name').notNull(),
    type: text('type').notNull(),
    options: jsonb('options').$type<CustomFieldOptionRow[]>().notNull().default([]),
    showOnCard: boolean('show_on_card').notNull().default(false),
    position: integer('position').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    unique('custom_fields_company_id_uq').on(t.companyId, t.id),
    foreignKey({
      name: 'custom_fields_company_fk',
      columns: [t.companyId],
      foreignColumns: [companies.id],
    }).onDelete('cascade'),
    uniqueIndex('custom_fields_company_name_uq').on(t.companyId, sql`lower(${t.name})`),
    index('custom_fields_position_idx').on(t.companyId, t.position, t.id),
    check(
      'custom_fields_type_ck',
      sql`${t.type} in ('text', 'number', 'date', 'select', 'multiselect', 'user', 'checkbox')`,
    ),
  ],
);

/** A field enabled on a project: its tasks show and take the field. */
export const customFieldProjects = pgTable(
  'custom_field_projects',
  {
    companyId: uuid('company_id').notNull(),
    projectId: uuid('project_id').notNull(),
    fieldId: uuid('field_id').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ name: 'custom_field_projects_pk', columns: [t.companyId, t.projectId, t.fieldId] }),
    foreignKey({
      name: 'custom_field_projects_project_fk',
      columns: [t.companyId, t.projectId],
      foreignColumns: [projects.companyId, projects.id],
    }).onDelete('cascade'),
    foreignKey({
      name: 'custom_field_projects_field_fk',
      columns: [t.companyId, t.fieldId],
      foreignColumns: [customFields.companyId, customFields.id],
    }).onDelete('cascade'),
    index('custom_field_projects_field_idx').on(t.companyId, t.fieldId),
  ],
);

/** A task's value of a field: the column of the field's type holds it. */
export const customFieldValues = pgTable(
  'custom_field_values',
  {
    companyId: uuid('company_id').notNull(),
    taskId: uuid('task_id').notNull(),
    /** The task's project (a task never changes project): `field = value` in a project is one range. */
    projectId: uuid('project_id').notNull(),
    fieldId: uuid('field_id').notNull(),
    valueText: text('value_text'),
    valueNumber: numeric('value_number'),
    valueDate: date('value_date'),
    valueBool: boolean('value_bool'),
    valueUser: uuid('value_user'),
    valueOptions: uuid('value_options').array(),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ name: 'custom_field_values_pk', columns: [t.companyId, t.taskId, t.fieldId] }),
    foreignKey({
      name: 'custom_field_values_task_fk',
      columns: [t.companyId, t.taskId],
      foreignColumns: [tasks.companyId, tasks.id],
    }).onDelete('cascade'),
    foreignKey({
      name: 'custom_field_values_field_fk',
      columns: [t.companyId, t.fieldId],
      foreignColumns: [customFields.companyId, customFields.id],
    }).onDelete('cascade'),
    // The migration limits the set null to value_user (ON DELETE SET NULL ("value_user")).
    foreignKey({
      name: 'custom_field_values_user_fk',
      columns: [t.companyId, t.valueUser],
      foreignColumns: [users.companyId, users.id],
    }).onDelete('set null'),
    index('custom_field_values_text_idx').on(t.companyId, t.projectId, t.fieldId, t.valueText, t.taskId),
    index('custom_field_values_number_idx').on(t.companyId, t.projectId, t.fieldId, t.valueNumber, t.taskId),
    index('custom_field_values_date_idx').on(t.companyId, t.projectId, t.fieldId, t.valueDate, t.taskId),
    index('custom_field_values_bool_idx').on(t.companyId, t.projectId, t.fieldId, t.valueBool, t.taskId),
    index('custom_field_values_user_idx').on(t.companyId, t.projectId, t.fieldId, t.valueUser, t.taskId),
    index('custom_field_values_options_idx').using('gin', t.valueOptions),
  ],
);
