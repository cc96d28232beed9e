import Box from '@mui/material/Box';
import Chip, { type ChipProps } from '@mui/material/Chip';

/** A status with its colour (the colour comes from the company's status list). */
export function StatusChip({
  name,
  color,
  size = 'small',
  sx,
}: {
  name: string | null | undefined;
  color: string | null | undefined;
  size?: ChipProps['size'];
  sx?: ChipProps['sx'];
}) {
  return (
    <Chip
      size={size}
      variant="outlined"
      label={name ?? 'No status'}
      icon={
        <Box
          component="span"
          sx={{
            width: 8,
            height: 8,
            borderRadius: '50%',
            bgcolor: color ?? 'text.disabled',
            ml: '8px !important',
          }}
        />
      }
      sx={sx}
    />
  );
}
