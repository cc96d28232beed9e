import Chip from '@mui/material/Chip';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import {
  groupPermissionsByModule,
  MESSAGES,
  PAGE_SIZE,
  permissionLabel,
  type PermissionItem,
} from '@taskhive/contract';
import { errorMessage } from '../../api/errors';
import { ErrorPanel } from '../../components/error-panel';
import { MainCard } from '../../components/main-card';
import { PermissionChecklist } from '../../components/permission-checklist';
import { useSession } from '../../hooks/use-session';
import { useToast } from '../../hooks/use-toast';
import {
  useListPermissionsQuery,
  useListRolesQuery,
  useSetUserPermissionMutation,
  useSetUserRoleMutation,
  useUserPermissionsQuery,
  useUserRolesQuery,
} from './permissions-api';

/**
 * An employee's roles and direct permissions, with what they can do in effect. Editable by those
 * allowed to grant (the server decides finally: never oneself, never beyond what one holds).
 */
export function UserAccessCard({ userId, canEdit }: { userId: string; canEdit: boolean }) {
  const toast = useToast();
  const session = useSession();
  const roles = useUserRolesQuery(userId);
  const perms = useUserPermissionsQuery(userId);
  const allRoles = useListRolesQuery(
    { page: 1, pageSize: PAGE_SIZE.companyRolesFetch, sortBy: 'name' },
    { skip: !canEdit },
  );
  const catalogue = useListPermissionsQuery({ page: 1, pageSize: PAGE_SIZE.permissions }, { skip: !canEdit });
  const [setRole, roleSaving] = useSetUserRoleMutation();
  const [setPermission, permSaving] = useSetUserPermissionMutation();

  const held = new Set((roles.data ?? []).map((r) => r.roleId));
  const direct = new Set((perms.data?.items ?? []).map((p) => p.permissionId));

  async function toggleRole(roleId: string, granted: boolean) {
    try {
      await setRole({ userId, roleId, granted }).unwrap();
      toast.success(granted ? MESSAGES.roles.assigned : MESSAGES.roles.revoked);
    } catch (e) {
      toast.error(
        granted ? `${MESSAGES.toasts.assignmentFailed}${errorMessage(e)}` : MESSAGES.toasts.revocationFailed,
      );
    }
  }
  async function togglePermission(p: PermissionItem, granted: boolean) {
    try {
      await setPermission({ userId, permissionId: p.permissionId, granted }).unwrap();
      toast.success(granted ? MESSAGES.permissionsAdmin.granted : MESSAGES.permissionsAdmin.revoked);
    } catch (e) {
      toast.error(
        granted ? `${MESSAGES.toasts.assignmentFailed}${errorMessage(e)}` : MESSAGES.toasts.revocationFailed,
      );
    }
  }

  if (roles.isError || perms.isError)
    return <ErrorPanel message={errorMessage(roles.error ?? perms.error)} />;
  return (
    <MainCard title="Access" subheader="Roles, direct permissions and what they allow in effect">
      {(roles.isLoading || perms.isLoading) && <LinearProgress />}
      <Stack spacing={2}>
        <section aria-label="Roles">
          <Typography variant="subtitle2" gutterBottom>
            Roles
          </Typography>
          <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
            {(canEdit ? (allRoles.data?.items ?? []) : (roles.data ?? [])).map((r) => {
              const mine = roles.data?.find((x) => x.roleId === r.roleId);
              const on = held.has(r.roleId);
              return (
                <Chip
                  key={r.roleId}
                  label={mine?.primary ? `${r.name} (primary)` : r.name}
                  color={on ? 'primary' : 'default'}
                  variant={on ? 'filled' : 'outlined'}
                  disabled={roleSaving.isLoading || (canEdit && mine?.primary === true)}
                  onClick={canEdit && !mine?.primary ? () => void toggleRole(r.roleId, !on) : undefined}
                />
              );
            })}
          </Stack>
        </section>
        <section aria-label="Direct permissions">
          <Typography variant="subtitle2" gutterBottom>
            Direct permissions
          </Typography>
          {canEdit && catalogue.data ? (
            <PermissionChecklist
              items={catalogue.data.items}
              nameOf={(p) => p.name}
              idOf={(p) => p.permissionId}
              checked={direct}
              // Only what the editor holds can be given or taken away (the API refuses the rest).
              isDisabled={(p) => !session.permissions.includes(p.name)}
              disabled={permSaving.isLoading}
              onToggle={(p, g) => void togglePermission(p, g)}
            />
          ) : (
            <Stack direction="row" spacing={0.5} useFlexGap sx={{ flexWrap: 'wrap' }}>
              {(perms.data?.items ?? []).map((p) => (
                <Chip
                  key={p.permissionId}
                  size="small"
                  label={permissionLabel(p.name)}
                  title={canEdit ? p.name : undefined}
                />
              ))}
              {perms.data?.items.length === 0 && <Typography color="text.secondary">None.</Typography>}
            </Stack>
          )}
        </section>
        <section aria-label="Effective permissions">
          <Typography variant="subtitle2" gutterBottom>
            Effective permissions
          </Typography>
          <Stack spacing={1}>
            {groupPermissionsByModule(perms.data?.effective ?? [], (p) => p).map((group) => (
              <div key={group.moduleName}>
                <Typography variant="caption" color="text.secondary" component="div">
                  {group.moduleName}
                </Typography>
                <Stack direction="row" spacing={0.5} useFlexGap sx={{ flexWrap: 'wrap' }}>
                  {group.items.map((p) => (
                    <Chip
                      key={p}
                      size="small"
                      variant="outlined"
                      label={permissionLabel(p)}
                      title={canEdit ? p : undefined}
                    />
                  ))}
                </Stack>
              </div>
            ))}
            {perms.data?.effective.length === 0 && <Typography color="text.secondary">None.</Typography>}
          </Stack>
        </section>
      </Stack>
    </MainCard>
  );
}
