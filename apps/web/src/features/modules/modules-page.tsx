import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import LinearProgress from '@mui/material/LinearProgress';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import DeleteOutline from '@mui/icons-material/DeleteOutline';
import EditOutlined from '@mui/icons-material/EditOutlined';
import ListAltOutlined from '@mui/icons-material/ListAltOutlined';
import {
  ACTIVE_STATUSES,
  DEFAULT_PAGE,
  MESSAGES,
  MODULE_TYPES,
  PAGE_SIZE,
  type Module,
  type ModuleListQuery,
} from '@taskhive/contract';
import { useState } from 'react';
import { errorMessage } from '../../api/errors';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { ErrorPanel } from '../../components/error-panel';
import { ListTable, type ListColumn } from '../../components/list-table';
import { MainCard } from '../../components/main-card';
import { PageHeader } from '../../components/page-header';
import { useListQuery, type ListQueryBase } from '../../hooks/use-list-query';
import { useSession } from '../../hooks/use-session';
import { useToast } from '../../hooks/use-toast';
import { formatDate } from '../../lib/format';
import { ModuleFormDialog } from './module-form-dialog';
import { useDeleteModuleMutation, useListModulesQuery, useModulePermissionsQuery } from './modules-api';

type SortBy = ModuleListQuery['sortBy'];

/** The filters of the list: '' is "any". */
interface ModulesQuery extends ListQueryBase<SortBy> {
  status: string;
  moduleType: string;
  category: string;
  packageId: string;
  createdDateFrom: string;
  createdDateTo: string;
}

const FILTERS = [
  'status',
  'moduleType',
  'category',
  'packageId',
  'createdDateFrom',
  'createdDateTo',
] as const;

const DEFAULT_QUERY: ModulesQuery = {
  page: DEFAULT_PAGE,
  pageSize: PAGE_SIZE.modules,
  sortBy: 'name',
  sortOrder: 'asc',
  search: '',
  status: '',
  moduleType: '',
  category: '',
  packageId: '',
  createdDateFrom: '',
  createdDateTo: '',
};

/** The query string: only the filters that are set, each checked against the contract's values. */
function moduleListArgs(q: ModulesQuery) {
  const status = ACTIVE_STATUSES.find((s) => s === q.status);
  const moduleType = MODULE_TYPES.find((t) => t === q.moduleType);
  const category = q.category.trim();
  return {
    page: q.page,
    pageSize: q.pageSize,
    sortBy: q.sortBy,
    sortOrder: q.sortOrder,
    ...(q.search ? { search: q.search } : {}),
    ...(status ? { status } : {}),
    ...(moduleType ? { moduleType } : {}),
    ...(category ? { category } : {}),
    ...(q.packageId ? { packageId: q.packageId } : {}),
    ...(q.createdDateFrom ? { createdDateFrom: q.createdDateFrom } : {}),
    ...(q.createdDateTo ? { createdDateTo: q.createdDateTo } : {}),
  };
}

const COLUMNS: ListColumn<Module, SortBy>[] = [
  { id: 'name', label: 'Name', cell: (m) => m.name },
  { id: 'category', label: 'Category', cell: (m) => m.category },
  { id: null, label: 'Type', cell: (m) => m.moduleType },
  { id: null, label: 'Permissions', cell: (m) => m.permissionCount },
  { id: null, label: 'Status', cell: (m) => m.status },
  { id: 'createdAt', label: 'Created', cell: (m) => formatDate(m.createdAt) },
];

function ModulePermissions({ module, onClose }: { module: Module; onClose: () => void }) {
  const { data, isLoading, isError, error } = useModulePermissionsQuery(module.moduleId);
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="sm">
      <DialogTitle>{`Permissions of ${module.name}`}</DialogTitle>
      <DialogContent dividers>
        {isLoading && <LinearProgress />}
        {isError && <ErrorPanel message={errorMessage(error)} />}
        {data && data.length === 0 && (
          <Typography color="text.secondary">No permissions in this module.</Typography>
        )}
        <Stack direction="row" useFlexGap spacing={0.5} sx={{ flexWrap: 'wrap' }}>
          {data?.map((p) => (
            <Chip key={p.permissionId} size="small" label={p.name} />
          ))}
        </Stack>
      </DialogContent>
    </Dialog>
  );
}

export interface ModulesPageProps {
  /** The packages to filter by (owned by the packages feature, passed in by app/routes). */
  packageOptions: { packageId: string; name: string }[];
}

