import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TablePagination from '@mui/material/TablePagination';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import ChecklistOutlined from '@mui/icons-material/ChecklistOutlined';
import DeleteOutline from '@mui/icons-material/DeleteOutline';
import EditOutlined from '@mui/icons-material/EditOutlined';
import LockOutlined from '@mui/icons-material/LockOutlined';
import MenuItem from '@mui/material/MenuItem';
import Switch from '@mui/material/Switch';
import Tooltip from '@mui/material/Tooltip';
import { MESSAGES, PAGE_SIZE, ROLES, type PermissionItem, type Role } from '@taskhive/contract';
import { useState } from 'react';
import { errorMessage, fieldErrors } from '../../api/errors';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { EmptyState } from '../../components/empty-state';
import { ErrorPanel } from '../../components/error-panel';
import { FormDialog } from '../../components/form-dialog';
import { MainCard } from '../../components/main-card';
import { PageHeader } from '../../components/page-header';
import { PermissionChecklist } from '../../components/permission-checklist';
import { useToast } from '../../hooks/use-toast';
import {
  useCreateRoleMutation,
  useDeleteRoleMutation,
  useListPermissionsQuery,
  useListRolesQuery,
  useRolePermissionsQuery,
  useSetRolePermissionMutation,
  useUpdateRoleMutation,
} from './permissions-api';

/** The Super Admin and Company Admin roles keep their name, stay active and are never deleted. */
const isProtected = (r: Role) => r.name === ROLES.superAdmin || r.name === ROLES.companyAdmin;

function RenameRoleDialog({ role, onClose }: { role: Role; onClose: () => void }) {
  const toast = useToast();
  const [update, updating] = useUpdateRoleMutation();
  const [name, setName] = useState(role.name);
  const [errors, setErrors] = useState<Record<string, string>>({});
  async function submit() {
    try {
      await update({ id: role.roleId, body: { name } }).unwrap();
      toast.success(MESSAGES.roles.updated);
      onClose();
    } catch (e) {
      setErrors(fieldErrors(e));
      toast.error(errorMessage(e, MESSAGES.toasts.updateFailed));
    }
  }
  return (
    <FormDialog
      open
      title={`Rename ${role.name}`}
      submitLabel="Save"
      busy={updating.isLoading}
      onSubmit={() => void submit()}
      onClose={onClose}
    >
      <TextField
        label="Name"
        value={name}
        onChange={(e) => setName(e.target.value)}
        error={!!errors.name}
        helperText={errors.name}
        sx={{ mt: 1 }}
        fullWidth
      />
    </FormDialog>
  );
}

export interface RolesPageProps {
  /** The companies the Super Admin can pick to see their roles (from app/routes). */
  companyOptions: { companyId: string; name: string }[];
}

