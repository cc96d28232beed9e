import AddRounded from '@mui/icons-material/AddRounded';
import CloseRounded from '@mui/icons-material/CloseRounded';
import DeleteOutlineRounded from '@mui/icons-material/DeleteOutlineRounded';
import DownloadRounded from '@mui/icons-material/DownloadRounded';
import UploadFileRounded from '@mui/icons-material/UploadFileRounded';
import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import ButtonBase from '@mui/material/ButtonBase';
import Checkbox from '@mui/material/Checkbox';
import Divider from '@mui/material/Divider';
import Drawer from '@mui/material/Drawer';
import Grid from '@mui/material/Grid';
import Link from '@mui/material/Link';
import IconButton from '@mui/material/IconButton';
import LinearProgress from '@mui/material/LinearProgress';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import MenuItem from '@mui/material/MenuItem';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { skipToken } from '@reduxjs/toolkit/query/react';
import {
  DOCUMENT_MAX_BYTES,
  MESSAGES,
  type DocumentInfo,
  type Person,
  type Task,
  type TaskDetail,
  type TaskStatus,
  type UpdateTaskBody,
} from '@taskhive/contract';
import {
  memo,
  useCallback,
  useDeferredValue,
  useEffect,
  useLayoutEffect,
  useRef,
  useState,
  type ReactNode,
} from 'react';
import { Link as RouterLink, useSearchParams } from 'react-router';
import { errorMessage, errorStatus } from '../../api/errors';
import { useGetProjectQuery } from '../../api/projects-api';
import { useListTaskPrioritiesQuery, useListTaskStatusesQuery } from '../../api/task-statuses-api';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { ErrorPanel } from '../../components/error-panel';
import { FilePickButton } from '../../components/file-pick-button';
import { StatusChip } from '../../components/status-chip';
import { UserAvatar } from '../../components/user-avatar';
import { useAuthedDownload } from '../../hooks/use-authed-download';
import { useSession } from '../../hooks/use-session';
import { useToast } from '../../hooks/use-toast';
import { afterPaint } from '../../lib/after-paint';
import { formatBytes, formatMinutes } from '../../lib/format';
import { TASK_PARAM, useOpenTask } from './task-link';
import { BlockedMark } from './blocked-mark';
import { TaskLabelsField } from './task-labels';
import { TaskWatchers } from './task-watchers';
import { TaskRepeat } from './task-repeat';
import {
  useCreateSubtaskMutation,
  useDeleteTaskDocumentMutation,
  useDeleteTaskMutation,
  useGetTaskQuery,
  useTaskLoggedMinutesQuery,
  useUpdateTaskMutation,
  useUploadTaskDocumentMutation,
} from './tasks-api';

export interface TaskDetailDrawerProps {
  /** The time-log part of a task (the time issue supplies it through app/); nothing by default. */
  renderTimeLog?: (task: TaskDetail) => ReactNode;
  /** The comments-and-activity timeline (the comments feature supplies it through app/); nothing by default. */
  renderTimeline?: (task: TaskDetail) => ReactNode;
  /**
   * Issue 26: the Dependencies part (the task-dependencies feature supplies it through app/), given
   * the way to open another task in the drawer; nothing by default.
   */
  renderDependencies?: (task: TaskDetail, openTask: (taskId: string) => void) => ReactNode;
}

/** A text field that saves when it loses focus, if its value changed. */
function InlineText({
  label,
  value,
  onSave,
  disabled,
  multiline = false,
  type,
}: {
  label: string;
  value: string;
  onSave: (next: string) => void;
  disabled: boolean;
  multiline?: boolean;
  type?: 'number' | 'date';
}) {
  const [draft, setDraft] = useState(value);
  useEffect(() => setDraft(value), [value]);
  return (
    <TextField
      size="small"
      label={label}
      value={draft}
      type={type}
      disabled={disabled}
      multiline={multiline}
      minRows={multiline ? 2 : undefined}
      onChange={(e) => setDraft(e.target.value)}
      onBlur={() => draft !== value && onSave(draft)}
      onKeyDown={(e) => {
        if (e.key === 'Enter' && !multiline) (e.target as HTMLInputElement).blur();
      }}
      slotProps={{
        inputLabel: type === 'date' ? { shrink: true } : undefined,
        htmlInput: type === 'number' ? { min: 0, step: 0.5 } : undefined,
      }}
    />
  );
}

