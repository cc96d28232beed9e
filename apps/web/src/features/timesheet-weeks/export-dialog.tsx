import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useState } from 'react';
import { FormDialog } from '../../components/form-dialog';
import { useAuthedDownload } from '../../hooks/use-authed-download';
import { useToast } from '../../hooks/use-toast';
import { ProjectSelect } from './filters';
import { addDays, today } from './week-days';

/** The CSV of approved time (payroll, billing): a date range, a project, billable or not. */
export function ExportDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const download = useAuthedDownload();
  const toast = useToast();
  const [to, setTo] = useState(today());
  const [from, setFrom] = useState(addDays(today(), -30));
  const [projectId, setProjectId] = useState('');
  const [billable, setBillable] = useState('');
  const [busy, setBusy] = useState(false);
  const invalid = !from || !to || from > to;
  const submit = async () => {
    if (invalid) return;
    const params = new URLSearchParams({ from, to });
    if (projectId) params.set('projectId', projectId);
    if (billable) params.set('billable', billable);
    setBusy(true);
    try {
      await download(`/api/Timesheets/export.csv?${params.toString()}`, `approved-time-${from}-${to}.csv`);
      onClose();
    } catch {
      toast.error('The approved time could not be exported');
    } finally {
      setBusy(false);
    }
  };
  return (
    <FormDialog
      open={open}
      title="Export approved time"
      submitLabel="Download CSV"
      busy={busy}
      onSubmit={() => void submit()}
      onClose={onClose}
    >
      <Stack spacing={2} sx={{ pt: 1 }}>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
          <TextField
            type="date"
            label="From"
            value={from}
            onChange={(e) => setFrom(e.target.value)}
            slotProps={{ inputLabel: { shrink: true } }}
            fullWidth
          />
          <TextField
            type="date"
            label="To"
            value={to}
            onChange={(e) => setTo(e.target.value)}
            error={invalid}
            helperText={invalid ? 'The range ends before it starts' : ' '}
            slotProps={{ inputLabel: { shrink: true } }}
            fullWidth
          />
        </Stack>
        <ProjectSelect value={projectId} onChange={setProjectId} />
        <TextField
          select
          size="small"
          label="Billable"
          value={billable}
          onChange={(e) => setBillable(e.target.value)}
        >
          <MenuItem value="">Billable and non-billable</MenuItem>
          <MenuItem value="true">Billable only</MenuItem>
          <MenuItem value="false">Non-billable only</MenuItem>
        </TextField>
      </Stack>
    </FormDialog>
  );
}
