import { sql } from 'drizzle-orm';
import {
  type PgTableExtraConfigValue,
  bigint,
  boolean,
  check,
  date,
  foreignKey,
  index,
  integer,
  numeric,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  unique,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { createdAt, id, updatedAt } from './common.ts';
import { modules, packages, permissions } from './platform.ts';

/**
 * Triggers (src/db/sql/authz-notify.sql): companies_authz_notify_upd, companies_authz_notify_del,
 * companies_authz_notify_truncate tell every process's authorisation cache (NOTIFY taskhive_authz).
 */
export const companies = pgTable(
  'companies',
  {
    id: id(),
    name: text('name').notNull(),
    email: text('email'),
    phone: text('phone'),
    website: text('website'),
    address: text('address'),
    industry: text('industry'),
    description: text('description'),
    logoPath: text('logo_path'),
    isActive: boolean('is_active').notNull().default(true),
    isApproved: boolean('is_approved').notNull().default(false),
    approvedAt: timestamp('approved_at', { withTimezone: true }),
    /** The operator's own company, home of the Super Admin account. */
    isPlatform: boolean('is_platform').notNull().default(false),
    /** The company's profile (issue 24, migration 0023). */
    vision: text('vision'),
    mission: text('mission'),
    goals: text('goals'),
    coreValues: text('core_values')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    companySize: text('company_size'),
    /** Opt-in: the dashboard shows this month's work anniversaries and birthdays. */
    celebrationsWidget: boolean('celebrations_widget').notNull().default(false),
    /** Timesheets (issue 25, migration 0029): the first day of a week (0 = Sunday), the lock date, the reminder's weekday. */
    weekStartsOn: smallint('week_starts_on').notNull().default(1),
    timeLockedBefore: date('time_locked_before', { mode: 'string' }),
    timesheetReminderWeekday: smallint('timesheet_reminder_weekday').notNull().default(1),
    /**
     * Bumped by database triggers on every change that can alter someone's effective permissions
     * in this company (roles, role and user permissions, user roles, primary role, module grants,
     * module status). The auth plugin reads it with the session and caches permissions by it.
     */
    authzVersion: bigint('authz_version', { mode: 'number' }).notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('companies_name_idx').on(sql`lower(${t.name})`),
    index('companies_created_idx').on(t.createdAt),
    index('companies_active_idx').on(t.isActive),
    check(
      'companies_size_ck',
      sql`${t.companySize} in ('1-10','11-50','51-200','201-500','501-1000','1001+')`,
    ),
    check('companies_core_values_ck', sql`cardinality(${t.coreValues}) <= 7`),
    check('companies_week_starts_on_ck', sql`${t.weekStartsOn} between 0 and 6`),
    check('companies_timesheet_reminder_weekday_ck', sql`${t.timesheetReminderWeekday} between 0 and 6`),
  ],
);

/**
 * Roles: platform roles (role_type 'platform', e.g. Super Admin, owned by the platform's own
 * company) and company roles (role_type 'company': Company Admin, Manager, Employee, and the
 * company's own). Every role belongs to a company, so users and user_roles reference roles by
 * (company_id, id) like every other tenant reference.
 * Triggers (src/db/sql/authz.sql): roles_authz_ins, roles_authz_upd, roles_authz_del bump the
 * company's authz_version.
 */
export const roles = pgTable(
  'roles',
  {
    id: id(),
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id),
    name: text('name').notNull(),
    roleType: text('role_type').notNull(),
    description: text('description'),
    isActive: boolean('is_active').notNull().default(true),
    isDefault: boolean('is_default').notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    unique('roles_company_id_uq').on(t.companyId, t.id),
    uniqueIndex('roles_company_name_uq').on(t.companyId, sql`lower(${t.name})`),
    uniqueIndex('roles_one_default_uq')
      .on(t.companyId)
      .where(sql`${t.isDefault}`),
    index('roles_company_created_idx').on(t.companyId, t.createdAt),
    check('roles_type_ck', sql`${t.roleType} in ('platform', 'company')`),
  ],
);

