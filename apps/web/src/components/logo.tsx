import HiveRounded from '@mui/icons-material/HiveRounded';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';

/** The product mark and name. */
export function Logo({ compact = false }: { compact?: boolean }) {
  return (
    <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
      <HiveRounded color="primary" sx={{ fontSize: 32 }} />
      {!compact && (
        <Typography
          component="span"
          variant="h5"
          sx={{ fontWeight: 800, letterSpacing: 0.3, color: 'text.primary' }}
        >
          Taskhive
        </Typography>
      )}
    </Stack>
  );
}
