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
import TablePagination from '@mui/material/TablePagination';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import DeleteOutline from '@mui/icons-material/DeleteOutline';
import EditOutlined from '@mui/icons-material/EditOutlined';
import ShoppingCartOutlined from '@mui/icons-material/ShoppingCartOutlined';
import ViewModuleOutlined from '@mui/icons-material/ViewModuleOutlined';
import {
  ACTIVE_STATUSES,
  MESSAGES,
  PACKAGE_TYPES,
  PAGE_SIZE,
  USER_SEARCH_DEBOUNCE_MS,
  type Package,
} from '@taskhive/contract';
import { useState } from 'react';
import { errorMessage } from '../../api/errors';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { EmptyState } from '../../components/empty-state';
import { ErrorPanel } from '../../components/error-panel';
import { MainCard } from '../../components/main-card';
import { PageHeader } from '../../components/page-header';
import { useDebouncedValue } from '../../hooks/use-debounced-value';
import { useToast } from '../../hooks/use-toast';
import { PackageFormDialog } from './package-form-dialog';
import { PackageModulesDialog } from './package-modules-dialog';
import { PurchaseDialog } from './purchase-dialog';
import { useDeletePackageMutation, useListPackagesQuery } from './packages-api';

/** A price bound for the query string: only a number of 0 or more (an empty or half-typed box sends none). */
function priceFilter<K extends 'priceFrom' | 'priceTo'>(key: K, value: string): Partial<Record<K, number>> {
  const n = value.trim() === '' ? Number.NaN : Number(value);
  return Number.isFinite(n) && n >= 0 ? ({ [key]: n } as Partial<Record<K, number>>) : {};
}

