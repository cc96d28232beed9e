import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';

/** Active/inactive and approved/pending, as chips. */
export function CompanyStatusChips({ isActive, isApproved }: { isActive: boolean; isApproved: boolean }) {
  return (
    <Stack direction="row" spacing={0.75} useFlexGap sx={{ flexWrap: 'wrap' }}>
      <Chip
        size="small"
        label={isActive ? 'Active' : 'Inactive'}
        color={isActive ? 'success' : 'default'}
        variant={isActive ? 'filled' : 'outlined'}
      />
      <Chip
        size="small"
        label={isApproved ? 'Approved' : 'Pending approval'}
        color={isApproved ? 'primary' : 'warning'}
        variant="outlined"
      />
    </Stack>
  );
}
