import Box from '@mui/material/Box';
import { ExpectedHoursCard } from '../../features/timesheet-weeks';
import { useSession } from '../../hooks/use-session';

/** The employee profile's expected hours per week (issue 25): read with employee:read or by the
 * person, edited with employee:update. */
export default function ExpectedHours({ userId }: { userId: string }) {
  const { can, user } = useSession();
  const reads = can({ anyOf: ['employee:read'] }) || user?.userId === userId;
  if (!reads) return null;
  return (
    <Box sx={{ mt: 3 }}>
      <ExpectedHoursCard userId={userId} canEdit={can({ anyOf: ['employee:update'] })} />
    </Box>
  );
}
