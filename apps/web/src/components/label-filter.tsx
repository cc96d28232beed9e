import Checkbox from '@mui/material/Checkbox';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { LABEL_MESSAGES } from '@taskhive/contract';
import { useListLabelsQuery } from '../api/labels-api';
import { LabelChip } from './label-chips';

/**
 * Issue 26: the label filter of the board and the task lists: tasks carrying any of the chosen
 * labels ("Any label" when none is chosen). Absent while the company has no labels. An id in the
 * URL that is no label any more (deleted) is not shown and filters nothing the server would find.
 */
export function LabelFilter({
  value,
  onChange,
  width,
}: {
  value: readonly string[];
  onChange: (labelIds: string[]) => void;
  /** A width, or one per breakpoint (`{ xs: '100%', sm: 200 }`). */
  width?: number | string | Partial<Record<'xs' | 'sm' | 'md' | 'lg' | 'xl', number | string>>;
}) {
  const { data: labels = [] } = useListLabelsQuery();
  if (labels.length === 0 && value.length === 0) return null;
  const known = value.filter((id) => labels.some((l) => l.labelId === id));
  return (
    <TextField
      select
      size="small"
      label={LABEL_MESSAGES.filter}
      value={known}
      onChange={(e) => {
        const v: unknown = e.target.value;
        onChange(Array.isArray(v) ? v.map(String) : String(v).split(',').filter(Boolean));
      }}
      sx={{ width: width ?? '100%' }}
      slotProps={{
        select: {
          multiple: true,
          displayEmpty: true,
          renderValue: (selected) => {
            const ids = selected as string[];
            return ids.length === 0
              ? LABEL_MESSAGES.filterAny
              : ids.map((id) => labels.find((l) => l.labelId === id)?.name ?? '').join(', ');
          },
        },
        inputLabel: { shrink: true },
      }}
    >
      {labels.map((l) => (
        <MenuItem key={l.labelId} value={l.labelId} dense>
          <Checkbox size="small" checked={known.includes(l.labelId)} sx={{ p: 0.5, mr: 1 }} />
          <LabelChip label={l} />
        </MenuItem>
      ))}
    </TextField>
  );
}