export const departments = pgTable(
  'departments',
  {
    id: id(),
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id),
    name: text('name').notNull(),
    description: text('description'),
    managerId: uuid('manager_id'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t): PgTableExtraConfigValue[] => [
    unique('departments_company_id_uq').on(t.companyId, t.id),
    uniqueIndex('departments_company_name_uq').on(t.companyId, sql`lower(${t.name})`),
    index('departments_company_created_idx').on(t.companyId, t.createdAt),
    foreignKey({
      name: 'departments_manager_fk',
      columns: [t.companyId, t.managerId],
      foreignColumns: [users.companyId, users.id],
    }),
  ],
);

/**
 * Triggers: users_authz_role (src/db/sql/authz.sql) bumps the authz_version of the old and new
 * company on a change of primary role; users_authz_notify_upd, users_authz_notify_del,
 * users_authz_notify_truncate (src/db/sql/authz-notify.sql) tell the authorisation caches;
 * users_tally_insert, users_tally_update, users_tally_delete (src/db/sql/user-tallies.sql) keep the
 * user tallies (people per company and status, `userStatusTallies`).
 */
export const users = pgTable(
  'users',
  {
    id: id(),
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id),
    email: text('email').notNull(),
    passwordHash: text('password_hash'),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    phone: text('phone'),
    jobTitle: text('job_title'),
    status: text('status').notNull().default('active'),
    roleId: uuid('role_id'),
    departmentId: uuid('department_id'),
    profilePhotoPath: text('profile_photo_path'),
    lastLoginAt: timestamp('last_login_at', { withTimezone: true }),
    /** Set when a Company Admin sets the password: the next session may only change it (issue 24). */
    mustChangePassword: boolean('must_change_password').notNull().default(false),
    /** Employment and personal fields (issue 24, migration 0023). */
    employeeCode: text('employee_code'),
    gender: text('gender'),
    dateOfBirth: date('date_of_birth', { mode: 'string' }),
    bloodGroup: text('blood_group'),
    maritalStatus: text('marital_status'),
    address: text('address'),
    emergencyContactName: text('emergency_contact_name'),
    emergencyContactRelation: text('emergency_contact_relation'),
    emergencyContactPhone: text('emergency_contact_phone'),
    employmentType: text('employment_type'),
    joiningDate: date('joining_date', { mode: 'string' }),
    reportsToId: uuid('reports_to_id'),
    /** Expected minutes per week, the person's capacity (issue 25, migration 0029); null: the default 40 h. */
    expectedWeeklyMinutes: integer('expected_weekly_minutes'),
    /** The person's IANA time zone (migration 0030): which day is their today. */
    timeZone: text('time_zone').notNull().default('UTC'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t): PgTableExtraConfigValue[] => [
    unique('users_company_id_uq').on(t.companyId, t.id),
    uniqueIndex('users_email_uq').on(sql`lower(${t.email})`),
    index('users_company_name_idx').on(t.companyId, t.lastName, t.firstName),
    index('users_company_status_idx').on(t.companyId, t.status),
    index('users_company_created_idx').on(t.companyId, t.createdAt),
    // The employee list's sorts by name and e-mail, a page read in index order (0040).
    index('users_company_first_name_sort_idx').on(t.companyId, sql`lower(${t.firstName})`, t.id),
    index('users_company_last_name_sort_idx').on(t.companyId, sql`lower(${t.lastName})`, t.id),
    index('users_company_email_sort_idx').on(t.companyId, sql`lower(${t.email})`, t.id),
    index('users_company_role_idx').on(t.companyId, t.roleId),
    index('users_company_department_idx').on(t.companyId, t.departmentId),
    check('users_expected_weekly_minutes_ck', sql`${t.expectedWeeklyMinutes} between 0 and 10080`),
    // The mention picker's directory: active people by the start of their full or last name (0019).
    index('users_directory_name_idx')
      .on(t.companyId, sql`lower(${t.firstName} || ' ' || ${t.lastName}) text_pattern_ops`)
      .where(sql`${t.status} = 'active'`),
    index('users_directory_last_name_idx')
      .on(t.companyId, sql`lower(${t.lastName}) text_pattern_ops`)
      .where(sql`${t.status} = 'active'`),
    foreignKey({
      name: 'users_role_fk',
      columns: [t.companyId, t.roleId],
      foreignColumns: [roles.companyId, roles.id],
    }),
    foreignKey({
      name: 'users_department_fk',
      columns: [t.companyId, t.departmentId],
      foreignColumns: [departments.companyId, departments.id],
    }),
    check('users_status_ck', sql`${t.status} in ('active','inactive','invited')`),
    foreignKey({
      name: 'users_reports_to_fk',
      columns: [t.companyId, t.reportsToId],
      foreignColumns: [t.companyId, t.id],
    }),
    check('users_reports_to_self_ck', sql`${t.reportsToId} <> ${t.id}`),
    check('users_gender_ck', sql`${t.gender} in ('female','male','other','undisclosed')`),
    check('users_blood_group_ck', sql`${t.bloodGroup} in ('A+','A-','B+','B-','AB+','AB-','O+','O-')`),
    check(
      'users_marital_status_ck',
      sql`${t.maritalStatus} in ('single','married','divorced','widowed','other')`,
    ),
    check(
      'users_employment_type_ck',
      sql`${t.employmentType} in ('full-time','part-time','contract','intern','temporary')`,
    ),
    uniqueIndex('users_company_employee_code_uq')
      .on(t.companyId, sql`lower(${t.employeeCode})`)
      .where(sql`${t.employeeCode} is not null`),
    index('users_company_reports_to_idx').on(t.companyId, t.reportsToId),
  ],
);

