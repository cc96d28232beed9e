import AddRounded from '@mui/icons-material/AddRounded';
import MoreVertRounded from '@mui/icons-material/MoreVertRounded';
import SearchRounded from '@mui/icons-material/SearchRounded';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import LinearProgress from '@mui/material/LinearProgress';
import Link from '@mui/material/Link';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
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
  type Company,
  type CompanyListQuery,
} from '@taskhive/contract';
import { useState, type MouseEvent } from 'react';
import { Link as RouterLink } from 'react-router';
import { errorMessage } from '../../api/errors';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { EmptyState } from '../../components/empty-state';
import { ErrorPanel } from '../../components/error-panel';
import { MainCard } from '../../components/main-card';
import { PageHeader } from '../../components/page-header';
import { SortableTableHead, type SortableColumn } from '../../components/sortable-table-head';
import { useDebouncedValue } from '../../hooks/use-debounced-value';
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

const COLUMNS: SortableColumn<SortBy>[] = [
  { id: 'name', label: 'Company' },
  { id: null, label: 'Users' },
  { id: 'isActive', label: 'Status' },
  { id: 'createdAt', label: 'Created' },
];

/** /super-admin/companies: every tenant company, searchable and sortable, 5 to a page. */
export default function CompaniesPage() {
  const toast = useToast();
  const { can } = useSession();
  const [searchInput, setSearchInput] = useState('');
  const search = useDebouncedValue(searchInput.trim(), USER_SEARCH_DEBOUNCE_MS);
  const [sort, setSort] = useState<{ sortBy: SortBy; sortOrder: 'asc' | 'desc' }>({
    sortBy: 'name',
    sortOrder: 'asc',
  });
  const [paging, setPaging] = useState<{ page: number; pageSize: number; search: string }>({
    page: DEFAULT_PAGE,
    pageSize: PAGE_SIZE.companies,
    search,
  });
  // A new search starts again from page 1.
  const page = paging.search === search ? paging.page : DEFAULT_PAGE;
  const args = { page, pageSize: paging.pageSize, ...sort, ...(search ? { search } : {}) };
  const { data, error, isLoading, isFetching, refetch } = useListCompaniesQuery(args);

  const [creating, setCreating] = useState(false);
  const [menu, setMenu] = useState<{ anchor: HTMLElement; company: Company } | null>(null);
  const [deleting, setDeleting] = useState<Company | null>(null);
  const [approve] = useApproveCompanyMutation();
  const [setStatus] = useSetCompanyStatusMutation();
  const [remove, removal] = useDeleteCompanyMutation();
  const canCreate = can({ anyOf: ['company:create'] });
  const canUpdate = can({ anyOf: ['company:update'] });
  const canDelete = can({ anyOf: ['company:delete'] });

  const sortBy = (id: SortBy) =>
    setSort((s) => ({ sortBy: id, sortOrder: s.sortBy === id && s.sortOrder === 'asc' ? 'desc' : 'asc' }));

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

  let body;
  if (isLoading) {
    body = <LinearProgress aria-label="Loading companies" />;
  } else if (error) {
    body = (
      <ErrorPanel
        message={errorMessage(error, MESSAGES.companies.fetchFailed)}
        onRetry={() => void refetch()}
      />
    );
  } else if (!data || data.items.length === 0) {
    body = (
      <EmptyState
        title={search ? 'No companies match your search' : 'No companies yet'}
        description={search ? 'Try another name or email.' : 'Create the first company to get started.'}
      />
    );
  } else {
    body = (
      <>
        {isFetching && <LinearProgress aria-label="Updating companies" sx={{ mb: -0.5 }} />}
        <TableContainer>
          <Table size="small" aria-label="Companies">
            <SortableTableHead
              columns={COLUMNS}
              sortBy={sort.sortBy}
              sortOrder={sort.sortOrder}
              onSort={sortBy}
              actionsLabel="Actions"
            />
            <TableBody>
              {data.items.map((c) => (
                <TableRow key={c.companyId} hover>
                  <TableCell>
                    <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center', minWidth: 200 }}>
                      <CompanyLogo name={c.name} logoUrl={c.companyLogoUrl} />
                      <div>
                        <Link
                          component={RouterLink}
                          to={`/super-admin/companies/${c.companyId}`}
                          underline="hover"
                        >
                          {c.name}
                        </Link>
                        <Typography variant="body2" color="text.secondary">
                          {c.email ?? '—'}
                        </Typography>
                      </div>
                    </Stack>
                  </TableCell>
                  <TableCell>{c.userCount}</TableCell>
                  <TableCell>
                    <CompanyStatusChips isActive={c.isActive} isApproved={c.isApproved} />
                  </TableCell>
                  <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatDate(c.createdAt)}</TableCell>
                  <TableCell align="right">
                    {(canUpdate || canDelete) && (
                      <IconButton aria-label={`Actions for ${c.name}`} onClick={(e) => openMenu(e, c)}>
                        <MoreVertRounded />
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
          rowsPerPageOptions={[PAGE_SIZE.companies, 10, 25]}
          onPageChange={(_e, p) => setPaging((s) => ({ ...s, search, page: p + 1 }))}
          onRowsPerPageChange={(e) =>
            setPaging({ search, page: DEFAULT_PAGE, pageSize: Number(e.target.value) })
          }
        />
      </>
    );
  }

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
            value={searchInput}
            onChange={(e) => setSearchInput(e.target.value)}
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
        {body}
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
