import LockOutlined from '@mui/icons-material/LockOutlined';
import TimerOutlined from '@mui/icons-material/TimerOutlined';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import {
  DURATION_HINT,
  formatDuration,
  MINUTES_PER_DAY,
  parseDuration,
  TIMESHEET_MESSAGES,
  type RunningTimer,
  type TimesheetGrid,
  type TimesheetRow,
} from '@taskhive/contract';
import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { Link as RouterLink } from 'react-router';
import { TableScroll } from '../../components/table-scroll';
import { addDays, formatDay, hoursLabel, weekDays } from './week-days';

/** One cell's write: the row, the day and the minutes typed (0 clears it). */
export interface CellWrite {
  row: TimesheetRow;
  day: string;
  minutes: number;
}

export interface WeekGridProps {
  grid: TimesheetGrid;
  /** Rows the person added this session that have no time yet. */
  extraRows?: TimesheetRow[];
  /** Without it the grid is read-only (an approver's view, a locked week). */
  onSave?: (write: CellWrite) => void;
  timer?: RunningTimer | null;
  /** The reader's today, where a running timer shows. */
  today?: string;
  /** The grid's name for assistive technology. */
  label: string;
}

const rowKey = (r: Pick<TimesheetRow, 'projectId' | 'taskId'>) => `${r.projectId}:${r.taskId ?? ''}`;
const show = (minutes: number) => (minutes === 0 ? '' : formatDuration(minutes));
export const rowLabel = (r: TimesheetRow) =>
  r.taskId ? `${r.taskKey ?? ''} ${r.taskTitle ?? ''}`.trim() : `${r.projectName} (no task)`;

/** Days of the week the reader may not change, with the reason; empty when all are open. */
export function lockReason(grid: TimesheetGrid, day: string): string | null {
  if (grid.locked) {
    if (grid.status === 'submitted') return TIMESHEET_MESSAGES.lockedSubmitted;
    if (grid.status === 'approved') return TIMESHEET_MESSAGES.lockedApproved;
    return grid.lockedBefore
      ? TIMESHEET_MESSAGES.lockedBefore(grid.lockedBefore)
      : // The whole week lies before the company's lock date (which then falls after it).
        TIMESHEET_MESSAGES.lockedBefore(addDays(grid.weekEnd, 1));
  }
  if (grid.lockedBefore && day < grid.lockedBefore) return TIMESHEET_MESSAGES.lockedBefore(grid.lockedBefore);
  // A day another week holds (kept with an older first day of the week's dates).
  const i = weekDays(grid.weekStart).indexOf(day);
  return (i >= 0 ? grid.heldDays[i] : null) ?? null;
}

/** Moves the focus to the next typed cell of the grid (Enter, like Tab). */
function focusNext(from: HTMLInputElement) {
  const table = from.closest('table');
  if (!table) return;
  const cells = [...table.querySelectorAll<HTMLInputElement>('input[data-grid-cell]')];
  const next = cells[cells.indexOf(from) + 1];
  next?.focus();
  next?.select();
}

function DurationCell({
  minutes,
  label,
  onSave,
}: {
  minutes: number;
  label: string;
  onSave: (minutes: number) => void;
}) {
  const [text, setText] = useState(show(minutes));
  const [invalid, setInvalid] = useState(false);
  const editing = useRef(false);
  /** The minutes last saved from here (or shown): leaving the cell after Enter saves nothing twice. */
  const saved = useRef(minutes);
  useEffect(() => {
    saved.current = minutes;
    if (!editing.current) setText(show(minutes));
  }, [minutes]);

  /** Reads the cell; saves a changed valid duration. False when the text is not a duration. */
  const commit = (): boolean => {
    editing.current = false;
    const v = text.trim();
    const typed = v === '' || v === '0' ? 0 : parseDuration(v);
    if (typed === null || typed > MINUTES_PER_DAY) {
      setInvalid(true);
      return false;
    }
    setInvalid(false);
    setText(show(typed));
    if (typed !== saved.current) {
      saved.current = typed;
      onSave(typed);
    }
    return true;
  };
  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key === 'Enter') {
      e.preventDefault();
      if (commit()) focusNext(e.currentTarget);
    } else if (e.key === 'Escape') {
      editing.current = false;
      setInvalid(false);
      setText(show(minutes));
    }
  };
  return (
    <Tooltip title={invalid ? `Enter a duration, ${DURATION_HINT}` : ''} open={invalid} placement="top" arrow>
      <Box
        component="input"
        data-grid-cell=""
        aria-label={label}
        aria-invalid={invalid || undefined}
        inputMode="text"
        autoComplete="off"
        value={text}
        placeholder="–"
        onFocus={(e) => {
          editing.current = true;
          e.currentTarget.select();
        }}
        onChange={(e) => {
          editing.current = true;
          setText(e.currentTarget.value);
        }}
        onBlur={commit}
        onKeyDown={onKeyDown}
        sx={{
          width: 64,
          py: 0.75,
          px: 1,
          font: 'inherit',
          textAlign: 'right',
          color: 'text.primary',
          bgcolor: 'background.paper',
          border: 1,
          borderColor: invalid ? 'error.main' : 'divider',
          borderRadius: 1,
          '&:focus': { outline: 2, outlineStyle: 'solid', outlineColor: 'primary.main' },
          '&::placeholder': { color: 'text.secondary', opacity: 1 },
        }}
      />
    </Tooltip>
  );
}

