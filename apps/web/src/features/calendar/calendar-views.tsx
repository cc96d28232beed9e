import { useDraggable, useDroppable } from '@dnd-kit/core';
import WarningAmberRounded from '@mui/icons-material/WarningAmberRounded';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Popover from '@mui/material/Popover';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { alpha, type Theme } from '@mui/material/styles';
import type { CalendarTask } from '@taskhive/contract';
import { LABEL_COLOR_VALUES } from '../../app/theme/label-colors';
import { type KeyboardEvent, memo, useState, type ReactNode } from 'react';
import { dayLabel, dayNumber, monthOf, weekdayNames } from './calendar-dates';

/** How many chips a month cell shows before "+N more". */
export const MONTH_CELL_CHIPS = 3;

export interface ChipHandlers {
  onOpen: (taskId: string) => void;
  /** Chips can be dragged to another day (the reader may update tasks). */
  draggable: boolean;
}

/** How many label dots a narrow chip shows before "+N". */
const CHIP_LABEL_DOTS = 3;

/** What a chip says to assistive technology: key, title, and what its look shows (labels too). */
export function chipLabel(t: CalendarTask): string {
  const flags = [t.isOverdue ? 'overdue' : null, t.isDone ? 'done' : null, t.statusName].filter(Boolean);
  const labels = t.labels.length ? `, labels: ${t.labels.map((l) => l.name).join(', ')}` : '';
  return `${t.key} ${t.title}${flags.length ? ` (${flags.join(', ')})` : ''}${labels}`;
}

/**
 * Issue 26: a chip's labels, compact. Narrow (the month and week grids' cells): a coloured dot per
 * label, at most three, then "+N". Wide (the agenda, the "+N more" list): the first label's name
 * on its colour, then "+N". Drawn for the eye only: the chip's accessible name lists them.
 */
function ChipLabels({ task, wide }: { task: CalendarTask; wide: boolean }) {
  const { labels } = task;
  if (labels.length === 0) return null;
  const first = labels[0];
  const shown = wide ? 1 : Math.min(labels.length, CHIP_LABEL_DOTS);
  const more = labels.length - shown;
  return (
    <Box
      component="span"
      aria-hidden
      className="calendar-chip__labels"
      sx={{
        display: 'inline-flex',
        alignItems: 'center',
        gap: 0.375,
        flexShrink: wide ? 1 : 0,
        minWidth: 0,
        maxWidth: wide ? '45%' : undefined,
        alignSelf: 'center',
        textDecoration: 'none',
      }}
    >
      {wide && first ? (
        <Box
          component="span"
          sx={{
            bgcolor: LABEL_COLOR_VALUES[first.color],
            color: 'common.white',
            borderRadius: 2,
            px: 0.75,
            fontSize: 11,
            fontWeight: 500,
            lineHeight: '18px',
            overflow: 'hidden',
            textOverflow: 'ellipsis',
            whiteSpace: 'nowrap',
            minWidth: 0,
          }}
        >
          {first.name}
        </Box>
      ) : (
        labels.slice(0, shown).map((l) => (
          <Box
            component="span"
            key={l.labelId}
            sx={{
              width: 8,
              height: 8,
              borderRadius: '50%',
              flexShrink: 0,
              bgcolor: LABEL_COLOR_VALUES[l.color],
            }}
          />
        ))
      )}
      {more > 0 && (
        <Box component="span" sx={{ fontSize: 11, color: 'text.secondary', flexShrink: 0 }}>
          +{more}
        </Box>
      )}
    </Box>
  );
}

/**
 * The chip's face: status colour on its edge, key and title, its labels (issue 26), overdue
 * marked, done struck through. `wide` where the chip has the room for a label's name.
 */
