import CheckRounded from '@mui/icons-material/CheckRounded';
import EditOutlined from '@mui/icons-material/EditOutlined';
import EventOutlined from '@mui/icons-material/EventOutlined';
import FlagOutlined from '@mui/icons-material/FlagOutlined';
import PersonAddAlt1Outlined from '@mui/icons-material/PersonAddAlt1Outlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import ButtonBase from '@mui/material/ButtonBase';
import IconButton from '@mui/material/IconButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Popover from '@mui/material/Popover';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { MESSAGES, TASK_BULK_MESSAGES, type Task, type UpdateTaskBody } from '@taskhive/contract';
import { type KeyboardEvent, type MouseEvent, type ReactNode, useRef, useState } from 'react';
import { errorMessage } from '../../api/errors';
import { useGetProjectQuery } from '../../api/projects-api';
import { useListTaskPrioritiesQuery, useListTaskStatusesQuery } from '../../api/task-statuses-api';
import { PeopleAvatars } from '../../components/people-avatars';
import { StatusChip } from '../../components/status-chip';
import { useToast } from '../../hooks/use-toast';
import { LabelChips } from '../../components/label-chips';
import { BlockedMark } from './blocked-mark';
import { RepeatMark } from './repeat-mark';
import { DueDate, PriorityChip } from './task-bits';
import { useUpdateTaskMutation } from './tasks-api';

/**
 * Inline edit in a task row (issue 23, Lists): the title in place, and status, assignees,
 * priority and due date from a compact picker opened from the cell. Each edit is one PUT
 * /Tasks/{id} through `updateTask`, shown at once and undone if the server refuses (its message
 * in a toast). Without `canEdit` the cells only show the values.
 */

/** A picker's clicks stay in the picker: the row under it opens the task on a click. */
const keepInside = { onClick: (e: MouseEvent) => e.stopPropagation() };

function useSave(task: Task) {
  const [update] = useUpdateTaskMutation();
  const toast = useToast();
  return async (body: UpdateTaskBody, patch: Partial<Task>) => {
    try {
      await update({ taskId: task.taskId, body, patch }).unwrap();
    } catch (err) {
      toast.error(errorMessage(err, MESSAGES.tasks.updateFailed));
    }
  };
}

/**
 * An empty value: a dash to a reader; to an editor, the picker's icon (the cell's button names
 * what it sets), so an empty column stays narrow on a phone.
 */
function Empty({ canEdit, icon }: { canEdit: boolean; icon: ReactNode }) {
  return (
    <Box
      component="span"
      sx={{ display: 'inline-flex', color: 'text.secondary', opacity: canEdit ? 0.7 : 1 }}
    >
      {canEdit ? icon : '—'}
    </Box>
  );
}

/** A cell's button that opens its picker: the value stays what it shows, the name says what it edits. */
function CellButton({
  label,
  open,
  onOpen,
  children,
}: {
  label: string;
  open: boolean;
  onOpen: (el: HTMLElement) => void;
  children: ReactNode;
}) {
  return (
    <ButtonBase
      aria-label={label}
      aria-haspopup="true"
      aria-expanded={open}
      onClick={(e) => {
        e.stopPropagation();
        onOpen(e.currentTarget);
      }}
      sx={{ borderRadius: 1, px: 0.25, py: 0.25, minHeight: 28, justifyContent: 'flex-start' }}
    >
      {children}
    </ButtonBase>
  );
}

/**
 * The title being edited: Enter saves, Escape cancels, leaving the field saves. Mounted only while
 * editing, so a row that is only shown carries no mutation of its own.
 */
function TitleEditor({ task, onDone }: { task: Task; onDone: () => void }) {
  const [value, setValue] = useState(task.title);
  const ended = useRef(false);
  const save = useSave(task);
  const finish = (keep: boolean) => {
    if (ended.current) return;
    ended.current = true;
    onDone();
    const title = value.trim();
    if (keep && title && title !== task.title) void save({ title }, { title });
  };
  return (
    <TextField
      size="small"
      autoFocus
      fullWidth
      value={value}
      onChange={(e) => setValue(e.target.value)}
      onClick={(e) => e.stopPropagation()}
      onKeyDown={(e: KeyboardEvent) => {
        if (e.key === 'Enter') {
          e.preventDefault();
          finish(true);
        } else if (e.key === 'Escape') {
          e.preventDefault();
          e.stopPropagation();
          finish(false);
        }
      }}
      onBlur={() => finish(true)}
      error={value.trim() === ''}
      slotProps={{ htmlInput: { 'aria-label': TASK_BULK_MESSAGES.titleInput, maxLength: 300 } }}
      sx={{ minWidth: 180 }}
    />
  );
}

/**
 * The task's key and title: a click (or Enter) opens the task; F2, or the pencil, edits the title
 * in place.
 */
