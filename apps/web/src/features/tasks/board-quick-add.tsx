import Box from '@mui/material/Box';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { BOARD_MESSAGES, MESSAGES, type CreateTaskBody, type TaskList } from '@taskhive/contract';
import { useState, type KeyboardEvent } from 'react';
import { errorMessage } from '../../api/errors';
import { useToast } from '../../hooks/use-toast';
import { useCreateTaskMutation } from './tasks-api';

export interface BoardQuickAddProps {
  /** The column's status: the new task's. */
  statusId: string;
  /** What the column is called to a screen reader ("Open column", "Open column, Ada lane"). */
  columnLabel: string;
  /** The project's task lists, in their order: the task goes in `listId`, one of them. */
  lists: readonly TaskList[];
  listId: string;
  onListChange: (taskListId: string) => void;
  /** The lane's field, when the column is in a swimlane (its assignee or priority). */
  laneFields: Pick<CreateTaskBody, 'assigneeIds' | 'priorityId'>;
  onClose: () => void;
}

/**
 * The quick add at the top of a board column (Linear's and Jira's inline create): a title field;
 * Enter creates the task in the column's status (and the lane's assignee or priority), the card
 * appears at the top of the column (the create's cache patch puts it first) and the field empties
 * for the next one; Escape closes. A project with several task lists shows a list picker beside
 * it (the first list by default, the last one chosen after that).
 */
export function BoardQuickAdd({
  statusId,
  columnLabel,
  lists,
  listId,
  onListChange,
  laneFields,
  onClose,
}: BoardQuickAddProps) {
  const toast = useToast();
  const [create, { isLoading }] = useCreateTaskMutation();
  const [title, setTitle] = useState('');
  const submit = async () => {
    const t = title.trim();
    if (!t || isLoading || !listId) return;
    try {
      await create({ taskListId: listId, body: { title: t, statusId, ...laneFields } }).unwrap();
      setTitle('');
    } catch (err) {
      toast.error(errorMessage(err, MESSAGES.tasks.createUnexpected));
    }
  };
  const onKeyDown = (e: KeyboardEvent) => {
    if (e.key === 'Enter') {
      e.preventDefault();
      void submit();
    } else if (e.key === 'Escape') {
      e.preventDefault();
      e.stopPropagation();
      onClose();
    }
  };
  return (
    <Box
      sx={{ px: 1, pb: 1, display: 'flex', flexDirection: 'column', gap: 1 }}
      data-testid="board-quick-add"
    >
      <TextField
        size="small"
        autoFocus
        fullWidth
        value={title}
        onChange={(e) => setTitle(e.target.value)}
        onKeyDown={onKeyDown}
        placeholder="Task title"
        helperText={BOARD_MESSAGES.quickAddHint}
        disabled={lists.length === 0}
        slotProps={{
          htmlInput: { 'aria-label': BOARD_MESSAGES.newTaskTitle(columnLabel), maxLength: 300 },
          input: { readOnly: isLoading },
        }}
      />
      {lists.length > 1 && (
        <TextField
          select
          size="small"
          label="Task list"
          value={listId}
          onChange={(e) => onListChange(e.target.value)}
          onKeyDown={(e) => {
            if (e.key === 'Escape') onClose();
          }}
        >
          {lists.map((l) => (
            <MenuItem key={l.taskListId} value={l.taskListId}>
              {l.name}
            </MenuItem>
          ))}
        </TextField>
      )}
    </Box>
  );
}
