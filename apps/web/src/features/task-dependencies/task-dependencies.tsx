import AddRounded from '@mui/icons-material/AddRounded';
import CloseRounded from '@mui/icons-material/CloseRounded';
import Alert from '@mui/material/Alert';
import Autocomplete from '@mui/material/Autocomplete';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Link from '@mui/material/Link';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { skipToken } from '@reduxjs/toolkit/query';
import { DEPENDENCY_MESSAGES, type DependencyTask } from '@taskhive/contract';
import { useId, useState } from 'react';
import { errorMessage, fieldErrors } from '../../api/errors';
import { StatusChip } from '../../components/status-chip';
import { useDebouncedValue } from '../../hooks/use-debounced-value';
import { useSession } from '../../hooks/use-session';
import { useToast } from '../../hooks/use-toast';
import {
  useAddDependencyMutation,
  useDependencyCandidatesQuery,
  useRemoveDependencyMutation,
  useTaskDependenciesQuery,
} from './dependencies-api';

/** How long typing rests before the picker searches. */
const SEARCH_DEBOUNCE_MS = 250;

type Side = 'blockedBy' | 'blocking';

/** What a refusal says: a field's message (the task it names), else the answer's (a cycle, a duplicate). */
const refusal = (err: unknown) =>
  Object.values(fieldErrors(err))[0] ?? errorMessage(err, DEPENDENCY_MESSAGES.failed);

export interface TaskDependenciesProps {
  taskId: string;
  /** Opens another task in the drawer (the page's `?task=`). */
  onOpen: (taskId: string) => void;
}

/**
 * The drawer's "Dependencies" part (issue 26): what blocks the task and what it blocks, each with
 * its key, title and status, a link that opens it and, for those who may edit tasks, Remove; Add
 * searches the tasks the reader may read by title or key. A refusal (a cycle, a task out of reach)
 * shows under the field with the server's words.
 */
export function TaskDependenciesSection({ taskId, onOpen }: TaskDependenciesProps) {
  const headingId = useId();
  const { can } = useSession();
  const canEdit = can({ anyOf: ['task:update'] });
  const { data, isLoading, isError } = useTaskDependenciesQuery(taskId);

  return (
    <Stack component="section" spacing={1.5} aria-labelledby={headingId} data-testid="task-dependencies">
      <Typography id={headingId} variant="h6" component="h3">
        {DEPENDENCY_MESSAGES.title}
      </Typography>
      {isLoading ? (
        <Skeleton variant="rounded" height={64} />
      ) : isError || !data ? (
        <Typography variant="body2" color="error" role="alert">
          {DEPENDENCY_MESSAGES.loadFailed}
        </Typography>
      ) : (
        <>
          <DependencyList
            taskId={taskId}
            side="blockedBy"
            tasks={data.blockedBy}
            canEdit={canEdit}
            onOpen={onOpen}
          />
          <DependencyList
            taskId={taskId}
            side="blocking"
            tasks={data.blocking}
            canEdit={canEdit}
            onOpen={onOpen}
          />
        </>
      )}
    </Stack>
  );
}

const TEXTS: Record<Side, { heading: string; none: string; add: string }> = {
  blockedBy: {
    heading: DEPENDENCY_MESSAGES.blockedBy,
    none: DEPENDENCY_MESSAGES.noneBlockedBy,
    add: DEPENDENCY_MESSAGES.addBlocker,
  },
  blocking: {
    heading: DEPENDENCY_MESSAGES.blocking,
    none: DEPENDENCY_MESSAGES.noneBlocking,
    add: DEPENDENCY_MESSAGES.addBlocking,
  },
};

/** The pair a row stands for: the other task blocks this one, or this one blocks it. */
const pairOf = (taskId: string, side: Side, other: string) =>
  side === 'blockedBy'
    ? { blockerTaskId: other, blockedTaskId: taskId }
    : { blockerTaskId: taskId, blockedTaskId: other };

