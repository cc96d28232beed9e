import AddRounded from '@mui/icons-material/AddRounded';
import DeleteOutlineRounded from '@mui/icons-material/DeleteOutlineRounded';
import EditOutlined from '@mui/icons-material/EditOutlined';
import SearchRounded from '@mui/icons-material/SearchRounded';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import LinearProgress from '@mui/material/LinearProgress';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TablePagination from '@mui/material/TablePagination';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import {
  DEFAULT_PAGE,
  MESSAGES,
  PAGE_SIZE,
  USER_SEARCH_DEBOUNCE_MS,
  type Department,
  type DepartmentListQuery,
} from '@taskhive/contract';
import { useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { errorMessage } from '../../api/errors';
import { EmptyState } from '../../components/empty-state';
import { ErrorPanel } from '../../components/error-panel';
import { MainCard } from '../../components/main-card';
import { PageHeader } from '../../components/page-header';
import { hideBelowMd, SortableTableHead, type SortableColumn } from '../../components/sortable-table-head';
import { useDebouncedValue } from '../../hooks/use-debounced-value';
import { useSession } from '../../hooks/use-session';
import { formatDate } from '../../lib/format';
import { DeleteDepartmentDialog } from './delete-department-dialog';
import { DepartmentFormDialog } from './department-form-dialog';
import { useListDepartmentsQuery } from './departments-api';

type SortBy = DepartmentListQuery['sortBy'];

const COLUMNS: SortableColumn<SortBy>[] = [
  { id: 'name', label: 'Department' },
  { id: null, label: 'Manager' },
  { id: 'memberCount', label: 'Members' },
  { id: 'updatedAt', label: 'Updated', sx: hideBelowMd },
];

/** /app/department: the company's departments. */
export default function DepartmentsPage() {
  const { can } = useSession();
  const [searchInput, setSearchInput] = useState('');
  const search = useDebouncedValue(searchInput.trim(), USER_SEARCH_DEBOUNCE_MS);
  const [sort, setSort] = useState<{ sortBy: SortBy; sortOrder: 'asc' | 'desc' }>({
    sortBy: 'name',
    sortOrder: 'asc',
  });
  const [paging, setPaging] = useState<{ page: number; pageSize: number; key: string }>({
    page: DEFAULT_PAGE,
    pageSize: PAGE_SIZE.departmentsFetch,
    key: '',
  });
  // A new search or sort starts again from page 1.
  const key = `${search}|${sort.sortBy}|${sort.sortOrder}`;
  const page = paging.key === key ? paging.page : DEFAULT_PAGE;
  const { data, error, isLoading, isFetching, refetch } = useListDepartmentsQuery({
    page,
    pageSize: paging.pageSize,
    ...sort,
    ...(search ? { search } : {}),
  });
  const [editing, setEditing] = useState<Department | 'new' | null>(null);
  const [deleting, setDeleting] = useState<Department | null>(null);
  const canCreate = can({ anyOf: ['department:create'] });
  const canUpdate = can({ anyOf: ['department:update'] });
  const canDelete = can({ anyOf: ['department:delete'] });

  const sortBy = (id: SortBy) =>
    setSort((s) => ({ sortBy: id, sortOrder: s.sortBy === id && s.sortOrder === 'asc' ? 'desc' : 'asc' }));

  let body;
  if (isLoading) {
    body = <LinearProgress aria-label="Loading departments" />;
  } else if (error) {
    body = (
      <ErrorPanel
        message={errorMessage(error, MESSAGES.departments.fetchFailed)}
        onRetry={() => void refetch()}
      />
    );
  } else if (!data || data.items.length === 0) {
    body = (
      <EmptyState
        title={search ? 'No departments match your search' : 'No departments yet'}
        description={search ? undefined : 'Create a department to group your people.'}
      />
    );
  } else {
    body = (
      <>
        {isFetching && <LinearProgress aria-label="Updating departments" sx={{ mb: -0.5 }} />}
        <TableContainer>
          <Table size="small" aria-label="Departments">
            <SortableTableHead
              columns={COLUMNS}
              sortBy={sort.sortBy}
              sortOrder={sort.sortOrder}
              onSort={sortBy}
              actionsLabel="Actions"
            />
            <TableBody>
              {data.items.map((d) => (
                <TableRow key={d.deptId} hover>
                  <TableCell>
                    <Link component={RouterLink} to={`/app/departments/${d.deptId}`} underline="hover">
                      {d.name}
                    </Link>
                    {d.description && (
                      <Typography
                        variant="body2"
                        color="text.secondary"
                        sx={{ display: { xs: 'none', sm: 'block' } }}
                      >
                        {d.description}
                      </Typography>
                    )}
                  </TableCell>
                  <TableCell>{d.managerName ?? '—'}</TableCell>
                  <TableCell>{d.memberCount}</TableCell>
                  <TableCell sx={hideBelowMd}>{formatDate(d.updatedAt)}</TableCell>
                  <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                    {canUpdate && (
                      <IconButton aria-label={`Edit ${d.name}`} onClick={() => setEditing(d)}>
                        <EditOutlined />
                      </IconButton>
                    )}
                    {canDelete && (
                      <IconButton aria-label={`Delete ${d.name}`} onClick={() => setDeleting(d)}>
                        <DeleteOutlineRounded />
                      </IconButton>
                    )}
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </TableContainer>
        <TablePagination
          component="div"
          count={data.totalCount}
          page={page - 1}
          rowsPerPage={paging.pageSize}
          rowsPerPageOptions={[10, PAGE_SIZE.departmentsFetch, 50]}
          onPageChange={(_e, p) => setPaging((s) => ({ ...s, key, page: p + 1 }))}
          onRowsPerPageChange={(e) =>
            setPaging({ key, page: DEFAULT_PAGE, pageSize: Number(e.target.value) })
          }
        />
      </>
    );
  }

  return (
    <Stack spacing={3}>
      <PageHeader
        title="Departments"
        subtitle="How your company is organised, and who leads each part."
        action={
          canCreate && (
            <Button variant="contained" startIcon={<AddRounded />} onClick={() => setEditing('new')}>
              New department
            </Button>
          )
        }
      />
      <MainCard>
        <TextField
          size="small"
          placeholder="Search departments"
          value={searchInput}
          onChange={(e) => setSearchInput(e.target.value)}
          slotProps={{
            htmlInput: { 'aria-label': 'Search departments' },
            input: {
              startAdornment: (
                <InputAdornment position="start">
                  <SearchRounded fontSize="small" />
                </InputAdornment>
              ),
            },
          }}
          sx={{ maxWidth: { sm: 320 }, mb: 2 }}
        />
        {body}
      </MainCard>
      {editing && (
        <DepartmentFormDialog
          department={editing === 'new' ? undefined : editing}
          onClose={() => setEditing(null)}
        />
      )}
      <DeleteDepartmentDialog department={deleting} onClose={() => setDeleting(null)} />
    </Stack>
  );
}