const sticky = {
  position: 'sticky',
  left: 0,
  zIndex: 1,
  bgcolor: 'background.paper',
  minWidth: { xs: 128, sm: 220 },
  maxWidth: { xs: 150, sm: 320 },
} as const;

/**
 * A week as a grid: a row per task (or a project's time without a task), a column per day from
 * the company's first day of the week, the totals per day and for the week. Cells are typed in
 * (1:30, 1.5, 90m… as `parseDuration` reads them); Enter or Tab saves and moves on. A cell holding
 * several entries, a locked day and a read-only grid show the time as text. On a phone the grid
 * scrolls sideways inside its box, its first column staying in place.
 */
export function WeekGrid({ grid, extraRows = [], onSave, timer, today, label }: WeekGridProps) {
  const days = weekDays(grid.weekStart);
  const known = new Set(grid.rows.map(rowKey));
  const rows = [...grid.rows, ...extraRows.filter((r) => !known.has(rowKey(r)))];
  const timerDay = today && days.includes(today) ? today : null;

  const cell = (row: TimesheetRow, i: number, day: string) => {
    const minutes = row.minutes[i] ?? 0;
    const several = (row.entryCounts[i] ?? 0) > 1;
    const locked = lockReason(grid, day);
    const name = `${rowLabel(row)}, ${formatDay(day)}`;
    const running = timer && timerDay === day && timer.taskId === row.taskId;
    let content;
    if (onSave && !locked && !several)
      content = (
        <DurationCell minutes={minutes} label={name} onSave={(m) => onSave({ row, day, minutes: m })} />
      );
    else if (onSave && several && !locked)
      content = (
        <Tooltip title={TIMESHEET_MESSAGES.cellHasSeveral}>
          <Link
            component={RouterLink}
            to={row.taskKey ? `/app/t/${encodeURIComponent(row.taskKey)}` : '/app/tasks?view=timesheet'}
            aria-label={`${name}: ${formatDuration(minutes)} in ${row.entryCounts[i]} entries, edit them in the entries list`}
          >
            {formatDuration(minutes)}
          </Link>
        </Tooltip>
      );
    else
      content = (
        <Typography
          variant="body2"
          component="span"
          aria-label={`${name}: ${minutes ? formatDuration(minutes) : 'nothing'}`}
        >
          {minutes ? formatDuration(minutes) : '–'}
        </Typography>
      );
    return (
      <TableCell
        key={day}
        align="right"
        sx={{ px: 0.75, whiteSpace: 'nowrap' }}
        data-testid={`cell-${rowKey(row)}-${day}`}
      >
        <Stack direction="row" spacing={0.5} sx={{ alignItems: 'center', justifyContent: 'flex-end' }}>
          {running && (
            <Tooltip title="Timer running">
              <TimerOutlined color="primary" fontSize="small" titleAccess="Timer running" />
            </Tooltip>
          )}
          {content}
        </Stack>
      </TableCell>
    );
  };

  return (
    <TableScroll label={label}>
      <Table size="small" aria-label={label} sx={{ minWidth: 760 }}>
        <TableHead>
          <TableRow>
            <TableCell sx={sticky}>Task</TableCell>
            {days.map((d) => {
              const locked = !grid.locked && lockReason(grid, d);
              return (
                <TableCell key={d} align="right" sx={{ px: 0.75, whiteSpace: 'nowrap' }}>
                  {locked && (
                    <Tooltip title={locked}>
                      <LockOutlined
                        fontSize="inherit"
                        titleAccess={locked}
                        sx={{ mr: 0.5, verticalAlign: 'middle' }}
                      />
                    </Tooltip>
                  )}
                  {formatDay(d)}
                </TableCell>
              );
            })}
            <TableCell align="right">Total</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {rows.length === 0 && (
            <TableRow>
              <TableCell colSpan={9} sx={{ color: 'text.secondary' }}>
                No time this week.
              </TableCell>
            </TableRow>
          )}
          {rows.map((row) => (
            <TableRow key={rowKey(row)} data-testid="grid-row">
              <TableCell component="th" scope="row" sx={sticky}>
                <Typography variant="body2" sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
                  {rowLabel(row)}
                </Typography>
                <Typography variant="caption" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
                  {row.projectName}
                </Typography>
              </TableCell>
              {days.map((d, i) => cell(row, i, d))}
              <TableCell align="right" sx={{ fontWeight: 600 }}>
                {formatDuration(row.minutes.reduce((n, m) => n + m, 0))}
              </TableCell>
            </TableRow>
          ))}
          <TableRow>
            <TableCell component="th" scope="row" sx={{ ...sticky, fontWeight: 600 }}>
              Total per day
            </TableCell>
            {days.map((d, i) => (
              <TableCell
                key={d}
                align="right"
                sx={{ fontWeight: 600, px: 0.75 }}
                data-testid={`day-total-${d}`}
              >
                {formatDuration(grid.dayMinutes[i] ?? 0)}
              </TableCell>
            ))}
            <TableCell align="right" sx={{ fontWeight: 700, whiteSpace: 'nowrap' }} data-testid="week-total">
              {hoursLabel(grid.totalMinutes)} / {hoursLabel(grid.expectedMinutes)}
            </TableCell>
          </TableRow>
        </TableBody>
      </Table>
    </TableScroll>
  );
}
