import AddRounded from '@mui/icons-material/AddRounded';
import DeleteOutlineRounded from '@mui/icons-material/DeleteOutlineRounded';
import EditOutlined from '@mui/icons-material/EditOutlined';
import SearchRounded from '@mui/icons-material/SearchRounded';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import {
  DEFAULT_PAGE,
  MESSAGES,
  PAGE_SIZE,
  type Department,
  type DepartmentListQuery,
} from '@taskhive/contract';
import { useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { useListDepartmentsQuery } from '../../api/departments-api';
import { MainCard } from '../../components/main-card';
import { PageHeader } from '../../components/page-header';
import { hideBelowMd } from '../../components/sortable-table-head';
import { useListQuery, type ListQueryBase } from '../../hooks/use-list-query';
import { ListTable, type ListColumn } from '../../components/list-table';
import { useSession } from '../../hooks/use-session';
import { formatDate } from '../../lib/format';
import { DeleteDepartmentDialog } from './delete-department-dialog';
import { DepartmentFormDialog } from './department-form-dialog';

type SortBy = DepartmentListQuery['sortBy'];

const COLUMNS: ListColumn<Department, SortBy>[] = [
  {
    id: 'name',
    label: 'Department',
    cell: (d) => (
      <>
        <Link component={RouterLink} to={`/app/departments/${d.deptId}`} underline="hover">
          {d.name}
        </Link>
        {d.description && (
          <Typography variant="body2" color="text.secondary" sx={{ display: { xs: 'none', sm: 'block' } }}>
            {d.description}
          </Typography>
        )}
      </>
    ),
  },
  { id: null, label: 'Manager', cell: (d) => d.managerName ?? '—' },
  { id: 'memberCount', label: 'Members', cell: (d) => d.memberCount },
  { id: 'updatedAt', label: 'Updated', sx: hideBelowMd, cell: (d) => formatDate(d.updatedAt) },
];

const DEFAULT_QUERY: ListQueryBase<SortBy> = {
  page: DEFAULT_PAGE,
  pageSize: PAGE_SIZE.departmentsFetch,
  sortBy: 'name',
  sortOrder: 'asc',
  search: '',
};

/** The list's query string: no empty search. */
function departmentListArgs({ search, ...rest }: ListQueryBase<SortBy>) {
  return { ...rest, ...(search ? { search } : {}) };
}

/** /app/department: the company's departments. */
export default function DepartmentsPage() {
  const { can } = useSession();
  const list = useListQuery(DEFAULT_QUERY);
  const { query } = list;
  const { data, error, isLoading, isFetching, refetch } = useListDepartmentsQuery(departmentListArgs(query));
  const [editing, setEditing] = useState<Department | 'new' | null>(null);
  const [deleting, setDeleting] = useState<Department | null>(null);
  const canCreate = can({ anyOf: ['department:create'] });
  const canUpdate = can({ anyOf: ['department:update'] });
  const canDelete = can({ anyOf: ['department:delete'] });

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
          value={list.searchInput}
          onChange={(e) => list.setSearchInput(e.target.value)}
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
        <ListTable
          label="Departments"
          noun="departments"
          columns={COLUMNS}
          rows={data?.items}
          rowKey={(d) => d.deptId}
          actions={(d) => (
            <>
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
            </>
          )}
          total={data?.totalCount ?? 0}
          page={query.page}
          pageSize={query.pageSize}
          pageSizeOptions={[10, PAGE_SIZE.departmentsFetch, 50]}
          onPageChange={list.setPage}
          onPageSizeChange={list.setPageSize}
          sortBy={query.sortBy}
          sortOrder={query.sortOrder}
          onSort={list.toggleSort}
          isLoading={isLoading}
          isFetching={isFetching}
          error={error}
          errorFallback={MESSAGES.departments.fetchFailed}
          onRetry={() => void refetch()}
          empty={
            query.search
              ? { title: 'No departments match your search' }
              : { title: 'No departments yet', description: 'Create a department to group your people.' }
          }
        />
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