export function InlineTitle({
  task,
  canEdit,
  onOpen,
}: {
  task: Task;
  canEdit: boolean;
  onOpen: (taskId: string) => void;
}) {
  const [editing, setEditing] = useState(false);
  if (editing) return <TitleEditor task={task} onDone={() => setEditing(false)} />;
  return (
    <Stack direction="row" sx={{ alignItems: 'center', gap: 0.5, minWidth: 0, flexWrap: 'wrap' }}>
      <ButtonBase
        onClick={() => onOpen(task.taskId)}
        onKeyDown={(e) => {
          if (e.key === 'F2' && canEdit) {
            e.preventDefault();
            setEditing(true);
          }
        }}
        sx={{ textAlign: 'left', borderRadius: 0.5, justifyContent: 'flex-start', minWidth: 0 }}
      >
        <Typography variant="body2" sx={{ fontWeight: 600, overflowWrap: 'break-word' }}>
          <Typography component="span" variant="caption" color="text.secondary" sx={{ mr: 1 }}>
            {task.key}
          </Typography>{' '}
          {task.title}
        </Typography>
      </ButtonBase>
      {task.blockedByOpenCount > 0 && <BlockedMark count={task.blockedByOpenCount} />}
      {task.recurring && <RepeatMark />}
      {canEdit && (
        <IconButton
          size="small"
          aria-label={TASK_BULK_MESSAGES.editTitle(task.title)}
          onClick={(e) => {
            e.stopPropagation();
            setEditing(true);
          }}
          sx={{ opacity: 0.7, '&:hover, &:focus-visible': { opacity: 1 } }}
        >
          <EditOutlined fontSize="inherit" />
        </IconButton>
      )}
      <LabelChips labels={task.labels} />
    </Stack>
  );
}

type PickerProps = { task: Task; anchor: HTMLElement; onClose: () => void };

/** A cell's value and, once opened, its picker (mounted only while open: a shown row costs no hook). */
function PickerCell({
  label,
  shown,
  picker,
}: {
  label: string;
  shown: ReactNode;
  picker: (anchor: HTMLElement, close: () => void) => ReactNode;
}) {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  return (
    <>
      <CellButton label={label} open={Boolean(anchor)} onOpen={setAnchor}>
        {shown}
      </CellButton>
      {anchor && picker(anchor, () => setAnchor(null))}
    </>
  );
}

function StatusMenu({ task, anchor, onClose }: PickerProps) {
  const { data: statuses = [] } = useListTaskStatusesQuery();
  const save = useSave(task);
  return (
    <Menu anchorEl={anchor} open onClose={onClose} {...keepInside}>
      {statuses.map((s) => (
        <MenuItem
          key={s.statusId}
          selected={s.statusId === task.statusId}
          onClick={() => {
            onClose();
            if (s.statusId !== task.statusId)
              void save(
                { statusId: s.statusId },
                { statusId: s.statusId, statusName: s.name, statusColor: s.color },
              );
          }}
        >
          <StatusChip name={s.name} color={s.color} />
        </MenuItem>
      ))}
    </Menu>
  );
}

export function InlineStatus({ task, canEdit }: { task: Task; canEdit: boolean }) {
  const chip = <StatusChip name={task.statusName} color={task.statusColor} />;
  if (!canEdit) return chip;
  return (
    <PickerCell
      label={`${TASK_BULK_MESSAGES.changeStatus(task.title)}: ${task.statusName ?? 'No status'}`}
      shown={chip}
      picker={(anchor, close) => <StatusMenu task={task} anchor={anchor} onClose={close} />}
    />
  );
}

function PriorityMenu({ task, anchor, onClose }: PickerProps) {
  const { data: priorities = [] } = useListTaskPrioritiesQuery();
  const save = useSave(task);
  const pick = (priorityId: string | null, priorityName: string | null) => {
    onClose();
    if (priorityId !== task.priorityId) void save({ priorityId }, { priorityId, priorityName });
  };
  return (
    <Menu anchorEl={anchor} open onClose={onClose} {...keepInside}>
      {priorities.map((p) => (
        <MenuItem
          key={p.priorityId}
          selected={p.priorityId === task.priorityId}
          onClick={() => pick(p.priorityId, p.name)}
        >
          {p.name}
        </MenuItem>
      ))}
      <MenuItem selected={task.priorityId === null} onClick={() => pick(null, null)}>
        {TASK_BULK_MESSAGES.noPriority}
      </MenuItem>
    </Menu>
  );
}

