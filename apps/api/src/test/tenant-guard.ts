import type { Logger } from 'drizzle-orm';
import { getTableConfig, PgTable } from 'drizzle-orm/pg-core';
import * as schema from '../db/schema/index.ts';

/**
 * The tenant guard of the API tests. Every statement the app runs in a test passes through
 * `tenantGuard` (a Drizzle logger on the handle `buildTestApp` gives the app). A statement that
 * reads or writes a tenant table without a company condition bound to a value throws, so the
 * request fails, and is recorded, so the test fails even where the app swallows the error
 * (`test/setup.ts` checks after every test).
 *
 * A company condition is `company_id = $n` (what `scope.own` writes, in a WHERE or an ON), or, for
 * an INSERT, a `company_id` column (what `scope.values` adds). Joins need no condition of their
 * own: child rows reference parents by (company_id, id), so they cannot leave the company.
 *
 * Test fixtures write through their own handle (`database.db`), unguarded; so do the test reset
 * (`resetDatabase`) and the migrations (`migrate` runs on a raw session), which therefore need no
 * entry below.
 */

/** Every table with a `company_id` column, read from the Drizzle schema. */
export const TENANT_TABLES: readonly string[] = (Object.values(schema) as unknown[])
  .filter((t): t is PgTable => t instanceof PgTable)
  .map((t) => getTableConfig(t))
  .filter((c) => c.columns.some((col) => col.name === 'company_id'))
  .map((c) => c.name);

/**
 * Statements that may touch a tenant table without a company condition: each comes before any
 * tenant is known, or is the platform's own view across tenants.
 */