const numberOrNull = (v: string) => (v.trim() === '' ? null : Number(v));

/**
 * The head of the task's time part: the minutes logged on it against its estimate. Memoised on
 * its two figures, so an edit of another field (a status change) does not render it again.
 */
const TimeSummary = memo(function TimeSummary({
  taskId,
  estimatedHours,
}: {
  taskId: string;
  estimatedHours: number | null;
}) {
  const { can } = useSession();
  const reads = can({ anyOf: ['timelog:read', 'timelog:read:all'] });
  const { data: minutes } = useTaskLoggedMinutesQuery(reads ? taskId : skipToken);
  const estimate = estimatedHours === null ? null : Math.round(estimatedHours * 60);
  const share = estimate && minutes !== undefined ? Math.round((minutes / estimate) * 100) : null;
  let text = '';
  if (minutes !== undefined) {
    text = `${formatMinutes(minutes)} logged`;
    if (estimate === null) text += ' · no estimate';
    else {
      text += ` of ${formatMinutes(estimate)} estimated`;
      if (minutes > estimate) text += ` (${formatMinutes(minutes - estimate)} over)`;
    }
  }
  return (
    <Stack spacing={1} data-testid="task-time-summary">
      <Stack direction="row" spacing={2} sx={{ justifyContent: 'space-between', alignItems: 'baseline' }}>
        <Typography variant="h6" component="h3">
          Time
        </Typography>
        <Typography variant="body2" color="text.secondary" sx={{ textAlign: 'right' }}>
          {text}
        </Typography>
      </Stack>
      {share !== null && (
        <LinearProgress
          variant="determinate"
          value={Math.min(share, 100)}
          color={share > 100 ? 'warning' : 'primary'}
          aria-label={`${share}% of the estimate logged`}
        />
      )}
    </Stack>
  );
});

// The sections with their own reads, memoised on their props (the task's id, its labels' array,
// which a cache patch of another field keeps): a status change renders the drawer's fields, not them.
const Watchers = memo(TaskWatchers);
const LabelsField = memo(TaskLabelsField);

/** A callback of stable identity that calls the latest render's function (for memoised children). */
function useLatest<A extends unknown[]>(fn: (...args: A) => void) {
  const ref = useRef(fn);
  useLayoutEffect(() => {
    ref.current = fn;
  });
  return useCallback((...args: A) => ref.current(...args), []);
}

/** The assignee picker, memoised: a status change leaves the people and its options alone. */
const AssigneesField = memo(function AssigneesField({
  members,
  value,
  disabled,
  onChange,
}: {
  members: Person[];
  value: Person[];
  disabled: boolean;
  onChange: (people: Person[]) => void;
}) {
  return (
    <Autocomplete
      multiple
      size="small"
      options={members}
      value={value}
      disabled={disabled}
      onChange={(_e, v) => onChange(v)}
      getOptionLabel={(p) => `${p.firstName} ${p.lastName}`}
      isOptionEqualToValue={(a, b) => a.userId === b.userId}
      renderOption={(props, p) => {
        const { key, ...rest } = props;
        return (
          <li key={key} {...rest}>
            <UserAvatar
              firstName={p.firstName}
              lastName={p.lastName}
              photoUrl={p.profilePhotoUrl}
              size={24}
              sx={{ mr: 1 }}
            />
            {p.firstName} {p.lastName}
          </li>
        );
      }}
      renderInput={(params) => <TextField {...params} label="Assignees" />}
    />
  );
});

/**
 * Where a section that mounts after the title's first paint will be: a block of about its height,
 * so that the fields above do not move and the drawer's scroll height changes little when it comes.
 */
/**
 * The drawer's Status field. A choice shows at once (the field's own state); the write and its
 * cache updates (the drawer, the board and the lists behind it re-render with them) follow after
 * that frame is painted, so the click's next paint waits for none of it (issue 28, INP). The
 * field shows the task's status again once the write is settled (the server's, or the old one
 * when it refused).
 */
