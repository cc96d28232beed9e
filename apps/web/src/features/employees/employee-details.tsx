import EditOutlined from '@mui/icons-material/EditOutlined';
import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import Grid from '@mui/material/Grid';
import Link from '@mui/material/Link';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import {
  BLOOD_GROUPS,
  EMPLOYMENT_TYPE_LABELS,
  EMPLOYMENT_TYPES,
  GENDER_LABELS,
  GENDERS,
  MARITAL_STATUS_LABELS,
  MARITAL_STATUSES,
  MAX_PAGE_SIZE,
  MESSAGES,
  PROFILE_MESSAGES,
  type EmployeeDetail,
  type UpdateEmployeeBody,
} from '@taskhive/contract';
import { skipToken } from '@reduxjs/toolkit/query/react';
import { useState, type ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import { errorMessage, fieldErrors } from '../../api/errors';
import { useListEmployeesQuery } from '../../api/users-api';
import { FormDialog } from '../../components/form-dialog';
import { MainCard } from '../../components/main-card';
import { useToast } from '../../hooks/use-toast';
import { formatDate } from '../../lib/format';
import { useUpdateEmployeeMutation } from './employees-api';

function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <Typography variant="caption" color="text.secondary" component="p">
        {label}
      </Typography>
      <Typography component="div" sx={{ overflowWrap: 'anywhere' }}>
        {children || '—'}
      </Typography>
    </div>
  );
}

/** Employment: code, type, joining date, manager. Everyone who may read the employee sees it. */
export function EmploymentCard({ employee, action }: { employee: EmployeeDetail; action?: ReactNode }) {
  return (
    <MainCard title="Employment" action={action}>
      <Grid container spacing={2}>
        <Grid size={{ xs: 12, sm: 6 }}>
          <Field label="Employee code">{employee.employeeCode}</Field>
        </Grid>
        <Grid size={{ xs: 12, sm: 6 }}>
          <Field label="Employment type">
            {employee.employmentType && EMPLOYMENT_TYPE_LABELS[employee.employmentType]}
          </Field>
        </Grid>
        <Grid size={{ xs: 12, sm: 6 }}>
          <Field label="Joining date">{employee.joiningDate && formatDate(employee.joiningDate)}</Field>
        </Grid>
        <Grid size={{ xs: 12, sm: 6 }}>
          <Field label="Reports to">
            {employee.reportsToId && (
              <Link component={RouterLink} to={`/app/employee-profile/${employee.reportsToId}`}>
                {employee.reportsToName}
              </Link>
            )}
          </Field>
        </Grid>
      </Grid>
    </MainCard>
  );
}

/** Personal details: only when the API gave them (the person, their managers, employee:read:all). */
export function PersonalCard({ employee }: { employee: EmployeeDetail }) {
  const p = employee.personal;
  if (!p) return null;
  const contact = [p.emergencyContactName, p.emergencyContactRelation && `(${p.emergencyContactRelation})`]
    .filter(Boolean)
    .join(' ');
  return (
    <MainCard title="Personal details" subheader="Visible to them, their managers and HR">
      <Grid container spacing={2}>
        <Grid size={{ xs: 12, sm: 6 }}>
          <Field label="Gender">{p.gender && GENDER_LABELS[p.gender]}</Field>
        </Grid>
        <Grid size={{ xs: 12, sm: 6 }}>
          <Field label="Date of birth">{p.dateOfBirth && formatDate(p.dateOfBirth)}</Field>
        </Grid>
        <Grid size={{ xs: 12, sm: 6 }}>
          <Field label="Blood group">{p.bloodGroup}</Field>
        </Grid>
        <Grid size={{ xs: 12, sm: 6 }}>
          <Field label="Marital status">{p.maritalStatus && MARITAL_STATUS_LABELS[p.maritalStatus]}</Field>
        </Grid>
        <Grid size={12}>
          <Field label="Address">{p.address}</Field>
        </Grid>
        <Grid size={12}>
          <Field label="Emergency contact">
            {contact}
            {p.emergencyContactPhone && (
              <Typography variant="body2" color="text.secondary" component="span" sx={{ display: 'block' }}>
                {p.emergencyContactPhone}
              </Typography>
            )}
          </Field>
        </Grid>
      </Grid>
    </MainCard>
  );
}

