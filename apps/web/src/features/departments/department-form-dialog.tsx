import Autocomplete from '@mui/material/Autocomplete';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { skipToken } from '@reduxjs/toolkit/query/react';
import {
  createDepartmentBodySchema,
  MAX_PAGE_SIZE,
  MESSAGES,
  type Department,
  type UserProfile,
} from '@taskhive/contract';
import { useState } from 'react';
import type { EmployeeListArgs } from '../../api/employee-query';
import { errorMessage, fieldErrors } from '../../api/errors';
import { useListEmployeesQuery } from '../../api/users-api';
import { FormDialog } from '../../components/form-dialog';
import { useSession } from '../../hooks/use-session';
import { useToast } from '../../hooks/use-toast';
import { useZodForm } from '../../hooks/use-zod-form';
import { useCreateDepartmentMutation, useUpdateDepartmentMutation } from './departments-api';

const textFields = createDepartmentBodySchema.pick({ name: true, description: true });
/** Who may manage a department: the company's active employees. */
const MANAGER_OPTIONS: EmployeeListArgs = {
  page: 1,
  pageSize: MAX_PAGE_SIZE,
  statusNames: ['active'],
  sortBy: 'firstName',
};

const fullName = (u: Pick<UserProfile, 'firstName' | 'lastName'>) => `${u.firstName} ${u.lastName}`;

/** Create or edit a department, with a manager picked from the company's employees. */
export function DepartmentFormDialog({
  department,
  onClose,
}: {
  department?: Department;
  onClose: () => void;
}) {
  const toast = useToast();
  const { can } = useSession();
  const form = useZodForm(textFields, {
    name: department?.name ?? '',
    description: department?.description ?? '',
  });
  const { data: people = [], isLoading: peopleLoading } = useListEmployeesQuery(
    can({ anyOf: ['employee:read:all'] }) ? MANAGER_OPTIONS : skipToken,
    { selectFromResult: ({ data, isLoading }) => ({ data: data?.items, isLoading }) },
  );
  const [managerId, setManagerId] = useState<string | null>(department?.managerId ?? null);
  const [create, creating] = useCreateDepartmentMutation();
  const [update, updating] = useUpdateDepartmentMutation();
  const manager = people.find((p) => p.userId === managerId) ?? null;

  const submit = async () => {
    const text = form.validate();
    if (!text) return;
    const body = { ...text, managerId };
    try {
      if (department) {
        await update({ id: department.deptId, body }).unwrap();
        toast.success(MESSAGES.departments.updated);
      } else {
        await create(body).unwrap();
        toast.success(MESSAGES.departments.created);
      }
      onClose();
    } catch (err) {
      form.setServerErrors(fieldErrors(err));
      toast.error(
        errorMessage(err, department ? MESSAGES.toasts.updateFailed : MESSAGES.toasts.creationFailed),
      );
    }
  };

  return (
    <FormDialog
      open
      title={department ? 'Edit department' : 'New department'}
      submitLabel={department ? 'Save changes' : 'Create department'}
      busy={creating.isLoading || updating.isLoading}
      onSubmit={() => void submit()}
      onClose={onClose}
      maxWidth="xs"
    >
      <Stack spacing={1}>
        <TextField label="Department name" required autoFocus {...form.field('name')} />
        <TextField label="Description" multiline minRows={2} {...form.field('description')} />
        <Autocomplete
          options={people}
          loading={peopleLoading}
          value={manager}
          onChange={(_e, v) => setManagerId(v?.userId ?? null)}
          getOptionLabel={fullName}
          isOptionEqualToValue={(a, b) => a.userId === b.userId}
          renderOption={(props, option) => {
            const { key, ...rest } = props;
            return (
              <li key={key} {...rest}>
                {fullName(option)} · {option.email}
              </li>
            );
          }}
          renderInput={(params) => (
            <TextField
              {...params}
              label="Manager"
              error={Boolean(form.errors.managerId)}
              helperText={
                form.errors.managerId ?? (department?.managerName && !manager ? department.managerName : ' ')
              }
            />
          )}
        />
      </Stack>
    </FormDialog>
  );
}
