import {
  closestCenter,
  type CollisionDetection,
  DndContext,
  type DragEndEvent,
  type DragStartEvent,
  DragOverlay,
  type KeyboardCoordinateGetter,
  KeyboardSensor,
  MouseSensor,
  pointerWithin,
  TouchSensor,
  useSensor,
  useSensors,
} from '@dnd-kit/core';
import ChevronLeftRounded from '@mui/icons-material/ChevronLeftRounded';
import ChevronRightRounded from '@mui/icons-material/ChevronRightRounded';
import EventAvailableOutlined from '@mui/icons-material/EventAvailableOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import LinearProgress from '@mui/material/LinearProgress';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Theme } from '@mui/material/styles';
import { skipToken } from '@reduxjs/toolkit/query/react';
import { CALENDAR_MESSAGES, type CalendarTask, MAX_PAGE_SIZE } from '@taskhive/contract';
import { useCallback, useMemo, useRef, useState, type ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import { toastActions } from '../../app/slices/toast-slice';
import { errorMessage } from '../../api/errors';
import { DEFAULT_PROJECT_QUERY, useListProjectsQuery } from '../../api/projects-api';
import { ErrorPanel } from '../../components/error-panel';
import { LabelFilter } from '../../components/label-filter';
import { MainCard } from '../../components/main-card';
import { PageHeader } from '../../components/page-header';
import { dropToastAction, toastAction } from '../../components/toast-actions';
import { useSession } from '../../hooks/use-session';
import { useAppDispatch } from '../../hooks/store';
import { type MoveArgs, useCalendarTasksQuery, useMoveDueDateMutation } from './calendar-api';
import {
  addDays,
  type CalendarState,
  type CalendarView,
  dayLabel,
  dayShortLabel,
  daysBetween,
  daysOf,
  paramsFor,
  periodTitle,
  rangeOf,
  stateFrom,
  step,
  today as todayOf,
} from './calendar-dates';
import { Agenda, ChipFace, chipLabel, MonthGrid, WeekGrid } from './calendar-views';
import { SubscribeDialog } from './subscribe-dialog';

const PROJECT_OPTIONS_QUERY = {
  ...DEFAULT_PROJECT_QUERY,
  pageSize: MAX_PAGE_SIZE,
  sortBy: 'name' as const,
  sortOrder: 'asc' as const,
};

/** A pointer drops on the day under it; the keyboard on the day nearest the moved chip. */
const collisions: CollisionDetection = (args) =>
  args.pointerCoordinates ? pointerWithin(args) : closestCenter(args);

/** One arrow = one day (left, right) or one week (up, down): the chip jumps to that day's centre. */
const dayKeys: KeyboardCoordinateGetter = (event, { context }) => {
  const steps: Record<string, number> = { ArrowLeft: -1, ArrowRight: 1, ArrowUp: -7, ArrowDown: 7 };
  const by = steps[event.code];
  const over = context.over?.id;
  const moving = context.collisionRect;
  if (by === undefined || typeof over !== 'string' || !moving) return undefined;
  event.preventDefault();
  const target = context.droppableRects.get(addDays(over, by));
  if (!target) return undefined;
  return {
    x: target.left + target.width / 2 - moving.width / 2,
    y: target.top + target.height / 2 - moving.height / 2,
  };
};

export interface CalendarPageProps {
  /** Opens a task's drawer over the page (the app's open-task mechanism, composed in by the route). */
  onOpenTask: (taskId: string) => void;
  /** Issue 26: the saved-views control beside Subscribe (the saved-views feature, through app/). */
  views?: ReactNode;
}

/**
 * /app/calendar: tasks by due date, a month or a week at a time, mine or one project's. The state
 * lives in the URL (`?view=month|week&date=YYYY-MM-DD&projectId=&labels=id,id`, the last the
 * label filter, as the board's). A chip opens the task (its labels as coloured dots); a drag to
 * another day moves its due date (and its start by as many days), with an Undo.
 */
export default function CalendarPage({ onOpenTask, views }: CalendarPageProps) {
  const [params, setParams] = useSearchParams();
  const now = todayOf();
  const state = stateFrom(params, now);
  const { view, date, projectId, labelIds } = state;
  const phone = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  const { can } = useSession();
  const canMove = can({ anyOf: ['task:update'] });
  const dispatch = useAppDispatch();
  const [subscribing, setSubscribing] = useState(false);

  const go = (next: Partial<CalendarState>) => setParams(paramsFor({ ...state, ...next }, params, now));

  const range = rangeOf(view, date);
  const { data, currentData, error, isFetching, refetch } = useCalendarTasksQuery({
    ...range,
    projectId,
    labelIds,
  });
  const { data: projects } = useListProjectsQuery(
    can({ anyOf: ['project:read'] }) ? PROJECT_OPTIONS_QUERY : skipToken,
  );
  const shown =
    currentData ??
    (data &&
    data.from === range.from &&
    data.projectId === projectId &&
    data.labelIds.join(',') === labelIds.join(',')
      ? data
      : undefined);
  const items = useMemo(() => shown?.items ?? [], [shown]);
  const byDay = useMemo(() => {
    const map = new Map<string, CalendarTask[]>();
    for (const t of items) map.set(t.dueDate, [...(map.get(t.dueDate) ?? []), t]);
    return map;
  }, [items]);
  const days = daysOf(view, date);

  const [move] = useMoveDueDateMutation();
  const lastToast = useRef<{ toastId: string; actionId: string } | null>(null);
  const failed = useCallback(
    (err: unknown) =>
      dispatch(toastActions.toastShown(errorMessage(err, CALENDAR_MESSAGES.moveFailed), 'error')),
    [dispatch],
  );

  const moveTo = useCallback(
    (task: CalendarTask, day: string) => {
      const delta = daysBetween(task.dueDate, day);
      if (delta === 0) return;
      const there: MoveArgs = {
        task,
        dueDate: day,
        startDate: task.startDate && addDays(task.startDate, delta),
      };
      const moved = { ...task, dueDate: there.dueDate, startDate: there.startDate };
      move(there)
        .unwrap()
        .then(() => {
          const undo = toastAction(CALENDAR_MESSAGES.undo, () => {
            move({ task: moved, dueDate: task.dueDate, startDate: task.startDate })
              .unwrap()
              .then(() =>
                dispatch(
                  toastActions.toastShown(CALENDAR_MESSAGES.movedBack(task.key, dayShortLabel(task.dueDate))),
                ),
              )
              .catch(failed);
          });
          if (lastToast.current) {
            dispatch(toastActions.toastDismissed(lastToast.current.toastId));
            dropToastAction(lastToast.current.actionId);
          }
          const shownToast = dispatch(
            toastActions.toastShown(CALENDAR_MESSAGES.movedTo(task.key, dayShortLabel(day)), 'success', undo),
          );
          lastToast.current = { toastId: shownToast.payload.id, actionId: undo.id };
        })
        .catch(failed);
    },
    [dispatch, failed, move],
  );

  const sensors = useSensors(
    useSensor(MouseSensor, { activationConstraint: { distance: 5 } }),
    useSensor(TouchSensor, { activationConstraint: { delay: 250, tolerance: 8 } }),
    useSensor(KeyboardSensor, {
      coordinateGetter: dayKeys,
      keyboardCodes: { start: ['Space'], cancel: ['Escape'], end: ['Space'] },
    }),
  );
  const [dragging, setDragging] = useState<CalendarTask | null>(null);
  const onDragStart = ({ active }: DragStartEvent) =>
    setDragging(items.find((t) => t.taskId === active.id) ?? null);
  const onDragEnd = ({ active, over }: DragEndEvent) => {
    setDragging(null);
    const task = items.find((t) => t.taskId === active.id);
    if (task && typeof over?.id === 'string') moveTo(task, over.id);
  };
  const dayOf = (id: unknown) => (typeof id === 'string' ? dayLabel(id) : 'no day');
  const taskOf = (id: unknown) => {
    const t = items.find((i) => i.taskId === id);
    return t ? `${t.key} ${t.title}` : 'the task';
  };

  const projectOptions = projects?.items ?? [];
  const chosenKnown = !projectId || projectOptions.some((p) => p.projectId === projectId);
  const viewProps = { days, date, today: now, byDay, onOpen: onOpenTask, draggable: canMove };

  const toolbar = (
    <Stack
      direction="row"
      sx={{ flexWrap: 'wrap', alignItems: 'center', gap: 1, justifyContent: 'space-between' }}
    >
      <Stack direction="row" spacing={0.5} sx={{ alignItems: 'center', minWidth: 0 }}>
        <IconButton
          aria-label={view === 'week' ? 'Previous week' : 'Previous month'}
          onClick={() => go({ date: step(view, date, -1) })}
        >
          <ChevronLeftRounded />
        </IconButton>
        <Button variant="outlined" size="small" onClick={() => go({ date: now })}>
          Today
        </Button>
        <IconButton
          aria-label={view === 'week' ? 'Next week' : 'Next month'}
          onClick={() => go({ date: step(view, date, 1) })}
        >
          <ChevronRightRounded />
        </IconButton>
        <Typography variant="h5" component="h2" sx={{ ml: 1 }} aria-live="polite">
          {periodTitle(view, date)}
        </Typography>
      </Stack>
      <Stack
        direction="row"
        sx={{ flexWrap: 'wrap', alignItems: 'center', gap: 1, width: { xs: '100%', sm: 'auto' } }}
      >
        <ToggleButtonGroup
          size="small"
          exclusive
          value={view}
          onChange={(_e, v: CalendarView | null) => v && go({ view: v })}
          aria-label="View"
        >
          <ToggleButton value="month">Month</ToggleButton>
          <ToggleButton value="week">Week</ToggleButton>
        </ToggleButtonGroup>
        <TextField
          select
          size="small"
          label="Show"
          value={projectId ?? ''}
          onChange={(e) => go({ projectId: e.target.value || null })}
          sx={{ width: { xs: '100%', sm: 240 } }}
          slotProps={{ inputLabel: { shrink: true }, select: { displayEmpty: true } }}
        >
          <MenuItem value="">My tasks</MenuItem>
          {projectOptions.map((p) => (
            <MenuItem key={p.projectId} value={p.projectId}>
              {p.name}
            </MenuItem>
          ))}
          {!chosenKnown && projectId && (
            <MenuItem value={projectId}>{shown?.items[0]?.projectName ?? 'This project'}</MenuItem>
          )}
        </TextField>
        <LabelFilter
          value={labelIds}
          onChange={(ids) => go({ labelIds: ids })}
          width={{ xs: '100%', sm: 200 }}
        />
      </Stack>
    </Stack>
  );

  let body;
  if (error && !shown)
    body = (
      <ErrorPanel
        message={errorMessage(error, CALENDAR_MESSAGES.fetchFailed)}
        onRetry={() => void refetch()}
      />
    );
  else if (phone) body = <Agenda view={view} {...viewProps} />;
  else body = view === 'week' ? <WeekGrid {...viewProps} /> : <MonthGrid {...viewProps} />;

  return (
    <Stack spacing={2}>
      <PageHeader
        title="Calendar"
        subtitle={projectId ? 'The project’s tasks by due date' : 'Your tasks by due date'}
        action={
          <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1 }}>
            {views}
            <Button
              variant="outlined"
              startIcon={<EventAvailableOutlined />}
              onClick={() => setSubscribing(true)}
            >
              Subscribe
            </Button>
          </Stack>
        }
      />
      <MainCard>
        <Stack spacing={1.5}>
          {toolbar}
          <Box sx={{ minHeight: 4 }}>{isFetching && <LinearProgress aria-label="Loading tasks" />}</Box>
          {shown?.truncated && <Alert severity="info">{CALENDAR_MESSAGES.truncated}</Alert>}
          {!phone && shown && items.length === 0 && (
            <Typography color="text.secondary">
              Nothing due {view === 'week' ? 'this week' : 'in these weeks'}
              {projectId ? ' in this project' : ''}
              {labelIds.length ? ' with these labels' : ''}.
            </Typography>
          )}
          <DndContext
            sensors={sensors}
            collisionDetection={collisions}
            onDragStart={onDragStart}
            onDragEnd={onDragEnd}
            onDragCancel={() => setDragging(null)}
            accessibility={{
              screenReaderInstructions: {
                draggable:
                  'To move a task to another day, press Space, use the arrow keys (a day left or right, a week up or down), then Space to drop it, or Escape to cancel. Enter opens the task.',
              },
              announcements: {
                onDragStart: ({ active }) => `Picked up ${taskOf(active.id)}.`,
                onDragOver: ({ active, over }) => `${taskOf(active.id)} is over ${dayOf(over?.id)}.`,
                onDragEnd: ({ active, over }) =>
                  over
                    ? `${taskOf(active.id)} dropped on ${dayOf(over.id)}.`
                    : `${taskOf(active.id)} not moved.`,
                onDragCancel: ({ active }) => `Moving ${taskOf(active.id)} was cancelled.`,
              },
            }}
          >
            {body}
            <DragOverlay>
              {dragging ? (
                <Box aria-label={chipLabel(dragging)} sx={{ width: 220 }}>
                  <ChipFace task={dragging} lifted />
                </Box>
              ) : null}
            </DragOverlay>
          </DndContext>
        </Stack>
      </MainCard>
      <SubscribeDialog open={subscribing} onClose={() => setSubscribing(false)} />
    </Stack>
  );
}
