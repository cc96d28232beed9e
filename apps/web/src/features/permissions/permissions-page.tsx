import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import LinearProgress from '@mui/material/LinearProgress';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import DeleteOutline from '@mui/icons-material/DeleteOutline';
import EditOutlined from '@mui/icons-material/EditOutlined';
import {
  MESSAGES,
  PAGE_SIZE,
  PERMISSION_TYPES,
  permissionLabel,
  USER_SEARCH_DEBOUNCE_MS,
  type PermissionItem,
} from '@taskhive/contract';
import { useState } from 'react';
import { errorMessage } from '../../api/errors';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { EmptyState } from '../../components/empty-state';
import { ErrorPanel } from '../../components/error-panel';
import { MainCard } from '../../components/main-card';
import { PageHeader } from '../../components/page-header';
import { PermissionText } from '../../components/permission-checklist';
import { useDebouncedValue } from '../../hooks/use-debounced-value';
import { useSession } from '../../hooks/use-session';
import { useToast } from '../../hooks/use-toast';
import { PermissionFormDialog, type ModuleOption } from './permission-form-dialog';
import { useDeletePermissionMutation, useListPermissionsQuery } from './permissions-api';

export interface PermissionsPageProps {
  /** The module catalogue (owned by the modules feature, passed in by app/routes). */
  moduleOptions: ModuleOption[];
}

type Editing = { kind: 'create' } | { kind: 'edit'; permission: PermissionItem } | null;

/** /super-admin/permissions: the permission catalogue, 200 to a page, with its create/edit/delete. */
export default function PermissionsPage({ moduleOptions }: PermissionsPageProps) {
  const { can } = useSession();
  const toast = useToast();
  const [search, setSearch] = useState('');
  const [category, setCategory] = useState('');
  const [moduleId, setModuleId] = useState('');
  const [permissionType, setPermissionType] = useState('');
  const debounced = useDebouncedValue(search.trim(), USER_SEARCH_DEBOUNCE_MS);
  const debouncedCategory = useDebouncedValue(category.trim(), USER_SEARCH_DEBOUNCE_MS);
  const type = PERMISSION_TYPES.find((t) => t === permissionType);
  const list = useListPermissionsQuery({
    page: 1,
    pageSize: PAGE_SIZE.permissions,
    ...(debounced ? { search: debounced } : {}),
    ...(debouncedCategory ? { category: debouncedCategory } : {}),
    ...(moduleId ? { moduleId } : {}),
    ...(type ? { permissionType: type } : {}),
  });
  const [editing, setEditing] = useState<Editing>(null);
  const [deleting, setDeleting] = useState<PermissionItem | null>(null);
  const [remove, removing] = useDeletePermissionMutation();

  const confirmDelete = async (p: PermissionItem) => {
    setDeleting(null);
    try {
      await remove(p.permissionId).unwrap();
      toast.success(MESSAGES.permissionsAdmin.deleted);
    } catch (e) {
      toast.error(errorMessage(e, MESSAGES.toasts.deleteFailed));
    }
  };

  const canUpdate = can({ anyOf: ['permission:update'] });
  const canDelete = can({ anyOf: ['permission:delete'] });
  return (
    <Stack spacing={2.5}>
      <PageHeader
        title="Permissions"
        subtitle="Every permission, the module that carries it and its type."
        action={
          can({ anyOf: ['permission:create'] }) && (
            <Button variant="contained" onClick={() => setEditing({ kind: 'create' })}>
              New permission
            </Button>
          )
        }
      />
      <MainCard>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5} sx={{ mb: 2 }}>
          <TextField size="small" label="Search" value={search} onChange={(e) => setSearch(e.target.value)} />
          <TextField
            size="small"
            label="Category"
            value={category}
            onChange={(e) => setCategory(e.target.value)}
          />
          <TextField
            select
            size="small"
            label="Module"
            value={moduleId}
            onChange={(e) => setModuleId(e.target.value)}
            sx={{ minWidth: 160 }}
          >
            <MenuItem value="">All modules</MenuItem>
            {moduleOptions.map((m) => (
              <MenuItem key={m.moduleId} value={m.moduleId}>
                {m.name}
              </MenuItem>
            ))}
          </TextField>
          <TextField
            select
            size="small"
            label="Type"
            value={permissionType}
            onChange={(e) => setPermissionType(e.target.value)}
            sx={{ minWidth: 120 }}
          >
            <MenuItem value="">All types</MenuItem>
            {PERMISSION_TYPES.map((t) => (
              <MenuItem key={t} value={t}>
                {t}
              </MenuItem>
            ))}
          </TextField>
        </Stack>
        {list.isFetching && <LinearProgress />}
        {list.isError && (
          <ErrorPanel
            message={errorMessage(list.error, MESSAGES.permissionsAdmin.fetchFailed)}
            onRetry={() => void list.refetch()}
          />
        )}
        {list.data && list.data.items.length === 0 && <EmptyState title="No permissions" />}
        {list.data && list.data.items.length > 0 && (
          <Table size="small">
            <TableHead>
              <TableRow>
                <TableCell>Permission</TableCell>
                <TableCell>Type</TableCell>
                <TableCell>Category</TableCell>
                <TableCell>Module</TableCell>
                {(canUpdate || canDelete) && <TableCell align="right">Actions</TableCell>}
              </TableRow>
            </TableHead>
            <TableBody>
              {list.data.items.map((p) => (
                <TableRow key={p.permissionId}>
                  <TableCell>
                    <PermissionText name={p.name} />
                  </TableCell>
                  <TableCell>
                    <Chip size="small" label={p.permissionType} />
                  </TableCell>
                  <TableCell>{p.category}</TableCell>
                  <TableCell>{p.moduleName}</TableCell>
                  {(canUpdate || canDelete) && (
                    <TableCell align="right">
                      {canUpdate && (
                        <IconButton
                          size="small"
                          aria-label={`Edit ${permissionLabel(p.name)}`}
                          onClick={() => setEditing({ kind: 'edit', permission: p })}
                        >
                          <EditOutlined fontSize="small" />
                        </IconButton>
                      )}
                      {canDelete && (
                        <IconButton
                          size="small"
                          aria-label={`Delete ${permissionLabel(p.name)}`}
                          disabled={removing.isLoading}
                          onClick={() => setDeleting(p)}
                        >
                          <DeleteOutline fontSize="small" />
                        </IconButton>
                      )}
                    </TableCell>
                  )}
                </TableRow>
              ))}
            </TableBody>
          </Table>
        )}
      </MainCard>
      {editing && (
        <PermissionFormDialog
          moduleOptions={moduleOptions}
          {...(editing.kind === 'edit' ? { permission: editing.permission } : {})}
          onClose={() => setEditing(null)}
        />
      )}
      <ConfirmDialog
        open={deleting !== null}
        title="Delete permission?"
        onConfirm={() => deleting && void confirmDelete(deleting)}
        onClose={() => setDeleting(null)}
      >
        {deleting ? `“${permissionLabel(deleting.name)}” (${deleting.name})` : ''} is taken from every role
        and user that holds it.
      </ConfirmDialog>
    </Stack>
  );
}
