import Chip from '@mui/material/Chip';
import type { UserStatus } from '@taskhive/contract';

const LOOK: Record<UserStatus, { label: string; color: 'success' | 'default' | 'info' }> = {
  active: { label: 'Active', color: 'success' },
  inactive: { label: 'Inactive', color: 'default' },
  invited: { label: 'Invited', color: 'info' },
};

export function EmployeeStatusChip({ status }: { status: UserStatus }) {
  const look = LOOK[status];
  return (
    <Chip
      size="small"
      label={look.label}
      color={look.color}
      variant={status === 'active' ? 'filled' : 'outlined'}
    />
  );
}
