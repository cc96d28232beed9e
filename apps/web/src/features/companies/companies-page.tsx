import AddRounded from '@mui/icons-material/AddRounded';
import MoreVertRounded from '@mui/icons-material/MoreVertRounded';
import SearchRounded from '@mui/icons-material/SearchRounded';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import Link from '@mui/material/Link';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { DEFAULT_PAGE, MESSAGES, PAGE_SIZE, type Company, type CompanyListQuery } from '@taskhive/contract';
import { useState, type MouseEvent } from 'react';
import { Link as RouterLink } from 'react-router';
import { errorMessage } from '../../api/errors';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { MainCard } from '../../components/main-card';
import { PageHeader } from '../../components/page-header';
import { useListQuery, type ListQueryBase } from '../../hooks/use-list-query';
import { ListTable, type ListColumn } from '../../components/list-table';
import { useSession } from '../../hooks/use-session';
import { useToast } from '../../hooks/use-toast';
import { formatDate } from '../../lib/format';
import {
  useApproveCompanyMutation,
  useDeleteCompanyMutation,
  useListCompaniesQuery,
  useSetCompanyStatusMutation,
} from './companies-api';
import { CompanyFormDialog } from './company-form-dialog';
import { CompanyLogo } from './company-logo';
import { CompanyStatusChips } from './company-status-chips';

type SortBy = CompanyListQuery['sortBy'];

const COLUMNS: ListColumn<Company, SortBy>[] = [
  {
    id: 'name',
    label: 'Company',
    cell: (c) => (
      <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center', minWidth: 200 }}>
        <CompanyLogo name={c.name} logoUrl={c.companyLogoUrl} />
        <div>
          <Link component={RouterLink} to={`/super-admin/companies/${c.companyId}`} underline="hover">
            {c.name}
          </Link>
          <Typography variant="body2" color="text.secondary">
            {c.email ?? '—'}
          </Typography>
        </div>
      </Stack>
    ),
  },
  { id: null, label: 'Users', cell: (c) => c.userCount },
  {
    id: 'isActive',
    label: 'Status',
    cell: (c) => <CompanyStatusChips isActive={c.isActive} isApproved={c.isApproved} />,
  },
  {
    id: 'createdAt',
    label: 'Created',
    cellSx: { whiteSpace: 'nowrap' },
    cell: (c) => formatDate(c.createdAt),
  },
];

const DEFAULT_QUERY: ListQueryBase<SortBy> = {
  page: DEFAULT_PAGE,
  pageSize: PAGE_SIZE.companies,
  sortBy: 'name',
  sortOrder: 'asc',
  search: '',
};

/** The list's query string: no empty search. */
function companyListArgs({ search, ...rest }: ListQueryBase<SortBy>) {
  return { ...rest, ...(search ? { search } : {}) };
}

