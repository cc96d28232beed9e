import { sql } from 'drizzle-orm';
import {
  check,
  foreignKey,
  index,
  pgTable,
  primaryKey,
  text,
  unique,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { createdAt, id } from './common.ts';
import { companies, users } from './tenancy.ts';
import { tasks } from './work.ts';

/**
 * Labels (issue 26, migration 0034): coloured tags, one set per company. `color` is a name of the
 * contract's LABEL_COLORS (checked here too); the name is unique in the company in any case.
 */
export const labels = pgTable(
  'labels',
  {
    id: id(),
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    color: text('color').notNull(),
    createdBy: uuid('created_by'),
    createdAt: createdAt(),
  },
  (t) => [
    unique('labels_company_id_uq').on(t.companyId, t.id),
    uniqueIndex('labels_company_name_uq').on(t.companyId, sql`lower(${t.name})`),
    // The migration limits the set null to created_by (ON DELETE SET NULL ("created_by")).
    foreignKey({
      name: 'labels_created_by_fk',
      columns: [t.companyId, t.createdBy],
      foreignColumns: [users.companyId, users.id],
    }).onDelete('set null'),
    check(
      'labels_color_ck',
      sql`${t.color} in ('grey', 'red', 'orange', 'amber', 'green', 'teal', 'blue', 'indigo', 'purple', 'pink')`,
    ),
  ],
);

/**
 * A task's labels (issue 26): both sides by `(company_id, id)`, so a label never reaches another
 * company's task; a deleted task or label takes its rows. The primary key reads a task's labels,
 * `task_labels_label_idx` the tasks of a label (the `labelIds` filter).
 */
export const taskLabels = pgTable(
  'task_labels',
  {
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    taskId: uuid('task_id').notNull(),
    labelId: uuid('label_id').notNull(),
  },
  (t) => [
    primaryKey({ name: 'task_labels_pk', columns: [t.companyId, t.taskId, t.labelId] }),
    foreignKey({
      name: 'task_labels_task_fk',
      columns: [t.companyId, t.taskId],
      foreignColumns: [tasks.companyId, tasks.id],
    }).onDelete('cascade'),
    foreignKey({
      name: 'task_labels_label_fk',
      columns: [t.companyId, t.labelId],
      foreignColumns: [labels.companyId, labels.id],
    }).onDelete('cascade'),
    index('task_labels_label_idx').on(t.companyId, t.labelId, t.taskId),
  ],
);