export function ChipFace({
  task,
  lifted = false,
  wide = false,
}: {
  task: CalendarTask;
  lifted?: boolean;
  wide?: boolean;
}) {
  return (
    <Box
      component="span"
      sx={{
        display: 'flex',
        alignItems: 'baseline',
        gap: 0.5,
        minWidth: 0,
        width: '100%',
        px: 0.75,
        py: 0.25,
        borderRadius: 1,
        borderLeft: 4,
        borderLeftColor: task.statusColor ?? 'divider',
        bgcolor: (theme: Theme) =>
          task.isOverdue ? alpha(theme.palette.error.main, 0.08) : theme.palette.background.paper,
        boxShadow: lifted ? 4 : 0,
        outline: 1,
        outlineColor: task.isOverdue ? 'error.light' : 'divider',
        color: task.isDone ? 'text.secondary' : 'text.primary',
        textDecoration: task.isDone ? 'line-through' : 'none',
        fontSize: 13,
        lineHeight: 1.5,
        textAlign: 'left',
      }}
    >
      <Box
        component="span"
        sx={{ fontWeight: 600, flexShrink: 0, color: task.isOverdue ? 'error.main' : 'inherit' }}
      >
        {task.key}
      </Box>
      <Box
        component="span"
        sx={{ overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap', minWidth: 0 }}
      >
        {task.title}
      </Box>
      <Box component="span" sx={{ ml: 'auto' }} />
      <ChipLabels task={task} wide={wide} />
      {task.isOverdue && (
        <WarningAmberRounded
          aria-hidden
          sx={{ flexShrink: 0, alignSelf: 'center', fontSize: 15, color: 'error.main' }}
        />
      )}
    </Box>
  );
}

const chipButtonSx = {
  display: 'flex',
  width: '100%',
  minWidth: 0,
  p: 0,
  border: 0,
  background: 'none',
  font: 'inherit',
  cursor: 'pointer',
  touchAction: 'manipulation',
  '&:focus-visible': { outline: 2, outlineColor: 'primary.main', outlineOffset: 1, borderRadius: 1 },
} as const;

/** A task on its day: opens the task drawer; when allowed, drags to another day. */
export const TaskChip = memo(function TaskChip({
  task,
  onOpen,
  draggable,
  wide = false,
}: { task: CalendarTask; wide?: boolean } & ChipHandlers) {
  const { attributes, listeners, setNodeRef, isDragging } = useDraggable({
    id: task.taskId,
    disabled: !draggable,
    data: { task },
  });
  return (
    <Box
      ref={setNodeRef}
      {...attributes}
      {...listeners}
      // A div with the button role (dnd-kit's attributes): a real button would also click on the
      // Space that picks the chip up. Enter and a click open the task.
      onKeyDown={(e: KeyboardEvent<HTMLDivElement>) => {
        listeners?.onKeyDown?.(e);
        if (e.key === 'Enter' && !e.defaultPrevented) onOpen(task.taskId);
      }}
      aria-roledescription={draggable ? 'movable task' : 'task'}
      aria-label={chipLabel(task)}
      title={chipLabel(task)}
      data-task-key={task.key}
      onClick={() => onOpen(task.taskId)}
      sx={{ ...chipButtonSx, opacity: isDragging ? 0.4 : 1, cursor: draggable ? 'grab' : 'pointer' }}
    >
      <ChipFace task={task} wide={wide} />
    </Box>
  );
});

/** The same chip without dragging (inside the "+N more" list). */
function PlainChip({ task, onOpen }: { task: CalendarTask; onOpen: (taskId: string) => void }) {
  return (
    <Box
      component="button"
      type="button"
      aria-label={chipLabel(task)}
      title={chipLabel(task)}
      onClick={() => onOpen(task.taskId)}
      sx={chipButtonSx}
    >
      <ChipFace task={task} wide />
    </Box>
  );
}

/** A day that takes dropped tasks, outlined while a task is over it. */
function DropDay({
  day,
  children,
  sx,
  label,
}: {
  day: string;
  children: ReactNode;
  sx?: object;
  label: string;
}) {
  const { setNodeRef, isOver } = useDroppable({ id: day });
  return (
    <Box
      ref={setNodeRef}
      role="group"
      aria-label={label}
      data-day={day}
      sx={{
        ...sx,
        outline: isOver ? 2 : 0,
        outlineColor: 'primary.main',
        outlineOffset: -2,
        bgcolor: isOver ? 'action.selected' : (sx as { bgcolor?: string } | undefined)?.bgcolor,
      }}
    >
      {children}
    </Box>
  );
}

function DayNumber({ day, isToday, muted }: { day: string; isToday: boolean; muted: boolean }) {
  return (
    <Box
      component="span"
      aria-current={isToday ? 'date' : undefined}
      sx={{
        display: 'inline-flex',
        alignItems: 'center',
        justifyContent: 'center',
        minWidth: 26,
        height: 26,
        px: 0.5,
        borderRadius: 13,
        fontSize: 13,
        fontWeight: isToday ? 700 : 500,
        bgcolor: isToday ? 'primary.main' : 'transparent',
        color: isToday ? 'primary.contrastText' : muted ? 'text.secondary' : 'text.primary',
      }}
    >
      {dayNumber(day)}
    </Box>
  );
}

export interface ViewProps extends ChipHandlers {
  days: string[];
  /** The day the period is about (its month, for muting the other months' days). */
  date: string;
  today: string;
  byDay: Map<string, CalendarTask[]>;
}

function MoreButton({
  day,
  tasks,
  onOpen,
}: {
  day: string;
  tasks: CalendarTask[];
  onOpen: (id: string) => void;
}) {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const hidden = tasks.length - MONTH_CELL_CHIPS;
  return (
    <>
      <Button
        size="small"
        onClick={(e) => setAnchor(e.currentTarget)}
        aria-label={`${hidden} more tasks on ${dayLabel(day)}`}
        sx={{ justifyContent: 'flex-start', minHeight: 24, py: 0, px: 0.75, fontSize: 12 }}
      >
        +{hidden} more
      </Button>
      <Popover
        open={anchor !== null}
        anchorEl={anchor}
        onClose={() => setAnchor(null)}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'left' }}
        slotProps={{ paper: { sx: { p: 1.5, width: 300, maxWidth: 'calc(100vw - 32px)' } } }}
      >
        <Typography variant="subtitle2" component="h3" sx={{ mb: 1 }}>
          {dayLabel(day)}
        </Typography>
        <Stack spacing={0.5}>
          {tasks.map((t) => (
            <PlainChip
              key={t.taskId}
              task={t}
              onOpen={(id) => {
                setAnchor(null);
                onOpen(id);
              }}
            />
          ))}
        </Stack>
      </Popover>
    </>
  );
}

