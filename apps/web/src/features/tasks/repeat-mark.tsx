import RepeatRounded from '@mui/icons-material/RepeatRounded';
import Box from '@mui/material/Box';
import Tooltip from '@mui/material/Tooltip';
import { RECURRENCE_MESSAGES } from '@taskhive/contract';

/** Material's RepeatRounded icon, drawn inline on the board's cards (as the blocked mark there). */
export const REPEAT_PATH =
  'M7 7h10v1.79c0 .45.54.67.85.35l2.79-2.79c.2-.2.2-.51 0-.71l-2.79-2.79c-.31-.31-.85-.09-.85.36V5H6c-.55 0-1 .45-1 1v4c0 .55.45 1 1 1s1-.45 1-1zm10 10H7v-1.79c0-.45-.54-.67-.85-.35l-2.79 2.79c-.2.2-.2.51 0 .71l2.79 2.79c.31.31.85.09.85-.36V19h11c.55 0 1-.45 1-1v-4c0-.55-.45-1-1-1s-1 .45-1 1z';

/** Issue 26: the task repeats (an occurrence of a series), on list rows. */
export function RepeatMark() {
  return (
    <Tooltip title={RECURRENCE_MESSAGES.repeats}>
      <Box
        component="span"
        role="img"
        aria-label={RECURRENCE_MESSAGES.repeats}
        data-testid="repeat-mark"
        sx={{ display: 'inline-flex', alignItems: 'center', flexShrink: 0, color: 'text.secondary' }}
      >
        <RepeatRounded fontSize="small" />
      </Box>
    </Tooltip>
  );
}

/** The same mark on a board card, with plain elements (the card's styles size it). */
export function RepeatCardMark() {
  return (
    <span
      className="task-card__repeat"
      role="img"
      aria-label={RECURRENCE_MESSAGES.repeats}
      title={RECURRENCE_MESSAGES.repeats}
      data-testid="repeat-mark"
    >
      <svg viewBox="0 0 24 24" aria-hidden="true" focusable="false">
        <path d={REPEAT_PATH} />
      </svg>
    </span>
  );
}
