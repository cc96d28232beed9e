import { eq } from 'drizzle-orm';
import { roles, users } from '../../db/schema/index.ts';
import { isSuperAdminRole } from '../auth/access.repo.ts';
import { notFound } from '../../lib/errors.ts';
import { makeScope, type Scope } from '../../lib/scope.ts';

/**
 * The user an administration route names in its path, and a scope on that user's company. A
 * Company Admin reaches only their own company's users (anyone else: 404); the Super Admin
 * reaches every user, so the scope follows the user's company.
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
    .leftJoin(roles, eq(roles.id, users.roleId))
    .where(eq(users.id, userId));
  if (!row || (!scope.actor.isSuperAdmin && row.companyId !== scope.companyId)) throw notFound('User');
  return {
    target: makeScope(scope.db, scope.actor, row.companyId),
    user: { id: row.id, roleId: row.roleId, isSuperAdmin: isSuperAdminRole(row.roleName, row.roleType) },
  };
}