function WeekdayHeader() {
  return (
    <Box
      aria-hidden
      sx={{
        display: 'grid',
        gridTemplateColumns: 'repeat(7, minmax(0, 1fr))',
        borderBottom: 1,
        borderColor: 'divider',
      }}
    >
      {weekdayNames().map((name) => (
        <Typography
          key={name}
          variant="caption"
          sx={{ px: 1, py: 0.5, fontWeight: 600, color: 'text.secondary' }}
        >
          {name}
        </Typography>
      ))}
    </Box>
  );
}

/** The month: 6 weeks × 7 days; days of the other months muted; "+N more" past three tasks. */
export function MonthGrid({ days, date, today, byDay, onOpen, draggable }: ViewProps) {
  const month = monthOf(date);
  return (
    <Box sx={{ border: 1, borderColor: 'divider', borderRadius: 1, overflow: 'hidden' }}>
      <WeekdayHeader />
      <Box
        sx={{ display: 'grid', gridTemplateColumns: 'repeat(7, minmax(0, 1fr))' }}
        data-testid="month-grid"
      >
        {days.map((day, i) => {
          const tasks = byDay.get(day) ?? [];
          const muted = monthOf(day) !== month;
          return (
            <DropDay
              key={day}
              day={day}
              label={`${dayLabel(day)}: ${tasks.length} ${tasks.length === 1 ? 'task' : 'tasks'}`}
              sx={{
                minHeight: 118,
                minWidth: 0,
                p: 0.5,
                borderRight: (i + 1) % 7 === 0 ? 0 : 1,
                borderBottom: i >= 35 ? 0 : 1,
                borderColor: 'divider',
                bgcolor: muted ? 'action.hover' : 'background.paper',
              }}
            >
              <DayNumber day={day} isToday={day === today} muted={muted} />
              <Stack spacing={0.5} sx={{ mt: 0.25 }}>
                {tasks.slice(0, MONTH_CELL_CHIPS).map((t) => (
                  <TaskChip key={t.taskId} task={t} onOpen={onOpen} draggable={draggable} />
                ))}
                {tasks.length > MONTH_CELL_CHIPS && <MoreButton day={day} tasks={tasks} onOpen={onOpen} />}
              </Stack>
            </DropDay>
          );
        })}
      </Box>
    </Box>
  );
}