function StatusField({
  value,
  statuses,
  disabled,
  onChange,
}: {
  value: string;
  statuses: readonly TaskStatus[];
  disabled: boolean;
  onChange: (statusId: string) => Promise<void>;
}) {
  const [chosen, setChosen] = useState<string | null>(null);
  return (
    <TextField
      select
      size="small"
      label="Status"
      value={chosen ?? value}
      disabled={disabled}
      onChange={(e) => {
        const statusId = e.target.value;
        setChosen(statusId);
        afterPaint(() => void onChange(statusId).finally(() => setChosen(null)));
      }}
    >
      {statuses.map((s) => (
        <MenuItem key={s.statusId} value={s.statusId}>
          {s.name}
        </MenuItem>
      ))}
    </TextField>
  );
}

function SectionPlaceholder({ height, width }: { height: number; width?: number }) {
  return (
    <Skeleton
      variant="rounded"
      height={height}
      width={width}
      aria-hidden
      data-testid="task-section-placeholder"
    />
  );
}

function TaskDetailBody({
  task,
  renderTimeLog,
  renderTimeline,
  renderDependencies,
}: {
  task: TaskDetail;
  renderTimeLog?: TaskDetailDrawerProps['renderTimeLog'];
  renderTimeline?: TaskDetailDrawerProps['renderTimeline'];
  renderDependencies?: TaskDetailDrawerProps['renderDependencies'];
}) {
  const toast = useToast();
  const open = useOpenTask();
  const download = useAuthedDownload();
  const { can } = useSession();
  const canEdit = can({ anyOf: ['task:update'] });
  const canDelete = can({ anyOf: ['task:delete'] });
  const canCreate = can({ anyOf: ['task:create'] });
  const { data: statuses = [] } = useListTaskStatusesQuery();
  const { data: priorities = [] } = useListTaskPrioritiesQuery();
  const { data: project } = useGetProjectQuery(can({ anyOf: ['project:read'] }) ? task.projectId : skipToken);
  const [update] = useUpdateTaskMutation();
  const [remove, removal] = useDeleteTaskMutation();
  const [addSubtask, addingSubtask] = useCreateSubtaskMutation();
  const [upload, uploading] = useUploadTaskDocumentMutation();
  const [removeDoc] = useDeleteTaskDocumentMutation();
  const [subtaskTitle, setSubtaskTitle] = useState('');
  const [deleting, setDeleting] = useState(false);
  const completed = statuses.find((s) => s.builtIn === 'completed');
  const reopened = statuses.find((s) => s.builtIn === null);
  const members: Person[] = project?.projectMembers ?? task.assignees;
  // Issue 28: the header and the fields render (and paint) first, from the task's answer alone; the
  // sections with their own reads (watchers, labels, dependencies and custom fields, repeat, time,
  // timeline) mount in a deferred render just after, which React may interrupt and which leaves the
  // first paint of the title alone.
  const sections = useDeferredValue(true, false);

  const save = async (taskId: string, body: UpdateTaskBody, patch?: Partial<Task>) => {
    try {
      await update({ taskId, body, patch }).unwrap();
      toast.success(MESSAGES.tasks.updated);
    } catch (err) {
      toast.error(errorMessage(err, MESSAGES.tasks.updateFailed));
    }
  };
  const setAssignees = useLatest(
    (people: Person[]) =>
      void save(task.taskId, { assigneeIds: people.map((p) => p.userId) }, { assignees: people }),
  );
  const setStatus = async (t: Task, statusId: string) => {
    const s = statuses.find((x) => x.statusId === statusId);
    if (s) await save(t.taskId, { statusId }, { statusId, statusName: s.name, statusColor: s.color });
  };

  const onAddSubtask = async () => {
    const title = subtaskTitle.trim();
    if (!title) return;
    try {
      await addSubtask({ parentId: task.taskId, body: { title } }).unwrap();
      toast.success(MESSAGES.tasks.subtaskCreated);
      setSubtaskTitle('');
    } catch (err) {
      toast.error(errorMessage(err, MESSAGES.tasks.subtaskFailed));
    }
  };

  const onUpload = async (file: File) => {
    try {
      await upload({ taskId: task.taskId, file }).unwrap();
      toast.success(MESSAGES.tasks.documentUploaded);
    } catch (err) {
      toast.error(errorMessage(err, MESSAGES.tasks.documentUploadFailed));
    }
  };
  const onRemoveDoc = async (doc: DocumentInfo) => {
    try {
      await removeDoc({ taskId: task.taskId, docId: doc.documentId }).unwrap();
      toast.success(MESSAGES.tasks.documentDeleted);
    } catch (err) {
      toast.error(errorMessage(err, MESSAGES.toasts.deleteFailed));
    }
  };
  const onDownload = async (doc: DocumentInfo) => {
    try {
      await download(doc.url, doc.fileName);
    } catch {
      toast.error(MESSAGES.generic);
    }
  };
  const onDelete = async () => {
    try {
      await remove(task).unwrap();
      toast.success(MESSAGES.tasks.deleted);
      setDeleting(false);
      open(task.parentTaskId);
    } catch (err) {
      toast.error(errorMessage(err, MESSAGES.tasks.deleteFailed));
    }
  };

  return (
    // flexShrink 0: the drawer's paper scrolls; its content never squeezes into the window's height.
    <Stack spacing={2.5} sx={{ p: { xs: 2, sm: 3 }, flexShrink: 0 }}>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'flex-start' }}>
        <Box sx={{ flex: 1, minWidth: 0 }}>
          <Typography variant="caption" color="text.secondary" component="p" noWrap>
            <Link
              component={RouterLink}
              to={`/app/t/${task.key}`}
              color="inherit"
              underline="hover"
              title="Link to this task"
              sx={{ fontWeight: 600 }}
            >
              {task.key}
            </Link>{' '}
            · {task.projectName} · {task.listName}
          </Typography>
          {task.parentTaskId && (
            <Button size="small" onClick={() => open(task.parentTaskId)} sx={{ px: 0 }}>
              Back to the parent task
            </Button>
          )}
        </Box>
        {canDelete && (
          <Tooltip title="Delete task">
            <IconButton aria-label="Delete task" onClick={() => setDeleting(true)}>
              <DeleteOutlineRounded />
            </IconButton>
          </Tooltip>
        )}
        <IconButton aria-label="Close task" onClick={() => open(null)}>
          <CloseRounded />
        </IconButton>
      </Stack>
      {sections ? <Watchers taskId={task.taskId} /> : <SectionPlaceholder height={32} width={220} />}
      {task.blockedByOpenCount > 0 && <BlockedMark count={task.blockedByOpenCount} withText />}
      <InlineText
        label="Title"
        value={task.title}
        disabled={!canEdit}
        onSave={(title) => void save(task.taskId, { title }, { title })}
      />
      <InlineText
        label="Description"
        multiline
        value={task.description ?? ''}
        disabled={!canEdit}
        onSave={(d) => void save(task.taskId, { description: d }, { description: d.trim() || null })}
      />
      <Grid container spacing={2}>
        <Grid size={{ xs: 12, sm: 6 }}>
          <StatusField
            value={task.statusId ?? ''}
            statuses={statuses}
            disabled={!canEdit}
            onChange={(statusId) => setStatus(task, statusId)}
          />
        </Grid>
        <Grid size={{ xs: 12, sm: 6 }}>
          <TextField
            select
            size="small"
            label="Priority"
            value={task.priorityId ?? ''}
            disabled={!canEdit}
            onChange={(e) => {
              const p = priorities.find((x) => x.priorityId === e.target.value);
              void save(
                task.taskId,
                { priorityId: p?.priorityId ?? null },
                { priorityId: p?.priorityId ?? null, priorityName: p?.name ?? null },
              );
            }}
          >
            <MenuItem value="">None</MenuItem>
            {priorities.map((p) => (
              <MenuItem key={p.priorityId} value={p.priorityId}>
                {p.name}
              </MenuItem>
            ))}
          </TextField>
        </Grid>
        <Grid size={6}>
          <InlineText
            label="Start date"
            type="date"
            value={task.startDate ?? ''}
            disabled={!canEdit}
            onSave={(v) => void save(task.taskId, { startDate: v || null }, { startDate: v || null })}
          />
        </Grid>
        <Grid size={6}>
          <InlineText
            label="Due date"
            type="date"
            value={task.dueDate ?? ''}
            disabled={!canEdit}
            onSave={(v) => void save(task.taskId, { dueDate: v || null }, { dueDate: v || null })}
          />
        </Grid>
        <Grid size={6}>
          <InlineText
            label="Estimated hours"
            type="number"
            value={task.estimatedHours === null ? '' : String(task.estimatedHours)}
            disabled={!canEdit}
            onSave={(v) =>
              void save(task.taskId, { estimatedHours: numberOrNull(v) }, { estimatedHours: numberOrNull(v) })
            }
          />
        </Grid>
        <Grid size={6}>
          <InlineText
            label="Actual hours"
            type="number"
            value={task.actualHours === null ? '' : String(task.actualHours)}
            disabled={!canEdit}
            onSave={(v) =>
              void save(task.taskId, { actualHours: numberOrNull(v) }, { actualHours: numberOrNull(v) })
            }
          />
        </Grid>
        {!task.parentTaskId && project && (
          <Grid size={12}>
            <TextField
              select
              size="small"
              label="Task list"
              value={task.taskListId}
              disabled={!canEdit}
              onChange={(e) => {
                const list = project.taskLists.find((l) => l.taskListId === e.target.value);
                if (list)
                  void save(
                    task.taskId,
                    { taskListId: list.taskListId },
                    { taskListId: list.taskListId, listName: list.name },
                  );
              }}
            >
              {project.taskLists.map((l) => (
                <MenuItem key={l.taskListId} value={l.taskListId}>
                  {l.name}
                </MenuItem>
              ))}
            </TextField>
          </Grid>
        )}
        <Grid size={12}>
          <AssigneesField
            members={members}
            value={task.assignees}
            disabled={!canEdit}
            onChange={setAssignees}
          />
        </Grid>
        <Grid size={12}>
          {sections ? (
            <LabelsField taskId={task.taskId} labels={task.labels} />
          ) : (
            <SectionPlaceholder height={40} />
          )}
        </Grid>
      </Grid>

      <Divider />
      {!task.parentTaskId && (
        <Stack spacing={1}>
          <Stack direction="row" sx={{ justifyContent: 'space-between', alignItems: 'center' }}>
            <Typography variant="h6" component="h3">
              Subtasks ({task.subtasks.length})
            </Typography>
            <Typography variant="body2" color="text.secondary">
              {task.progress}% done
            </Typography>
          </Stack>
          <LinearProgress
            variant="determinate"
            value={task.progress}
            aria-label={`Task progress ${task.progress}%`}
          />
          <List dense disablePadding aria-label="Subtasks">
            {task.subtasks.map((s) => (
              <ListItem key={s.taskId} disableGutters>
                <Checkbox
                  edge="start"
                  checked={s.statusId !== null && s.statusId === completed?.statusId}
                  disabled={!canEdit || !completed || !reopened}
                  slotProps={{ input: { 'aria-label': `Complete ${s.title}` } }}
                  onChange={(e) => {
                    const target = e.target.checked ? completed : reopened;
                    if (target) void setStatus(s, target.statusId);
                  }}
                />
                <ListItemText
                  primary={
                    <ButtonBase onClick={() => open(s.taskId)} sx={{ textAlign: 'left', borderRadius: 0.5 }}>
                      {s.title}
                    </ButtonBase>
                  }
                />
                <StatusChip name={s.statusName} color={s.statusColor} />
              </ListItem>
            ))}
          </List>
          {canCreate && (
            <Stack
              direction="row"
              spacing={1}
              component="form"
              onSubmit={(e) => {
                e.preventDefault();
                void onAddSubtask();
              }}
            >
              <TextField
                size="small"
                placeholder="New subtask"
                value={subtaskTitle}
                onChange={(e) => setSubtaskTitle(e.target.value)}
                slotProps={{ htmlInput: { 'aria-label': 'New subtask title', maxLength: 300 } }}
              />
              <Button
                type="submit"
                variant="outlined"
                startIcon={<AddRounded />}
                disabled={!subtaskTitle.trim() || addingSubtask.isLoading}
              >
                Add
              </Button>
            </Stack>
          )}
        </Stack>
      )}

      {renderDependencies && (
        <>
          <Divider />
          {sections ? renderDependencies(task, open) : <SectionPlaceholder height={120} />}
        </>
      )}
      {!task.parentTaskId && <Divider />}
      {sections && <TaskRepeat task={task} />}
      <Divider />
      <Stack spacing={1}>
        <Stack direction="row" sx={{ justifyContent: 'space-between', alignItems: 'center' }}>
          <Typography variant="h6" component="h3">
            Documents ({task.documents.length})
          </Typography>
          {canEdit && (
            <FilePickButton
              accept={[]}
              maxBytes={DOCUMENT_MAX_BYTES}
              inputLabel="Task document file"
              onFile={(f) => void onUpload(f)}
              onRefused={(reason) => toast.error(reason)}
              startIcon={<UploadFileRounded />}
              disabled={uploading.isLoading}
              size="small"
            >
              {uploading.isLoading ? 'Uploading…' : 'Upload'}
            </FilePickButton>
          )}
        </Stack>
        {task.documents.length === 0 ? (
          <Typography variant="body2" color="text.secondary">
            No documents yet.
          </Typography>
        ) : (
          <List dense disablePadding aria-label="Task documents">
            {task.documents.map((doc) => (
              <ListItem
                key={doc.documentId}
                disableGutters
                secondaryAction={
                  <Stack direction="row">
                    <IconButton aria-label={`Download ${doc.fileName}`} onClick={() => void onDownload(doc)}>
                      <DownloadRounded />
                    </IconButton>
                    {canEdit && (
                      <IconButton aria-label={`Delete ${doc.fileName}`} onClick={() => void onRemoveDoc(doc)}>
                        <DeleteOutlineRounded />
                      </IconButton>
                    )}
                  </Stack>
                }
                sx={{ pr: 12 }}
              >
                <ListItemText
                  primary={doc.fileName}
                  secondary={formatBytes(doc.sizeBytes)}
                  slotProps={{ primary: { noWrap: true } }}
                />
              </ListItem>
            ))}
          </List>
        )}
      </Stack>
      {renderTimeLog && (
        <>
          <Divider />
          {sections ? (
            <Stack spacing={2}>
              <TimeSummary taskId={task.taskId} estimatedHours={task.estimatedHours} />
              {renderTimeLog(task)}
            </Stack>
          ) : (
            <SectionPlaceholder height={120} />
          )}
        </>
      )}
      {renderTimeline && (
        <>
          <Divider />
          {sections ? renderTimeline(task) : <SectionPlaceholder height={200} />}
        </>
      )}
      <ConfirmDialog
        open={deleting}
        title="Delete task?"
        busy={removal.isLoading}
        onConfirm={() => void onDelete()}
        onClose={() => setDeleting(false)}
      >
        {task.title}
        {task.subtasks.length > 0 ? ` and its ${task.subtasks.length} subtasks` : ''} will be deleted.
      </ConfirmDialog>
    </Stack>
  );
}

