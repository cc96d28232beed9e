import { and, asc, count, desc, eq, ilike, inArray, ne, or, type SQL, sql } from 'drizzle-orm';
import type { EmployeeListQuery } from '@taskhive/contract';
import type { Db } from '../../db/client.ts';
import { companies, departments, roles, users } from '../../db/schema/index.ts';

/** The columns every user read shares: the user joined with role and department names. */
const profileColumns = {
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
  profilePhotoPath: users.profilePhotoPath,
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
  profilePhotoPath: string | null;
  createdAt: Date;
  updatedAt: Date;
};

/**
 * Sign-in is the one read of users before a tenant is known: email is unique across the platform.
 * Answers the user with the password hash and whether the company is active.
 */
export async function findUserForSignIn(db: Db, email: string) {
  const [row] = await db
    .select({
      ...profileColumns,
      passwordHash: users.passwordHash,
      companyName: companies.name,
      companyActive: companies.isActive,
    })
    .from(users)
    .innerJoin(companies, eq(companies.id, users.companyId))
    .leftJoin(roles, eq(roles.id, users.roleId))
    .leftJoin(
      departments,
      and(eq(departments.id, users.departmentId), eq(departments.companyId, users.companyId)),
    )
    .where(eq(sql`lower(${users.email})`, email.toLowerCase()))
    .limit(1);
  return row ?? null;
}

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

