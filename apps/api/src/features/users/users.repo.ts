import { and, asc, count, eq, inArray, ne, or, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { PgSelect } from 'drizzle-orm/pg-core';
import type { EmployeeListQuery } from '@taskhive/contract';
import type { Db } from '../../db/client.ts';
import { companies, departments, roles, users, userStatusTallies } from '../../db/schema/index.ts';
import {
  countAll,
  nonNull,
  type NonNullKey,
  type ListResult,
  pageWindow,
  prefixPattern,
  searchAny,
  sortBy,
  totalOf,
} from '../../lib/list.ts';
import type { Scope } from '../../lib/scope.ts';

/** The columns every user read shares: the user joined with role and department names. */
export const profileColumns = {
  userId: users.id,
  companyId: users.companyId,
  email: users.email,
  firstName: users.firstName,
  lastName: users.lastName,
  phone: users.phone,
  jobTitle: users.jobTitle,
  status: users.status,
  roleId: users.roleId,
  roleName: roles.name,
  roleType: roles.roleType,
  departmentId: users.departmentId,
  departmentName: departments.name,
  departmentManagerId: departments.managerId,
  profilePhotoPath: users.profilePhotoPath,
  mustChangePassword: users.mustChangePassword,
  timeZone: users.timeZone,
  createdAt: users.createdAt,
  updatedAt: users.updatedAt,
};

export type UserRow = {
  userId: string;
  companyId: string;
  email: string;
  firstName: string;
  lastName: string;
  phone: string | null;
  jobTitle: string | null;
  status: string;
  roleId: string | null;
  roleName: string | null;
  roleType: string | null;
  departmentId: string | null;
  departmentName: string | null;
  departmentManagerId: string | null;
  profilePhotoPath: string | null;
  mustChangePassword: boolean;
  timeZone: string;
  createdAt: Date;
  updatedAt: Date;
};

/**
 * Adds the joins every user read shares (role and department, by the company's own reference):
 * the one copy of that join. Takes a `$dynamic()` select from `users`.
 */
export function withProfileJoins<T extends PgSelect>(q: T) {
  return q
    .leftJoin(roles, and(eq(roles.id, users.roleId), eq(roles.companyId, users.companyId)))
    .leftJoin(
      departments,
      and(eq(departments.id, users.departmentId), eq(departments.companyId, users.companyId)),
    );
}

/** Users with their role and department names (`UserRow`), to filter and order further. */
const selectProfiles = (db: Db) => withProfileJoins(db.select(profileColumns).from(users).$dynamic());

export type NewUser = {
  email: string;
  firstName: string;
  lastName: string;
  passwordHash: string | null;
  status: 'active' | 'invited' | 'inactive';
  roleId: string | null;
  departmentId?: string | null;
  phone?: string | null;
  jobTitle?: string | null;
};

/** Employment and personal fields (issue 24); write them through `update`. */
export type EmployeeFields = {
  employeeCode?: string | null;
  employmentType?: string | null;
  joiningDate?: string | null;
  reportsToId?: string | null;
  gender?: string | null;
  dateOfBirth?: string | null;
  bloodGroup?: string | null;
  maritalStatus?: string | null;
  address?: string | null;
  emergencyContactName?: string | null;
  emergencyContactRelation?: string | null;
  emergencyContactPhone?: string | null;
};

/** The manager a user reports to, joined by the company's own reference. */
const manager = alias(users, 'reports_to');

/** How far up a reports-to chain is followed (a chain is never this long; a cycle never forms). */
const CHAIN_LIMIT = 64;

/** People who count as members: everyone but deactivated accounts. */
export const notDeactivated = ne(users.status, 'inactive');

// The person's own NOT NULL columns are `nonNull`: a descending page reads its index backwards
// (the name and e-mail sorts have their indexes, migration 0040).
const EMPLOYEE_SORT: Record<EmployeeListQuery['sortBy'], SQL | NonNullKey> = {
  firstName: nonNull(sql`lower(${users.firstName})`),
  lastName: nonNull(sql`lower(${users.lastName})`),
  email: nonNull(sql`lower(${users.email})`),
  createdAt: nonNull(users.createdAt),
  status: nonNull(users.status),
  roleName: sql`lower(${roles.name})`,
  departmentName: sql`lower(${departments.name})`,
};

export type EmployeeFilter = Omit<EmployeeListQuery, 'memberUserId'> & {
  /** A subquery of user ids to keep (e.g. people sharing a project with someone). */
  onlyUserIds?: SQL;
};

const lowered = (values: string[]) => values.map((v) => v.toLowerCase());

/** The only place that touches `users` for a tenant. Every statement goes through the scope. */
export const usersRepo = {
  /**
   * One page of the employee list and the total: two queries whatever the page size (role and
   * department names come from joins, never a query per row).
   */
  async list(scope: Scope, f: EmployeeFilter): Promise<ListResult<UserRow>> {
    const byStatus = f.statusNames?.length ? inArray(users.status, f.statusNames) : undefined;
    const byRole = f.roleNames?.length ? inArray(sql`lower(${roles.name})`, lowered(f.roleNames)) : undefined;
    const byDepartment = f.departmentNames?.length
      ? inArray(sql`lower(${departments.name})`, lowered(f.departmentNames))
      : undefined;
    const search = searchAny(
      f.search,
      users.firstName,
      users.lastName,
      users.email,
      sql`${users.firstName} || ' ' || ${users.lastName}`,
    );
    const only = f.onlyUserIds ? inArray(users.id, f.onlyUserIds) : undefined;
    const where = scope.own(users, byStatus, byRole, byDepartment, search, only);
    // With no filter but status, the total is the user tallies' (a row per status, migration 0046),
    // not a count of every person of the company.
    const tallied = !byRole && !byDepartment && !search && !only;
    const { limit, offset } = pageWindow(f);
    const [rows, total] = await Promise.all([
      selectProfiles(scope.db)
        .where(where)
        .orderBy(...sortBy(EMPLOYEE_SORT, f.sortBy, f.sortOrder, users.id))
        .limit(limit)
        .offset(offset),
      tallied
        ? totalOf(
            scope.db
              .select({ n: sql<number>`coalesce(sum(${userStatusTallies.userCount}), 0)::int` })
              .from(userStatusTallies)
              .where(
                scope.own(
                  userStatusTallies,
                  f.statusNames?.length ? inArray(userStatusTallies.status, f.statusNames) : undefined,
                ),
              ),
          )
        : totalOf(withProfileJoins(scope.db.select({ n: countAll() }).from(users).$dynamic()).where(where)),
    ]);
    return { rows, total };
  },

  /**
   * The mention picker's directory: the company's active people whose full or last name starts
   * with `search` (any case), by name, at most `limit`; only what an avatar and a name need.
   * The conditions are those of the partial indexes of migration 0019 (lowered names, `like 'term%'`).
   */
  directory(scope: Scope, q: { search?: string | undefined; limit: number }) {
    const fullName = sql`lower(${users.firstName} || ' ' || ${users.lastName})`;
    const starts = q.search ? prefixPattern(q.search.toLowerCase()) : undefined;
    return scope.db
      .select({
        userId: users.id,
        firstName: users.firstName,
        lastName: users.lastName,
        profilePhotoPath: users.profilePhotoPath,
        updatedAt: users.updatedAt,
      })
      .from(users)
      .where(
        scope.own(
          users,
          eq(users.status, 'active'),
          starts
            ? or(sql`${fullName} like ${starts}`, sql`lower(${users.lastName}) like ${starts}`)
            : undefined,
        ),
      )
      .orderBy(asc(fullName), asc(users.id))
      .limit(q.limit);
  },

  /** Members of a department (not deactivated), by name. */
  listByDepartment(scope: Scope, departmentId: string): Promise<UserRow[]> {
    return selectProfiles(scope.db)
      .where(scope.own(users, eq(users.departmentId, departmentId), notDeactivated))
      .orderBy(asc(sql`lower(${users.firstName})`), asc(sql`lower(${users.lastName})`), asc(users.id));
  },

  /** Members of each department (not deactivated), as a subquery the departments repo joins (and sorts by). */
  departmentMemberCounts(scope: Scope) {
    return scope.db
      .select({ departmentId: users.departmentId, memberCount: count().as('member_count') })
      .from(users)
      .where(scope.own(users, notDeactivated))
      .groupBy(users.departmentId)
      .as('department_member_counts');
  },

  /** Holders of each role (any status: a held role cannot be deleted), as a subquery. */
  roleUserCounts(scope: Scope) {
    return scope.db
      .select({ roleId: users.roleId, userCount: count().as('user_count') })
      .from(users)
      .where(scope.own(users))
      .groupBy(users.roleId)
      .as('role_user_counts');
  },

  /** Moves every member of a department to none; answers how many moved. */
  async unassignDepartment(scope: Scope, departmentId: string): Promise<number> {
    const rows = await scope.db
      .update(users)
      .set({ departmentId: null })
      .where(scope.own(users, eq(users.departmentId, departmentId)))
      .returning({ id: users.id });
    return rows.length;
  },

  /** How many users hold a role as their primary role (any status). */
  async countWithRole(scope: Scope, roleId: string): Promise<number> {
    return totalOf(
      scope.db
        .select({ n: countAll() })
        .from(users)
        .where(scope.own(users, eq(users.roleId, roleId))),
    );
  },

  /**
   * Ids of the active users holding a role, locked until the transaction ends (in id order, so
   * concurrent demotions never deadlock), so two of them cannot both see "another admin is left".
   */
  async lockActiveHolders(scope: Scope, roleId: string): Promise<string[]> {
    const rows = await scope.db
      .select({ id: users.id })
      .from(users)
      .where(scope.own(users, eq(users.roleId, roleId), eq(users.status, 'active')))
      .orderBy(asc(users.id))
      .for('update');
    return rows.map((r) => r.id);
  },

  /** The user (with their department's manager), or null when not this company's. */
  async ownerOf(
    scope: Scope,
    userId: string,
  ): Promise<{ userId: string; name: string; departmentManagerId: string | null } | null> {
    const [row] = await scope.db
      .select({
        userId: users.id,
        name: sql<string>`${users.firstName} || ' ' || ${users.lastName}`,
        departmentManagerId: departments.managerId,
      })
      .from(users)
      .leftJoin(
        departments,
        and(eq(departments.id, users.departmentId), eq(departments.companyId, users.companyId)),
      )
      .where(scope.own(users, eq(users.id, userId)));
    return row ?? null;
  },

  /** Which of `userIds` are employees of this company who are not deactivated: one query. */
  async notDeactivatedAmong(scope: Scope, userIds: string[]): Promise<Set<string>> {
    if (userIds.length === 0) return new Set();
    const rows = await scope.db
      .select({ id: users.id })
      .from(users)
      .where(scope.own(users, inArray(users.id, userIds), ne(users.status, 'inactive')));
    return new Set(rows.map((r) => r.id));
  },

  async byId(scope: Scope, userId: string): Promise<(UserRow & { companyName: string }) | null> {
    const [row] = await withProfileJoins(
      scope.db
        .select({ ...profileColumns, companyName: companies.name })
        .from(users)
        .innerJoin(companies, eq(companies.id, users.companyId))
        .$dynamic(),
    )
      .where(scope.own(users, eq(users.id, userId)))
      .limit(1);
    return row ?? null;
  },

  /** A user's name and email as they are now (the audit log keeps them as they were). */
  async person(scope: Scope, userId: string): Promise<{ id: string; name: string; email: string } | null> {
    const [row] = await scope.db
      .select({
        id: users.id,
        name: sql<string>`${users.firstName} || ' ' || ${users.lastName}`,
        email: users.email,
      })
      .from(users)
      .where(scope.own(users, eq(users.id, userId)));
    return row ?? null;
  },

  async insert(scope: Scope, u: NewUser): Promise<string> {
    const [row] = await scope.db.insert(users).values(scope.values(u)).returning({ id: users.id });
    if (!row) throw new Error('insert returned no row');
    return row.id;
  },

  async update(
    scope: Scope,
    userId: string,
    patch: Partial<Omit<NewUser, 'email'>> &
      EmployeeFields & {
        profilePhotoPath?: string | null;
        mustChangePassword?: boolean;
      },
  ): Promise<boolean> {
    const rows = await scope.db
      .update(users)
      .set(patch)
      .where(scope.own(users, eq(users.id, userId)))
      .returning({ id: users.id });
    return rows.length > 0;
  },

  /** The IANA time zones of these people of the company, by id (issue 25: their local days). */
  async timeZones(scope: Scope, userIds: readonly string[]): Promise<Map<string, string>> {
    if (userIds.length === 0) return new Map();
    const rows = await scope.db
      .select({ userId: users.id, timeZone: users.timeZone })
      .from(users)
      .where(scope.own(users, inArray(users.id, [...new Set(userIds)])));
    return new Map(rows.map((r) => [r.userId, r.timeZone]));
  },

  /** Whether the user must change a password a Company Admin set before anything else. */
  async mustChangePassword(scope: Scope, userId: string): Promise<boolean> {
    const [row] = await scope.db
      .select({ m: users.mustChangePassword })
      .from(users)
      .where(scope.own(users, eq(users.id, userId)));
    return row?.m ?? false;
  },

  /** One user's employment and personal fields, with their manager's name. */
  async employment(scope: Scope, userId: string) {
    const [row] = await scope.db
      .select({
        employeeCode: users.employeeCode,
        employmentType: users.employmentType,
        joiningDate: users.joiningDate,
        reportsToId: users.reportsToId,
        reportsToName: sql<string | null>`${manager.firstName} || ' ' || ${manager.lastName}`,
        gender: users.gender,
        dateOfBirth: users.dateOfBirth,
        bloodGroup: users.bloodGroup,
        maritalStatus: users.maritalStatus,
        address: users.address,
        emergencyContactName: users.emergencyContactName,
        emergencyContactRelation: users.emergencyContactRelation,
        emergencyContactPhone: users.emergencyContactPhone,
      })
      .from(users)
      .leftJoin(manager, and(eq(manager.id, users.reportsToId), eq(manager.companyId, users.companyId)))
      .where(scope.own(users, eq(users.id, userId)));
    return row ?? null;
  },

  /**
   * Whom `userId` reports to, directly or not, nearest first: one query per level (chains are
   * short). Stops at a repeat, so even a cycle made by concurrent writes ends.
   */
  async managerChain(scope: Scope, userId: string): Promise<string[]> {
    const chain: string[] = [];
    let at: string | null = userId;
    while (at && chain.length < CHAIN_LIMIT) {
      const [row] = await scope.db
        .select({ next: users.reportsToId })
        .from(users)
        .where(scope.own(users, eq(users.id, at)));
      at = row?.next ?? null;
      if (!at || at === userId || chain.includes(at)) break;
      chain.push(at);
    }
    return chain;
  },

  /**
   * The dashboard's month (issue 24): active people whose joining date or birthday falls in month
   * `month` (1-12), and whether the company shows them at all.
   */
  async celebrations(scope: Scope, month: number) {
    const [company] = await scope.db
      .select({ enabled: companies.celebrationsWidget })
      .from(companies)
      .where(eq(companies.id, scope.companyId));
    if (!company?.enabled) return { enabled: false, rows: [] };
    const rows = await scope.db
      .select({
        userId: users.id,
        firstName: users.firstName,
        lastName: users.lastName,
        profilePhotoPath: users.profilePhotoPath,
        updatedAt: users.updatedAt,
        joiningDate: users.joiningDate,
        dateOfBirth: users.dateOfBirth,
      })
      .from(users)
      .where(
        scope.own(
          users,
          eq(users.status, 'active'),
          or(
            sql`extract(month from ${users.joiningDate}) = ${month}`,
            sql`extract(month from ${users.dateOfBirth}) = ${month}`,
          ),
        ),
      )
      .orderBy(asc(users.firstName), asc(users.lastName), asc(users.id));
    return { enabled: true, rows };
  },

  async passwordHash(scope: Scope, userId: string): Promise<string | null> {
    const [row] = await scope.db
      .select({ h: users.passwordHash })
      .from(users)
      .where(scope.own(users, eq(users.id, userId)));
    return row?.h ?? null;
  },

  async touchLogin(scope: Scope, userId: string) {
    await scope.db
      .update(users)
      .set({ lastLoginAt: new Date() })
      .where(scope.own(users, eq(users.id, userId)));
  },
};
