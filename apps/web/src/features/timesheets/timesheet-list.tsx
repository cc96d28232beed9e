import AddRounded from '@mui/icons-material/AddRounded';
import DeleteOutlineRounded from '@mui/icons-material/DeleteOutlineRounded';
import DownloadRounded from '@mui/icons-material/DownloadRounded';
import EditOutlined from '@mui/icons-material/EditOutlined';
import SearchRounded from '@mui/icons-material/SearchRounded';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import LinearProgress from '@mui/material/LinearProgress';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { MESSAGES, type TimeLog, type TimeLogSortField, USER_SEARCH_DEBOUNCE_MS } from '@taskhive/contract';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { errorMessage } from '../../api/errors';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { EmptyState } from '../../components/empty-state';
import { ErrorPanel } from '../../components/error-panel';
import { hideBelowMd, SortableTableHead, type SortableColumn } from '../../components/sortable-table-head';
import { useAuthedDownload } from '../../hooks/use-authed-download';
import { useDebouncedValue } from '../../hooks/use-debounced-value';
import { useSession } from '../../hooks/use-session';
import { useToast } from '../../hooks/use-toast';
import { formatDay } from './days';
import { useTimesheetQuery } from './timesheet-address';
import { TimeEntryDialog } from './time-entry-dialog';
import {
  filterParams,
  type TimeLogFilterArgs,
  useDeleteTimeLogMutation,
  useListTimeLogsInfiniteQuery,
} from './timesheets-api';
import { TableScroll } from '../../components/table-scroll';

const COLUMNS: SortableColumn<TimeLogSortField>[] = [
  { id: 'loggedAt', label: 'Day' },
  { id: null, label: 'Who' },
  { id: null, label: 'Task' },
  { id: null, label: 'Description', sx: hideBelowMd },
  { id: 'duration', label: 'Duration' },
];

/** Loads the next page when the end of the list scrolls into view (a button does the same). */
function useLoadMoreOnView(onView: () => void, enabled: boolean) {
  const ref = useRef<HTMLDivElement | null>(null);
  useEffect(() => {
    const el = ref.current;
    if (!el || !enabled || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver((entries) => {
      if (entries.some((e) => e.isIntersecting)) onView();
    });
    observer.observe(el);
    return () => observer.disconnect();
  }, [onView, enabled]);
  return ref;
}

/** One entry of a task's list (task detail): day, who and duration, the note under them. */
function TaskEntry({
  entry,
  onEdit,
  onDelete,
}: {
  entry: TimeLog;
  onEdit: () => void;
  onDelete: () => void;
}) {
  return (
    <ListItem disableGutters divider data-testid="time-entry" sx={{ gap: 1, alignItems: 'flex-start' }}>
      <Box sx={{ flex: 1, minWidth: 0 }}>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'baseline', flexWrap: 'wrap' }}>
          <Typography variant="body2" sx={{ fontWeight: 600, whiteSpace: 'nowrap' }}>
            {formatDay(entry.loggedAt)}
          </Typography>
          <Typography variant="body2" color="text.secondary">
            {entry.userName}
          </Typography>
        </Stack>
        {entry.description && (
          <Typography
            variant="body2"
            color="text.secondary"
            title={entry.description}
            sx={{
              overflowWrap: 'anywhere',
              display: '-webkit-box',
              WebkitLineClamp: 2,
              WebkitBoxOrient: 'vertical',
              overflow: 'hidden',
            }}
          >
            {entry.description}
          </Typography>
        )}
      </Box>
      <Stack sx={{ alignItems: 'flex-end', flexShrink: 0 }}>
        <Typography variant="body2" sx={{ fontWeight: 600, fontVariantNumeric: 'tabular-nums' }}>
          {entry.duration}
        </Typography>
        {!entry.billable && (
          <Typography variant="caption" color="text.secondary">
            Non-billable
          </Typography>
        )}
      </Stack>
      {(entry.canEdit || entry.canDelete) && (
        <Stack direction="row" sx={{ flexShrink: 0, mt: -0.75 }}>
          {entry.canEdit && (
            <IconButton size="small" aria-label={`Edit entry of ${entry.loggedAt}`} onClick={onEdit}>
              <EditOutlined fontSize="small" />
            </IconButton>
          )}
          {entry.canDelete && (
            <IconButton size="small" aria-label={`Delete entry of ${entry.loggedAt}`} onClick={onDelete}>
              <DeleteOutlineRounded fontSize="small" />
            </IconButton>
          )}
        </Stack>
      )}
    </ListItem>
  );
}

