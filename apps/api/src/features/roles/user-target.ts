import { and, eq } from 'drizzle-orm';
import { roles, users } from '../../db/schema/index.ts';
import { isSuperAdminRole } from '../../lib/access.ts';
import { notFound } from '../../lib/errors.ts';
import type { Scope } from '../../lib/scope.ts';

/**
 * The user an administration route names in its path, and a scope on that user's company. A
 * Company Admin reaches only their own company's users (anyone else: 404); the Super Admin
 * reaches every user (the one cross-tenant read here, allow-listed in the tenant guard), so the
 * scope follows the user's company.
 */
export async function userTarget(
  scope: Scope,
  userId: string,
): Promise<{ target: Scope; user: { id: string; roleId: string | null; isSuperAdmin: boolean } }> {
  const [row] = await scope.db
    .select({
      id: users.id,
      companyId: users.companyId,
      roleId: users.roleId,
      roleName: roles.name,
      roleType: roles.roleType,
    })
    .from(users)
    .leftJoin(roles, and(eq(roles.id, users.roleId), eq(roles.companyId, users.companyId)))
    .where(scope.actor.isSuperAdmin ? eq(users.id, userId) : scope.own(users, eq(users.id, userId)));
  if (!row || (!scope.actor.isSuperAdmin && row.companyId !== scope.companyId)) throw notFound('User');
  return {
    target: scope.forCompany(row.companyId),
    user: { id: row.id, roleId: row.roleId, isSuperAdmin: isSuperAdminRole(row.roleName, row.roleType) },
  };
}
