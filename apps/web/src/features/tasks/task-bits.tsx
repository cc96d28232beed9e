import Chip, { type ChipProps } from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import type { Task } from '@taskhive/contract';
import { formatDate } from '../../lib/format';

/** A priority's colour (its chip's and its card label's outline). */
export const PRIORITY_COLORS: Record<string, ChipProps['color']> = {
  Low: 'default',
  Medium: 'info',
  High: 'warning',
  Urgent: 'error',
};

export function PriorityChip({ name }: { name: string | null }) {
  if (!name) return null;
  // The border carries the colour; the label stays in the body text colour, which reads on any
  // background (warning and info outlines' own colours fall under 4.5:1 on white).
  return (
    <Chip
      size="small"
      label={name}
      color={PRIORITY_COLORS[name] ?? 'default'}
      variant="outlined"
      sx={{ color: 'text.primary' }}
    />
  );
}

/** The due date, in red with "Overdue" when the task is late (shown as Delayed). */
export function DueDate({ task }: { task: Pick<Task, 'dueDate' | 'isOverdue'> }) {
  if (!task.dueDate) return null;
  return (
    <Typography variant="caption" color={task.isOverdue ? 'error' : 'text.secondary'}>
      {task.isOverdue ? 'Overdue · ' : 'Due '}
      {formatDate(task.dueDate)}
    </Typography>
  );
}
