import TextField from '@mui/material/TextField';
import { TIMESHEET_REASON_MAX } from '@taskhive/contract';
import { useState } from 'react';
import { FormDialog } from '../../components/form-dialog';

/** Asks for the reason of a rejection (required) or a reopening (optional), then calls `onConfirm`. */
export function ReasonDialog({
  open,
  title,
  submitLabel,
  required,
  busy,
  onConfirm,
  onClose,
}: {
  open: boolean;
  title: string;
  submitLabel: string;
  required: boolean;
  busy: boolean;
  onConfirm: (reason: string) => void;
  onClose: () => void;
}) {
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const submit = () => {
    const r = reason.trim();
    if (required && !r) return setError('A reason is required');
    if (r.length > TIMESHEET_REASON_MAX) return setError(`At most ${TIMESHEET_REASON_MAX} characters`);
    setError(null);
    onConfirm(r);
  };
  return (
    <FormDialog
      open={open}
      title={title}
      submitLabel={submitLabel}
      busy={busy}
      onSubmit={submit}
      onClose={onClose}
    >
      <TextField
        autoFocus
        fullWidth
        multiline
        minRows={3}
        label={required ? 'Reason' : 'Reason (optional)'}
        value={reason}
        required={required}
        onChange={(e) => setReason(e.target.value)}
        error={Boolean(error)}
        helperText={error ?? 'The person sees it with their week'}
        slotProps={{ htmlInput: { maxLength: TIMESHEET_REASON_MAX } }}
        sx={{ mt: 1 }}
      />
    </FormDialog>
  );
}
