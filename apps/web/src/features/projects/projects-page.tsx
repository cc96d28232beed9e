import AddRounded from '@mui/icons-material/AddRounded';
import DeleteOutlineRounded from '@mui/icons-material/DeleteOutlineRounded';
import EditOutlined from '@mui/icons-material/EditOutlined';
import GridViewRounded from '@mui/icons-material/GridViewRounded';
import SearchRounded from '@mui/icons-material/SearchRounded';
import TableRowsRounded from '@mui/icons-material/TableRowsRounded';
import Autocomplete from '@mui/material/Autocomplete';
import Button from '@mui/material/Button';
import Grid from '@mui/material/Grid';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import LinearProgress from '@mui/material/LinearProgress';
import Link from '@mui/material/Link';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TablePagination from '@mui/material/TablePagination';
import TextField from '@mui/material/TextField';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import { MESSAGES, PROJECT_SORT_FIELDS, type Project } from '@taskhive/contract';
import { useState } from 'react';
import { Link as RouterLink, useNavigate, useSearchParams } from 'react-router';
import { errorMessage } from '../../api/errors';
import { usePeopleOptions } from '../../api/people-api';
import {
  DEFAULT_PROJECT_QUERY,
  useListProjectsQuery,
  type ProjectQuery,
  type ProjectSortField,
} from '../../api/projects-api';
import { useListTaskStatusesQuery } from '../../api/task-statuses-api';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { EmptyState } from '../../components/empty-state';
import { ErrorPanel } from '../../components/error-panel';
import { ListTable, type ListColumn } from '../../components/list-table';
import { MainCard } from '../../components/main-card';
import { MultiFilter } from '../../components/multi-filter';
import { PageHeader } from '../../components/page-header';
import { PeopleAvatars } from '../../components/people-avatars';
import { hideBelowMd } from '../../components/sortable-table-head';
import { StatusChip } from '../../components/status-chip';
import { LIST_PAGE_SIZES, useListQuery } from '../../hooks/use-list-query';
import { useSession } from '../../hooks/use-session';
import { useToast } from '../../hooks/use-toast';
import { ProjectCard, ProjectProgress, projectDates } from './project-card';
import { ProjectFormDialog } from './project-form-dialog';
import { useDeleteProjectMutation } from './projects-api';

const SORT_LABELS: Record<ProjectSortField, string> = {
  name: 'Name',
  code: 'Code',
  statusName: 'Status',
  startDate: 'Start date',
  endDate: 'End date',
  progress: 'Progress',
  createdAt: 'Created',
  updatedAt: 'Updated',
};

/** The page's query: the API's defaults, a screen of cards a page (whole rows of the grid). */
const PROJECTS_QUERY: ProjectQuery = { ...DEFAULT_PROJECT_QUERY, pageSize: LIST_PAGE_SIZES.projects.size };

