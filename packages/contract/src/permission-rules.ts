/**
 * The permission checks and role names that need none of the catalogue (permissions.ts re-exports
 * them): the web's sign-in route uses them, and a module is bundled whole.
 */
import type { Permission } from './permissions.ts';

/** Role names the product knows by name. */
export const ROLES = {
  superAdmin: 'Super Admin',
  companyAdmin: 'Company Admin',
  manager: 'Manager',
  employee: 'Employee',
} as const;

/** The Super Admin constant is matched against either role or roleName of the signed-in user. */
export function isSuperAdmin(
  user: { role?: string | null; roleName?: string | null } | null | undefined,
): boolean {
  return !!user && (user.role === ROLES.superAdmin || user.roleName === ROLES.superAdmin);
}

/**
 * A guard's requirement: `anyOf` lets in a user holding at least one; `allOf` needs every one.
 * An empty `anyOf` lets any signed-in user in.
 */
export type PermissionRequirement = { anyOf: readonly Permission[] } | { allOf: readonly Permission[] };

/** `held`: a list (the web's session) or a set (the API's cached permissions, checked per request). */
export function satisfies(
  held: readonly string[] | ReadonlySet<string>,
  req: PermissionRequirement,
): boolean {
  const has = Array.isArray(held)
    ? (p: string) => held.includes(p)
    : (p: string) => (held as ReadonlySet<string>).has(p);
  if ('allOf' in req) return req.allOf.every(has);
  return req.anyOf.length === 0 || req.anyOf.some(has);
}