const ALLOWED: readonly { why: string; match: RegExp }[] = [
  {
    why: 'sign-in and forgot-password look-up by email (platformRepo.userForSignIn)',
    match: /where lower\("users"\."email"\) = \$\d+/,
  },
  {
    why: 'live session of a verified token (lib/access.ts liveSession)',
    match:
      /from "sessions" inner join "users".* where \("sessions"\."id" = \$\d+ and "sessions"\."user_id" = \$\d+/,
  },
  {
    why: 'a session by its id: touch or revoke (sessionsRepo)',
    match: /^update "sessions" set .* where \(?"sessions"\."id" = \$\d+/,
  },
  {
    why: 'a refresh token by its hash, with its session (sessionsRepo.findRefreshToken)',
    match: /from "refresh_tokens" inner join "sessions" .* where "refresh_tokens"\."token_hash" = \$\d+/,
  },
  {
    why: 'a calendar feed link by its token hash, with its owner (calendarRepo.ownerByTokenHash)',
    match: /from "calendar_feeds" inner join "users" .* where "calendar_feeds"\."token_hash" = \$\d+/,
  },
  {
    why: 'a password token by its hash, or used by its id (sessionsRepo)',
    match:
      /(from "password_tokens" where \("password_tokens"\."token_hash" = \$\d+|^update "password_tokens" set "used_at" = \$\d+ where \("password_tokens"\."id" = \$\d+)/,
  },
  {
    why: "the Super Admin's look-up of any company's role or user by id (rolesRepo.byId, userTarget)",
    match:
      /^select .* from "roles" where "roles"\."id" = \$\d+$|^select "users"\."id", "users"\."company_id", "users"\."role_id", .* from "users" left join "roles" on .* where "users"\."id" = \$\d+$/,
  },
  {
    why: "the platform's purchases across companies, for the Super Admin (packagesRepo); a company's own list has its company condition",
    match:
      /from "package_purchases" inner join "companies" on "companies"\."id" = "package_purchases"\."company_id"/,
  },
  {
    why: 'was a package ever bought, by anyone: then it is deactivated, not erased (packagesRepo)',
    match:
      /^select "id" from "package_purchases" where "package_purchases"\."package_id" = \$\d+ limit \$\d+$/,
  },
  {
    why: "the companies holding a package whose modules the Super Admin changes: their grants follow it (packagesRepo.holders); each company's grants are then changed through its own scope",
    match:
      /^select distinct "company_id" from "package_purchases" where \("package_purchases"\."package_id" = \$\d+ and "package_purchases"\."status" = \$\d+\)$/,
  },
  {
    why: 'a module deleted from the catalogue leaves every company (companyGrants.revokeEverywhere)',
    match: /^delete from "company_modules" where "company_modules"\."module_id" = \$\d+$/,
  },
  {
    why: "the due-soon reminder's daily round: the companies with an open task due tomorrow (tasksRepo.companiesWithOpenTasksDue); each company's tasks are then read through its own scope",
    match: /^select distinct "tasks"\."company_id" from "tasks" left join "task_statuses"/,
  },
  {
    why: "the recurring tasks' hourly round: the companies with an on_date series whose next date may have come (recurrenceRepo.companiesWithDueRules); each company's series are then read through its own scope",
    match: /^select distinct "company_id" from "task_recurrences" where/,
  },
  {
    why: 'the change log keeps an hour of every company (lib/changes.ts, the live feed pruning)',
    match: /^delete from changes where created_at < now\(\) - make_interval\(secs => \$\d+\)$/,
  },
  {
    why: 'platform-wide counts: users per company, active users of active companies (platformRepo)',
    match:
      /(group by "users"\."company_id"|"companies"\."is_active" = \$\d+ and "companies"\."is_platform" = \$\d+)/,
  },
];

const COMPANY_CONDITION = /"?company_id"?\s*=\s*\$\d+/;

/** A table name after FROM, JOIN, INTO or UPDATE (quoted or not): compiled once. */
const TABLE_REFERENCE = /\b(?:from|join|into|update)\s+"?([a-z_][a-z0-9_]*)"?(?=\s|\(|$)/g;
const tenantTableSet = new Set(TENANT_TABLES);

/** The tenant tables a statement reads or writes. */
function tenantTablesIn(statement: string): string[] {
  const found = new Set<string>();
  for (const m of statement.matchAll(TABLE_REFERENCE)) {
    if (m[1] && tenantTableSet.has(m[1])) found.add(m[1]);
  }
  return [...found];
}

/**
 * Whether the statement only inserts into tenant tables, each INSERT naming company_id among its
 * columns: a plain INSERT, or several in one statement's WITH (the change log's flush, which
 * writes a transaction's change rows and deferred activity rows together: lib/changes.ts).
 */
function insertSetsCompany(statement: string): boolean {
  const inserts = [...statement.matchAll(/\binsert into "?(\w+)"? \(([^)]*)\)/g)];
  if (inserts.length === 0) return false;
  if (!inserts.every((m) => /"?company_id"?/.test(m[2] ?? ''))) return false;
  const inserted = new Set(inserts.map((m) => m[1]));
  const references = [...statement.matchAll(TABLE_REFERENCE)].filter((m) => m[1] && tenantTableSet.has(m[1]));
  return references.every((m) => m[0].startsWith('into') && inserted.has(m[1]));
}

/** Why a statement breaks the rule (a message), or null when it keeps it. */
export function tenantViolation(query: string): string | null {
  const statement = query.replace(/\s+/g, ' ').trim().toLowerCase();
  const tables = tenantTablesIn(statement);
  if (tables.length === 0) return null;
  if (COMPANY_CONDITION.test(statement) || insertSetsCompany(statement)) return null;
  if (ALLOWED.some((a) => a.match.test(statement))) return null;
  return `tenant guard: a statement on ${tables.join(', ')} has no company_id condition: ${query}`;
}

export class TenantGuardError extends Error {}

const violations: string[] = [];

/** The violations recorded since the last call (and forgets them). */
export function takeViolations(): string[] {
  return violations.splice(0);
}

/** The Drizzle logger that enforces the rule: throws before the statement reaches the database. */
export const tenantGuard: Logger = {
  logQuery(query) {
    const violation = tenantViolation(query);
    if (!violation) return;
    violations.push(violation);
    throw new TenantGuardError(violation);
  },
};
