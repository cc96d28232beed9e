import AddRounded from '@mui/icons-material/AddRounded';
import DeleteOutlineRounded from '@mui/icons-material/DeleteOutlineRounded';
import EditOutlined from '@mui/icons-material/EditOutlined';
import SearchRounded from '@mui/icons-material/SearchRounded';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Grid from '@mui/material/Grid';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import LinearProgress from '@mui/material/LinearProgress';
import Link from '@mui/material/Link';
import ListItemText from '@mui/material/ListItemText';
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
import { skipToken } from '@reduxjs/toolkit/query/react';
import {
  MESSAGES,
  USER_SEARCH_DEBOUNCE_MS,
  USER_STATUSES,
  type UserProfile,
  type UserStatus,
} from '@taskhive/contract';
import { useEffect, useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { errorMessage } from '../../api/errors';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { EmptyState } from '../../components/empty-state';
import { ErrorPanel } from '../../components/error-panel';
import { MainCard } from '../../components/main-card';
import { PageHeader } from '../../components/page-header';
import { hideBelowMd, SortableTableHead, type SortableColumn } from '../../components/sortable-table-head';
import { UserAvatar } from '../../components/user-avatar';
import { useDebouncedValue } from '../../hooks/use-debounced-value';
import { useSession } from '../../hooks/use-session';
import { useToast } from '../../hooks/use-toast';
import { formatDate } from '../../lib/format';
import { EmployeeFormDialog } from './employee-form-dialog';
import {
  changeEmployeeQuery,
  DEFAULT_EMPLOYEE_QUERY,
  type EmployeeQuery,
  type EmployeeSortField,
} from './employee-query';
import { EmployeeStatusChip } from './employee-status-chip';
import {
  useDeleteEmployeeMutation,
  useEmployeeDepartmentOptionsQuery,
  useEmployeeRoleOptionsQuery,
  useListEmployeesQuery,
} from './employees-api';

/** The Role column gives way on phones (Department and Joined below md). */
const smUp = { display: { xs: 'none', sm: 'table-cell' } };

const COLUMNS: SortableColumn<EmployeeSortField>[] = [
  { id: 'firstName', label: 'Name' },
  { id: 'roleName', label: 'Role', sx: smUp },
  { id: 'departmentName', label: 'Department', sx: hideBelowMd },
  { id: 'status', label: 'Status' },
  { id: 'createdAt', label: 'Joined', sx: hideBelowMd },
];

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
  const [query, setQuery] = useState<EmployeeQuery>(DEFAULT_EMPLOYEE_QUERY);
  const [searchInput, setSearchInput] = useState('');
  const search = useDebouncedValue(searchInput.trim(), USER_SEARCH_DEBOUNCE_MS);
  const update = (patch: Partial<EmployeeQuery>) => setQuery((q) => changeEmployeeQuery(q, patch));

  useEffect(() => {
    setQuery((q) => (q.search === search ? q : changeEmployeeQuery(q, { search })));
  }, [search]);

  const { data, currentData, error, isLoading, isFetching, refetch } = useListEmployeesQuery(query);
  const { data: roles = [] } = useEmployeeRoleOptionsQuery(
    can({ anyOf: ['companyrole:read'] }) ? undefined : skipToken,
  );
  const { data: departments = [] } = useEmployeeDepartmentOptionsQuery(
    can({ anyOf: ['department:read'] }) ? undefined : skipToken,
  );
  const [remove] = useDeleteEmployeeMutation();
  const [editing, setEditing] = useState<UserProfile | 'new' | null>(null);
  const [deleting, setDeleting] = useState<UserProfile | null>(null);
  const canCreate = can({ anyOf: ['employee:create'] });
  const canUpdate = can({ anyOf: ['employee:update'] });
  const canDelete = can({ anyOf: ['employee:delete'] });
  const shown = currentData ?? data;

  const sortBy = (id: EmployeeSortField) =>
    update({ sortBy: id, sortOrder: query.sortBy === id && query.sortOrder === 'asc' ? 'desc' : 'asc' });

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

  let body;
  if (isLoading) {
    body = <LinearProgress aria-label="Loading employees" />;
  } else if (error && !currentData) {
    body = (
      <ErrorPanel message={errorMessage(error, MESSAGES.users.fetchFailed)} onRetry={() => void refetch()} />
    );
  } else if (!shown || shown.items.length === 0) {
    body = (
      <EmptyState
        title={filtered ? 'No employees match these filters' : 'No employees yet'}
        description={
          filtered ? 'Clear the search or the filters to see everyone.' : 'Invite your first colleague.'
        }
      />
    );
  } else {
    body = (
      <>
        {isFetching && <LinearProgress aria-label="Updating employees" sx={{ mb: -0.5 }} />}
        <TableContainer>
          <Table size="small" aria-label="Employees">
            <SortableTableHead
              columns={COLUMNS}
              sortBy={query.sortBy}
              sortOrder={query.sortOrder}
              onSort={sortBy}
              actionsLabel="Actions"
            />
            <TableBody>
              {shown.items.map((u) => {
                const self = u.userId === user?.userId;
                return (
                  <TableRow key={u.userId} hover data-testid="employee-row">
                    <TableCell>
                      <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center', minWidth: 180 }}>
                        <UserAvatar
                          firstName={u.firstName}
                          lastName={u.lastName}
                          photoUrl={u.profilePhotoUrl}
                          size={36}
                        />
                        <div style={{ minWidth: 0 }}>
                          <Link
                            component={RouterLink}
                            to={`/app/employee-profile/${u.userId}`}
                            underline="hover"
                          >
                            {u.firstName} {u.lastName}
                          </Link>
                          <Typography variant="body2" color="text.secondary" noWrap>
                            {u.email}
                          </Typography>
                        </div>
                      </Stack>
                    </TableCell>
                    <TableCell sx={smUp}>{u.roleName ?? '—'}</TableCell>
                    <TableCell sx={hideBelowMd}>{u.departmentName ?? '—'}</TableCell>
                    <TableCell>
                      <EmployeeStatusChip status={u.status} />
                    </TableCell>
                    <TableCell sx={{ ...hideBelowMd, whiteSpace: 'nowrap' }}>
                      {formatDate(u.createdAt)}
                    </TableCell>
                    <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                      {canUpdate && (
                        <IconButton
                          aria-label={`Edit ${u.firstName} ${u.lastName}`}
                          onClick={() => setEditing(u)}
                        >
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
                    </TableCell>
                  </TableRow>
                );
              })}
            </TableBody>
          </Table>
        </TableContainer>
        <TablePagination
          component="div"
          count={shown.totalCount}
          page={query.page - 1}
          rowsPerPage={query.pageSize}
          rowsPerPageOptions={[query.pageSize]}
          onPageChange={(_e, p) => update({ page: p + 1 })}
        />
      </>
    );
  }

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
              value={searchInput}
              onChange={(e) => setSearchInput(e.target.value)}
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
        {body}
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
