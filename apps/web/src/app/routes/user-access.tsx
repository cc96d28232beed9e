import { ASSIGN_ROLE } from '@taskhive/contract';
import { UserAccessCard } from '../../features/permissions/user-access-card';
import { useSession } from '../../hooks/use-session';

/** The access card of an employee's profile, for those who may see everyone's (employee:read:all). */
export default function UserAccess({ userId }: { userId: string }) {
  const { can, user } = useSession();
  if (!can({ anyOf: ['employee:read:all'] })) return null;
  return (
    <UserAccessCard userId={userId} canEdit={can({ anyOf: [ASSIGN_ROLE] }) && user?.userId !== userId} />
  );
}