/** /super-admin/companies: every tenant company, searchable and sortable, 5 to a page. */
export default function CompaniesPage() {
  const toast = useToast();
  const { can } = useSession();
  const list = useListQuery(DEFAULT_QUERY);
  const { query } = list;
  const { data, error, isLoading, isFetching, refetch } = useListCompaniesQuery(companyListArgs(query));

  const [creating, setCreating] = useState(false);
  const [menu, setMenu] = useState<{ anchor: HTMLElement; company: Company } | null>(null);
  const [deleting, setDeleting] = useState<Company | null>(null);
  const [approve] = useApproveCompanyMutation();
  const [setStatus] = useSetCompanyStatusMutation();
  const [remove, removal] = useDeleteCompanyMutation();
  const canCreate = can({ anyOf: ['company:create'] });
  const canUpdate = can({ anyOf: ['company:update'] });
  const canDelete = can({ anyOf: ['company:delete'] });

  const act = async (run: () => Promise<unknown>, failure: string) => {
    setMenu(null);
    try {
      await run();
    } catch (err) {
      toast.error(errorMessage(err, failure));
    }
  };

  const onApprove = (c: Company) =>
    act(async () => {
      await approve(c.companyId).unwrap();
      toast.success(MESSAGES.companies.approved);
    }, MESSAGES.companies.updateFailed);

  const onToggleActive = (c: Company) =>
    act(async () => {
      await setStatus({ id: c.companyId, body: { isActive: !c.isActive } }).unwrap();
      toast.success(MESSAGES.companies.statusUpdated);
    }, MESSAGES.companies.updateFailed);

  const onDelete = async () => {
    if (!deleting) return;
    try {
      await remove(deleting.companyId).unwrap();
      toast.success(MESSAGES.companies.deleted);
      setDeleting(null);
    } catch (err) {
      toast.error(errorMessage(err, MESSAGES.companies.deleteFailed));
    }
  };

  const openMenu = (e: MouseEvent<HTMLElement>, company: Company) =>
    setMenu({ anchor: e.currentTarget, company });

  return (
    <Stack spacing={3}>
      <PageHeader
        title="Companies"
        subtitle="Every company on the platform, with its status."
        action={
          canCreate && (
            <Button variant="contained" startIcon={<AddRounded />} onClick={() => setCreating(true)}>
              New company
            </Button>
          )
        }
      />
      <MainCard
        title="All companies"
        action={
          <TextField
            size="small"
            placeholder="Search name or email"
            value={list.searchInput}
            onChange={(e) => list.setSearchInput(e.target.value)}
            slotProps={{
              htmlInput: { 'aria-label': 'Search companies' },
              input: {
                startAdornment: (
                  <InputAdornment position="start">
                    <SearchRounded fontSize="small" />
                  </InputAdornment>
                ),
              },
            }}
            sx={{ width: { xs: '100%', sm: 260 }, mt: { xs: 1, sm: 0 } }}
          />
        }
        sx={{ '& .MuiCardHeader-root': { flexWrap: 'wrap' } }}
      >
        <ListTable
          label="Companies"
          noun="companies"
          columns={COLUMNS}
          rows={data?.items}
          rowKey={(c) => c.companyId}
          actions={(c) =>
            (canUpdate || canDelete) && (
              <IconButton aria-label={`Actions for ${c.name}`} onClick={(e) => openMenu(e, c)}>
                <MoreVertRounded />
              </IconButton>
            )
          }
          total={data?.totalCount ?? 0}
          page={query.page}
          pageSize={query.pageSize}
          pageSizeOptions={[PAGE_SIZE.companies, 10, 25]}
          onPageChange={list.setPage}
          onPageSizeChange={list.setPageSize}
          sortBy={query.sortBy}
          sortOrder={query.sortOrder}
          onSort={list.toggleSort}
          isLoading={isLoading}
          isFetching={isFetching}
          error={error}
          errorFallback={MESSAGES.companies.fetchFailed}
          onRetry={() => void refetch()}
          empty={
            query.search
              ? { title: 'No companies match your search', description: 'Try another name or email.' }
              : { title: 'No companies yet', description: 'Create the first company to get started.' }
          }
        />
      </MainCard>

      <Menu anchorEl={menu?.anchor} open={Boolean(menu)} onClose={() => setMenu(null)}>
        {menu && (
          <MenuItem component={RouterLink} to={`/super-admin/companies/${menu.company.companyId}`}>
            Open profile
          </MenuItem>
        )}
        {menu && canUpdate && !menu.company.isApproved && (
          <MenuItem onClick={() => void onApprove(menu.company)}>Approve</MenuItem>
        )}
        {menu && canUpdate && (
          <MenuItem onClick={() => void onToggleActive(menu.company)}>
            {menu.company.isActive ? 'Deactivate' : 'Activate'}
          </MenuItem>
        )}
        {menu && canDelete && menu.company.isActive && (
          <MenuItem
            onClick={() => {
              setDeleting(menu.company);
              setMenu(null);
            }}
            sx={{ color: 'error.main' }}
          >
            Delete
          </MenuItem>
        )}
      </Menu>

      {creating && <CompanyFormDialog open onClose={() => setCreating(false)} />}
      <ConfirmDialog
        open={Boolean(deleting)}
        title="Delete company?"
        busy={removal.isLoading}
        onConfirm={() => void onDelete()}
        onClose={() => setDeleting(null)}
      >
        {deleting?.name} is deactivated: its users can no longer sign in. Its data is kept, and you can
        activate it again later.
      </ConfirmDialog>
    </Stack>
  );
}
