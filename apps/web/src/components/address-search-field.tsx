import SearchIcon from '@mui/icons-material/Search';
import InputAdornment from '@mui/material/InputAdornment';
import TextField from '@mui/material/TextField';
import type { SxProps, Theme } from '@mui/material/styles';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useDebouncedValue } from '../hooks/use-debounced-value';

/**
 * A search box whose query lives in the address (the board's `?q=`, the workload's): it types
 * freely and `onSearch` runs once typing stops (`debounceMs`), on Enter, or when the box is left
 * (the phone's Done); a `value` changed from outside (Back, "Clear filters", a link) shows in the
 * box. `onSearch` may change with every address: the latest one is called, so only typing runs it.
 * `trim`: spaces around the text are not part of the query.
 */
export function AddressSearchField({
  value,
  onSearch,
  label,
  placeholder,
  debounceMs,
  trim = false,
  sx,
}: {
  value: string;
  onSearch: (q: string) => void;
  label: string;
  placeholder: string;
  debounceMs: number;
  trim?: boolean;
  sx?: SxProps<Theme>;
}) {
  const [text, setText] = useState(value);
  const query = trim ? text.trim() : text;
  const typed = useDebouncedValue(query, debounceMs);
  const sent = useRef(value);
  const latest = useRef(onSearch);
  useEffect(() => {
    latest.current = onSearch;
  }, [onSearch]);
  const commit = useCallback((q: string) => {
    if (q === sent.current) return;
    sent.current = q;
    latest.current(q);
  }, []);
  useEffect(() => commit(typed), [typed, commit]);
  useEffect(() => {
    if (value !== sent.current) {
      sent.current = value;
      setText(value);
    }
  }, [value]);
  return (
    <TextField
      size="small"
      label={label}
      placeholder={placeholder}
      value={text}
      onChange={(e) => setText(e.target.value)}
      onBlur={() => commit(query)}
      onKeyDown={(e) => {
        if (e.key === 'Enter') commit(query);
      }}
      sx={sx}
      slotProps={{
        input: {
          startAdornment: (
            <InputAdornment position="start">
              <SearchIcon fontSize="small" />
            </InputAdornment>
          ),
        },
      }}
    />
  );
}