/**
 * Triggers (src/db/sql/authz.sql): role_permissions_authz_ins, role_permissions_authz_upd,
 * role_permissions_authz_del bump the role's company's authz_version.
 */
export const rolePermissions = pgTable(
  'role_permissions',
  {
    roleId: uuid('role_id')
      .notNull()
      .references(() => roles.id, { onDelete: 'cascade' }),
    permissionId: uuid('permission_id')
      .notNull()
      .references(() => permissions.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.roleId, t.permissionId] }),
    index('role_permissions_permission_idx').on(t.permissionId),
  ],
);

/**
 * Triggers (src/db/sql/authz.sql): user_permissions_authz_ins, user_permissions_authz_upd,
 * user_permissions_authz_del bump the company's authz_version.
 */
export const userPermissions = pgTable(
  'user_permissions',
  {
    companyId: uuid('company_id').notNull(),
    userId: uuid('user_id').notNull(),
    permissionId: uuid('permission_id')
      .notNull()
      .references(() => permissions.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.permissionId] }),
    foreignKey({ columns: [t.companyId, t.userId], foreignColumns: [users.companyId, users.id] }).onDelete(
      'cascade',
    ),
    index('user_permissions_permission_idx').on(t.permissionId),
  ],
);

/**
 * Triggers (src/db/sql/authz.sql): user_roles_authz_ins, user_roles_authz_upd, user_roles_authz_del
 * bump the company's authz_version.
 */
export const userRoles = pgTable(
  'user_roles',
  {
    companyId: uuid('company_id').notNull(),
    userId: uuid('user_id').notNull(),
    roleId: uuid('role_id').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.roleId] }),
    foreignKey({
      name: 'user_roles_role_fk',
      columns: [t.companyId, t.roleId],
      foreignColumns: [roles.companyId, roles.id],
    }).onDelete('cascade'),
    foreignKey({ columns: [t.companyId, t.userId], foreignColumns: [users.companyId, users.id] }).onDelete(
      'cascade',
    ),
    index('user_roles_role_idx').on(t.roleId),
  ],
);

