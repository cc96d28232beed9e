import Alert from '@mui/material/Alert';
import Autocomplete from '@mui/material/Autocomplete';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { timeZoneNames } from '@taskhive/contract';
import { useMemo, useState } from 'react';

/** The zone the browser runs in ('Europe/Berlin'), or null when it does not say. */
export function browserTimeZone(): string | null {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || null;
  } catch {
    return null;
  }
}

const chosenKey = (userId: string) => `taskhive.timeZoneChosen.${userId}`;

/** Whether the person chose a zone on this device (kept UTC on purpose, or changed it). */
export function timeZoneChosen(userId: string): boolean {
  try {
    return localStorage.getItem(chosenKey(userId)) === '1';
  } catch {
    return false;
  }
}

export function rememberTimeZoneChosen(userId: string): void {
  try {
    localStorage.setItem(chosenKey(userId), '1');
  } catch {
    // Private mode without storage: the hint shows again next time.
  }
}

/**
 * The person's time zone (issue 25): which day is their today for timesheets and reminders. Picks
 * from the browser's IANA names.
 */
export function TimeZoneField({
  value,
  onChange,
  error,
}: {
  value: string;
  onChange: (zone: string) => void;
  error: string | undefined;
}) {
  const options = useMemo(() => {
    const names = timeZoneNames();
    return names.includes(value) ? names : [value, ...names];
  }, [value]);
  return (
    <Autocomplete
      options={options}
      value={value}
      disableClearable
      autoHighlight
      onChange={(_e, zone) => onChange(zone)}
      renderInput={(params) => (
        <TextField
          {...params}
          name="timeZone"
          label="Time zone"
          error={Boolean(error)}
          helperText={error ?? 'Decides your days in timesheets and when reminders reach you'}
        />
      )}
    />
  );
}

/**
 * Offers the browser's zone to a person still on the default UTC who never chose (one click saves
 * it; nothing changes by itself). `onUse` saves the zone; "Keep UTC" hides the hint for good.
 */
export function TimeZoneHint({
  userId,
  current,
  onUse,
  busy,
}: {
  userId: string;
  current: string;
  onUse: (zone: string) => void;
  busy: boolean;
}) {
  const [dismissed, setDismissed] = useState(() => timeZoneChosen(userId));
  const zone = browserTimeZone();
  if (dismissed || current !== 'UTC' || !zone || zone === 'UTC' || zone === 'Etc/UTC') return null;
  return (
    <Alert severity="info" sx={{ overflowWrap: 'anywhere' }}>
      Your time zone is UTC; this device is in {zone}.
      <Stack direction="row" spacing={1} sx={{ mt: 1, flexWrap: 'wrap', rowGap: 1 }}>
        <Button variant="outlined" color="inherit" size="small" disabled={busy} onClick={() => onUse(zone)}>
          Use {zone}
        </Button>
        <Button
          color="inherit"
          size="small"
          onClick={() => {
            rememberTimeZoneChosen(userId);
            setDismissed(true);
          }}
        >
          Keep UTC
        </Button>
      </Stack>
    </Alert>
  );
}
