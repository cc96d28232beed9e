import FormControlLabel from '@mui/material/FormControlLabel';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import {
  ACCESS_MESSAGES,
  createCompanyRoleBodySchema,
  MESSAGES,
  PERMISSIONS,
  PLATFORM_ONLY,
  type CompanyRole,
} from '@taskhive/contract';
import { useState } from 'react';
import { errorMessage, fieldErrors } from '../../api/errors';
import { FormDialog } from '../../components/form-dialog';
import { PermissionChecklist } from '../../components/permission-checklist';
import { useSession } from '../../hooks/use-session';
import { useToast } from '../../hooks/use-toast';
import { useZodForm } from '../../hooks/use-zod-form';
import { useCreateCompanyRoleMutation, useUpdateCompanyRoleMutation } from './company-roles-api';

const textFields = createCompanyRoleBodySchema.pick({ roleName: true, description: true });

const CATALOGUE: readonly string[] = PERMISSIONS;
const platformOnly: readonly string[] = PLATFORM_ONLY;
/** Catalogue order; names outside the catalogue last, by name. */
const byCatalogue = (a: string, b: string) =>
  (CATALOGUE.indexOf(a) + 1 || CATALOGUE.length + 1) - (CATALOGUE.indexOf(b) + 1 || CATALOGUE.length + 1) ||
  a.localeCompare(b);

/**
 * Create a role, or edit one (the Company Admin role keeps its name and stays active), with its
 * permissions in words: those the editor holds (already limited to the company's modules) can be
 * ticked; any others the role carries stay as they are (the API refuses the rest).
 */
export function RoleFormDialog({ role, onClose }: { role?: CompanyRole; onClose: () => void }) {
  const toast = useToast();
  const session = useSession();
  const held = new Set(session.permissions.filter((p) => !platformOnly.includes(p)));
  const [permissions, setPermissions] = useState<ReadonlySet<string>>(new Set(role?.permissions ?? []));
  const options = [...new Set([...held, ...(role?.permissions ?? [])])].sort(byCatalogue);
  const chosen = options.filter((p) => permissions.has(p));
  const form = useZodForm(textFields, {
    roleName: role?.roleName ?? '',
    description: role?.description ?? '',
  });
  const [isActive, setIsActive] = useState(role?.isActive ?? true);
  const [defaultRole, setDefaultRole] = useState(role?.defaultRole ?? false);
  const [create, creating] = useCreateCompanyRoleMutation();
  const [update, updating] = useUpdateCompanyRoleMutation();
  const locked = role?.isProtected ?? false;
  // Making a role the default is assigning it (the API's grants rule); the Company Admin role never is.
  const mayMakeDefault = session.can({ anyOf: ['companyrole:assign'] }) && !locked;
  const toggle = (p: string, on: boolean) =>
    setPermissions((prev) => {
      const next = new Set(prev);
      if (on) next.add(p);
      else next.delete(p);
      return next;
    });
  const permissionsChanged =
    chosen.length !== (role?.permissions.length ?? 0) || chosen.some((p) => !role?.permissions.includes(p));

  const submit = async () => {
    const text = form.validate();
    if (!text) return;
    try {
      if (role) {
        await update({
          id: role.companyRoleId,
          body: {
            ...(locked ? { description: text.description } : { ...text, isActive }),
            // The default only moves: it is set on a role, never unset.
            ...(defaultRole && !role.defaultRole ? { defaultRole: true } : {}),
            ...(permissionsChanged ? { permissions: chosen } : {}),
          },
        }).unwrap();
        toast.success(MESSAGES.companyRoles.updated);
      } else {
        await create({ ...text, isActive, defaultRole, permissions: chosen }).unwrap();
        toast.success(
          chosen.length > 0 ? MESSAGES.companyRoles.created : MESSAGES.companyRoles.createdWithoutPermissions,
        );
      }
      onClose();
    } catch (err) {
      form.setServerErrors(fieldErrors(err));
      toast.error(errorMessage(err, role ? MESSAGES.toasts.updateFailed : MESSAGES.toasts.creationFailed));
    }
  };

  return (
    <FormDialog
      open
      title={role ? 'Edit role' : 'New role'}
      submitLabel={role ? 'Save changes' : 'Create role'}
      busy={creating.isLoading || updating.isLoading}
      onSubmit={() => void submit()}
      onClose={onClose}
      maxWidth="md"
    >
      <Stack spacing={1}>
        <TextField
          label="Role name"
          required
          autoFocus={!locked}
          disabled={locked}
          {...form.field('roleName')}
        />
        <TextField label="Description" multiline minRows={2} {...form.field('description')} />
        <FormControlLabel
          control={
            <Switch
              checked={isActive}
              disabled={locked || (defaultRole && Boolean(role?.defaultRole))}
              onChange={(e) => setIsActive(e.target.checked)}
            />
          }
          label="Active"
        />
        <FormControlLabel
          control={
            <Switch
              checked={defaultRole}
              disabled={Boolean(role?.defaultRole) || !isActive || !mayMakeDefault}
              onChange={(e) => setDefaultRole(e.target.checked)}
            />
          }
          label="Default role for new employees"
        />
        <Typography variant="caption" color="text.secondary">
          {role?.defaultRole
            ? 'This is the default role. Make another role the default to change it.'
            : locked
              ? `${MESSAGES.companyRoles.protectedNotDefault}.`
              : mayMakeDefault
                ? 'A company has exactly one default role; choosing this one moves the default here.'
                : 'Only someone who may assign roles can change the default role.'}
        </Typography>
        {locked && (
          <Typography variant="caption" color="text.secondary">
            {MESSAGES.companyRoles.protectedRole}.
          </Typography>
        )}
        <section aria-label="Permissions">
          <Typography variant="subtitle1" sx={{ mt: 1 }}>
            Permissions
          </Typography>
          <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
            {chosen.length === 0 ? ACCESS_MESSAGES.noPermissions : `${chosen.length} chosen.`}{' '}
            {ACCESS_MESSAGES.permissionsHint}
          </Typography>
          {form.errors.permissions && (
            <Typography variant="body2" color="error" role="alert" sx={{ mb: 1 }}>
              {form.errors.permissions}
            </Typography>
          )}
          <PermissionChecklist
            items={options}
            nameOf={(p) => p}
            idOf={(p) => p}
            checked={permissions}
            isDisabled={(p) => !held.has(p)}
            showKeys={false}
            onToggle={toggle}
          />
        </section>
      </Stack>
    </FormDialog>
  );
}
