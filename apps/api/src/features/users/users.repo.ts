import { and, eq, sql } from 'drizzle-orm';
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
    .leftJoin(departments, and(eq(departments.id, users.departmentId), eq(departments.companyId, users.companyId)))
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

/** Users of one company. Every query filters by that company; inserts set it. */
export function usersRepo(db: Db, companyId: string) {
  const mine = (userId: string) => and(eq(users.companyId, companyId), eq(users.id, userId));
  return {
    async byId(userId: string): Promise<(UserRow & { companyName: string }) | null> {
      const [row] = await db
        .select({ ...profileColumns, companyName: companies.name })
        .from(users)
        .innerJoin(companies, eq(companies.id, users.companyId))
        .leftJoin(roles, eq(roles.id, users.roleId))
        .leftJoin(departments, and(eq(departments.id, users.departmentId), eq(departments.companyId, users.companyId)))
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

    async update(userId: string, patch: Partial<Omit<NewUser, 'email'>> & { profilePhotoPath?: string | null }) {
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