/** /app/project: the company's projects as cards or a table, filtered, sorted and paged. */
export default function ProjectsPage() {
  const toast = useToast();
  const navigate = useNavigate();
  const { can, user } = useSession();
  const list = useListQuery<ProjectQuery>(PROJECTS_QUERY);
  const { query, update } = list;
  // The table view is in the address too (?view=table), so a reload keeps it.
  const [params, setParams] = useSearchParams();
  const view = params.get('view') === 'table' ? 'table' : 'cards';
  const setView = (v: 'cards' | 'table') =>
    setParams((p) => {
      const next = new URLSearchParams(p);
      if (v === 'table') next.set('view', 'table');
      else next.delete('view');
      return next;
    });
  const { data, currentData, error, isLoading, isFetching, refetch } = useListProjectsQuery(query);
  const { data: statuses = [] } = useListTaskStatusesQuery();
  const canPeople = can({ anyOf: ['employee:read:all'] });
  const { people } = usePeopleOptions(canPeople);
  const [remove, removal] = useDeleteProjectMutation();
  const [editing, setEditing] = useState<Project | 'new' | null>(null);
  const [deleting, setDeleting] = useState<Project | null>(null);
  const canCreate = can({ anyOf: ['project:create'] });
  const canUpdate = can({ anyOf: ['project:update'] });
  const canDelete = can({ anyOf: ['project:delete'] });
  const shown = currentData ?? data;

  // Without the company's people list, the member filter offers the signed-in user alone.
  const memberOptions = canPeople
    ? people.map((p) => ({ userId: p.userId, name: `${p.firstName} ${p.lastName}` }))
    : user
      ? [{ userId: user.userId, name: `${user.firstName} ${user.lastName} (me)` }]
      : [];
  const member = memberOptions.find((m) => m.userId === query.memberUserId) ?? null;

  const onDelete = async () => {
    if (!deleting) return;
    try {
      await remove(deleting.projectId).unwrap();
      toast.success(MESSAGES.projects.deleted);
      setDeleting(null);
    } catch (err) {
      toast.error(errorMessage(err, MESSAGES.projects.deleteFailed));
    }
  };

  const actions = (p: Project) => (
    <>
      {canUpdate && (
        <IconButton aria-label={`Edit ${p.name}`} onClick={() => setEditing(p)}>
          <EditOutlined />
        </IconButton>
      )}
      {canDelete && (
        <IconButton aria-label={`Delete ${p.name}`} onClick={() => setDeleting(p)}>
          <DeleteOutlineRounded />
        </IconButton>
      )}
    </>
  );

  const columns: ListColumn<Project, ProjectSortField>[] = [
    {
      id: 'name',
      label: 'Project',
      cell: (p) => (
        <>
          <Link component={RouterLink} to={`/app/project-detail/${p.projectId}`} underline="hover">
            {p.name}
          </Link>
          <Typography variant="body2" color="text.secondary">
            {p.code}
          </Typography>
        </>
      ),
    },
    {
      id: 'statusName',
      label: 'Status',
      cell: (p) => <StatusChip name={p.statusName} color={p.statusColor} />,
    },
    {
      id: 'progress',
      label: 'Progress',
      cell: (p) => <ProjectProgress value={p.progress} />,
      sx: { minWidth: 120 },
    },
    { id: 'startDate', label: 'Dates', cell: (p) => projectDates(p), sx: hideBelowMd },
    {
      id: null,
      label: 'Members',
      cell: (p) => (
        <PeopleAvatars people={p.projectMembers} total={p.memberCount} label={`Members of ${p.name}`} />
      ),
      sx: hideBelowMd,
    },
  ];

  const filtered =
    query.search !== '' ||
    query.statusNames.length > 0 ||
    Boolean(query.startDateFrom || query.endDateTo || query.memberUserId);
  const empty = {
    title: filtered ? 'No projects match these filters' : 'No projects yet',
    description: filtered
      ? 'Clear the search or the filters to see every project.'
      : canCreate
        ? 'Create your first project to start planning work.'
        : undefined,
  };

  let body;
  if (view === 'table') {
    body = (
      <ListTable
        label="Projects"
        noun="projects"
        columns={columns}
        rows={shown?.items}
        rowKey={(p) => p.projectId}
        rowProps={{ 'data-testid': 'project-row' }}
        onRowClick={(p) => void navigate(`/app/project-detail/${p.projectId}`)}
        actions={canUpdate || canDelete ? actions : undefined}
        total={shown?.totalCount ?? 0}
        page={query.page}
        pageSize={query.pageSize}
        pageSizeOptions={LIST_PAGE_SIZES.projects.options}
        onPageChange={list.setPage}
        onPageSizeChange={list.setPageSize}
        sortBy={query.sortBy}
        sortOrder={query.sortOrder}
        onSort={list.toggleSort}
        isLoading={isLoading}
        isFetching={isFetching}
        error={currentData ? undefined : error}
        errorFallback={MESSAGES.projects.fetchFailed}
        onRetry={() => void refetch()}
        empty={empty}
      />
    );
  } else if (isLoading) {
    body = <LinearProgress aria-label="Loading projects" />;
  } else if (error && !currentData) {
    body = (
      <ErrorPanel
        message={errorMessage(error, MESSAGES.projects.fetchFailed)}
        onRetry={() => void refetch()}
      />
    );
  } else if (!shown || shown.items.length === 0) {
    body = <EmptyState title={empty.title} description={empty.description} />;
  } else {
    body = (
      <>
        {isFetching && <LinearProgress aria-label="Updating projects" sx={{ mb: 1 }} />}
        <Grid
          container
          spacing={2}
          component="ul"
          aria-label="Projects"
          sx={{ listStyle: 'none', p: 0, m: 0 }}
        >
          {shown.items.map((p) => (
            <Grid key={p.projectId} size={{ xs: 12, sm: 6, lg: 4 }} component="li">
              <ProjectCard project={p} actions={canUpdate || canDelete ? actions(p) : null} />
            </Grid>
          ))}
        </Grid>
        <TablePagination
          component="div"
          count={shown.totalCount}
          page={query.page - 1}
          rowsPerPage={query.pageSize}
          rowsPerPageOptions={[...LIST_PAGE_SIZES.projects.options]}
          onPageChange={(_e, p) => list.setPage(p + 1)}
          onRowsPerPageChange={(e) => list.setPageSize(Number(e.target.value))}
          labelRowsPerPage="Per page"
        />
      </>
    );
  }

  return (
    <Stack spacing={3}>
      <PageHeader
        title="Projects"
        subtitle={
          shown
            ? `${shown.totalCount} ${shown.totalCount === 1 ? 'project' : 'projects'}`
            : 'Every project of your company'
        }
        action={
          canCreate && (
            <Button variant="contained" startIcon={<AddRounded />} onClick={() => setEditing('new')}>
              New project
            </Button>
          )
        }
      />
      <MainCard>
        <Grid container spacing={2} sx={{ mb: 2, alignItems: 'center' }}>
          <Grid size={{ xs: 12, md: 4 }}>
            <TextField
              size="small"
              placeholder="Search name, code or description"
              value={list.searchInput}
              onChange={(e) => list.setSearchInput(e.target.value)}
              slotProps={{
                htmlInput: { 'aria-label': 'Search projects' },
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
          <Grid size={{ xs: 12, sm: 6, md: 4 }}>
            <MultiFilter
              label="Status"
              value={query.statusNames}
              options={statuses.map((s) => ({ value: s.name, label: s.name }))}
              onChange={(v) => update({ statusNames: v })}
            />
          </Grid>
          <Grid size={{ xs: 12, sm: 6, md: 4 }}>
            <Autocomplete
              size="small"
              options={memberOptions}
              value={member}
              onChange={(_e, v) => update({ memberUserId: v?.userId ?? null })}
              getOptionLabel={(o) => o.name}
              isOptionEqualToValue={(a, b) => a.userId === b.userId}
              renderInput={(params) => <TextField {...params} label="Member" />}
            />
          </Grid>
          <Grid size={{ xs: 6, md: 3 }}>
            <TextField
              size="small"
              type="date"
              label="Starts from"
              value={query.startDateFrom}
              onChange={(e) => update({ startDateFrom: e.target.value })}
              slotProps={{ inputLabel: { shrink: true } }}
            />
          </Grid>
          <Grid size={{ xs: 6, md: 3 }}>
            <TextField
              size="small"
              type="date"
              label="Ends by"
              value={query.endDateTo}
              onChange={(e) => update({ endDateTo: e.target.value })}
              slotProps={{ inputLabel: { shrink: true } }}
            />
          </Grid>
          <Grid size={{ xs: 8, md: 3 }}>
            <TextField
              select
              size="small"
              label="Sort by"
              value={`${query.sortBy}:${query.sortOrder}`}
              onChange={(e) => {
                const [sortBy, sortOrder] = e.target.value.split(':') as [ProjectSortField, 'asc' | 'desc'];
                update({ sortBy, sortOrder });
              }}
            >
              {PROJECT_SORT_FIELDS.flatMap((f) =>
                (['asc', 'desc'] as const).map((o) => (
                  <MenuItem key={`${f}:${o}`} value={`${f}:${o}`}>
                    {SORT_LABELS[f]} {o === 'asc' ? '↑' : '↓'}
                  </MenuItem>
                )),
              )}
            </TextField>
          </Grid>
          <Grid size={{ xs: 4, md: 3 }} sx={{ display: 'flex', justifyContent: 'flex-end' }}>
            <ToggleButtonGroup
              size="small"
              exclusive
              value={view}
              onChange={(_e, v: 'cards' | 'table' | null) => v && setView(v)}
              aria-label="Show projects as"
            >
              <ToggleButton value="cards" aria-label="Cards">
                <GridViewRounded fontSize="small" />
              </ToggleButton>
              <ToggleButton value="table" aria-label="Table">
                <TableRowsRounded fontSize="small" />
              </ToggleButton>
            </ToggleButtonGroup>
          </Grid>
        </Grid>
        {body}
      </MainCard>
      {editing && (
        <ProjectFormDialog
          project={editing === 'new' ? undefined : editing}
          onClose={() => setEditing(null)}
        />
      )}
      <ConfirmDialog
        open={Boolean(deleting)}
        title="Delete project?"
        busy={removal.isLoading}
        onConfirm={() => void onDelete()}
        onClose={() => setDeleting(null)}
      >
        {deleting?.name} and all its task lists, tasks and documents will be deleted.
      </ConfirmDialog>
    </Stack>
  );
}