export const packagePurchases = pgTable(
  'package_purchases',
  {
    id: id(),
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id),
    packageId: uuid('package_id')
      .notNull()
      .references(() => packages.id),
    amount: numeric('amount', { precision: 10, scale: 2 }).notNull().default('0'),
    billingCycle: text('billing_cycle').notNull().default('monthly'),
    /** No payment provider: every purchase is recorded as paid. */
    paymentStatus: text('payment_status').notNull().default('paid'),
    status: text('status').notNull().default('active'),
    purchasedAt: timestamp('purchased_at', { withTimezone: true }).notNull().defaultNow(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('package_purchases_company_idx').on(t.companyId, t.purchasedAt),
    index('package_purchases_package_idx').on(t.packageId, t.purchasedAt),
    index('package_purchases_status_idx').on(t.status),
    check('package_purchases_status_ck', sql`${t.status} in ('active','cancelled','expired')`),
    check('package_purchases_cycle_ck', sql`${t.billingCycle} in ('monthly','yearly')`),
  ],
);

/**
 * A company's grant of a module at an access level (read | write | full).
 * Triggers (src/db/sql/authz.sql): company_modules_authz_ins, company_modules_authz_upd,
 * company_modules_authz_del bump the company's authz_version.
 */
export const companyModules = pgTable(
  'company_modules',
  {
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id),
    moduleId: uuid('module_id')
      .notNull()
      .references(() => modules.id),
    accessLevel: text('access_level').notNull().default('full'),
    /**
     * `package`: comes with the company's packages (or the all-modules start of a company that has
     * none), replaced when they change; `admin`: given or set by the Super Admin, kept (migration 0025).
     */
    source: text('source').notNull().default('package'),
    assignedAt: timestamp('assigned_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ columns: [t.companyId, t.moduleId] }),
    index('company_modules_module_idx').on(t.moduleId),
    index('company_modules_assigned_idx').on(t.companyId, t.assignedAt),
    check('company_modules_level_ck', sql`${t.accessLevel} in ('read','write','full')`),
    check('company_modules_source_ck', sql`${t.source} in ('package','admin')`),
  ],
);

/**
 * A signed-in device. Access tokens name the session; logout or a password change revokes it.
 * Triggers (src/db/sql/authz-notify.sql): sessions_authz_notify_upd, sessions_authz_notify_del,
 * sessions_authz_notify_truncate tell the authorisation caches.
 */
export const sessions = pgTable(
  'sessions',
  {
    id: id(),
    companyId: uuid('company_id').notNull(),
    userId: uuid('user_id').notNull(),
    userAgent: text('user_agent'),
    ip: text('ip'),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }).notNull().defaultNow(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    revokedReason: text('revoked_reason'),
    /**
     * An impersonation session (issue 24, migration 0020): the Super Admin acting as this user (a
     * user of the platform's company, so no foreign key), and why. Both or neither.
     */
    impersonatorId: uuid('impersonator_id'),
    impersonationReason: text('impersonation_reason'),
  },
  (t) => [
    foreignKey({ columns: [t.companyId, t.userId], foreignColumns: [users.companyId, users.id] }).onDelete(
      'cascade',
    ),
    index('sessions_user_idx').on(t.userId),
    check(
      'sessions_impersonation_ck',
      sql`(${t.impersonatorId} is null) = (${t.impersonationReason} is null)`,
    ),
  ],
);

/** Refresh tokens, stored hashed; each works once (rotation), a reused one revokes its session. */
export const refreshTokens = pgTable(
  'refresh_tokens',
  {
    id: id(),
    sessionId: uuid('session_id')
      .notNull()
      .references(() => sessions.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('refresh_tokens_hash_uq').on(t.tokenHash),
    index('refresh_tokens_session_idx').on(t.sessionId),
  ],
);

/** Single-use tokens for password reset and invitations, stored hashed. */
export const passwordTokens = pgTable(
  'password_tokens',
  {
    id: id(),
    companyId: uuid('company_id').notNull(),
    userId: uuid('user_id').notNull(),
    purpose: text('purpose').notNull(),
    tokenHash: text('token_hash').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    foreignKey({ columns: [t.companyId, t.userId], foreignColumns: [users.companyId, users.id] }).onDelete(
      'cascade',
    ),
    uniqueIndex('password_tokens_hash_uq').on(t.tokenHash),
    index('password_tokens_user_idx').on(t.userId),
    check('password_tokens_purpose_ck', sql`${t.purpose} in ('reset','invite')`),
  ],
);
