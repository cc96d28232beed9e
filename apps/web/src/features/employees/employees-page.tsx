import AddRounded from '@mui/icons-material/AddRounded';
import DeleteOutlineRounded from '@mui/icons-material/DeleteOutlineRounded';
import EditOutlined from '@mui/icons-material/EditOutlined';
import SearchRounded from '@mui/icons-material/SearchRounded';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Grid from '@mui/material/Grid';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import Link from '@mui/material/Link';
import ListItemText from '@mui/material/ListItemText';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { skipToken } from '@reduxjs/toolkit/query/react';
import {
  MAX_PAGE_SIZE,
  MESSAGES,
  USER_STATUSES,
  type UserProfile,
  type UserStatus,
} from '@taskhive/contract';
import { useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { useListCompanyRolesQuery } from '../../api/company-roles-api';
import { useListDepartmentsQuery } from '../../api/departments-api';
import { DEFAULT_EMPLOYEE_QUERY, type EmployeeSortField } from '../../api/employee-query';
import { errorMessage } from '../../api/errors';
import { useListEmployeesQuery } from '../../api/users-api';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { ListTable, type ListColumn } from '../../components/list-table';
import { MainCard } from '../../components/main-card';
import { PageHeader } from '../../components/page-header';
import { hideBelowMd } from '../../components/sortable-table-head';
import { UserAvatar } from '../../components/user-avatar';
import { useListQuery } from '../../hooks/use-list-query';
import { useSession } from '../../hooks/use-session';
import { useToast } from '../../hooks/use-toast';
import { formatDate } from '../../lib/format';
import { EmployeeFormDialog } from './employee-form-dialog';
import { EmployeeStatusChip } from './employee-status-chip';
import { useDeleteEmployeeMutation } from './employees-api';

/** The Role column gives way on phones (Department and Joined below md). */
const smUp = { display: { xs: 'none', sm: 'table-cell' } };

const COLUMNS: ListColumn<UserProfile, EmployeeSortField>[] = [
  {
    id: 'firstName',
    label: 'Name',
    cell: (u) => (
      <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center', minWidth: 180 }}>
        <UserAvatar firstName={u.firstName} lastName={u.lastName} photoUrl={u.profilePhotoUrl} size={36} />
        <div style={{ minWidth: 0 }}>
          <Link component={RouterLink} to={`/app/employee-profile/${u.userId}`} underline="hover">
            {u.firstName} {u.lastName}
          </Link>
          <Typography variant="body2" color="text.secondary" noWrap>
            {u.email}
          </Typography>
        </div>
      </Stack>
    ),
  },
  { id: 'roleName', label: 'Role', sx: smUp, cell: (u) => u.roleName ?? '—' },
  { id: 'departmentName', label: 'Department', sx: hideBelowMd, cell: (u) => u.departmentName ?? '—' },
  { id: 'status', label: 'Status', cell: (u) => <EmployeeStatusChip status={u.status} /> },
  {
    id: 'createdAt',
    label: 'Joined',
    sx: hideBelowMd,
    cellSx: { ...hideBelowMd, whiteSpace: 'nowrap' },
    cell: (u) => formatDate(u.createdAt),
  },
];

/** Departments to filter and assign by (the list stays small: one page of the largest size). */
const DEPARTMENT_OPTIONS = { page: 1, pageSize: MAX_PAGE_SIZE };

/** A multiple-choice filter box. */
function MultiFilter({
  label,
  value,
  options,
  onChange,
}: {
  label: string;
  value: string[];
  options: { value: string; label: string }[];
  onChange: (next: string[]) => void;
}) {
  return (
    <TextField
      select
      size="small"
      label={label}
      value={value}
      onChange={(e) => {
        const v: unknown = e.target.value;
        onChange(Array.isArray(v) ? v.map(String) : String(v).split(',').filter(Boolean));
      }}
      slotProps={{
        select: {
          multiple: true,
          renderValue: (selected) => {
            const list = selected as string[];
            return list.length === 0
              ? 'All'
              : list.map((s) => options.find((o) => o.value === s)?.label ?? s).join(', ');
          },
          displayEmpty: true,
        },
        inputLabel: { shrink: true },
      }}
    >
      {options.map((o) => (
        <MenuItem key={o.value} value={o.value} dense>
          <Checkbox size="small" checked={value.includes(o.value)} sx={{ p: 0.5, mr: 1 }} />
          <ListItemText primary={o.label} />
        </MenuItem>
      ))}
    </TextField>
  );
}

/** /app/employee and /app/company-management: the company's people. */
export default function EmployeesPage() {
  const toast = useToast();
  const { can, user } = useSession();
  const list = useListQuery(DEFAULT_EMPLOYEE_QUERY);
  const { query, update } = list;
  const { data, currentData, error, isLoading, isFetching, refetch } = useListEmployeesQuery(query);
  const { data: roles = [] } = useListCompanyRolesQuery(
    can({ anyOf: ['companyrole:read'] }) ? undefined : skipToken,
  );
  const { data: departments = [] } = useListDepartmentsQuery(
    can({ anyOf: ['department:read'] }) ? DEPARTMENT_OPTIONS : skipToken,
    { selectFromResult: ({ data: page }) => ({ data: page?.items }) },
  );
  const [remove] = useDeleteEmployeeMutation();
  const [editing, setEditing] = useState<UserProfile | 'new' | null>(null);
  const [deleting, setDeleting] = useState<UserProfile | null>(null);
  const canCreate = can({ anyOf: ['employee:create'] });
  const canUpdate = can({ anyOf: ['employee:update'] });
  const canDelete = can({ anyOf: ['employee:delete'] });
  const shown = currentData ?? data;

  const onDelete = async () => {
    if (!deleting) return;
    const victim = deleting;
    setDeleting(null);
    try {
      await remove(victim.userId).unwrap();
      toast.success(MESSAGES.users.deleted);
    } catch (err) {
      toast.error(errorMessage(err, MESSAGES.users.deleteFailed));
    }
  };

  const filtered =
    query.search !== '' ||
    query.statusNames.length + query.roleNames.length + query.departmentNames.length > 0;

  const actions = (u: UserProfile) => {
    const self = u.userId === user?.userId;
    return (
      <>
        {canUpdate && (
          <IconButton aria-label={`Edit ${u.firstName} ${u.lastName}`} onClick={() => setEditing(u)}>
            <EditOutlined />
          </IconButton>
        )}
        {canDelete && (
          <Tooltip title={self ? MESSAGES.users.cannotDeleteSelf : 'Delete'}>
            <span>
              <IconButton
                aria-label={`Delete ${u.firstName} ${u.lastName}`}
                disabled={self}
                onClick={() => setDeleting(u)}
              >
                <DeleteOutlineRounded />
              </IconButton>
            </span>
          </Tooltip>
        )}
      </>
    );
  };

  return (
    <Stack spacing={3}>
      <PageHeader
        title="Employees"
        subtitle={
          shown
            ? `${shown.totalCount} ${shown.totalCount === 1 ? 'person' : 'people'}`
            : 'Everyone in your company'
        }
        action={
          canCreate && (
            <Button variant="contained" startIcon={<AddRounded />} onClick={() => setEditing('new')}>
              Invite employee
            </Button>
          )
        }
      />
      <MainCard>
        <Grid container spacing={2} sx={{ mb: 2 }}>
          <Grid size={{ xs: 12, md: 3 }}>
            <TextField
              size="small"
              placeholder="Search name or email"
              value={list.searchInput}
              onChange={(e) => list.setSearchInput(e.target.value)}
              slotProps={{
                htmlInput: { 'aria-label': 'Search employees' },
                input: {
                  startAdornment: (
                    <InputAdornment position="start">
                      <SearchRounded fontSize="small" />
                    </InputAdornment>
                  ),
                },
              }}
            />
          </Grid>
          <Grid size={{ xs: 12, sm: 4, md: 3 }}>
            <MultiFilter
              label="Status"
              value={query.statusNames}
              options={USER_STATUSES.map((s) => ({ value: s, label: s[0]?.toUpperCase() + s.slice(1) }))}
              onChange={(v) => update({ statusNames: v as UserStatus[] })}
            />
          </Grid>
          <Grid size={{ xs: 12, sm: 4, md: 3 }}>
            <MultiFilter
              label="Role"
              value={query.roleNames}
              options={roles.map((r) => ({ value: r.roleName, label: r.roleName }))}
              onChange={(v) => update({ roleNames: v })}
            />
          </Grid>
          <Grid size={{ xs: 12, sm: 4, md: 3 }}>
            <MultiFilter
              label="Department"
              value={query.departmentNames}
              options={departments.map((d) => ({ value: d.name, label: d.name }))}
              onChange={(v) => update({ departmentNames: v })}
            />
          </Grid>
        </Grid>
        <ListTable
          label="Employees"
          noun="employees"
          columns={COLUMNS}
          rows={shown?.items}
          rowKey={(u) => u.userId}
          rowProps={{ 'data-testid': 'employee-row' }}
          actions={actions}
          total={shown?.totalCount ?? 0}
          page={query.page}
          pageSize={query.pageSize}
          pageSizeOptions={[query.pageSize]}
          onPageChange={list.setPage}
          sortBy={query.sortBy}
          sortOrder={query.sortOrder}
          onSort={list.toggleSort}
          isLoading={isLoading}
          isFetching={isFetching}
          error={currentData ? undefined : error}
          errorFallback={MESSAGES.users.fetchFailed}
          onRetry={() => void refetch()}
          empty={
            filtered
              ? {
                  title: 'No employees match these filters',
                  description: 'Clear the search or the filters to see everyone.',
                }
              : { title: 'No employees yet', description: 'Invite your first colleague.' }
          }
        />
      </MainCard>
      {editing && (
        <EmployeeFormDialog
          employee={editing === 'new' ? undefined : editing}
          roles={roles}
          departments={departments}
          onClose={() => setEditing(null)}
        />
      )}
      <ConfirmDialog
        open={Boolean(deleting)}
        title="Delete employee?"
        onConfirm={() => void onDelete()}
        onClose={() => setDeleting(null)}
      >
        {deleting?.firstName} {deleting?.lastName} is deactivated and signed out everywhere. Their work stays
        in the company.
      </ConfirmDialog>
    </Stack>
  );
}
