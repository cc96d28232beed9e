import ChecklistRounded from '@mui/icons-material/ChecklistRounded';
import ButtonBase from '@mui/material/ButtonBase';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { Task } from '@taskhive/contract';
import { memo } from 'react';
import { PeopleAvatars } from '../../components/people-avatars';
import { DueDate, PriorityChip } from './task-bits';
import { useOpenTask } from './task-link';

/** A task on the board: title (opens the detail), priority, due date, subtasks and assignees. */
export const TaskCard = memo(function TaskCard({
  item: task,
  showProject = false,
}: {
  item: Task;
  showProject?: boolean;
}) {
  const open = useOpenTask();
  return (
    <Paper variant="outlined" sx={{ p: 1.25 }}>
      {showProject && (
        <Typography variant="caption" color="text.secondary" noWrap component="p">
          {task.projectName}
        </Typography>
      )}
      <ButtonBase
        onClick={() => open(task.taskId)}
        sx={{ textAlign: 'left', display: 'block', width: '100%', minHeight: 24, borderRadius: 0.5 }}
      >
        <Typography variant="body2" sx={{ fontWeight: 600, wordBreak: 'break-word' }}>
          {task.title}
        </Typography>
      </ButtonBase>
      <Stack direction="row" spacing={1} sx={{ mt: 1, alignItems: 'center', flexWrap: 'wrap', rowGap: 0.5 }}>
        <PriorityChip name={task.priorityName} />
        <DueDate task={task} />
        {task.subtaskCount > 0 && (
          <Stack direction="row" spacing={0.25} sx={{ alignItems: 'center', color: 'text.secondary' }}>
            <ChecklistRounded sx={{ fontSize: 16 }} />
            <Typography variant="caption">{task.progress}%</Typography>
          </Stack>
        )}
        <Stack sx={{ flex: 1, alignItems: 'flex-end' }}>
          <PeopleAvatars people={task.assignees} size={22} max={3} label={`Assignees of ${task.title}`} />
        </Stack>
      </Stack>
    </Paper>
  );
});

/** The card with its project's name, for boards that mix projects (My Tasks). */
export const TaskCardWithProject = memo(function TaskCardWithProject({ item }: { item: Task }) {
  return <TaskCard item={item} showProject />;
});
