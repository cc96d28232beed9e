import ChevronLeftRounded from '@mui/icons-material/ChevronLeftRounded';
import ChevronRightRounded from '@mui/icons-material/ChevronRightRounded';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { addDays, formatWeek } from './week-days';

/** Previous / next week and back to this week; the week's dates between. */
export function WeekNav({
  weekStart,
  weekEnd,
  onChange,
}: {
  weekStart: string;
  weekEnd: string;
  /** A day of the week to show, or undefined for this week. */
  onChange: (day: string | undefined) => void;
}) {
  return (
    <Stack direction="row" spacing={0.5} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
      <IconButton aria-label="Previous week" onClick={() => onChange(addDays(weekStart, -7))}>
        <ChevronLeftRounded />
      </IconButton>
      <Typography variant="subtitle1" component="p" sx={{ minWidth: 0 }} data-testid="week-label">
        {formatWeek(weekStart, weekEnd)}
      </Typography>
      <IconButton aria-label="Next week" onClick={() => onChange(addDays(weekStart, 7))}>
        <ChevronRightRounded />
      </IconButton>
      <Button size="small" onClick={() => onChange(undefined)}>
        This week
      </Button>
    </Stack>
  );
}