/** The task detail over the current page, opened by `?task=<taskId>`. */
export function TaskDetailDrawer({
  renderTimeLog,
  renderTimeline,
  renderDependencies,
}: TaskDetailDrawerProps) {
  const [params] = useSearchParams();
  const open = useOpenTask();
  const taskId = params.get(TASK_PARAM);
  const { currentData: task, error, refetch } = useGetTaskQuery(taskId ?? skipToken);

  let body;
  if (!taskId) body = null;
  else if (error && !task) {
    const missing = errorStatus(error) === 404;
    body = (
      <Box sx={{ p: 3 }}>
        <ErrorPanel
          title={missing ? 'Task not found' : 'Something went wrong'}
          message={
            missing
              ? 'This task does not exist or was deleted.'
              : errorMessage(error, MESSAGES.tasks.detailsFailed)
          }
          onRetry={missing ? undefined : () => void refetch()}
        />
        <Button onClick={() => open(null)} sx={{ mt: 2 }}>
          Close
        </Button>
      </Box>
    );
  } else if (!task)
    body = <Skeleton variant="rounded" height={400} sx={{ m: 3 }} aria-label="Loading task" />;
  else
    body = (
      <TaskDetailBody
        key={task.taskId}
        task={task}
        renderTimeLog={renderTimeLog}
        renderTimeline={renderTimeline}
        renderDependencies={renderDependencies}
      />
    );

  return (
    <Drawer
      anchor="right"
      open={Boolean(taskId)}
      onClose={() => open(null)}
      slotProps={{ paper: { sx: { width: { xs: '100%', sm: 520 } }, 'aria-label': 'Task detail' } }}
    >
      {body}
    </Drawer>
  );
}
