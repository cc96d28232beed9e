import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import {
  ACTIVE_STATUSES,
  createModuleBodySchema,
  MESSAGES,
  MODULE_TYPES,
  updateModuleBodySchema,
  type Module,
} from '@taskhive/contract';
import { errorMessage, fieldErrors } from '../../api/errors';
import { FormDialog } from '../../components/form-dialog';
import { useToast } from '../../hooks/use-toast';
import { useZodForm } from '../../hooks/use-zod-form';
import { useCreateModuleMutation, useUpdateModuleMutation } from './modules-api';

export interface ModuleFormDialogProps {
  /** Edit this module; without it the dialog creates one. */
  module?: Module;
  onClose: () => void;
}

/** Create or edit a catalogue module. Mount it fresh per use. */
export function ModuleFormDialog({ module, onClose }: ModuleFormDialogProps) {
  const toast = useToast();
  const form = useZodForm(module ? updateModuleBodySchema : createModuleBodySchema, {
    name: module?.name ?? '',
    category: module?.category ?? '',
    description: module?.description ?? '',
    moduleType: module?.moduleType ?? 'addon',
    status: module?.status ?? 'active',
  });
  const [create, creating] = useCreateModuleMutation();
  const [update, updating] = useUpdateModuleMutation();

  const submit = async () => {
    if (!form.validate()) return;
    try {
      if (module) {
        await update({ id: module.moduleId, body: updateModuleBodySchema.parse(form.values) }).unwrap();
        toast.success(MESSAGES.modules.updated);
      } else {
        await create(createModuleBodySchema.parse(form.values)).unwrap();
        toast.success(MESSAGES.modules.created);
      }
      onClose();
    } catch (e) {
      form.setServerErrors(fieldErrors(e));
      toast.error(errorMessage(e, module ? MESSAGES.toasts.updateFailed : MESSAGES.toasts.creationFailed));
    }
  };

  return (
    <FormDialog
      open
      title={module ? 'Edit module' : 'New module'}
      submitLabel={module ? 'Save' : 'Create'}
      busy={creating.isLoading || updating.isLoading}
      onSubmit={() => void submit()}
      onClose={onClose}
    >
      <Stack spacing={1} sx={{ pt: 1 }}>
        <TextField label="Name" required {...form.field('name')} />
        <TextField label="Category" required {...form.field('category')} />
        <TextField select label="Type" {...form.field('moduleType')}>
          {MODULE_TYPES.map((t) => (
            <MenuItem key={t} value={t}>
              {t}
            </MenuItem>
          ))}
        </TextField>
        <TextField select label="Status" {...form.field('status')}>
          {ACTIVE_STATUSES.map((s) => (
            <MenuItem key={s} value={s}>
              {s}
            </MenuItem>
          ))}
        </TextField>
        <TextField label="Description" multiline minRows={2} {...form.field('description')} />
      </Stack>
    </FormDialog>
  );
}