/** `%term%` for LIKE with the pattern characters of the term escaped. */
export const containsPattern = (term: string) => `%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** People who count as members: everyone but deactivated accounts. */
const notDeactivated = ne(users.status, 'inactive');

/** Members of each department of a company, as a subquery the departments repo joins (and sorts by). */
export function departmentMemberCounts(db: Db, companyId: string) {
  return db
    .select({ departmentId: users.departmentId, memberCount: count().as('member_count') })
    .from(users)
    .where(and(eq(users.companyId, companyId), notDeactivated))
    .groupBy(users.departmentId)
    .as('department_member_counts');
}

/** Holders of each role of a company (any status: a held role cannot be deleted), as a subquery. */
export function roleUserCounts(db: Db, companyId: string) {
  return db
    .select({ roleId: users.roleId, userCount: count().as('user_count') })
    .from(users)
    .where(eq(users.companyId, companyId))
    .groupBy(users.roleId)
    .as('role_user_counts');
}

/** Users of each company (not deactivated), as a subquery the platform's company list joins. */
export function companyUserCounts(db: Db) {
  return db
    .select({ companyId: users.companyId, userCount: count().as('user_count') })
    .from(users)
    .where(notDeactivated)
    .groupBy(users.companyId)
    .as('company_user_counts');
}

/** Active users of active, non-platform companies: the Super Admin dashboard figure. */
export async function countActiveUsersOfActiveCompanies(db: Db): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(users)
    .innerJoin(companies, eq(companies.id, users.companyId))
    .where(and(eq(users.status, 'active'), eq(companies.isActive, true), eq(companies.isPlatform, false)));
  return row?.n ?? 0;
}

const EMPLOYEE_SORT: Record<EmployeeListQuery['sortBy'], SQL> = {
  firstName: sql`lower(${users.firstName})`,
  lastName: sql`lower(${users.lastName})`,
  email: sql`lower(${users.email})`,
  createdAt: sql`${users.createdAt}`,
  status: sql`${users.status}`,
  roleName: sql`lower(${roles.name})`,
  departmentName: sql`lower(${departments.name})`,
};

export type EmployeeFilter = Omit<EmployeeListQuery, 'page' | 'pageNumber' | 'pageSize' | 'memberUserId'> & {
  /** A subquery of user ids to keep (e.g. people sharing a project with someone). */
  onlyUserIds?: SQL;
};

/** Users of one company. Every query filters by that company; inserts set it. */
export function usersRepo(db: Db, companyId: string) {
  const mine = (userId: string) => and(eq(users.companyId, companyId), eq(users.id, userId));
  const lowered = (values: string[]) => values.map((v) => v.toLowerCase());
  return {
    /**
     * One page of the employee list and the total: two queries whatever the page size (role and
     * department names come from joins, never a query per row).
     */
    async list(
      f: EmployeeFilter,
      page: number,
      pageSize: number,
    ): Promise<{ rows: UserRow[]; total: number }> {
      const term = f.search ? containsPattern(f.search) : undefined;
      const where = and(
        eq(users.companyId, companyId),
        f.statusNames?.length ? inArray(users.status, f.statusNames) : undefined,
        f.roleNames?.length ? inArray(sql`lower(${roles.name})`, lowered(f.roleNames)) : undefined,
        f.departmentNames?.length
          ? inArray(sql`lower(${departments.name})`, lowered(f.departmentNames))
          : undefined,
        term
          ? or(
              ilike(users.firstName, term),
              ilike(users.lastName, term),
              ilike(users.email, term),
              ilike(sql`${users.firstName} || ' ' || ${users.lastName}`, term),
            )
          : undefined,
        f.onlyUserIds ? inArray(users.id, f.onlyUserIds) : undefined,
      );
      const dir = f.sortOrder === 'desc' ? desc : asc;
      const from = () =>
        db
          .select({ ...profileColumns })
          .from(users)
          .leftJoin(roles, eq(roles.id, users.roleId))
          .leftJoin(
            departments,
            and(eq(departments.id, users.departmentId), eq(departments.companyId, users.companyId)),
          );
      const rows = await from()
        .where(where)
        .orderBy(sql`${dir(EMPLOYEE_SORT[f.sortBy])} nulls last`, dir(users.id))
        .limit(pageSize)
        .offset((page - 1) * pageSize);
      const [total] = await db
        .select({ n: count() })
        .from(users)
        .leftJoin(roles, eq(roles.id, users.roleId))
        .leftJoin(
          departments,
          and(eq(departments.id, users.departmentId), eq(departments.companyId, users.companyId)),
        )
        .where(where);
      return { rows, total: total?.n ?? 0 };
    },

    /** Members of a department (not deactivated), by name. */
    listByDepartment(departmentId: string): Promise<UserRow[]> {
      return db
        .select({ ...profileColumns })
        .from(users)
        .leftJoin(roles, eq(roles.id, users.roleId))
        .leftJoin(
          departments,
          and(eq(departments.id, users.departmentId), eq(departments.companyId, users.companyId)),
        )
        .where(and(eq(users.companyId, companyId), eq(users.departmentId, departmentId), notDeactivated))
        .orderBy(asc(sql`lower(${users.firstName})`), asc(sql`lower(${users.lastName})`), asc(users.id));
    },

    /** Moves every member of a department to none; answers how many moved. */
    async unassignDepartment(departmentId: string): Promise<number> {
      const rows = await db
        .update(users)
        .set({ departmentId: null })
        .where(and(eq(users.companyId, companyId), eq(users.departmentId, departmentId)))
        .returning({ id: users.id });
      return rows.length;
    },

    /** How many users hold a role as their primary role (any status). */
    async countWithRole(roleId: string): Promise<number> {
      const [row] = await db
        .select({ n: count() })
        .from(users)
        .where(and(eq(users.companyId, companyId), eq(users.roleId, roleId)));
      return row?.n ?? 0;
    },

    /**
     * Ids of the active users holding a role, locked until the transaction ends (in id order, so
     * concurrent demotions never deadlock), so two of them cannot both see "another admin is left".
     */
    async lockActiveHolders(roleId: string): Promise<string[]> {
      const rows = await db
        .select({ id: users.id })
        .from(users)
        .where(and(eq(users.companyId, companyId), eq(users.roleId, roleId), eq(users.status, 'active')))
        .orderBy(asc(users.id))
        .for('update');
      return rows.map((r) => r.id);
    },

    async byId(userId: string): Promise<(UserRow & { companyName: string }) | null> {
      const [row] = await db
        .select({ ...profileColumns, companyName: companies.name })
        .from(users)
        .innerJoin(companies, eq(companies.id, users.companyId))
        .leftJoin(roles, eq(roles.id, users.roleId))
        .leftJoin(
          departments,
          and(eq(departments.id, users.departmentId), eq(departments.companyId, users.companyId)),
        )
        .where(mine(userId))
        .limit(1);
      return row ?? null;
    },

    async insert(u: NewUser): Promise<string> {
      const [row] = await db
        .insert(users)
        .values({ ...u, companyId })
        .returning({ id: users.id });
      if (!row) throw new Error('insert returned no row');
      return row.id;
    },

    async update(
      userId: string,
      patch: Partial<Omit<NewUser, 'email'>> & { profilePhotoPath?: string | null },
    ) {
      const rows = await db.update(users).set(patch).where(mine(userId)).returning({ id: users.id });
      return rows.length > 0;
    },

    async passwordHash(userId: string): Promise<string | null> {
      const [row] = await db.select({ h: users.passwordHash }).from(users).where(mine(userId));
      return row?.h ?? null;
    },

    async touchLogin(userId: string) {
      await db.update(users).set({ lastLoginAt: new Date() }).where(mine(userId));
    },
  };
}
