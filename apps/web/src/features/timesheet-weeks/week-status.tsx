import CheckCircleOutlined from '@mui/icons-material/CheckCircleOutlined';
import EditOutlined from '@mui/icons-material/EditOutlined';
import HighlightOffOutlined from '@mui/icons-material/HighlightOffOutlined';
import HourglassTopOutlined from '@mui/icons-material/HourglassTopOutlined';
import Chip from '@mui/material/Chip';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Typography from '@mui/material/Typography';
import type { TimesheetGrid, TimesheetStatus } from '@taskhive/contract';

const STATUS = {
  open: { label: 'Open', color: 'action.active', Icon: EditOutlined },
  submitted: { label: 'Submitted', color: 'info.main', Icon: HourglassTopOutlined },
  approved: { label: 'Approved', color: 'success.main', Icon: CheckCircleOutlined },
  rejected: { label: 'Rejected', color: 'warning.main', Icon: HighlightOffOutlined },
} as const;

export const statusLabel = (s: TimesheetStatus) => STATUS[s].label;

/** A week's status: its word (in the text colour, readable on any background) and a coloured icon. */
export function WeekStatusChip({ status }: { status: TimesheetStatus }) {
  const { label, color, Icon } = STATUS[status];
  return (
    <Chip
      size="small"
      variant="outlined"
      icon={<Icon />}
      label={label}
      sx={{ '& .MuiChip-icon': { color } }}
    />
  );
}

const when = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });

/** Who did what to the week and when, newest first. */
export function WeekHistory({ history }: { history: TimesheetGrid['history'] }) {
  if (history.length === 0)
    return (
      <Typography variant="body2" color="text.secondary">
        Not submitted yet.
      </Typography>
    );
  return (
    <List dense disablePadding aria-label="History of the week">
      {[...history].reverse().map((h, i) => (
        <ListItem key={`${h.at}-${i}`} disableGutters>
          <ListItemText
            primary={`${statusLabel(h.status)} by ${h.byName}`}
            secondary={`${when.format(new Date(h.at))}${h.reason ? ` — “${h.reason}”` : ''}`}
          />
        </ListItem>
      ))}
    </List>
  );
}
