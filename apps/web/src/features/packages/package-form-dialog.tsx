import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { ACTIVE_STATUSES, MESSAGES, PACKAGE_TYPES, type Package } from '@taskhive/contract';
import { useState } from 'react';
import { errorMessage, fieldErrors } from '../../api/errors';
import { FormDialog } from '../../components/form-dialog';
import { useToast } from '../../hooks/use-toast';
import { useCreatePackageMutation, useUpdatePackageMutation } from './packages-api';

/** Create or edit a package (an edit sends only what changed). */
export function PackageFormDialog({ pkg, onClose }: { pkg: Package | null; onClose: () => void }) {
  const toast = useToast();
  const [create, creating] = useCreatePackageMutation();
  const [update, updating] = useUpdatePackageMutation();
  const [form, setForm] = useState({
    name: pkg?.name ?? '',
    description: pkg?.description ?? '',
    monthlyPrice: String(pkg?.monthlyPrice ?? 0),
    yearlyPrice: String(pkg?.yearlyPrice ?? 0),
    trialDays: String(pkg?.trialDays ?? 0),
    packageType: (pkg?.packageType ?? 'standard') as (typeof PACKAGE_TYPES)[number],
    status: pkg?.status ?? 'active',
  });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const set = (k: keyof typeof form) => (e: { target: { value: string } }) =>
    setForm({ ...form, [k]: e.target.value });

  async function submit() {
    const body = {
      name: form.name,
      description: form.description,
      monthlyPrice: Number(form.monthlyPrice),
      yearlyPrice: Number(form.yearlyPrice),
      trialDays: Number(form.trialDays),
      packageType: form.packageType,
      status: form.status,
    };
    try {
      if (pkg) await update({ id: pkg.packageId, body }).unwrap();
      else await create(body).unwrap();
      toast.success(pkg ? MESSAGES.packages.updated : MESSAGES.packages.created);
      onClose();
    } catch (e) {
      setErrors(fieldErrors(e));
      toast.error(errorMessage(e, pkg ? MESSAGES.toasts.updateFailed : MESSAGES.toasts.creationFailed));
    }
  }

  return (
    <FormDialog
      open
      title={pkg ? 'Edit package' : 'New package'}
      submitLabel={pkg ? 'Save' : 'Create'}
      busy={creating.isLoading || updating.isLoading}
      onSubmit={() => void submit()}
      onClose={onClose}
    >
      <Stack spacing={2} sx={{ pt: 1 }}>
        <TextField
          label="Name"
          value={form.name}
          onChange={set('name')}
          error={!!errors.name}
          helperText={errors.name}
          required
        />
        <TextField
          label="Description"
          value={form.description}
          onChange={set('description')}
          multiline
          minRows={2}
        />
        <Stack direction="row" spacing={2}>
          <TextField
            label="Monthly price"
            type="number"
            value={form.monthlyPrice}
            onChange={set('monthlyPrice')}
            error={!!errors.monthlyPrice}
            helperText={errors.monthlyPrice}
          />
          <TextField
            label="Yearly price"
            type="number"
            value={form.yearlyPrice}
            onChange={set('yearlyPrice')}
            error={!!errors.yearlyPrice}
            helperText={errors.yearlyPrice}
          />
          <TextField
            label="Trial days"
            type="number"
            value={form.trialDays}
            onChange={set('trialDays')}
            error={!!errors.trialDays}
            helperText={errors.trialDays}
          />
        </Stack>
        <Stack direction="row" spacing={2}>
          <TextField
            select
            label="Type"
            value={form.packageType}
            onChange={set('packageType')}
            sx={{ minWidth: 160 }}
          >
            {PACKAGE_TYPES.map((t) => (
              <MenuItem key={t} value={t}>
                {t}
              </MenuItem>
            ))}
          </TextField>
          <TextField
            select
            label="Status"
            value={form.status}
            onChange={set('status')}
            sx={{ minWidth: 160 }}
          >
            {ACTIVE_STATUSES.map((s) => (
              <MenuItem key={s} value={s}>
                {s}
              </MenuItem>
            ))}
          </TextField>
        </Stack>
      </Stack>
    </FormDialog>
  );
}
