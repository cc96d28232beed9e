import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ProjectTime } from '@taskhive/contract';
import { formatMinutes } from '../../lib/format';

/** Whose time the figure counts, when it is not everyone's (the time logs' rule). */
const COVERAGE: Record<ProjectTime['coverage'], string | null> = {
  all: null,
  team: 'Your time and your department’s',
  own: 'Your time only',
};

/**
 * The project's time against its estimate (issue 25; the API's `projectTimeSchema` says what
 * counts): "Logged X of Y estimated" with a bar that turns to the warning colour past the
 * estimate, and the part logged on work without an estimate, so the figure is honest. Worded as
 * the task drawer words a task's.
 */
export function ProjectTime({ time }: { time: ProjectTime }) {
  const { estimatedMinutes: estimate, loggedMinutes: logged, unestimatedLoggedMinutes: unestimated } = time;
  const share = estimate > 0 ? Math.round((logged / estimate) * 100) : null;
  const over = estimate > 0 && logged > estimate;
  let text = `Logged ${formatMinutes(logged)}`;
  if (estimate > 0) text += ` of ${formatMinutes(estimate)} estimated`;
  else text += ' · no estimates';
  if (over) text += ` (${formatMinutes(logged - estimate)} over)`;
  const whose = COVERAGE[time.coverage];
  return (
    <Stack spacing={0.75} data-testid="project-time">
      <Typography component="p" sx={{ overflowWrap: 'anywhere' }}>
        {text}
      </Typography>
      {share !== null && (
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
          <LinearProgress
            variant="determinate"
            value={Math.min(share, 100)}
            color={over ? 'warning' : 'primary'}
            aria-label={`${share}% of the estimate logged`}
            sx={{ flex: 1, height: 6, borderRadius: 3 }}
          />
          <Typography variant="caption" sx={{ minWidth: 40, textAlign: 'right' }}>
            {share}%
          </Typography>
        </Stack>
      )}
      {unestimated > 0 && (
        <Typography variant="body2" color="text.secondary">
          {`${formatMinutes(unestimated)} of it on work without an estimate`}
        </Typography>
      )}
      {whose && (
        <Typography variant="caption" color="text.secondary">
          {whose}
        </Typography>
      )}
    </Stack>
  );
}