/** The week: seven columns, every task of each day. */
export function WeekGrid({ days, today, byDay, onOpen, draggable }: ViewProps) {
  return (
    <Box sx={{ border: 1, borderColor: 'divider', borderRadius: 1, overflow: 'hidden' }}>
      <Box sx={{ display: 'grid', gridTemplateColumns: 'repeat(7, minmax(0, 1fr))' }} data-testid="week-grid">
        {days.map((day, i) => {
          const tasks = byDay.get(day) ?? [];
          return (
            <DropDay
              key={day}
              day={day}
              label={`${dayLabel(day)}: ${tasks.length} ${tasks.length === 1 ? 'task' : 'tasks'}`}
              sx={{
                minHeight: 360,
                minWidth: 0,
                p: 0.75,
                borderRight: i === 6 ? 0 : 1,
                borderColor: 'divider',
              }}
            >
              <Stack direction="row" spacing={0.75} sx={{ alignItems: 'center', mb: 0.75 }}>
                <Typography variant="caption" sx={{ fontWeight: 600, color: 'text.secondary' }}>
                  {weekdayNames()[i]}
                </Typography>
                <DayNumber day={day} isToday={day === today} muted={false} />
              </Stack>
              <Stack spacing={0.5}>
                {tasks.map((t) => (
                  <TaskChip key={t.taskId} task={t} onOpen={onOpen} draggable={draggable} />
                ))}
              </Stack>
            </DropDay>
          );
        })}
      </Box>
    </Box>
  );
}

/**
 * The phone's calendar: a month is the list of its days that have tasks (seven columns would be
 * 50 px each at 390 px); a week is its seven days one under the other.
 */
export function Agenda({
  view,
  days,
  date,
  today,
  byDay,
  onOpen,
  draggable,
}: ViewProps & { view: 'month' | 'week' }) {
  const month = monthOf(date);
  const shown =
    view === 'week' ? days : days.filter((d) => monthOf(d) === month && (byDay.get(d)?.length ?? 0) > 0);
  if (shown.length === 0)
    return (
      <Typography color="text.secondary" sx={{ py: 4, textAlign: 'center' }}>
        No tasks due this month.
      </Typography>
    );
  return (
    <Stack spacing={1} data-testid="agenda">
      {shown.map((day) => {
        const tasks = byDay.get(day) ?? [];
        return (
          <DropDay
            key={day}
            day={day}
            label={`${dayLabel(day)}: ${tasks.length} ${tasks.length === 1 ? 'task' : 'tasks'}`}
            sx={{ p: 1, border: 1, borderColor: 'divider', borderRadius: 1, bgcolor: 'background.paper' }}
          >
            <Typography
              variant="subtitle2"
              component="h3"
              aria-current={day === today ? 'date' : undefined}
              sx={{ mb: 0.75, color: day === today ? 'primary.main' : 'text.primary' }}
            >
              {dayLabel(day)}
              {day === today ? ' · Today' : ''}
            </Typography>
            <Stack spacing={0.5}>
              {tasks.length === 0 ? (
                <Typography variant="body2" color="text.secondary">
                  Nothing due
                </Typography>
              ) : (
                tasks.map((t) => (
                  <TaskChip key={t.taskId} task={t} onOpen={onOpen} draggable={draggable} wide />
                ))
              )}
            </Stack>
          </DropDay>
        );
      })}
    </Stack>
  );
}
