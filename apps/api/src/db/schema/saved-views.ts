import { sql } from 'drizzle-orm';
import {
  boolean,
  foreignKey,
  index,
  pgTable,
  primaryKey,
  text,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { createdAt, updatedAt } from './common.ts';
import { companies, users } from './tenancy.ts';
import { projects } from './work.ts';

/**
 * Saved views (issue 26, migration 0036): a place (`projectId`, or `page`: my-tasks, all-tasks,
 * calendar; exactly one of the two), a layout and the URL query of the place's screen. Personal
 * to `ownerId`, or `shared` with everyone who can see the project (a project's views only). Names
 * are unique per owner and place, case-insensitively (the two partial unique indexes, which also
 * serve the listings). Checks on place, layout, sharing and lengths are in the migration.
 */
export const savedViews = pgTable(
  'saved_views',
  {
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    id: uuid('id').notNull().defaultRandom(),
    ownerId: uuid('owner_id').notNull(),
    projectId: uuid('project_id'),
    page: text('page'),
    name: text('name').notNull(),
    layout: text('layout').notNull(),
    query: text('query').notNull().default(''),
    shared: boolean('shared').notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ name: 'saved_views_pk', columns: [t.companyId, t.id] }),
    foreignKey({
      name: 'saved_views_owner_fk',
      columns: [t.companyId, t.ownerId],
      foreignColumns: [users.companyId, users.id],
    }).onDelete('cascade'),
    foreignKey({
      name: 'saved_views_project_fk',
      columns: [t.companyId, t.projectId],
      foreignColumns: [projects.companyId, projects.id],
    }).onDelete('cascade'),
    uniqueIndex('saved_views_project_name_uq')
      .on(t.companyId, t.projectId, t.ownerId, sql`lower(${t.name})`)
      .where(sql`${t.projectId} IS NOT NULL`),
    uniqueIndex('saved_views_page_name_uq')
      .on(t.companyId, t.ownerId, t.page, sql`lower(${t.name})`)
      .where(sql`${t.page} IS NOT NULL`),
    index('saved_views_owner_idx').on(t.companyId, t.ownerId),
  ],
);