type Values = Record<
  | 'employeeCode'
  | 'employmentType'
  | 'joiningDate'
  | 'reportsToId'
  | 'gender'
  | 'dateOfBirth'
  | 'bloodGroup'
  | 'maritalStatus'
  | 'address'
  | 'emergencyContactName'
  | 'emergencyContactRelation'
  | 'emergencyContactPhone',
  string
>;

function initial(e: EmployeeDetail): Values {
  const p = e.personal;
  return {
    employeeCode: e.employeeCode ?? '',
    employmentType: e.employmentType ?? '',
    joiningDate: e.joiningDate ?? '',
    reportsToId: e.reportsToId ?? '',
    gender: p?.gender ?? '',
    dateOfBirth: p?.dateOfBirth ?? '',
    bloodGroup: p?.bloodGroup ?? '',
    maritalStatus: p?.maritalStatus ?? '',
    address: p?.address ?? '',
    emergencyContactName: p?.emergencyContactName ?? '',
    emergencyContactRelation: p?.emergencyContactRelation ?? '',
    emergencyContactPhone: p?.emergencyContactPhone ?? '',
  };
}

/**
 * Edit employment and (when shown) personal details; with employee:update. Only changed fields
 * are sent; an emptied field is sent as null. Mount it fresh per use.
 */
