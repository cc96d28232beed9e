import Autocomplete from '@mui/material/Autocomplete';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { skipToken } from '@reduxjs/toolkit/query/react';
import type { Project } from '@taskhive/contract';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { DEFAULT_PROJECT_QUERY, useGetProjectQuery, useListProjectsQuery } from '../../api/projects-api';
import { FormDialog } from '../../components/form-dialog';
import { useDebouncedValue } from '../../hooks/use-debounced-value';
import { TaskFormDialog } from './task-form-dialog';

/**
 * "Create task…" from anywhere (the command palette and the `c` shortcut, issue 23): choose a
 * project and one of its lists, then the usual new-task form for that list; the new task opens.
 */
export default function QuickCreateTaskDialog({ onClose }: { onClose: () => void }) {
  const [input, setInput] = useState('');
  const search = useDebouncedValue(input.trim(), 200);
  const [project, setProject] = useState<Project | null>(null);
  const [taskListId, setTaskListId] = useState('');
  const [next, setNext] = useState(false);
  const [error, setError] = useState('');
  const navigate = useNavigate();
  const { data: page, isFetching } = useListProjectsQuery({
    ...DEFAULT_PROJECT_QUERY,
    pageSize: 10,
    sortBy: 'name',
    sortOrder: 'asc',
    search: project && input === project.name ? '' : search,
  });
  const { data: detail, isFetching: loadingLists } = useGetProjectQuery(project?.projectId ?? skipToken);
  const lists = detail?.taskLists ?? [];

  if (next && detail && taskListId)
    return (
      <TaskFormDialog
        taskListId={taskListId}
        members={detail.projectMembers}
        onClose={onClose}
        onCreated={(t) => void navigate(`/app/t/${encodeURIComponent(t.key)}`)}
      />
    );

  const submit = () => {
    if (!project) return setError('Choose a project');
    if (!taskListId) return setError('Choose a list');
    setNext(true);
  };
  return (
    <FormDialog open title="Create task" submitLabel="Next" maxWidth="xs" onSubmit={submit} onClose={onClose}>
      <Stack spacing={2} sx={{ pt: 1 }}>
        <Autocomplete
          autoHighlight
          options={page?.items ?? []}
          loading={isFetching}
          value={project}
          filterOptions={(o) => o}
          getOptionLabel={(p) => p.name}
          isOptionEqualToValue={(a, b) => a.projectId === b.projectId}
          onChange={(_e, p) => {
            setProject(p);
            setTaskListId('');
            setError('');
          }}
          inputValue={input}
          onInputChange={(_e, v) => setInput(v)}
          renderOption={({ key, ...props }, p) => (
            <li key={key} {...props}>
              {p.name} ({p.code})
            </li>
          )}
          renderInput={(params) => (
            <TextField
              {...params}
              autoFocus
              required
              label="Project"
              error={error === 'Choose a project'}
              helperText={error === 'Choose a project' ? error : undefined}
            />
          )}
        />
        <TextField
          select
          required
          label="List"
          value={taskListId}
          disabled={!project || loadingLists}
          onChange={(e) => {
            setTaskListId(e.target.value);
            setError('');
          }}
          error={error === 'Choose a list'}
          helperText={
            error === 'Choose a list'
              ? error
              : project && !loadingLists && lists.length === 0
                ? 'This project has no lists yet: add one on its page'
                : undefined
          }
        >
          {lists.map((l) => (
            <MenuItem key={l.taskListId} value={l.taskListId}>
              {l.name}
            </MenuItem>
          ))}
        </TextField>
      </Stack>
    </FormDialog>
  );
}