/** /super-admin/modules: the module catalogue, its filters, and each module's permissions. */
export default function ModulesPage({ packageOptions }: ModulesPageProps) {
  const { can } = useSession();
  const toast = useToast();
  const list = useListQuery(DEFAULT_QUERY);
  const { query } = list;
  const { data, error, isLoading, isFetching, refetch } = useListModulesQuery(moduleListArgs(query));
  const [editing, setEditing] = useState<Module | 'new' | null>(null);
  const [deleting, setDeleting] = useState<Module | null>(null);
  const [viewing, setViewing] = useState<Module | null>(null);
  const [remove] = useDeleteModuleMutation();
  const canUpdate = can({ anyOf: ['module:update'] });
  const canDelete = can({ anyOf: ['module:delete'] });

  const confirmDelete = async (m: Module) => {
    setDeleting(null);
    try {
      await remove(m.moduleId).unwrap();
      toast.success(MESSAGES.modules.deleted);
    } catch (e) {
      toast.error(errorMessage(e, MESSAGES.toasts.deleteFailed));
    }
  };

  const filtered = query.search !== '' || FILTERS.some((k) => query[k] !== '');
  return (
    <Stack spacing={2.5}>
      <PageHeader
        title="Modules"
        subtitle="What a company can be granted; each module owns its permissions."
        action={
          can({ anyOf: ['module:create'] }) && (
            <Button variant="contained" onClick={() => setEditing('new')}>
              New module
            </Button>
          )
        }
      />
      <MainCard>
        <Stack
          direction={{ xs: 'column', md: 'row' }}
          useFlexGap
          spacing={1.5}
          sx={{ mb: 2, flexWrap: 'wrap' }}
        >
          <TextField
            size="small"
            label="Search"
            value={list.searchInput}
            onChange={(e) => list.setSearchInput(e.target.value)}
          />
          <TextField
            select
            size="small"
            label="Status"
            value={query.status}
            onChange={(e) => list.update({ status: e.target.value })}
            sx={{ minWidth: 120 }}
          >
            <MenuItem value="">Any status</MenuItem>
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
            value={query.moduleType}
            onChange={(e) => list.update({ moduleType: e.target.value })}
            sx={{ minWidth: 120 }}
          >
            <MenuItem value="">Any type</MenuItem>
            {MODULE_TYPES.map((t) => (
              <MenuItem key={t} value={t}>
                {t}
              </MenuItem>
            ))}
          </TextField>
          <TextField
            size="small"
            label="Category"
            value={list.textInput('category')}
            onChange={(e) => list.setTextInput('category', e.target.value)}
          />
          <TextField
            select
            size="small"
            label="Package"
            value={query.packageId}
            onChange={(e) => list.update({ packageId: e.target.value })}
            sx={{ minWidth: 160 }}
          >
            <MenuItem value="">Any package</MenuItem>
            {packageOptions.map((p) => (
              <MenuItem key={p.packageId} value={p.packageId}>
                {p.name}
              </MenuItem>
            ))}
          </TextField>
          <TextField
            size="small"
            type="date"
            label="Created from"
            value={query.createdDateFrom}
            onChange={(e) => list.update({ createdDateFrom: e.target.value })}
            slotProps={{ inputLabel: { shrink: true } }}
          />
          <TextField
            size="small"
            type="date"
            label="Created to"
            value={query.createdDateTo}
            onChange={(e) => list.update({ createdDateTo: e.target.value })}
            slotProps={{ inputLabel: { shrink: true } }}
          />
        </Stack>
        <ListTable
          label="Modules"
          noun="modules"
          columns={COLUMNS}
          rows={data?.items}
          rowKey={(m) => m.moduleId}
          actions={(m) => (
            <>
              <IconButton aria-label={`Permissions of ${m.name}`} onClick={() => setViewing(m)}>
                <ListAltOutlined />
              </IconButton>
              {canUpdate && (
                <IconButton aria-label={`Edit ${m.name}`} onClick={() => setEditing(m)}>
                  <EditOutlined />
                </IconButton>
              )}
              {canDelete && (
                <IconButton aria-label={`Delete ${m.name}`} onClick={() => setDeleting(m)}>
                  <DeleteOutline />
                </IconButton>
              )}
            </>
          )}
          total={data?.totalCount ?? 0}
          page={query.page}
          pageSize={query.pageSize}
          pageSizeOptions={[PAGE_SIZE.modules]}
          onPageChange={list.setPage}
          sortBy={query.sortBy}
          sortOrder={query.sortOrder}
          onSort={list.toggleSort}
          isLoading={isLoading}
          isFetching={isFetching}
          error={error}
          errorFallback={MESSAGES.modules.fetchFailed}
          onRetry={() => void refetch()}
          empty={filtered ? { title: 'No modules match these filters' } : { title: 'No modules' }}
        />
      </MainCard>
      {editing && (
        <ModuleFormDialog
          {...(editing === 'new' ? {} : { module: editing })}
          onClose={() => setEditing(null)}
        />
      )}
      {viewing && <ModulePermissions module={viewing} onClose={() => setViewing(null)} />}
      <ConfirmDialog
        open={deleting !== null}
        title="Delete module?"
        onConfirm={() => deleting && void confirmDelete(deleting)}
        onClose={() => setDeleting(null)}
      >
        {`Delete ${deleting?.name ?? ''}? A module that still has permissions cannot be deleted.`}
      </ConfirmDialog>
    </Stack>
  );
}