function RolePermissionsDialog({ role, onClose }: { role: Role; onClose: () => void }) {
  const toast = useToast();
  const all = useListPermissionsQuery({ page: 1, pageSize: PAGE_SIZE.permissions });
  const held = useRolePermissionsQuery(role.roleId);
  const [setPermission, saving] = useSetRolePermissionMutation();
  const checked = new Set((held.data ?? []).map((p) => p.permissionId));

  async function toggle(p: PermissionItem, granted: boolean) {
    try {
      await setPermission({ roleId: role.roleId, permissionId: p.permissionId, granted }).unwrap();
      toast.success(MESSAGES.roles.updated);
    } catch (e) {
      toast.error(
        granted ? `${MESSAGES.toasts.assignmentFailed}${errorMessage(e)}` : MESSAGES.toasts.revocationFailed,
      );
    }
  }

  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="md">
      <DialogTitle>{`Permissions of ${role.name}`}</DialogTitle>
      <DialogContent>
        {(all.isLoading || held.isLoading) && <LinearProgress />}
        {(all.isError || held.isError) && <ErrorPanel message={errorMessage(all.error ?? held.error)} />}
        {all.data && held.data && (
          <PermissionChecklist
            items={all.data.items}
            nameOf={(p) => p.name}
            idOf={(p) => p.permissionId}
            checked={checked}
            disabled={saving.isLoading}
            onToggle={(p, g) => void toggle(p, g)}
          />
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Close</Button>
      </DialogActions>
    </Dialog>
  );
}

/**
 * /super-admin/roles: platform roles (or one company's, picked above the list) and their
 * permissions as a grouped checklist; rename, deactivate and delete, the protected roles locked.
 */
export default function RolesPage({ companyOptions }: RolesPageProps) {
  const toast = useToast();
  const [page, setPage] = useState(1);
  const [companyId, setCompanyId] = useState('');
  const list = useListRolesQuery({
    page,
    pageSize: PAGE_SIZE.roles,
    sortBy: 'name',
    ...(companyId ? { companyId } : {}),
  });
  const [create, creating] = useCreateRoleMutation();
  const [remove, removing] = useDeleteRoleMutation();
  const [update, updating] = useUpdateRoleMutation();
  const [renaming, setRenaming] = useState<Role | null>(null);
  const [newName, setNewName] = useState<string | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [editing, setEditing] = useState<Role | null>(null);
  const [deleting, setDeleting] = useState<Role | null>(null);
  const company = companyOptions.find((c) => c.companyId === companyId);

  async function submit() {
    try {
      // The role goes where the list is: the picked company, or the platform when none is.
      await create({ name: newName ?? '', ...(companyId ? { companyId } : {}) }).unwrap();
      toast.success(MESSAGES.roles.created);
      setNewName(null);
    } catch (e) {
      setErrors(fieldErrors(e));
      toast.error(errorMessage(e, MESSAGES.toasts.creationFailed));
    }
  }

  async function setActive(role: Role, isActive: boolean) {
    try {
      await update({ id: role.roleId, body: { isActive } }).unwrap();
      toast.success(MESSAGES.roles.updated);
    } catch (e) {
      toast.error(errorMessage(e, MESSAGES.toasts.updateFailed));
    }
  }

  async function confirmDelete() {
    if (!deleting) return;
    try {
      await remove(deleting.roleId).unwrap();
      toast.success(MESSAGES.roles.deleted);
    } catch (e) {
      toast.error(errorMessage(e, MESSAGES.toasts.deleteFailed));
    } finally {
      setDeleting(null);
    }
  }

  return (
    <Stack spacing={2.5}>
      <PageHeader
        title="Roles"
        subtitle="Platform roles and what they allow."
        action={
          <Button
            variant="contained"
            onClick={() => {
              setErrors({});
              setNewName('');
            }}
          >
            New role
          </Button>
        }
      />
      <MainCard>
        <TextField
          select
          size="small"
          label="Company"
          value={companyId}
          onChange={(e) => {
            setCompanyId(e.target.value);
            setPage(1);
          }}
          sx={{ minWidth: 220, mb: 2 }}
        >
          <MenuItem value="">Platform roles</MenuItem>
          {companyOptions.map((c) => (
            <MenuItem key={c.companyId} value={c.companyId}>
              {c.name}
            </MenuItem>
          ))}
        </TextField>
        {list.isFetching && <LinearProgress />}
        {list.isError && (
          <ErrorPanel
            message={errorMessage(list.error, MESSAGES.roles.fetchFailed)}
            onRetry={() => void list.refetch()}
          />
        )}
        {list.data && list.data.items.length === 0 && <EmptyState title="No roles" />}
        {list.data && list.data.items.length > 0 && (
          <>
            <Table size="small">
              <TableHead>
                <TableRow>
                  <TableCell>Role</TableCell>
                  <TableCell>Type</TableCell>
                  <TableCell align="right">Permissions</TableCell>
                  <TableCell>Active</TableCell>
                  <TableCell align="right">Actions</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {list.data.items.map((r) => (
                  <TableRow key={r.roleId}>
                    <TableCell>
                      <Stack direction="row" spacing={0.5} sx={{ alignItems: 'center' }}>
                        <span>{r.name}</span>
                        {isProtected(r) && (
                          <Tooltip title={MESSAGES.companyRoles.protectedRole}>
                            <LockOutlined
                              fontSize="small"
                              color="action"
                              aria-label={`${r.name} is protected`}
                            />
                          </Tooltip>
                        )}
                      </Stack>
                    </TableCell>
                    <TableCell>{r.roleType}</TableCell>
                    <TableCell align="right">{r.permissionCount}</TableCell>
                    <TableCell>
                      <Switch
                        checked={r.isActive}
                        disabled={isProtected(r) || updating.isLoading}
                        onChange={(_e, on) => void setActive(r, on)}
                        slotProps={{ input: { 'aria-label': `${r.name} active` } }}
                      />
                    </TableCell>
                    <TableCell align="right">
                      <IconButton aria-label={`Permissions of ${r.name}`} onClick={() => setEditing(r)}>
                        <ChecklistOutlined />
                      </IconButton>
                      <IconButton
                        aria-label={`Rename ${r.name}`}
                        disabled={isProtected(r)}
                        onClick={() => setRenaming(r)}
                      >
                        <EditOutlined />
                      </IconButton>
                      <IconButton
                        aria-label={`Delete ${r.name}`}
                        disabled={isProtected(r)}
                        onClick={() => setDeleting(r)}
                      >
                        <DeleteOutline />
                      </IconButton>
                    </TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
            <TablePagination
              component="div"
              count={list.data.totalCount}
              page={page - 1}
              rowsPerPage={PAGE_SIZE.roles}
              rowsPerPageOptions={[PAGE_SIZE.roles]}
              onPageChange={(_e, p) => setPage(p + 1)}
            />
          </>
        )}
      </MainCard>
      {newName !== null && (
        <FormDialog
          open
          title={company ? `New role in ${company.name}` : 'New platform role'}
          submitLabel="Create"
          busy={creating.isLoading}
          onSubmit={() => void submit()}
          onClose={() => setNewName(null)}
        >
          <TextField
            label="Name"
            value={newName}
            onChange={(e) => setNewName(e.target.value)}
            error={!!errors.name}
            helperText={errors.name}
            sx={{ mt: 1 }}
            fullWidth
          />
        </FormDialog>
      )}
      {renaming && <RenameRoleDialog role={renaming} onClose={() => setRenaming(null)} />}
      {editing && <RolePermissionsDialog role={editing} onClose={() => setEditing(null)} />}
      <ConfirmDialog
        open={deleting !== null}
        title="Delete role"
        busy={removing.isLoading}
        onConfirm={() => void confirmDelete()}
        onClose={() => setDeleting(null)}
      >
        {`Delete ${deleting?.name ?? ''}?`}
      </ConfirmDialog>
    </Stack>
  );
}
