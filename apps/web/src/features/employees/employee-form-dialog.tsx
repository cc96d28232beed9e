import Grid from '@mui/material/Grid';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import {
  createEmployeeBodySchema,
  MESSAGES,
  updateEmployeeBodySchema,
  type CompanyRole,
  type Department,
  type UserProfile,
} from '@taskhive/contract';
import { z } from 'zod';
import { errorMessage, fieldErrors } from '../../api/errors';
import { FormDialog } from '../../components/form-dialog';
import { useSession } from '../../hooks/use-session';
import { useToast } from '../../hooks/use-toast';
import { useZodForm } from '../../hooks/use-zod-form';
import { useCreateEmployeeMutation, useUpdateEmployeeMutation } from './employees-api';

/** Select boxes give '' for "none"; the API wants the id, null (department) or nothing (role). */
const blankIds = (v: unknown) => {
  if (typeof v !== 'object' || v === null) return v;
  const out: Record<string, unknown> = { ...v };
  if (out.roleId === '') delete out.roleId;
  if (out.departmentId === '') out.departmentId = null;
  if (out.status === '') delete out.status;
  return out;
};
const createForm = z.preprocess(blankIds, createEmployeeBodySchema);
const updateForm = z.preprocess(blankIds, updateEmployeeBodySchema);

export interface EmployeeFormDialogProps {
  employee?: UserProfile;
  roles: CompanyRole[];
  departments: Department[];
  onClose: () => void;
}

/** Invite an employee (they get an email to set a password) or edit one. Mount it fresh per use. */
export function EmployeeFormDialog({ employee, roles, departments, onClose }: EmployeeFormDialogProps) {
  const toast = useToast();
  const { can } = useSession();
  // The API's grants rules: a status change needs employee:delete, naming a role companyrole:assign.
  const mayChangeStatus = can({ anyOf: ['employee:delete'] });
  const mayAssignRole = can({ anyOf: ['companyrole:assign'] });
  const form = useZodForm(employee ? updateForm : createForm, {
    firstName: employee?.firstName ?? '',
    lastName: employee?.lastName ?? '',
    email: employee?.email ?? '',
    phone: employee?.phone ?? '',
    jobTitle: employee?.jobTitle ?? '',
    roleId: employee?.roleId ?? '',
    departmentId: employee?.departmentId ?? '',
    status: employee && employee.status !== 'invited' ? employee.status : '',
  });
  const [create, creating] = useCreateEmployeeMutation();
  const [update, updating] = useUpdateEmployeeMutation();

  const submit = async () => {
    if (!form.validate()) return;
    try {
      if (employee) {
        await update({ userId: employee.userId, body: updateForm.parse(form.values) }).unwrap();
        toast.success(MESSAGES.users.updated);
      } else {
        await create(createForm.parse(form.values)).unwrap();
        toast.success(MESSAGES.users.created);
      }
      onClose();
    } catch (err) {
      form.setServerErrors(fieldErrors(err));
      toast.error(errorMessage(err, employee ? MESSAGES.users.updateFailed : MESSAGES.users.createFailed));
    }
  };

  const activeRoles = roles.filter((r) => r.isActive || r.companyRoleId === employee?.roleId);
  return (
    <FormDialog
      open
      title={employee ? 'Edit employee' : 'Invite employee'}
      submitLabel={employee ? 'Save changes' : 'Send invitation'}
      busy={creating.isLoading || updating.isLoading}
      onSubmit={() => void submit()}
      onClose={onClose}
    >
      <Grid container columnSpacing={2} rowSpacing={1}>
        <Grid size={{ xs: 12, sm: 6 }}>
          <TextField label="First name" required autoFocus {...form.field('firstName')} />
        </Grid>
        <Grid size={{ xs: 12, sm: 6 }}>
          <TextField label="Last name" required {...form.field('lastName')} />
        </Grid>
        <Grid size={12}>
          {employee ? (
            <TextField label="Email address" value={employee.email} helperText=" " disabled />
          ) : (
            <TextField
              label="Email address"
              type="email"
              required
              {...form.field('email')}
              helperText={form.errors.email ?? 'The invitation to set a password goes here.'}
            />
          )}
        </Grid>
        <Grid size={{ xs: 12, sm: 6 }}>
          <TextField label="Phone" type="tel" {...form.field('phone')} />
        </Grid>
        <Grid size={{ xs: 12, sm: 6 }}>
          <TextField label="Job title" {...form.field('jobTitle')} />
        </Grid>
        <Grid size={{ xs: 12, sm: 6 }}>
          <TextField
            select
            label="Role"
            disabled={!mayAssignRole}
            {...form.field('roleId')}
            helperText={
              form.errors.roleId ??
              (mayAssignRole ? ' ' : 'Only someone who may assign roles can change this.')
            }
          >
            {!employee && <MenuItem value="">Company default</MenuItem>}
            {activeRoles.map((r) => (
              <MenuItem key={r.companyRoleId} value={r.companyRoleId}>
                {r.roleName}
              </MenuItem>
            ))}
          </TextField>
        </Grid>
        <Grid size={{ xs: 12, sm: 6 }}>
          <TextField select label="Department" {...form.field('departmentId')}>
            <MenuItem value="">No department</MenuItem>
            {departments.map((d) => (
              <MenuItem key={d.deptId} value={d.deptId}>
                {d.name}
              </MenuItem>
            ))}
          </TextField>
        </Grid>
        {employee && employee.status !== 'invited' && mayChangeStatus && (
          <Grid size={{ xs: 12, sm: 6 }}>
            <TextField select label="Status" {...form.field('status')}>
              <MenuItem value="active">Active</MenuItem>
              <MenuItem value="inactive">Inactive</MenuItem>
            </TextField>
          </Grid>
        )}
      </Grid>
    </FormDialog>
  );
}