export function EmployeeDetailsDialog({
  employee,
  canPickManager,
  onClose,
}: {
  employee: EmployeeDetail;
  /** Whether the company's people can be listed (employee:read:all) to choose a manager from. */
  canPickManager: boolean;
  onClose: () => void;
}) {
  const toast = useToast();
  const [update, { isLoading }] = useUpdateEmployeeMutation();
  const start = initial(employee);
  const [values, setValues] = useState<Values>(start);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const { data: people } = useListEmployeesQuery(
    canPickManager ? { page: 1, pageSize: MAX_PAGE_SIZE, statusNames: ['active'] } : skipToken,
  );
  const managers = (people?.items ?? []).filter((u) => u.userId !== employee.userId);

  const field = (key: keyof Values) => ({
    value: values[key],
    onChange: (e: { target: { value: string } }) => setValues((v) => ({ ...v, [key]: e.target.value })),
    error: Boolean(errors[key]),
    helperText: errors[key] ?? ' ',
  });

  const submit = async () => {
    const body: Record<string, string | null> = {};
    for (const key of Object.keys(values) as (keyof Values)[]) {
      if (values[key] !== start[key]) body[key] = values[key] === '' ? null : values[key];
    }
    if (Object.keys(body).length === 0) {
      onClose();
      return;
    }
    try {
      await update({ userId: employee.userId, body: body as UpdateEmployeeBody }).unwrap();
      toast.success(PROFILE_MESSAGES.employeeDetailsSaved);
      onClose();
    } catch (err) {
      const fields = fieldErrors(err);
      setErrors(fields);
      toast.error(Object.values(fields)[0] ?? errorMessage(err, MESSAGES.users.updateFailed));
    }
  };

  const date = { type: 'date', slotProps: { inputLabel: { shrink: true } } } as const;
  return (
    <FormDialog
      open
      title={`Details of ${employee.firstName} ${employee.lastName}`}
      submitLabel="Save details"
      busy={isLoading}
      onSubmit={() => void submit()}
      onClose={onClose}
      maxWidth="md"
    >
      <Grid container columnSpacing={2}>
        <Grid size={12}>
          <Typography variant="subtitle2" component="h3" sx={{ mb: 1 }}>
            Employment
          </Typography>
        </Grid>
        <Grid size={{ xs: 12, sm: 6 }}>
          <TextField label="Employee code" {...field('employeeCode')} />
        </Grid>
        <Grid size={{ xs: 12, sm: 6 }}>
          <TextField select label="Employment type" {...field('employmentType')}>
            <MenuItem value="">Not given</MenuItem>
            {EMPLOYMENT_TYPES.map((t) => (
              <MenuItem key={t} value={t}>
                {EMPLOYMENT_TYPE_LABELS[t]}
              </MenuItem>
            ))}
          </TextField>
        </Grid>
        <Grid size={{ xs: 12, sm: 6 }}>
          <TextField label="Joining date" {...date} {...field('joiningDate')} />
        </Grid>
        <Grid size={{ xs: 12, sm: 6 }}>
          {canPickManager ? (
            <TextField select label="Reports to" {...field('reportsToId')}>
              <MenuItem value="">Nobody</MenuItem>
              {employee.reportsToId && !managers.some((m) => m.userId === employee.reportsToId) && (
                <MenuItem value={employee.reportsToId}>{employee.reportsToName}</MenuItem>
              )}
              {managers.map((m) => (
                <MenuItem key={m.userId} value={m.userId}>
                  {m.firstName} {m.lastName}
                </MenuItem>
              ))}
            </TextField>
          ) : (
            <TextField label="Reports to" value={employee.reportsToName ?? 'Nobody'} disabled />
          )}
        </Grid>
        {employee.personal && (
          <>
            <Grid size={12}>
              <Divider sx={{ mb: 2 }} />
              <Typography variant="subtitle2" component="h3" sx={{ mb: 1 }}>
                Personal
              </Typography>
            </Grid>
            <Grid size={{ xs: 12, sm: 6 }}>
              <TextField select label="Gender" {...field('gender')}>
                <MenuItem value="">Not given</MenuItem>
                {GENDERS.map((g) => (
                  <MenuItem key={g} value={g}>
                    {GENDER_LABELS[g]}
                  </MenuItem>
                ))}
              </TextField>
            </Grid>
            <Grid size={{ xs: 12, sm: 6 }}>
              <TextField label="Date of birth" {...date} {...field('dateOfBirth')} />
            </Grid>
            <Grid size={{ xs: 12, sm: 6 }}>
              <TextField select label="Blood group" {...field('bloodGroup')}>
                <MenuItem value="">Not given</MenuItem>
                {BLOOD_GROUPS.map((b) => (
                  <MenuItem key={b} value={b}>
                    {b}
                  </MenuItem>
                ))}
              </TextField>
            </Grid>
            <Grid size={{ xs: 12, sm: 6 }}>
              <TextField select label="Marital status" {...field('maritalStatus')}>
                <MenuItem value="">Not given</MenuItem>
                {MARITAL_STATUSES.map((m) => (
                  <MenuItem key={m} value={m}>
                    {MARITAL_STATUS_LABELS[m]}
                  </MenuItem>
                ))}
              </TextField>
            </Grid>
            <Grid size={12}>
              <TextField label="Address" multiline minRows={2} {...field('address')} />
            </Grid>
            <Grid size={{ xs: 12, sm: 4 }}>
              <TextField label="Emergency contact name" {...field('emergencyContactName')} />
            </Grid>
            <Grid size={{ xs: 12, sm: 4 }}>
              <TextField label="Relation" {...field('emergencyContactRelation')} />
            </Grid>
            <Grid size={{ xs: 12, sm: 4 }}>
              <TextField label="Emergency contact phone" {...field('emergencyContactPhone')} />
            </Grid>
          </>
        )}
      </Grid>
    </FormDialog>
  );
}

/** The Edit details button of the Employment card. */
export function EditDetailsButton({ onClick }: { onClick: () => void }) {
  return (
    <Stack direction="row">
      <Button size="small" startIcon={<EditOutlined />} onClick={onClick}>
        Edit details
      </Button>
    </Stack>
  );
}
