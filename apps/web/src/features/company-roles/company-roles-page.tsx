import AddRounded from '@mui/icons-material/AddRounded';
import DeleteOutlineRounded from '@mui/icons-material/DeleteOutlineRounded';
import EditOutlined from '@mui/icons-material/EditOutlined';
import SearchRounded from '@mui/icons-material/SearchRounded';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import LinearProgress from '@mui/material/LinearProgress';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TablePagination from '@mui/material/TablePagination';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { DEFAULT_PAGE, MESSAGES, type CompanyRole } from '@taskhive/contract';
import { useMemo, useState } from 'react';
import { errorMessage } from '../../api/errors';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { EmptyState } from '../../components/empty-state';
import { ErrorPanel } from '../../components/error-panel';
import { MainCard } from '../../components/main-card';
import { PageHeader } from '../../components/page-header';
import { hideBelowMd, SortableTableHead, type SortableColumn } from '../../components/sortable-table-head';
import { useSession } from '../../hooks/use-session';
import { useToast } from '../../hooks/use-toast';
import { formatDate } from '../../lib/format';
import { useDeleteCompanyRoleMutation, useListCompanyRolesQuery } from './company-roles-api';
import { RoleFormDialog } from './role-form-dialog';
import { applyRoleQuery, DEFAULT_ROLE_QUERY, type RoleQuery, type RoleSortField } from './role-filters';

const COLUMNS: SortableColumn<RoleSortField>[] = [
  { id: 'roleName', label: 'Role' },
  { id: 'isActive', label: 'Status' },
  { id: 'defaultRole', label: 'Default' },
  { id: 'userCount', label: 'Users' },
  { id: 'createdAt', label: 'Created', sx: hideBelowMd },
  { id: 'updatedAt', label: 'Updated', sx: hideBelowMd },
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
  const [query, setQuery] = useState<RoleQuery>(DEFAULT_ROLE_QUERY);
  const [editing, setEditing] = useState<CompanyRole | 'new' | null>(null);
  const [deleting, setDeleting] = useState<CompanyRole | null>(null);
  const [remove, removal] = useDeleteCompanyRoleMutation();
  const { rows, total } = useMemo(() => applyRoleQuery(roles ?? [], query), [roles, query]);
  const canCreate = can({ anyOf: ['companyrole:create'] });
  const canUpdate = can({ anyOf: ['companyrole:update'] });
  const canDelete = can({ anyOf: ['companyrole:delete'] });

  /** Any change but the page goes back to page 1. */
  const change = (patch: Partial<Omit<RoleQuery, 'page'>>) =>
    setQuery((q) => ({ ...q, ...patch, page: DEFAULT_PAGE }));
  const sortBy = (id: RoleSortField) =>
    change({ sortBy: id, sortOrder: query.sortBy === id && query.sortOrder === 'asc' ? 'desc' : 'asc' });

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

  let body;
  if (isLoading) {
    body = <LinearProgress aria-label="Loading roles" />;
  } else if (error) {
    body = (
      <ErrorPanel
        message={errorMessage(error, MESSAGES.companyRoles.fetchFailed)}
        onRetry={() => void refetch()}
      />
    );
  } else if (rows.length === 0) {
    body = (
      <EmptyState
        title={roles && roles.length > 0 ? 'No roles match these filters' : 'No roles yet'}
        description={
          roles && roles.length > 0 ? 'Clear the search or the filters to see every role.' : undefined
        }
      />
    );
  } else {
    body = (
      <>
        <TableContainer>
          <Table size="small" aria-label="Company roles">
            <SortableTableHead
              columns={COLUMNS}
              sortBy={query.sortBy}
              sortOrder={query.sortOrder}
              onSort={sortBy}
              actionsLabel="Actions"
            />
            <TableBody>
              {rows.map((r) => {
                const blocker = deleteBlocker(r);
                return (
                  <TableRow key={r.companyRoleId} hover>
                    <TableCell>
                      <Typography variant="subtitle2" component="span">
                        {r.roleName}
                      </Typography>
                      {r.description && (
                        <Typography
                          variant="body2"
                          color="text.secondary"
                          sx={{ display: { xs: 'none', sm: 'block' } }}
                        >
                          {r.description}
                        </Typography>
                      )}
                    </TableCell>
                    <TableCell>
                      <Chip
                        size="small"
                        label={r.isActive ? 'Active' : 'Inactive'}
                        color={r.isActive ? 'success' : 'default'}
                        variant={r.isActive ? 'filled' : 'outlined'}
                      />
                    </TableCell>
                    <TableCell>
                      {r.defaultRole ? <Chip size="small" label="Default" color="primary" /> : '—'}
                    </TableCell>
                    <TableCell>{r.userCount}</TableCell>
                    <TableCell sx={hideBelowMd}>{formatDate(r.createdAt)}</TableCell>
                    <TableCell sx={hideBelowMd}>{formatDate(r.updatedAt)}</TableCell>
                    <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
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
                    </TableCell>
                  </TableRow>
                );
              })}
            </TableBody>
          </Table>
        </TableContainer>
        <TablePagination
          component="div"
          count={total}
          page={query.page - 1}
          rowsPerPage={query.pageSize}
          rowsPerPageOptions={[DEFAULT_ROLE_QUERY.pageSize, 25, 50]}
          onPageChange={(_e, p) => setQuery((q) => ({ ...q, page: p + 1 }))}
          onRowsPerPageChange={(e) => change({ pageSize: Number(e.target.value) })}
        />
      </>
    );
  }

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
            value={query.search}
            onChange={(e) => change({ search: e.target.value })}
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
            onChange={(e) => change({ isActive: e.target.value })}
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
              change({ defaultRole: e.target.value === '' ? null : e.target.value === 'true' })
            }
            slotProps={{ inputLabel: { shrink: true }, select: { displayEmpty: true } }}
            sx={{ maxWidth: { md: 180 } }}
          >
            <MenuItem value="">All</MenuItem>
            <MenuItem value="true">Default role</MenuItem>
            <MenuItem value="false">Other roles</MenuItem>
          </TextField>
        </Stack>
        {body}
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
