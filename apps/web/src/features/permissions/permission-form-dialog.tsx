import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import {
  createPermissionBodySchema,
  MESSAGES,
  PERMISSION_TYPES,
  type PermissionItem,
} from '@taskhive/contract';
import { errorMessage, fieldErrors } from '../../api/errors';
import { FormDialog } from '../../components/form-dialog';
import { useToast } from '../../hooks/use-toast';
import { useZodForm } from '../../hooks/use-zod-form';
import { useCreatePermissionMutation, useUpdatePermissionMutation } from './permissions-api';

export interface ModuleOption {
  moduleId: string;
  name: string;
}

export interface PermissionFormDialogProps {
  /** Edit this permission; without it the dialog creates one. */
  permission?: PermissionItem;
  moduleOptions: ModuleOption[];
  onClose: () => void;
}

/** Create or edit a permission of the catalogue. Mount it fresh per use. */
export function PermissionFormDialog({ permission, moduleOptions, onClose }: PermissionFormDialogProps) {
  const toast = useToast();
  const form = useZodForm(createPermissionBodySchema, {
    name: permission?.name ?? '',
    permissionType: permission?.permissionType ?? 'read',
    category: permission?.category ?? '',
    moduleId: permission?.moduleId ?? '',
    description: permission?.description ?? '',
  });
  const [create, creating] = useCreatePermissionMutation();
  const [update, updating] = useUpdatePermissionMutation();

  const submit = async () => {
    const body = form.validate();
    if (!body) return;
    try {
      if (permission) {
        await update({ id: permission.permissionId, body }).unwrap();
        toast.success(MESSAGES.permissionsAdmin.updated);
      } else {
        await create(body).unwrap();
        toast.success(MESSAGES.permissionsAdmin.created);
      }
      onClose();
    } catch (e) {
      form.setServerErrors(fieldErrors(e));
      toast.error(
        errorMessage(e, permission ? MESSAGES.toasts.updateFailed : MESSAGES.toasts.creationFailed),
      );
    }
  };

  return (
    <FormDialog
      open
      title={permission ? 'Edit permission' : 'New permission'}
      submitLabel={permission ? 'Save' : 'Create'}
      busy={creating.isLoading || updating.isLoading}
      onSubmit={() => void submit()}
      onClose={onClose}
    >
      <Stack spacing={1} sx={{ pt: 1 }}>
        <TextField label="Name" placeholder="invoice:read" required {...form.field('name')} />
        <TextField select label="Type" required {...form.field('permissionType')}>
          {PERMISSION_TYPES.map((t) => (
            <MenuItem key={t} value={t}>
              {t}
            </MenuItem>
          ))}
        </TextField>
        <TextField label="Category" required {...form.field('category')} />
        <TextField select label="Module" required {...form.field('moduleId')}>
          {moduleOptions.map((m) => (
            <MenuItem key={m.moduleId} value={m.moduleId}>
              {m.name}
            </MenuItem>
          ))}
        </TextField>
        <TextField label="Description" multiline minRows={2} {...form.field('description')} />
      </Stack>
    </FormDialog>
  );
}
