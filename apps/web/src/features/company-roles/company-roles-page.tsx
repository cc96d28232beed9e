import AddRounded from '@mui/icons-material/AddRounded';
import DeleteOutlineRounded from '@mui/icons-material/DeleteOutlineRounded';
import EditOutlined from '@mui/icons-material/EditOutlined';
import SearchRounded from '@mui/icons-material/SearchRounded';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { MESSAGES, permissionLabel, type CompanyRole } from '@taskhive/contract';
import { useMemo, useState } from 'react';
import { useListCompanyRolesQuery } from '../../api/company-roles-api';
import { errorMessage } from '../../api/errors';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { MainCard } from '../../components/main-card';
import { PageHeader } from '../../components/page-header';
import { hideBelowMd } from '../../components/sortable-table-head';
import { useListQuery } from '../../hooks/use-list-query';
import { ListTable, type ListColumn } from '../../components/list-table';
import { useSession } from '../../hooks/use-session';
import { useToast } from '../../hooks/use-toast';
import { formatDate } from '../../lib/format';
import { useDeleteCompanyRoleMutation } from './company-roles-api';
import { RoleFormDialog } from './role-form-dialog';
import { applyRoleQuery, DEFAULT_ROLE_QUERY, type RoleSortField } from './role-filters';

/** What a role may do, in words: the first few permissions and how many more. */
function permissionSummary(names: readonly string[]): string {
  if (names.length === 0) return 'No permissions yet';
  const shown = names.slice(0, 3).map(permissionLabel).join(', ');
  return names.length > 3 ? `${shown} and ${names.length - 3} more` : shown;
}

const COLUMNS: ListColumn<CompanyRole, RoleSortField>[] = [
  {
    id: 'roleName',
    label: 'Role',
    cell: (r) => (
      <>
        <Typography variant="subtitle2" component="span">
          {r.roleName}
        </Typography>
        {r.description && (
          <Typography variant="body2" color="text.secondary" sx={{ display: { xs: 'none', sm: 'block' } }}>
            {r.description}
          </Typography>
        )}
      </>
    ),
  },
  {
    label: 'Permissions',
    sx: hideBelowMd,
    cell: (r) => (
      <Typography variant="body2" color="text.secondary" sx={{ maxWidth: 320 }}>
        {permissionSummary(r.permissions)}
      </Typography>
    ),
  },
  {
    id: 'isActive',
    label: 'Status',
    cell: (r) => (
      <Chip
        size="small"
        label={r.isActive ? 'Active' : 'Inactive'}
        color={r.isActive ? 'success' : 'default'}
        variant={r.isActive ? 'filled' : 'outlined'}
      />
    ),
  },
  {
    id: 'defaultRole',
    label: 'Default',
    cell: (r) => (r.defaultRole ? <Chip size="small" label="Default" color="primary" /> : '—'),
  },
  { id: 'userCount', label: 'Users', cell: (r) => r.userCount },
  { id: 'createdAt', label: 'Created', sx: hideBelowMd, cell: (r) => formatDate(r.createdAt) },
  { id: 'updatedAt', label: 'Updated', sx: hideBelowMd, cell: (r) => formatDate(r.updatedAt) },
];

/** Why a role cannot be deleted, or null when it can. */
function deleteBlocker(role: CompanyRole): string | null {
  if (role.isProtected) return MESSAGES.companyRoles.protectedRole;
  if (role.defaultRole) return MESSAGES.companyRoles.defaultCannotBeDeleted;
  if (role.userCount > 0) return MESSAGES.companyRoles.inUse;
  return null;
}