/** /super-admin/packages: the packages for sale, with filters, create/edit, modules and delete. */
export default function PackagesPage({
  moduleOptions = [],
  companyOptions = [],
}: {
  moduleOptions?: { moduleId: string; name: string; key?: string }[];
  companyOptions?: { companyId: string; name: string }[];
}) {
  const toast = useToast();
  const [page, setPage] = useState(1);
  const [search, setSearch] = useState('');
  const [status, setStatus] = useState('');
  const [packageType, setPackageType] = useState('');
  const [priceFrom, setPriceFrom] = useState('');
  const [priceTo, setPriceTo] = useState('');
  const [createdDateFrom, setCreatedDateFrom] = useState('');
  const [createdDateTo, setCreatedDateTo] = useState('');
  const debounced = useDebouncedValue(search.trim(), USER_SEARCH_DEBOUNCE_MS);
  const list = useListPackagesQuery({
    page,
    pageSize: PAGE_SIZE.packages,
    sortBy: 'monthlyPrice',
    ...(debounced ? { search: debounced } : {}),
    ...(status ? { status: status as Package['status'] } : {}),
    ...(packageType ? { packageType: packageType as (typeof PACKAGE_TYPES)[number] } : {}),
    ...priceFilter('priceFrom', priceFrom),
    ...priceFilter('priceTo', priceTo),
    ...(createdDateFrom ? { createdDateFrom } : {}),
    ...(createdDateTo ? { createdDateTo } : {}),
  });
  const [remove, removing] = useDeletePackageMutation();
  const [editing, setEditing] = useState<Package | 'new' | null>(null);
  const [modulesOf, setModulesOf] = useState<Package | null>(null);
  const [deleting, setDeleting] = useState<Package | null>(null);
  const [buying, setBuying] = useState<Package | null>(null);

  const filter = (set: (v: string) => void) => (v: string) => {
    set(v);
    setPage(1);
  };

  async function confirmDelete() {
    if (!deleting) return;
    try {
      await remove(deleting.packageId).unwrap();
      toast.success(MESSAGES.packages.deleted);
    } catch (e) {
      toast.error(errorMessage(e, MESSAGES.toasts.deleteFailed));
    } finally {
      setDeleting(null);
    }
  }

  return (
    <Stack spacing={2.5}>
      <PageHeader
        title="Packages"
        subtitle="What companies can buy: modules combined at a price."
        action={
          <Button variant="contained" onClick={() => setEditing('new')}>
            New package
          </Button>
        }
      />
      <MainCard>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5} sx={{ mb: 2 }}>
          <TextField
            size="small"
            label="Search"
            value={search}
            onChange={(e) => filter(setSearch)(e.target.value)}
          />
          <TextField
            select
            size="small"
            label="Status"
            value={status}
            onChange={(e) => filter(setStatus)(e.target.value)}
            sx={{ minWidth: 140 }}
          >
            <MenuItem value="">All</MenuItem>
            {ACTIVE_STATUSES.map((s) => (
              <MenuItem key={s} value={s}>
                {s}
              </MenuItem>
            ))}
          </TextField>
          <TextField
            select
            size="small"
            label="Type"
            value={packageType}
            onChange={(e) => filter(setPackageType)(e.target.value)}
            sx={{ minWidth: 140 }}
          >
            <MenuItem value="">All</MenuItem>
            {PACKAGE_TYPES.map((t) => (
              <MenuItem key={t} value={t}>
                {t}
              </MenuItem>
            ))}
          </TextField>
          <TextField
            size="small"
            type="number"
            label="Price from"
            value={priceFrom}
            onChange={(e) => filter(setPriceFrom)(e.target.value)}
            slotProps={{ htmlInput: { min: 0 } }}
            sx={{ maxWidth: { sm: 130 } }}
          />
          <TextField
            size="small"
            type="number"
            label="Price to"
            value={priceTo}
            onChange={(e) => filter(setPriceTo)(e.target.value)}
            slotProps={{ htmlInput: { min: 0 } }}
            sx={{ maxWidth: { sm: 130 } }}
          />
          <TextField
            size="small"
            type="date"
            label="Created from"
            value={createdDateFrom}
            onChange={(e) => filter(setCreatedDateFrom)(e.target.value)}
            slotProps={{ inputLabel: { shrink: true } }}
          />
          <TextField
            size="small"
            type="date"
            label="Created to"
            value={createdDateTo}
            onChange={(e) => filter(setCreatedDateTo)(e.target.value)}
            slotProps={{ inputLabel: { shrink: true } }}
          />
        </Stack>
        {list.isFetching && <LinearProgress />}
        {list.isError && (
          <ErrorPanel
            message={errorMessage(list.error, MESSAGES.packages.fetchFailed)}
            onRetry={() => void list.refetch()}
          />
        )}
        {list.data && list.data.items.length === 0 && (
          <EmptyState title="No packages" description="Create a package to sell modules." />
        )}
        {list.data && list.data.items.length > 0 && (
          <>
            <Table size="small">
              <TableHead>
                <TableRow>
                  <TableCell>Name</TableCell>
                  <TableCell>Type</TableCell>
                  <TableCell align="right">Monthly</TableCell>
                  <TableCell align="right">Yearly</TableCell>
                  <TableCell align="right">Trial days</TableCell>
                  <TableCell align="right">Modules</TableCell>
                  <TableCell align="right">Purchases</TableCell>
                  <TableCell>Status</TableCell>
                  <TableCell align="right">Actions</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {list.data.items.map((p) => (
                  <TableRow key={p.packageId}>
                    <TableCell>{p.name}</TableCell>
                    <TableCell>{p.packageType}</TableCell>
                    <TableCell align="right">{p.monthlyPrice.toFixed(2)}</TableCell>
                    <TableCell align="right">{p.yearlyPrice.toFixed(2)}</TableCell>
                    <TableCell align="right">{p.trialDays}</TableCell>
                    <TableCell align="right">{p.moduleCount}</TableCell>
                    <TableCell align="right">{p.purchaseCount}</TableCell>
                    <TableCell>
                      <Chip
                        size="small"
                        label={p.status}
                        color={p.status === 'active' ? 'success' : 'default'}
                      />
                    </TableCell>
                    <TableCell align="right">
                      <IconButton aria-label={`Modules of ${p.name}`} onClick={() => setModulesOf(p)}>
                        <ViewModuleOutlined />
                      </IconButton>
                      <IconButton
                        aria-label={`Purchase ${p.name} for a company`}
                        disabled={p.status !== 'active'}
                        onClick={() => setBuying(p)}
                      >
                        <ShoppingCartOutlined />
                      </IconButton>
                      <IconButton aria-label={`Edit ${p.name}`} onClick={() => setEditing(p)}>
                        <EditOutlined />
                      </IconButton>
                      <IconButton aria-label={`Delete ${p.name}`} onClick={() => setDeleting(p)}>
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
              rowsPerPage={PAGE_SIZE.packages}
              rowsPerPageOptions={[PAGE_SIZE.packages]}
              onPageChange={(_e, p) => setPage(p + 1)}
            />
          </>
        )}
      </MainCard>
      {editing && (
        <PackageFormDialog pkg={editing === 'new' ? null : editing} onClose={() => setEditing(null)} />
      )}
      {buying && (
        <PurchaseDialog pkg={buying} companyOptions={companyOptions} onClose={() => setBuying(null)} />
      )}
      {modulesOf && (
        <PackageModulesDialog
          pkg={modulesOf}
          moduleOptions={moduleOptions}
          onClose={() => setModulesOf(null)}
        />
      )}
      <ConfirmDialog
        open={deleting !== null}
        title="Delete package"
        busy={removing.isLoading}
        onConfirm={() => void confirmDelete()}
        onClose={() => setDeleting(null)}
      >
        {`Delete ${deleting?.name ?? ''}? A package that was bought is kept as inactive.`}
      </ConfirmDialog>
    </Stack>
  );
}
