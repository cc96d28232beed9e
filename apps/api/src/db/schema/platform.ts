import { sql } from 'drizzle-orm';
import {
  check,
  index,
  integer,
  numeric,
  pgTable,
  primaryKey,
  text,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { createdAt, id, updatedAt } from './common.ts';

/** Platform tables: the subscription model. Not tenant-owned; only the Super Admin writes them. */

/** Trigger modules_authz (src/db/sql/authz.sql): any change bumps every company's authz_version. */
export const modules = pgTable(
  'modules',
  {
    id: id(),
    key: text('key').notNull(),
    name: text('name').notNull(),
    description: text('description'),
    moduleType: text('module_type').notNull().default('core'),
    category: text('category').notNull(),
    status: text('status').notNull().default('active'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('modules_key_uq').on(t.key),
    uniqueIndex('modules_name_uq').on(sql`lower(${t.name})`),
    index('modules_status_idx').on(t.status),
    index('modules_category_idx').on(t.category),
    index('modules_created_idx').on(t.createdAt),
    check('modules_status_ck', sql`${t.status} in ('active','inactive')`),
  ],
);

/** Trigger permissions_authz (src/db/sql/authz.sql): any change bumps every company's authz_version. */
export const permissions = pgTable(
  'permissions',
  {
    id: id(),
    name: text('name').notNull(),
    permissionType: text('permission_type').notNull(),
    category: text('category').notNull(),
    moduleId: uuid('module_id')
      .notNull()
      .references(() => modules.id),
    description: text('description'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('permissions_name_uq').on(t.name),
    index('permissions_module_idx').on(t.moduleId),
    index('permissions_category_idx').on(t.category),
  ],
);

export const packages = pgTable(
  'packages',
  {
    id: id(),
    name: text('name').notNull(),
    description: text('description'),
    /** The monthly price. */
    price: numeric('price', { precision: 10, scale: 2 }).notNull().default('0'),
    yearlyPrice: numeric('yearly_price', { precision: 10, scale: 2 }).notNull().default('0'),
    trialDays: integer('trial_days').notNull().default(0),
    currency: text('currency').notNull().default('USD'),
    packageType: text('package_type').notNull().default('standard'),
    billingCycle: text('billing_cycle').notNull().default('monthly'),
    status: text('status').notNull().default('active'),
    purchaseCount: integer('purchase_count').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('packages_name_uq').on(sql`lower(${t.name})`),
    index('packages_status_idx').on(t.status),
    index('packages_type_idx').on(t.packageType),
    index('packages_price_idx').on(t.price),
    index('packages_created_idx').on(t.createdAt),
    check('packages_status_ck', sql`${t.status} in ('active','inactive')`),
    check('packages_price_ck', sql`${t.price} >= 0`),
    check('packages_yearly_price_ck', sql`${t.yearlyPrice} >= 0`),
    check('packages_trial_days_ck', sql`${t.trialDays} >= 0`),
  ],
);

export const packageModules = pgTable(
  'package_modules',
  {
    packageId: uuid('package_id')
      .notNull()
      .references(() => packages.id, { onDelete: 'cascade' }),
    moduleId: uuid('module_id')
      .notNull()
      .references(() => modules.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.packageId, t.moduleId] }),
    index('package_modules_module_idx').on(t.moduleId),
  ],
);

export const priorities = pgTable(
  'priorities',
  {
    id: id(),
    name: text('name').notNull(),
    sortOrder: integer('sort_order').notNull(),
  },
  (t) => [uniqueIndex('priorities_name_uq').on(t.name)],
);