/**
 * Time entries with the timesheet filters, newest day first. Scrolling to the end loads the next
 * page and appends it; any new filter or sort starts again from page 1 (replaces). With `taskId`
 * the list is that task's entries, new entries go on it, and it fits the task drawer: a toolbar
 * of one row (`toolbarStart`, then export and Log time; no filters for a task's few entries) and
 * each entry on two lines instead of a table's columns.
 */
export function TimesheetList({ taskId, toolbarStart }: { taskId?: string; toolbarStart?: ReactNode }) {
  const { can } = useSession();
  const toast = useToast();
  const download = useAuthedDownload();
  const { query, change } = useTimesheetQuery(!taskId);
  const { from, to, sortBy, sortOrder } = query;
  const search = query.search;
  // The box follows the address when it changes under it (Back, a link), not while typing.
  const [searchInput, setSearchInput] = useState(query.search);
  const [seen, setSeen] = useState(query.search);
  if (seen !== query.search) {
    setSeen(query.search);
    if (searchInput.trim() !== query.search) setSearchInput(query.search);
  }
  const typed = useDebouncedValue(searchInput.trim(), USER_SEARCH_DEBOUNCE_MS);
  useEffect(() => {
    if (typed !== query.search) change({ search: typed }, true);
    // Only a new typed value applies: the address's own changes reach the box above.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [typed]);
  const args: TimeLogFilterArgs = {
    sortBy,
    sortOrder,
    ...(search ? { search } : {}),
    ...(from ? { loggedAtFrom: from } : {}),
    ...(to ? { loggedAtTo: to } : {}),
    ...(taskId ? { taskId } : {}),
  };
  const { data, error, isLoading, isFetching, isFetchingNextPage, hasNextPage, fetchNextPage, refetch } =
    useListTimeLogsInfiniteQuery(args);
  const loadedPages = data?.pages.length ?? 0;
  // A reload (or a link) that had more pages loaded loads them again, one after the other.
  useEffect(() => {
    if (loadedPages > 0 && loadedPages < query.pages && hasNextPage && !isFetching) void fetchNextPage();
  }, [loadedPages, query.pages, hasNextPage, isFetching, fetchNextPage]);
  const [editing, setEditing] = useState<TimeLog | 'new' | null>(null);
  const [deleting, setDeleting] = useState<TimeLog | null>(null);
  const [remove, removing] = useDeleteTimeLogMutation();
  const loadMore = () => {
    if (!hasNextPage || isFetchingNextPage) return;
    void fetchNextPage();
    change({ pages: loadedPages + 1 }, true);
  };
  const sentinel = useLoadMoreOnView(loadMore, Boolean(hasNextPage));
  const rows = data?.pages.flatMap((p) => p.items) ?? [];
  const total = data?.pages.at(-1)?.totalCount ?? 0;

  const exportCsv = async () => {
    const params = new URLSearchParams(
      Object.entries(filterParams(args)).map(([k, v]) => [k, String(v)] as [string, string]),
    );
    try {
      await download(`/api/Timelogs/export.csv?${params.toString()}`, 'timesheet.csv');
    } catch {
      toast.error(MESSAGES.timesheets.exportFailed);
    }
  };

  const confirmDelete = async () => {
    if (!deleting) return;
    try {
      await remove(deleting.timeLogId).unwrap();
      toast.success(MESSAGES.timesheets.deleted);
      setDeleting(null);
    } catch (err) {
      toast.error(errorMessage(err, MESSAGES.timesheets.deleteFailed));
    }
  };

  let body;
  if (isLoading) body = <LinearProgress aria-label="Loading time entries" />;
  else if (error)
    body = (
      <ErrorPanel
        message={errorMessage(error, MESSAGES.timesheets.loadFailed)}
        onRetry={() => void refetch()}
      />
    );
  else if (rows.length === 0)
    body = (
      <EmptyState
        title={
          search || from || to
            ? 'No entries match these filters'
            : taskId
              ? 'No time logged on this task yet'
              : 'No time logged yet'
        }
        description={
          taskId
            ? 'Log time or start a timer, and it shows here.'
            : 'Log time on a task, or start a timer, and it shows here.'
        }
      />
    );
  else
    body = (
      <>
        {isFetching && !isFetchingNextPage && (
          <LinearProgress aria-label="Updating time entries" sx={{ mb: -0.5 }} />
        )}
        {taskId ? (
          <List dense disablePadding aria-label="Time entries">
            {rows.map((t) => (
              <TaskEntry
                key={t.timeLogId}
                entry={t}
                onEdit={() => setEditing(t)}
                onDelete={() => setDeleting(t)}
              />
            ))}
          </List>
        ) : (
          <TableScroll label="Time entries">
            <Table size="small" aria-label="Time entries">
              <SortableTableHead
                columns={COLUMNS}
                sortBy={sortBy}
                sortOrder={sortOrder}
                onSort={(id) =>
                  change({ sortBy: id, sortOrder: sortBy === id && sortOrder === 'desc' ? 'asc' : 'desc' })
                }
                actionsLabel="Actions"
              />
              <TableBody>
                {rows.map((t) => (
                  <TableRow key={t.timeLogId} hover data-testid="time-entry">
                    <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatDay(t.loggedAt)}</TableCell>
                    <TableCell>{t.userName}</TableCell>
                    <TableCell>
                      <Typography variant="body2">{t.taskTitle ?? '—'}</Typography>
                      <Typography variant="caption" color="text.secondary">
                        {t.projectName}
                      </Typography>
                    </TableCell>
                    <TableCell sx={hideBelowMd}>{t.description ?? ''}</TableCell>
                    <TableCell sx={{ whiteSpace: 'nowrap' }}>
                      {t.duration}
                      {!t.billable && <Chip size="small" label="Non-billable" sx={{ ml: 1 }} />}
                    </TableCell>
                    <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                      {t.canEdit && (
                        <IconButton aria-label={`Edit entry of ${t.loggedAt}`} onClick={() => setEditing(t)}>
                          <EditOutlined />
                        </IconButton>
                      )}
                      {t.canDelete && (
                        <IconButton
                          aria-label={`Delete entry of ${t.loggedAt}`}
                          onClick={() => setDeleting(t)}
                        >
                          <DeleteOutlineRounded />
                        </IconButton>
                      )}
                    </TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </TableScroll>
        )}
        <Stack
          direction="row"
          spacing={2}
          sx={{ alignItems: 'center', justifyContent: 'space-between', p: 1.5 }}
        >
          <Typography variant="body2" color="text.secondary">
            Showing {rows.length} of {total}
          </Typography>
          {hasNextPage && (
            <Button onClick={loadMore} disabled={isFetchingNextPage}>
              {isFetchingNextPage ? 'Loading…' : 'Load more'}
            </Button>
          )}
        </Stack>
        <Box ref={sentinel} sx={{ height: 1 }} />
      </>
    );

  const canLog = can({ anyOf: ['timelog:create'] });
  const toolbar = taskId ? (
    <Stack direction="row" spacing={1} useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
      {toolbarStart}
      <Tooltip title="Export CSV">
        <IconButton aria-label="Export CSV" onClick={() => void exportCsv()} sx={{ ml: 'auto' }}>
          <DownloadRounded />
        </IconButton>
      </Tooltip>
      {canLog && (
        <Button
          variant="contained"
          startIcon={<AddRounded />}
          onClick={() => setEditing('new')}
          sx={{ whiteSpace: 'nowrap', flexShrink: 0 }}
        >
          Log time
        </Button>
      )}
    </Stack>
  ) : (
    <Stack direction={{ xs: 'column', md: 'row' }} spacing={1.5} sx={{ alignItems: { md: 'center' } }}>
      <TextField
        size="small"
        placeholder="Search entries"
        value={searchInput}
        onChange={(e) => setSearchInput(e.target.value)}
        slotProps={{
          htmlInput: { 'aria-label': 'Search entries' },
          input: {
            startAdornment: (
              <InputAdornment position="start">
                <SearchRounded fontSize="small" />
              </InputAdornment>
            ),
          },
        }}
      />
      <TextField
        size="small"
        type="date"
        label="From"
        value={from}
        onChange={(e) => change({ from: e.target.value })}
        slotProps={{ inputLabel: { shrink: true } }}
      />
      <TextField
        size="small"
        type="date"
        label="To"
        value={to}
        onChange={(e) => change({ to: e.target.value })}
        slotProps={{ inputLabel: { shrink: true } }}
      />
      <Box sx={{ flexGrow: 1 }} />
      <Button startIcon={<DownloadRounded />} onClick={() => void exportCsv()}>
        Export CSV
      </Button>
      {canLog && (
        <Button variant="contained" startIcon={<AddRounded />} onClick={() => setEditing('new')}>
          Log time
        </Button>
      )}
    </Stack>
  );

  return (
    <Stack spacing={2}>
      {toolbar}
      {body}
      {editing && (
        <TimeEntryDialog
          entry={editing === 'new' ? undefined : editing}
          taskId={taskId}
          onClose={() => setEditing(null)}
        />
      )}
      <ConfirmDialog
        open={Boolean(deleting)}
        title="Delete time entry"
        busy={removing.isLoading}
        onConfirm={() => void confirmDelete()}
        onClose={() => setDeleting(null)}
      >
        {deleting && `Delete ${deleting.duration} logged on ${formatDay(deleting.loggedAt)}?`}
      </ConfirmDialog>
    </Stack>
  );
}
