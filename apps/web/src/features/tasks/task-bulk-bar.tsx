import CheckRounded from '@mui/icons-material/CheckRounded';
import DeleteOutlineRounded from '@mui/icons-material/DeleteOutlineRounded';
import IndeterminateCheckBox from '@mui/icons-material/IndeterminateCheckBox';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import ListItemIcon from '@mui/material/ListItemIcon';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { TASK_BULK_MESSAGES, type ProjectMember, type Task, type TaskBulkBody } from '@taskhive/contract';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { errorMessage } from '../../api/errors';
import { useGetProjectQuery } from '../../api/projects-api';
import { useListTaskStatusesQuery } from '../../api/task-statuses-api';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { StatusChip } from '../../components/status-chip';
import { useToast } from '../../hooks/use-toast';
import { useBulkTasksMutation } from './task-bulk-api';

/**
 * The rows picked for a bulk action, kept by id with the task as the screen showed it. `reset`
 * is what the page's query is (its filters, sort and page): a new query starts a new selection,
 * so a bulk action never reaches rows no longer shown.
 */
export function useTaskSelection(reset: string) {
  const [selected, setSelected] = useState<ReadonlyMap<string, Task>>(new Map());
  useEffect(() => setSelected(new Map()), [reset]);
  const toggle = useCallback(
    (task: Task) =>
      setSelected((s) => {
        const next = new Map(s);
        if (next.has(task.taskId)) next.delete(task.taskId);
        else next.set(task.taskId, task);
        return next;
      }),
    [],
  );
  const togglePage = useCallback(
    (page: readonly Task[]) =>
      setSelected((s) => {
        const all = page.length > 0 && page.every((t) => s.has(t.taskId));
        const next = new Map(s);
        for (const t of page) {
          if (all) next.delete(t.taskId);
          else next.set(t.taskId, t);
        }
        return next;
      }),
    [],
  );
  const clear = useCallback(() => setSelected(new Map()), []);
  return { selected, toggle, togglePage, clear };
}
export type TaskSelection = ReturnType<typeof useTaskSelection>;

/** A row's checkbox. */
export function SelectTask({ task, selection }: { task: Task; selection: TaskSelection }) {
  return (
    <Checkbox
      size="small"
      checked={selection.selected.has(task.taskId)}
      onChange={() => selection.toggle(task)}
      onClick={(e) => e.stopPropagation()}
      slotProps={{ input: { 'aria-label': TASK_BULK_MESSAGES.selectRow(`${task.key} ${task.title}`) } }}
      sx={{ p: 0.5 }}
    />
  );
}

/** "Select all on this page": checked when every row of the page is, mixed when some are. */
export function SelectPage({ rows, selection }: { rows: readonly Task[]; selection: TaskSelection }) {
  const picked = rows.filter((t) => selection.selected.has(t.taskId)).length;
  const mixed = picked > 0 && picked < rows.length;
  // Mixed through the input's own `indeterminate` (what assistive technology reads): MUI's
  // `indeterminate` prop puts aria-checked on a native checkbox, which axe refuses.
  return (
    <FormControlLabel
      control={
        <Checkbox
          size="small"
          checked={rows.length > 0 && picked === rows.length}
          icon={mixed ? <IndeterminateCheckBox fontSize="small" color="primary" /> : undefined}
          inputRef={(el: HTMLInputElement | null) => {
            if (el) el.indeterminate = mixed;
          }}
          onChange={() => selection.togglePage(rows)}
        />
      }
      label={<Typography variant="body2">{TASK_BULK_MESSAGES.selectPage}</Typography>}
      sx={{ mr: 0 }}
    />
  );
}

/** Reports one project's members up (a hook per project: the bulk assignee lists who fits every task). */
function MembersOf({
  projectId,
  onMembers,
}: {
  projectId: string;
  onMembers: (projectId: string, members: ProjectMember[] | null) => void;
}) {
  const { data, isError } = useGetProjectQuery(projectId);
  useEffect(() => {
    if (data) onMembers(projectId, data.projectMembers);
    else if (isError) onMembers(projectId, null);
  }, [data, isError, projectId, onMembers]);
  return null;
}

/** The people who may be assigned every selected task: members of all their projects. */
function AssigneeMenu({
  tasks,
  anchor,
  onClose,
  onPick,
}: {
  tasks: readonly Task[];
  anchor: HTMLElement;
  onClose: () => void;
  onPick: (assigneeId: string | null) => void;
}) {
  const projectIds = useMemo(() => [...new Set(tasks.map((t) => t.projectId))], [tasks]);
  const [members, setMembers] = useState<Record<string, ProjectMember[] | null>>({});
  const onMembers = useCallback(
    (id: string, list: ProjectMember[] | null) =>
      setMembers((m) => (m[id] === list ? m : { ...m, [id]: list })),
    [],
  );
  const loaded = projectIds.every((id) => id in members);
  const [first, ...rest] = projectIds.map((id) => members[id] ?? []);
  const common = loaded
    ? (first ?? []).filter((m) => rest.every((list) => list.some((o) => o.userId === m.userId)))
    : [];
  return (
    <>
      {projectIds.map((id) => (
        <MembersOf key={id} projectId={id} onMembers={onMembers} />
      ))}
      <Menu anchorEl={anchor} open onClose={onClose}>
        {!loaded && <MenuItem disabled>{TASK_BULK_MESSAGES.membersLoading}</MenuItem>}
        {common.map((m) => (
          <MenuItem key={m.userId} onClick={() => onPick(m.userId)}>
            {m.firstName} {m.lastName}
          </MenuItem>
        ))}
        <MenuItem onClick={() => onPick(null)}>{TASK_BULK_MESSAGES.unassign}</MenuItem>
      </Menu>
    </>
  );
}

