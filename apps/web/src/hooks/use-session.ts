import { isSuperAdmin, satisfies, type PermissionRequirement } from '@taskhive/contract';
import { useCallback } from 'react';
import { useAppSelector } from './store';

/** The signed-in session and a permission check against the held permissions. */
export function useSession() {
  const auth = useAppSelector((s) => s.auth);
  const can = useCallback(
    (req: PermissionRequirement | undefined) => !req || satisfies(auth.permissions, req),
    [auth.permissions],
  );
  return { ...auth, superAdmin: isSuperAdmin(auth.user), can };
}
