import Typography from '@mui/material/Typography';
import { formatDuration } from '@taskhive/contract';

/**
 * An estimate in a report's figure column (issue 25), in the reports' duration format; a dash,
 * named for assistive technology, when there is none.
 */
export function EstimateFigure({ minutes }: { minutes: number | null }) {
  if (!minutes)
    return (
      <Typography component="span" variant="body2" color="text.secondary" aria-label="No estimate">
        —
      </Typography>
    );
  return <>{formatDuration(minutes)}</>;
}
