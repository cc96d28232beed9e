import Checkbox from '@mui/material/Checkbox';
import ListItemText from '@mui/material/ListItemText';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';

export interface FilterOption {
  value: string;
  label: string;
}

/** A multiple-choice filter box ("All" when nothing is chosen). */
export function MultiFilter({
  label,
  value,
  options,
  onChange,
}: {
  label: string;
  value: string[];
  options: readonly FilterOption[];
  onChange: (next: string[]) => void;
}) {
  return (
    <TextField
      select
      size="small"
      label={label}
      value={value}
      onChange={(e) => {
        const v: unknown = e.target.value;
        onChange(Array.isArray(v) ? v.map(String) : String(v).split(',').filter(Boolean));
      }}
      slotProps={{
        select: {
          multiple: true,
          displayEmpty: true,
          renderValue: (selected) => {
            const list = selected as string[];
            return list.length === 0
              ? 'All'
              : list.map((s) => options.find((o) => o.value === s)?.label ?? s).join(', ');
          },
        },
        inputLabel: { shrink: true },
      }}
    >
      {options.map((o) => (
        <MenuItem key={o.value} value={o.value} dense>
          <Checkbox size="small" checked={value.includes(o.value)} sx={{ p: 0.5, mr: 1 }} />
          <ListItemText primary={o.label} />
        </MenuItem>
      ))}
    </TextField>
  );
}
