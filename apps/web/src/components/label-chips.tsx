import CancelRounded from '@mui/icons-material/CancelRounded';
import Box from '@mui/material/Box';
import Chip, { type ChipProps } from '@mui/material/Chip';
import { LABEL_MESSAGES, type TaskLabel } from '@taskhive/contract';
import { LABEL_COLOR_VALUES } from '../app/theme/label-colors';

/** One label: its name in white on its colour (issue 26). */
export function LabelChip({
  label,
  onDelete,
  deleteLabel,
  size = 'small',
}: {
  label: Pick<TaskLabel, 'name' | 'color'>;
  onDelete?: ChipProps['onDelete'];
  /** The delete icon's accessible name ("Remove label Bug"). */
  deleteLabel?: string;
  size?: ChipProps['size'];
}) {
  const bg = LABEL_COLOR_VALUES[label.color];
  return (
    <Chip
      size={size}
      label={label.name}
      onDelete={onDelete}
      deleteIcon={onDelete ? <CancelRounded aria-label={deleteLabel} aria-hidden={false} /> : undefined}
      sx={{
        bgcolor: bg,
        color: 'common.white',
        maxWidth: '100%',
        fontWeight: 500,
        '& .MuiChip-deleteIcon': { color: 'common.white', opacity: 0.85 },
        '& .MuiChip-deleteIcon:hover': { color: 'common.white', opacity: 1 },
        ...(size === 'small' ? { height: 20, fontSize: '0.72rem' } : {}),
      }}
    />
  );
}

/** A task's labels as small chips that wrap (cards, rows): nothing when it has none. */
export function LabelChips({ labels }: { labels: readonly TaskLabel[] }) {
  if (labels.length === 0) return null;
  return (
    <Box
      component="ul"
      aria-label={LABEL_MESSAGES.title}
      sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.5, listStyle: 'none', m: 0, p: 0, minWidth: 0 }}
    >
      {labels.map((l) => (
        <Box component="li" key={l.labelId} sx={{ minWidth: 0, maxWidth: '100%' }}>
          <LabelChip label={l} />
        </Box>
      ))}
    </Box>
  );
}