function DependencyList({
  taskId,
  side,
  tasks,
  canEdit,
  onOpen,
}: {
  taskId: string;
  side: Side;
  tasks: DependencyTask[];
  canEdit: boolean;
  onOpen: (taskId: string) => void;
}) {
  const texts = TEXTS[side];
  const headingId = useId();
  const toast = useToast();
  const [adding, setAdding] = useState(false);
  const [remove] = useRemoveDependencyMutation();

  const onRemove = async (other: DependencyTask) => {
    try {
      await remove(pairOf(taskId, side, other.taskId)).unwrap();
      toast.success(DEPENDENCY_MESSAGES.removed);
    } catch (err) {
      toast.error(errorMessage(err, DEPENDENCY_MESSAGES.failed));
    }
  };

  return (
    <Stack spacing={0.75}>
      <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between', gap: 1 }}>
        <Typography id={headingId} variant="body2" component="h4" sx={{ fontWeight: 600 }}>
          {texts.heading}
        </Typography>
        {canEdit && !adding && (
          <Button size="small" startIcon={<AddRounded />} onClick={() => setAdding(true)}>
            {texts.add}
          </Button>
        )}
      </Stack>
      {tasks.length === 0 ? (
        <Typography variant="body2" color="text.secondary">
          {texts.none}
        </Typography>
      ) : (
        <Stack
          component="ul"
          aria-labelledby={headingId}
          spacing={0.5}
          sx={{ listStyle: 'none', m: 0, p: 0 }}
        >
          {tasks.map((t) => (
            <Stack
              key={t.taskId}
              component="li"
              direction="row"
              sx={{ alignItems: 'center', gap: 1, minWidth: 0, flexWrap: 'wrap', rowGap: 0.5 }}
            >
              <Link
                component="button"
                type="button"
                variant="body2"
                underline="hover"
                onClick={() => onOpen(t.taskId)}
                sx={{
                  textAlign: 'left',
                  flex: '1 1 160px',
                  minWidth: 0,
                  overflowWrap: 'anywhere',
                  color: t.done ? 'text.secondary' : 'primary.main',
                  textDecoration: t.done ? 'line-through' : undefined,
                }}
                title={t.projectName}
              >
                <Typography component="span" variant="caption" sx={{ fontWeight: 600, mr: 0.75 }}>
                  {t.key}
                </Typography>
                {t.title}
              </Link>
              <StatusChip name={t.statusName} color={t.statusColor} />
              {canEdit && (
                <Tooltip title={DEPENDENCY_MESSAGES.remove}>
                  <IconButton
                    size="small"
                    aria-label={`${DEPENDENCY_MESSAGES.remove}: ${t.key}`}
                    onClick={() => void onRemove(t)}
                  >
                    <CloseRounded fontSize="small" />
                  </IconButton>
                </Tooltip>
              )}
            </Stack>
          ))}
        </Stack>
      )}
      {adding && <AddDependency taskId={taskId} side={side} onClose={() => setAdding(false)} />}
    </Stack>
  );
}

/** The search field that adds one: tasks by title or key, picked from a list; Escape closes it. */
function AddDependency({ taskId, side, onClose }: { taskId: string; side: Side; onClose: () => void }) {
  const toast = useToast();
  const [input, setInput] = useState('');
  const [error, setError] = useState<string | null>(null);
  const search = useDebouncedValue(input.trim(), SEARCH_DEBOUNCE_MS);
  const { data: options = [], isFetching } = useDependencyCandidatesQuery(
    search ? { taskId, search } : skipToken,
  );
  const [add, adding] = useAddDependencyMutation();

  const pick = async (other: DependencyTask | null) => {
    if (!other) return;
    setError(null);
    try {
      await add(pairOf(taskId, side, other.taskId)).unwrap();
      toast.success(DEPENDENCY_MESSAGES.added);
      onClose();
    } catch (err) {
      setError(refusal(err));
    }
  };

  return (
    <Stack spacing={1}>
      <Autocomplete<DependencyTask>
        options={search ? options : []}
        loading={isFetching}
        readOnly={adding.isLoading}
        filterOptions={(o) => o}
        getOptionLabel={(o) => `${o.key} ${o.title}`}
        isOptionEqualToValue={(a, b) => a.taskId === b.taskId}
        value={null}
        inputValue={input}
        onInputChange={(_e, v, reason) => {
          if (reason !== 'reset') setInput(v);
        }}
        onChange={(_e, v) => void pick(v)}
        noOptionsText={search ? DEPENDENCY_MESSAGES.searchEmpty : DEPENDENCY_MESSAGES.searchLabel}
        renderOption={(props, o) => {
          const { key, ...rest } = props;
          return (
            <li key={key} {...rest}>
              <Stack sx={{ minWidth: 0 }}>
                <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
                  <Typography component="span" variant="caption" sx={{ fontWeight: 600, mr: 0.75 }}>
                    {o.key}
                  </Typography>
                  {o.title}
                </Typography>
                <Typography variant="caption" color="text.secondary">
                  {o.projectName} · {o.statusName ?? 'No status'}
                </Typography>
              </Stack>
            </li>
          );
        }}
        renderInput={(params) => (
          <TextField
            {...params}
            size="small"
            autoFocus
            label={TEXTS[side].add}
            placeholder={DEPENDENCY_MESSAGES.searchLabel}
            error={error !== null}
            onKeyDown={(e) => {
              if (e.key === 'Escape' && !input) {
                e.stopPropagation();
                onClose();
              }
            }}
          />
        )}
      />
      {error && (
        <Alert severity="error" role="alert">
          {error}
        </Alert>
      )}
      <Button size="small" onClick={onClose} sx={{ alignSelf: 'flex-start' }}>
        Cancel
      </Button>
    </Stack>
  );
}