/** /app/role: the company's roles, fetched once and searched, filtered, sorted and paged here. */
export default function CompanyRolesPage() {
  const toast = useToast();
  const { can } = useSession();
  const { data: roles, error, isLoading, refetch } = useListCompanyRolesQuery();
  // Filtered in the browser, so the search applies as the user types.
  const list = useListQuery(DEFAULT_ROLE_QUERY, { debounceMs: 0 });
  const { query, update } = list;
  const [editing, setEditing] = useState<CompanyRole | 'new' | null>(null);
  const [deleting, setDeleting] = useState<CompanyRole | null>(null);
  const [remove, removal] = useDeleteCompanyRoleMutation();
  const { rows, total } = useMemo(() => applyRoleQuery(roles ?? [], query), [roles, query]);
  const canCreate = can({ anyOf: ['companyrole:create'] });
  const canUpdate = can({ anyOf: ['companyrole:update'] });
  const canDelete = can({ anyOf: ['companyrole:delete'] });

  const onDelete = async () => {
    if (!deleting) return;
    try {
      await remove(deleting.companyRoleId).unwrap();
      toast.success(MESSAGES.companyRoles.deleted);
      setDeleting(null);
    } catch (err) {
      toast.error(errorMessage(err, MESSAGES.toasts.deleteFailed));
    }
  };

  return (
    <Stack spacing={3}>
      <PageHeader
        title="Roles"
        subtitle="The roles your company gives its people."
        action={
          canCreate && (
            <Button variant="contained" startIcon={<AddRounded />} onClick={() => setEditing('new')}>
              New role
            </Button>
          )
        }
      />
      <MainCard>
        <Stack direction={{ xs: 'column', md: 'row' }} spacing={2} sx={{ mb: 2 }}>
          <TextField
            size="small"
            placeholder="Search roles"
            value={list.searchInput}
            onChange={(e) => list.setSearchInput(e.target.value)}
            slotProps={{
              htmlInput: { 'aria-label': 'Search roles' },
              input: {
                startAdornment: (
                  <InputAdornment position="start">
                    <SearchRounded fontSize="small" />
                  </InputAdornment>
                ),
              },
            }}
            sx={{ maxWidth: { md: 320 } }}
          />
          <TextField
            select
            size="small"
            label="Status"
            value={query.isActive}
            onChange={(e) => update({ isActive: e.target.value })}
            slotProps={{ inputLabel: { shrink: true }, select: { displayEmpty: true } }}
            sx={{ maxWidth: { md: 180 } }}
          >
            <MenuItem value="">All</MenuItem>
            <MenuItem value="true">Active</MenuItem>
            <MenuItem value="false">Inactive</MenuItem>
          </TextField>
          <TextField
            select
            size="small"
            label="Default"
            value={query.defaultRole === null ? '' : String(query.defaultRole)}
            onChange={(e) =>
              update({ defaultRole: e.target.value === '' ? null : e.target.value === 'true' })
            }
            slotProps={{ inputLabel: { shrink: true }, select: { displayEmpty: true } }}
            sx={{ maxWidth: { md: 180 } }}
          >
            <MenuItem value="">All</MenuItem>
            <MenuItem value="true">Default role</MenuItem>
            <MenuItem value="false">Other roles</MenuItem>
          </TextField>
        </Stack>
        <ListTable
          label="Company roles"
          noun="roles"
          columns={COLUMNS}
          rows={roles ? rows : undefined}
          rowKey={(r) => r.companyRoleId}
          actions={(r) => {
            const blocker = deleteBlocker(r);
            return (
              <>
                {canUpdate && (
                  <IconButton aria-label={`Edit ${r.roleName}`} onClick={() => setEditing(r)}>
                    <EditOutlined />
                  </IconButton>
                )}
                {canDelete && (
                  <Tooltip title={blocker ?? 'Delete'}>
                    <span>
                      <IconButton
                        aria-label={`Delete ${r.roleName}`}
                        disabled={Boolean(blocker)}
                        onClick={() => setDeleting(r)}
                      >
                        <DeleteOutlineRounded />
                      </IconButton>
                    </span>
                  </Tooltip>
                )}
              </>
            );
          }}
          total={total}
          page={query.page}
          pageSize={query.pageSize}
          pageSizeOptions={[DEFAULT_ROLE_QUERY.pageSize, 25, 50]}
          onPageChange={list.setPage}
          onPageSizeChange={list.setPageSize}
          sortBy={query.sortBy}
          sortOrder={query.sortOrder}
          onSort={list.toggleSort}
          isLoading={isLoading}
          error={error}
          errorFallback={MESSAGES.companyRoles.fetchFailed}
          onRetry={() => void refetch()}
          empty={
            roles && roles.length > 0
              ? {
                  title: 'No roles match these filters',
                  description: 'Clear the search or the filters to see every role.',
                }
              : { title: 'No roles yet' }
          }
        />
      </MainCard>
      {editing && (
        <RoleFormDialog role={editing === 'new' ? undefined : editing} onClose={() => setEditing(null)} />
      )}
      <ConfirmDialog
        open={Boolean(deleting)}
        title="Delete role?"
        busy={removal.isLoading}
        onConfirm={() => void onDelete()}
        onClose={() => setDeleting(null)}
      >
        The role {deleting?.roleName} will be removed from your company.
      </ConfirmDialog>
    </Stack>
  );
}
