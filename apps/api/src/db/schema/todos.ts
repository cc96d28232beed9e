import { sql } from 'drizzle-orm';
import { date, foreignKey, index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { createdAt, id, updatedAt } from './common.ts';
import { priorities } from './platform.ts';
import { companies, users } from './tenancy.ts';

/**
 * Personal to-dos (issue 24, migration 0021): a user's own tasks that belong to no project, seen
 * by their owner only. A table of their own, not `tasks` with a null project: see ARCHITECTURE.md
 * ("Personal to-dos"). Done is `completed_at` set.
 */
export const personalTodos = pgTable(
  'personal_todos',
  {
    id: id(),
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    userId: uuid('user_id').notNull(),
    title: text('title').notNull(),
    dueDate: date('due_date'),
    priorityId: uuid('priority_id').references(() => priorities.id),
    completedAt: timestamp('completed_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    foreignKey({
      name: 'personal_todos_owner_fk',
      columns: [t.companyId, t.userId],
      foreignColumns: [users.companyId, users.id],
    }).onDelete('cascade'),
    index('personal_todos_owner_due_idx').on(t.companyId, t.userId, t.dueDate, t.createdAt, t.id),
    index('personal_todos_owner_created_idx').on(t.companyId, t.userId, t.createdAt, t.id),
    index('personal_todos_owner_updated_idx').on(t.companyId, t.userId, t.updatedAt, t.createdAt, t.id),
    index('personal_todos_owner_title_idx').on(t.companyId, t.userId, sql`lower(${t.title})`),
    index('personal_todos_owner_priority_idx').on(t.companyId, t.userId, t.priorityId),
  ],
);
