import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Collapse from '@mui/material/Collapse';
import IconButton from '@mui/material/IconButton';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TablePagination from '@mui/material/TablePagination';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import ExpandMore from '@mui/icons-material/ExpandMore';
import { MESSAGES, PAGE_SIZE, USER_SEARCH_DEBOUNCE_MS, type Module } from '@taskhive/contract';
import { Fragment, useState } from 'react';
import { errorMessage, fieldErrors } from '../../api/errors';
import { EmptyState } from '../../components/empty-state';
import { ErrorPanel } from '../../components/error-panel';
import { FormDialog } from '../../components/form-dialog';
import { MainCard } from '../../components/main-card';
import { PageHeader } from '../../components/page-header';
import { useDebouncedValue } from '../../hooks/use-debounced-value';
import { useToast } from '../../hooks/use-toast';
import { useCreateModuleMutation, useListModulesQuery, useModulePermissionsQuery } from './modules-api';

function ModulePermissions({ moduleId }: { moduleId: string }) {
  const { data, isLoading, isError, error } = useModulePermissionsQuery(moduleId);
  if (isLoading) return <LinearProgress />;
  if (isError) return <ErrorPanel message={errorMessage(error)} />;
  if (!data?.length) return <Typography color="text.secondary">No permissions in this module.</Typography>;
  return (
    <Stack direction="row" useFlexGap spacing={0.5} sx={{ flexWrap: 'wrap', py: 1 }}>
      {data.map((p) => (
        <Chip key={p.permissionId} size="small" label={p.name} />
      ))}
    </Stack>
  );
}

function CreateModuleDialog({ onClose }: { onClose: () => void }) {
  const toast = useToast();
  const [create, creating] = useCreateModuleMutation();
  const [name, setName] = useState('');
  const [category, setCategory] = useState('');
  const [description, setDescription] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  async function submit() {
    try {
      await create({ name, category, description, moduleType: 'addon', status: 'active' }).unwrap();
      toast.success(MESSAGES.toasts.modulecreated);
      onClose();
    } catch (e) {
      setErrors(fieldErrors(e));
      toast.error(errorMessage(e, MESSAGES.toasts.creationFailed));
    }
  }
  return (
    <FormDialog
      open
      title="New module"
      submitLabel="Create"
      busy={creating.isLoading}
      onSubmit={() => void submit()}
      onClose={onClose}
    >
      <Stack spacing={2} sx={{ pt: 1 }}>
        <TextField
          label="Name"
          value={name}
          onChange={(e) => setName(e.target.value)}
          error={!!errors.name}
          helperText={errors.name}
          required
        />
        <TextField
          label="Category"
          value={category}
          onChange={(e) => setCategory(e.target.value)}
          error={!!errors.category}
          helperText={errors.category}
          required
        />
        <TextField
          label="Description"
          value={description}
          onChange={(e) => setDescription(e.target.value)}
          multiline
          minRows={2}
        />
      </Stack>
    </FormDialog>
  );
}

/** /super-admin/modules: the module catalogue and each module's permissions. */
export default function ModulesPage() {
  const [page, setPage] = useState(1);
  const [search, setSearch] = useState('');
  const debounced = useDebouncedValue(search.trim(), USER_SEARCH_DEBOUNCE_MS);
  const list = useListModulesQuery({
    page,
    pageSize: PAGE_SIZE.modules,
    sortBy: 'name',
    ...(debounced ? { search: debounced } : {}),
  });
  const [open, setOpen] = useState<string | null>(null);
  const [creating, setCreating] = useState(false);

  return (
    <Stack spacing={2.5}>
      <PageHeader
        title="Modules"
        subtitle="What a company can be granted; each module owns its permissions."
        action={
          <Button variant="contained" onClick={() => setCreating(true)}>
            New module
          </Button>
        }
      />
      <MainCard>
        <TextField
          size="small"
          label="Search"
          value={search}
          onChange={(e) => {
            setSearch(e.target.value);
            setPage(1);
          }}
          sx={{ mb: 2 }}
        />
        {list.isFetching && <LinearProgress />}
        {list.isError && (
          <ErrorPanel
            message={errorMessage(list.error, MESSAGES.modules.fetchFailed)}
            onRetry={() => void list.refetch()}
          />
        )}
        {list.data && list.data.items.length === 0 && <EmptyState title="No modules" />}
        {list.data && list.data.items.length > 0 && (
          <>
            <Table size="small">
              <TableHead>
                <TableRow>
                  <TableCell />
                  <TableCell>Name</TableCell>
                  <TableCell>Category</TableCell>
                  <TableCell>Type</TableCell>
                  <TableCell align="right">Permissions</TableCell>
                  <TableCell>Status</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {list.data.items.map((m: Module) => (
                  <Fragment key={m.moduleId}>
                    <TableRow>
                      <TableCell padding="checkbox">
                        <IconButton
                          aria-label={`Permissions of ${m.name}`}
                          onClick={() => setOpen(open === m.moduleId ? null : m.moduleId)}
                        >
                          <ExpandMore />
                        </IconButton>
                      </TableCell>
                      <TableCell>{m.name}</TableCell>
                      <TableCell>{m.category}</TableCell>
                      <TableCell>{m.moduleType}</TableCell>
                      <TableCell align="right">{m.permissionCount}</TableCell>
                      <TableCell>{m.status}</TableCell>
                    </TableRow>
                    <TableRow>
                      <TableCell
                        colSpan={6}
                        sx={{ py: 0, borderBottom: open === m.moduleId ? undefined : 'none' }}
                      >
                        <Collapse in={open === m.moduleId} unmountOnExit>
                          <ModulePermissions moduleId={m.moduleId} />
                        </Collapse>
                      </TableCell>
                    </TableRow>
                  </Fragment>
                ))}
              </TableBody>
            </Table>
            <TablePagination
              component="div"
              count={list.data.totalCount}
              page={page - 1}
              rowsPerPage={PAGE_SIZE.modules}
              rowsPerPageOptions={[PAGE_SIZE.modules]}
              onPageChange={(_e, p) => setPage(p + 1)}
            />
          </>
        )}
      </MainCard>
      {creating && <CreateModuleDialog onClose={() => setCreating(false)} />}
    </Stack>
  );
}