/**
 * The bar over a list while rows are selected: how many, then Status, Assignee, Delete and Clear.
 * Each action is ONE request (POST /Tasks/bulk, one transaction on the server). It sits in the
 * page's flow above the rows, never over them (a phone's screen included).
 */
export function TaskBulkBar({
  selection,
  canUpdate,
  canDelete,
}: {
  selection: TaskSelection;
  canUpdate: boolean;
  canDelete: boolean;
}) {
  const toast = useToast();
  const [bulk, state] = useBulkTasksMutation();
  const { data: statuses = [] } = useListTaskStatusesQuery(undefined, { skip: !canUpdate });
  const [menu, setMenu] = useState<{ kind: 'status' | 'assignee'; anchor: HTMLElement } | null>(null);
  const [confirming, setConfirming] = useState(false);
  const tasks = useMemo(() => [...selection.selected.values()], [selection.selected]);
  const n = tasks.length;
  if (n === 0) return null;

  const run = async (
    action: Omit<TaskBulkBody, 'taskIds'>,
    patch: Partial<Task> | undefined,
  ): Promise<boolean> => {
    setMenu(null);
    try {
      await bulk({ body: { ...action, taskIds: tasks.map((t) => t.taskId) }, tasks, patch }).unwrap();
      toast.success(
        action.action === 'delete' ? TASK_BULK_MESSAGES.deleted(n) : TASK_BULK_MESSAGES.updated(n),
      );
      selection.clear();
      return true;
    } catch (err) {
      toast.error(errorMessage(err, TASK_BULK_MESSAGES.failed));
      return false;
    }
  };

  return (
    <Paper
      variant="outlined"
      role="toolbar"
      aria-label={TASK_BULK_MESSAGES.bulkBar}
      sx={{
        mb: 2,
        px: 1.5,
        py: 1,
        display: 'flex',
        flexWrap: 'wrap',
        alignItems: 'center',
        gap: 1,
        bgcolor: 'action.hover',
      }}
    >
      <Typography variant="body2" sx={{ fontWeight: 600, mr: 'auto' }} aria-live="polite">
        {TASK_BULK_MESSAGES.selected(n)}
      </Typography>
      {canUpdate && (
        <Button
          size="small"
          variant="outlined"
          disabled={state.isLoading}
          aria-haspopup="menu"
          onClick={(e) => setMenu({ kind: 'status', anchor: e.currentTarget })}
        >
          {TASK_BULK_MESSAGES.status}
        </Button>
      )}
      {canUpdate && (
        <Button
          size="small"
          variant="outlined"
          disabled={state.isLoading}
          aria-haspopup="menu"
          onClick={(e) => setMenu({ kind: 'assignee', anchor: e.currentTarget })}
        >
          {TASK_BULK_MESSAGES.assignee}
        </Button>
      )}
      {canDelete && (
        <Button
          size="small"
          color="error"
          variant="outlined"
          startIcon={<DeleteOutlineRounded />}
          disabled={state.isLoading}
          onClick={() => setConfirming(true)}
        >
          {TASK_BULK_MESSAGES.delete}
        </Button>
      )}
      <Button size="small" onClick={selection.clear}>
        {TASK_BULK_MESSAGES.clear}
      </Button>
      <Menu anchorEl={menu?.anchor} open={menu?.kind === 'status'} onClose={() => setMenu(null)}>
        {statuses.map((s) => (
          <MenuItem
            key={s.statusId}
            onClick={() =>
              void run(
                { action: 'status', statusId: s.statusId },
                { statusId: s.statusId, statusName: s.name, statusColor: s.color },
              )
            }
          >
            <ListItemIcon>
              {tasks.every((t) => t.statusId === s.statusId) && <CheckRounded fontSize="small" />}
            </ListItemIcon>
            <StatusChip name={s.name} color={s.color} />
          </MenuItem>
        ))}
      </Menu>
      {menu?.kind === 'assignee' && (
        <AssigneeMenu
          tasks={tasks}
          anchor={menu.anchor}
          onClose={() => setMenu(null)}
          onPick={(assigneeId) => void run({ action: 'assignee', assigneeId }, undefined)}
        />
      )}
      <ConfirmDialog
        open={confirming}
        title={TASK_BULK_MESSAGES.confirmDeleteTitle(n)}
        busy={state.isLoading}
        confirmLabel={TASK_BULK_MESSAGES.confirmDeleteTitle(n).replace('?', '')}
        onConfirm={() => void run({ action: 'delete' }, undefined).then(() => setConfirming(false))}
        onClose={() => setConfirming(false)}
      >
        {TASK_BULK_MESSAGES.confirmDeleteText(n)}
      </ConfirmDialog>
    </Paper>
  );
}