export function InlinePriority({ task, canEdit }: { task: Task; canEdit: boolean }) {
  const shown = task.priorityName ? (
    <PriorityChip name={task.priorityName} />
  ) : (
    <Empty canEdit={canEdit} icon={<FlagOutlined fontSize="small" />} />
  );
  if (!canEdit) return shown;
  return (
    <PickerCell
      label={`${TASK_BULK_MESSAGES.changePriority(task.title)}: ${task.priorityName ?? TASK_BULK_MESSAGES.noPriority}`}
      shown={shown}
      picker={(anchor, close) => <PriorityMenu task={task} anchor={anchor} onClose={close} />}
    />
  );
}

/** The members of the task's project, loaded when the picker opens; a pick adds or removes one. */
function AssigneeMenu({ task, anchor, onClose }: PickerProps) {
  const { data: project, isLoading } = useGetProjectQuery(task.projectId);
  const save = useSave(task);
  const members = project?.projectMembers ?? [];
  const assigned = new Set(task.assignees.map((a) => a.userId));
  const toggle = (userId: string) => {
    const next = assigned.has(userId)
      ? task.assignees.filter((a) => a.userId !== userId)
      : [...task.assignees, ...members.filter((m) => m.userId === userId)].map(
          ({ userId: id, firstName, lastName, profilePhotoUrl }) => ({
            userId: id,
            firstName,
            lastName,
            profilePhotoUrl,
          }),
        );
    void save({ assigneeIds: next.map((a) => a.userId) }, { assignees: next });
  };
  return (
    <Menu anchorEl={anchor} open onClose={onClose} {...keepInside}>
      {isLoading && <MenuItem disabled>{TASK_BULK_MESSAGES.membersLoading}</MenuItem>}
      {members.map((m) => (
        <MenuItem
          key={m.userId}
          onClick={() => toggle(m.userId)}
          aria-checked={assigned.has(m.userId)}
          role="menuitemcheckbox"
        >
          <ListItemIcon>{assigned.has(m.userId) && <CheckRounded fontSize="small" />}</ListItemIcon>
          {m.firstName} {m.lastName}
        </MenuItem>
      ))}
    </Menu>
  );
}

export function InlineAssignees({ task, canEdit }: { task: Task; canEdit: boolean }) {
  const names = task.assignees.map((a) => `${a.firstName} ${a.lastName}`).join(', ');
  const shown = task.assignees.length ? (
    <PeopleAvatars people={task.assignees} size={24} max={3} label={`Assignees of ${task.title}`} />
  ) : (
    <Empty canEdit={canEdit} icon={<PersonAddAlt1Outlined fontSize="small" />} />
  );
  if (!canEdit) return shown;
  return (
    <PickerCell
      label={`${TASK_BULK_MESSAGES.changeAssignee(task.title)}: ${names || TASK_BULK_MESSAGES.unassign}`}
      shown={shown}
      picker={(anchor, close) => <AssigneeMenu task={task} anchor={anchor} onClose={close} />}
    />
  );
}

/** A date and Save (Enter), or Clear. */
function DuePopover({ task, anchor, onClose }: PickerProps) {
  const [value, setValue] = useState(task.dueDate ?? '');
  const save = useSave(task);
  const commit = (dueDate: string | null) => {
    onClose();
    if (dueDate !== task.dueDate) void save({ dueDate }, { dueDate });
  };
  return (
    <Popover
      open
      anchorEl={anchor}
      onClose={onClose}
      anchorOrigin={{ vertical: 'bottom', horizontal: 'left' }}
      {...keepInside}
    >
      <Box
        component="form"
        sx={{ p: 1.5 }}
        onSubmit={(e) => {
          e.preventDefault();
          commit(value || null);
        }}
      >
        <TextField
          size="small"
          type="date"
          autoFocus
          label={TASK_BULK_MESSAGES.changeDue(task.title)}
          value={value}
          onChange={(e) => setValue(e.target.value)}
          slotProps={{ inputLabel: { shrink: true } }}
        />
        <Stack direction="row" spacing={1} sx={{ mt: 1, justifyContent: 'flex-end' }}>
          <Button size="small" onClick={() => commit(null)}>
            {TASK_BULK_MESSAGES.clearDue}
          </Button>
          <Button size="small" variant="contained" type="submit">
            Save
          </Button>
        </Stack>
      </Box>
    </Popover>
  );
}

export function InlineDue({ task, canEdit }: { task: Task; canEdit: boolean }) {
  const shown = task.dueDate ? (
    <Box component="span" sx={{ whiteSpace: 'nowrap' }}>
      <DueDate task={task} />
    </Box>
  ) : (
    <Empty canEdit={canEdit} icon={<EventOutlined fontSize="small" />} />
  );
  if (!canEdit) return shown;
  return (
    <PickerCell
      label={`${TASK_BULK_MESSAGES.changeDue(task.title)}: ${task.dueDate ?? TASK_BULK_MESSAGES.noDue}`}
      shown={shown}
      picker={(anchor, close) => <DuePopover task={task} anchor={anchor} onClose={close} />}
    />
  );
}
