import ExpandMoreRounded from '@mui/icons-material/ExpandMoreRounded';
import ChevronRightRounded from '@mui/icons-material/ChevronRightRounded';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import ButtonBase from '@mui/material/ButtonBase';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Theme } from '@mui/material/styles';
import {
  TIMELINE_MESSAGES as M,
  TIMELINE_ZOOMS,
  type TimelineEdge,
  type TimelineTask,
  type TimelineZoom,
} from '@taskhive/contract';
import {
  Fragment,
  type KeyboardEvent,
  type PointerEvent,
  useCallback,
  useEffect,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
} from 'react';
import { useSearchParams } from 'react-router';
import { errorMessage } from '../../api/errors';
import { LABEL_COLOR_VALUES } from '../../app/theme/label-colors';
import { toastActions } from '../../app/slices/toast-slice';
import { EmptyState } from '../../components/empty-state';
import { ErrorPanel } from '../../components/error-panel';
import { LabelFilter } from '../../components/label-filter';
import { dropToastAction, toastAction } from '../../components/toast-actions';
import { useAppDispatch } from '../../hooks/store';
import { useSession } from '../../hooks/use-session';
import { type MoveDatesArgs, useMoveTaskDatesMutation, useProjectTimelineQuery } from './timeline-api';
import {
  addDays,
  type Change,
  DAY_WIDTH,
  dayShortLabel,
  daysBetween,
  geometry,
  monthLabel,
  rangeOf,
  type Row,
  ROW_HEIGHT,
  rowsOf,
  shifted,
  type Span,
  spanOf,
  today as todayOf,
  weekStart,
  windowOf,
  zoomFrom,
} from './timeline-layout';

export interface ProjectTimelineProps {
  projectId: string;
  projectName: string;
  /** Opens a task in the drawer (the tasks feature's, composed by app/). */
  onOpenTask: (taskId: string) => void;
}

const HEADER_HEIGHT = 44;
/** The chart box's height when the browser has not measured it (tests). */
const FALLBACK_HEIGHT = 560;
const FALLBACK_WIDTH = 1000;
const HANDLE = 8;

/** A drag in progress: the task, what it changes, where the pointer went down, the days moved so far. */
interface Drag {
  task: TimelineTask;
  change: Change;
  x: number;
  days: number;
  moved: boolean;
}

function datesLabel(t: Pick<TimelineTask, 'startDate' | 'dueDate'>): string {
  const span = spanOf(t);
  if (!span) return M.noDates;
  if (span.kind === 'milestone') return M.milestone(dayShortLabel(span.day));
  return M.span(dayShortLabel(span.start), dayShortLabel(span.end));
}

/**
 * A project's timeline (issue 26): tasks as bars from start to due date, grouped by list
 * (collapsible), milestones for tasks with a due date only, the tasks without dates under
 * "Unscheduled", finish-to-start arrows, a today line, zoom week/month/quarter (`?zoom=`), a label
 * filter (`?labels=`, issue 26: the tasks without those labels are not drawn, nor arrows to them)
 * and each row's labels as coloured dots. Holders of
 * `task:update` drag a bar to move it or its ends to resize it, or with the keyboard: arrows move
 * the focused bar a day, Shift+arrows move its end; each change is saved at once with an Undo in
 * the toast. Enter or a click opens the task. Only the rows in view (and a few more) are drawn, and
 * only the arrows that touch them, so a project of thousands of tasks scrolls as one of ten.
 */
const UUID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** How many label dots a row's name shows before "+N" (issue 26). */
const ROW_LABEL_DOTS = 3;

/** A task's labels beside its name in the names column: coloured dots, then "+N" (for the eye only). */
function RowLabels({ labels }: { labels: TimelineTask['labels'] }) {
  if (labels.length === 0) return null;
  const more = labels.length - ROW_LABEL_DOTS;
  return (
    <Box
      component="span"
      aria-hidden
      className="timeline-row__labels"
      sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.375, flexShrink: 0, ml: 'auto', pl: 0.5 }}
    >
      {labels.slice(0, ROW_LABEL_DOTS).map((l) => (
        <Box
          component="span"
          key={l.labelId}
          sx={{ width: 8, height: 8, borderRadius: '50%', bgcolor: LABEL_COLOR_VALUES[l.color] }}
        />
      ))}
      {more > 0 && (
        <Box component="span" sx={{ fontSize: 11, color: 'text.secondary' }}>
          +{more}
        </Box>
      )}
    </Box>
  );
}

export default function ProjectTimeline({ projectId, projectName, onOpenTask }: ProjectTimelineProps) {
  const [params, setParams] = useSearchParams();
  const zoom = zoomFrom(params.get('zoom'));
  const dayWidth = DAY_WIDTH[zoom];
  const phone = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  const nameWidth = phone ? 148 : 280;
  const { can } = useSession();
  const canMove = can({ anyOf: ['task:update'] });
  const dispatch = useAppDispatch();
  const now = todayOf();

  // Issue 26: the label filter, `?labels=id,id` as the project's lists and board keep it.
  const labelsParam = params.get('labels') ?? '';
  // An id that is no UUID would answer 400: dropped, as the calendar drops it.
  const labelIds = useMemo(() => labelsParam.split(',').filter((id) => UUID_RE.test(id)), [labelsParam]);
  const { data, error, isLoading, isFetching, refetch } = useProjectTimelineQuery({ projectId, labelIds });
  const [collapsed, setCollapsed] = useState<ReadonlySet<string>>(new Set());
  const rows = useMemo(
    () => (data ? rowsOf(data, collapsed, { unscheduled: M.unscheduled, noList: M.noList }) : ([] as Row[])),
    [data, collapsed],
  );
  const range = useMemo(() => rangeOf(data?.tasks ?? [], now), [data, now]);
  // Where each drawn task's row is, and the tasks by id: the arrows' ends (once per change, not per scroll).
  const rowIndex = useMemo(() => {
    const at = new Map<string, number>();
    rows.forEach((r, i) => {
      if (r.kind === 'task') at.set(r.task.taskId, i);
    });
    return at;
  }, [rows]);
  const taskById = useMemo(() => new Map((data?.tasks ?? []).map((t) => [t.taskId, t])), [data]);
  const totalDays = daysBetween(range.from, range.to) + 1;
  const chartWidth = totalDays * dayWidth;

  // The scroll box: its position and size decide which rows and days are drawn.
  const box = useRef<HTMLDivElement>(null);
  const [view, setView] = useState({ top: 0, left: 0, height: FALLBACK_HEIGHT, width: FALLBACK_WIDTH });
  const measure = useCallback(() => {
    const el = box.current;
    if (!el) return;
    setView({
      top: el.scrollTop,
      left: el.scrollLeft,
      height: el.clientHeight || FALLBACK_HEIGHT,
      width: el.clientWidth || FALLBACK_WIDTH,
    });
  }, []);
  useEffect(() => {
    const el = box.current;
    if (!el || typeof ResizeObserver === 'undefined') return;
    const ro = new ResizeObserver(measure);
    ro.observe(el);
    return () => ro.disconnect();
  }, [measure, data]);

  const scrollToDay = useCallback(
    (day: string) => {
      const el = box.current;
      if (!el) return;
      el.scrollLeft = Math.max(0, daysBetween(range.from, day) * dayWidth - (el.clientWidth - nameWidth) / 3);
      measure();
    },
    [range.from, dayWidth, nameWidth, measure],
  );
  // Opened, zoomed or filtered (a new filter's tasks span other dates): today in view, once the
  // answer for that filter is in.
  const scrolledFor = useRef('');
  useLayoutEffect(() => {
    const key = `${zoom}:${labelsParam}:${data ? 'y' : 'n'}`;
    if (!data || isFetching || scrolledFor.current === key) return;
    scrolledFor.current = key;
    scrollToDay(now);
  }, [data, isFetching, zoom, labelsParam, now, scrollToDay]);

  const setZoom = (next: TimelineZoom | null) => {
    if (!next) return;
    setParams(
      (p) => {
        const copy = new URLSearchParams(p);
        if (next === 'month') copy.delete('zoom');
        else copy.set('zoom', next);
        return copy;
      },
      { replace: true },
    );
  };

  const setLabels = (ids: string[]) =>
    setParams(
      (p) => {
        const copy = new URLSearchParams(p);
        if (ids.length) copy.set('labels', ids.join(','));
        else copy.delete('labels');
        return copy;
      },
      { replace: true },
    );

  // Moves: saved at once, Undo in the toast (as the calendar's).
  const [save] = useMoveTaskDatesMutation();
  const lastToast = useRef<{ toastId: string; actionId: string } | null>(null);
  const failed = useCallback(
    (err: unknown) => dispatch(toastActions.toastShown(errorMessage(err, M.moveFailed), 'error')),
    [dispatch],
  );
  const commit = useCallback(
    (task: TimelineTask, change: Change, days: number) => {
      if (days === 0) return;
      const next = shifted(task, change, days);
      if (next.startDate === task.startDate && next.dueDate === task.dueDate) return;
      const args: MoveDatesArgs = { projectId, task, ...next };
      save(args)
        .unwrap()
        .then(() => {
          const moved = { ...task, ...next };
          const undo = toastAction(M.undo, () => {
            save({ projectId, task: moved, startDate: task.startDate, dueDate: task.dueDate })
              .unwrap()
              .then(() => dispatch(toastActions.toastShown(M.movedBack(task.key))))
              .catch(failed);
          });
          if (lastToast.current) {
            dispatch(toastActions.toastDismissed(lastToast.current.toastId));
            dropToastAction(lastToast.current.actionId);
          }
          const span = spanOf(moved);
          const from = span ? (span.kind === 'bar' ? span.start : span.day) : '';
          const to = span ? (span.kind === 'bar' ? span.end : span.day) : '';
          const shown = dispatch(
            toastActions.toastShown(
              M.moved(task.key, dayShortLabel(from), dayShortLabel(to)),
              'success',
              undo,
            ),
          );
          lastToast.current = { toastId: shown.payload.id, actionId: undo.id };
        })
        .catch(failed);
    },
    [dispatch, failed, projectId, save],
  );

  const [drag, setDrag] = useState<Drag | null>(null);
  const onPointerDown = (e: PointerEvent<HTMLElement>, task: TimelineTask, change: Change) => {
    if (!canMove || e.button !== 0) return;
    e.stopPropagation();
    e.currentTarget.setPointerCapture?.(e.pointerId);
    setDrag({ task, change, x: e.clientX, days: 0, moved: false });
  };
  const onPointerMove = (e: PointerEvent<HTMLElement>) => {
    if (!drag) return;
    const dx = e.clientX - drag.x;
    const days = Math.round(dx / dayWidth);
    if (days !== drag.days || (!drag.moved && Math.abs(dx) > 4))
      setDrag({ ...drag, days, moved: drag.moved || Math.abs(dx) > 4 });
  };
  const onPointerUp = () => {
    if (!drag) return;
    setDrag(null);
    if (drag.moved) commit(drag.task, drag.change, drag.days);
    else onOpenTask(drag.task.taskId);
  };

  const onBarKey = (e: KeyboardEvent<HTMLElement>, task: TimelineTask) => {
    if (e.key === 'Enter') {
      e.preventDefault();
      onOpenTask(task.taskId);
      return;
    }
    if (!canMove || (e.key !== 'ArrowLeft' && e.key !== 'ArrowRight')) return;
    e.preventDefault();
    const days = e.key === 'ArrowLeft' ? -1 : 1;
    // Shift: the end (a milestone, which has only its due date, moves).
    const change: Change = e.shiftKey && task.startDate && task.dueDate ? 'end' : 'move';
    commit(task, change, days);
  };

  const toggle = (id: string) =>
    setCollapsed((c) => {
      const next = new Set(c);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });

  if (error && !data)
    return (
      <ErrorPanel
        title={M.fetchFailed}
        message={errorMessage(error, M.fetchFailed)}
        onRetry={() => void refetch()}
      />
    );
  if (isLoading || !data) return <Skeleton variant="rounded" height={400} aria-label="Loading timeline" />;
  const labelFilter = <LabelFilter value={labelIds} onChange={setLabels} width={{ xs: '100%', sm: 200 }} />;
  if (data.tasks.length === 0)
    return labelIds.length ? (
      // Filtered to nothing: the filter stays, to be changed.
      <Stack spacing={1.5}>
        <Stack direction="row">{labelFilter}</Stack>
        <EmptyState title={M.emptyFiltered} />
      </Stack>
    ) : (
      <EmptyState title={M.empty} />
    );

  const { first, last } = windowOf(view.top, view.height - HEADER_HEIGHT, rows.length);
  const visible = rows.slice(first, last + 1);
  const shownSpan = (t: TimelineTask): Span | null =>
    spanOf(drag && drag.moved && drag.task.taskId === t.taskId ? shifted(t, drag.change, drag.days) : t);
  const edges = data.edges.filter((edge) => {
    const a = rowIndex.get(edge.blockerTaskId);
    const b = rowIndex.get(edge.blockedTaskId);
    return a !== undefined && b !== undefined && ((a >= first && a <= last) || (b >= first && b <= last));
  });
  const todayX = daysBetween(range.from, now) * dayWidth;

  // The header's ticks in view: days at week zoom, Mondays at month, first days of months at quarter.
  const firstDay = Math.max(0, Math.floor((view.left - nameWidth) / dayWidth) - 1);
  const lastDay = Math.min(totalDays - 1, Math.ceil((view.left + view.width) / dayWidth) + 1);
  const ticks: { day: string; label: string; x: number }[] = [];
  for (let i = firstDay; i <= lastDay; i++) {
    const day = addDays(range.from, i);
    const tick = zoom === 'week' ? true : zoom === 'month' ? weekStart(day) === day : day.endsWith('-01');
    if (tick)
      ticks.push({
        day,
        x: i * dayWidth,
        label:
          zoom === 'week'
            ? String(Number(day.slice(8)))
            : zoom === 'month'
              ? dayShortLabel(day)
              : monthLabel(day),
      });
  }

  const edgePath = (edge: TimelineEdge): string | null => {
    const a = taskById.get(edge.blockerTaskId);
    const b = taskById.get(edge.blockedTaskId);
    const ia = rowIndex.get(edge.blockerTaskId);
    const ib = rowIndex.get(edge.blockedTaskId);
    const sa = a && shownSpan(a);
    const sb = b && shownSpan(b);
    if (!sa || !sb || ia === undefined || ib === undefined) return null;
    const ga = geometry(sa, range.from, dayWidth);
    const gb = geometry(sb, range.from, dayWidth);
    const x1 = sa.kind === 'milestone' ? ga.left + 6 : ga.left + ga.width;
    const x2 = sb.kind === 'milestone' ? gb.left - 6 : gb.left;
    const y1 = ia * ROW_HEIGHT + ROW_HEIGHT / 2;
    const y2 = ib * ROW_HEIGHT + ROW_HEIGHT / 2;
    const elbow = x1 + 8;
    return `M ${x1} ${y1} H ${elbow} V ${y2} H ${x2 - 2}`;
  };

  const bar = (t: TimelineTask, top: number) => {
    const span = shownSpan(t);
    if (!span) return null;
    const g = geometry(span, range.from, dayWidth);
    const dragging = drag?.task.taskId === t.taskId && drag.moved;
    const label = M.barLabel(t.key, t.title, datesLabel(t));
    const common = {
      role: 'button',
      tabIndex: 0,
      'aria-label': label,
      'aria-describedby': 'timeline-keys',
      'data-task-id': t.taskId,
      onKeyDown: (e: KeyboardEvent<HTMLElement>) => onBarKey(e, t),
      onPointerDown: (e: PointerEvent<HTMLElement>) => onPointerDown(e, t, 'move'),
      onPointerMove,
      onPointerUp,
      onPointerCancel: () => setDrag(null),
    };
    const colour = t.isDone ? 'action.disabled' : (t.statusColor ?? 'primary.main');
    const focusRing = { outline: 2, outlineColor: 'primary.dark', outlineOffset: 2 };
    if (span.kind === 'milestone')
      return (
        <Box
          {...common}
          data-kind="milestone"
          style={{ top: top + ROW_HEIGHT / 2 - 7, left: g.left - 7 }}
          sx={{
            position: 'absolute',
            width: 14,
            height: 14,
            transform: 'rotate(45deg)',
            bgcolor: colour,
            border: 1,
            borderColor: 'background.paper',
            cursor: canMove ? (dragging ? 'grabbing' : 'grab') : 'pointer',
            touchAction: 'none',
            zIndex: 2,
            '&:focus-visible': focusRing,
          }}
        />
      );
    return (
      <Box
        {...common}
        data-kind="bar"
        style={{ top: top + 8, left: g.left, width: Math.max(g.width, 4) }}
        sx={{
          position: 'absolute',
          height: ROW_HEIGHT - 16,
          borderRadius: 1,
          bgcolor: colour,
          opacity: dragging ? 0.75 : 1,
          cursor: canMove ? (dragging ? 'grabbing' : 'grab') : 'pointer',
          touchAction: 'none',
          zIndex: 2,
          '&:focus-visible': focusRing,
        }}
      >
        {canMove &&
          (['start', 'end'] as const).map((edge) => (
            <Box
              key={edge}
              data-handle={edge}
              aria-hidden
              onPointerDown={(e: PointerEvent<HTMLElement>) => onPointerDown(e, t, edge)}
              sx={{
                position: 'absolute',
                top: 0,
                bottom: 0,
                [edge === 'start' ? 'left' : 'right']: 0,
                width: HANDLE,
                cursor: 'ew-resize',
              }}
            />
          ))}
      </Box>
    );
  };

  const bodyHeight = rows.length * ROW_HEIGHT;

  return (
    <Stack spacing={1.5}>
      <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap', alignItems: 'center' }}>
        <ToggleButtonGroup
          size="small"
          exclusive
          value={zoom}
          onChange={(_e, v: TimelineZoom | null) => setZoom(v)}
          aria-label={M.zoom}
          sx={{ bgcolor: 'background.paper' }}
        >
          {TIMELINE_ZOOMS.map((z) => (
            <ToggleButton key={z} value={z}>
              {M.zoomLabels[z]}
            </ToggleButton>
          ))}
        </ToggleButtonGroup>
        <Button size="small" variant="outlined" onClick={() => scrollToDay(now)}>
          {M.scrollToToday}
        </Button>
        {labelFilter}
        <Typography id="timeline-keys" variant="caption" color="text.secondary" sx={{ flex: '1 1 240px' }}>
          {M.keyboardHelp}
        </Typography>
      </Stack>
      {data.truncated && <Alert severity="info">{M.truncated}</Alert>}
      <Box
        ref={box}
        role="region"
        aria-label={M.chartLabel(projectName)}
        data-testid="timeline-scroll"
        onScroll={measure}
        sx={{
          position: 'relative',
          height: { xs: '65vh', sm: 'min(70vh, 720px)' },
          minHeight: 320,
          overflow: 'auto',
          border: 1,
          borderColor: 'divider',
          borderRadius: 1,
          bgcolor: 'background.paper',
          maxWidth: '100%',
        }}
      >
        <Box sx={{ position: 'relative', width: nameWidth + chartWidth, height: HEADER_HEIGHT + bodyHeight }}>
          {/* The header: the names column's title and the ticks, kept at the top. */}
          <Box
            sx={{
              position: 'sticky',
              top: 0,
              zIndex: 4,
              height: HEADER_HEIGHT,
              display: 'flex',
              bgcolor: 'background.paper',
              borderBottom: 1,
              borderColor: 'divider',
            }}
          >
            <Box
              sx={{
                position: 'sticky',
                left: 0,
                zIndex: 5,
                width: nameWidth,
                flex: 'none',
                px: 1,
                display: 'flex',
                alignItems: 'center',
                bgcolor: 'background.paper',
                borderRight: 1,
                borderColor: 'divider',
              }}
            >
              <Typography variant="subtitle2">{M.taskColumn}</Typography>
            </Box>
            <Box sx={{ position: 'relative', width: chartWidth, flex: 'none' }} aria-hidden>
              {ticks.map((t) => (
                <Typography
                  key={t.day}
                  variant="caption"
                  color={t.day === now ? 'primary' : 'text.secondary'}
                  style={{ left: t.x }}
                  sx={{
                    position: 'absolute',
                    top: 12,
                    pl: 0.5,
                    whiteSpace: 'nowrap',
                    borderLeft: 1,
                    borderColor: 'divider',
                  }}
                >
                  {t.label}
                </Typography>
              ))}
              <Typography
                variant="caption"
                color="error"
                sx={{
                  position: 'absolute',
                  left: todayX + dayWidth / 2 + 3,
                  top: 0,
                  fontWeight: 600,
                  whiteSpace: 'nowrap',
                }}
              >
                {M.today}
              </Typography>
            </Box>
          </Box>
          {/* The body: only the rows in the window, each placed at its index. */}
          <Box sx={{ position: 'relative', height: bodyHeight }} data-testid="timeline-body">
            <Box
              aria-hidden
              sx={{
                position: 'absolute',
                top: 0,
                bottom: 0,
                left: nameWidth + todayX + dayWidth / 2,
                width: 2,
                bgcolor: 'error.main',
                zIndex: 1,
              }}
              data-testid="timeline-today"
            />
            {visible.map((row, i) => {
              const index = first + i;
              const top = index * ROW_HEIGHT;
              if (row.kind === 'group')
                return (
                  <Box
                    key={`g-${row.id}`}
                    data-row="group"
                    style={{ top }}
                    sx={{
                      position: 'absolute',
                      left: 0,
                      width: nameWidth + chartWidth,
                      height: ROW_HEIGHT,
                      bgcolor: 'action.hover',
                      borderBottom: 1,
                      borderColor: 'divider',
                    }}
                  >
                    <ButtonBase
                      onClick={() => toggle(row.id)}
                      aria-expanded={!row.collapsed}
                      aria-label={row.collapsed ? M.expand(row.label) : M.collapse(row.label)}
                      sx={{
                        position: 'sticky',
                        left: 0,
                        height: ROW_HEIGHT,
                        maxWidth: { xs: '90vw', sm: 480 },
                        px: 1,
                        gap: 0.5,
                        justifyContent: 'flex-start',
                        '&:focus-visible': { outline: 2, outlineColor: 'primary.main' },
                      }}
                    >
                      {row.collapsed ? (
                        <ChevronRightRounded fontSize="small" />
                      ) : (
                        <ExpandMoreRounded fontSize="small" />
                      )}
                      <Typography variant="subtitle2" noWrap>
                        {row.label} ({row.count})
                      </Typography>
                    </ButtonBase>
                  </Box>
                );
              const t = row.task;
              return (
                <Box
                  key={t.taskId}
                  data-row="task"
                  data-task-id={t.taskId}
                  style={{ top }}
                  sx={{
                    position: 'absolute',
                    left: 0,
                    width: nameWidth + chartWidth,
                    height: ROW_HEIGHT,
                  }}
                >
                  <Box
                    sx={{
                      position: 'sticky',
                      left: 0,
                      zIndex: 3,
                      width: nameWidth,
                      height: ROW_HEIGHT,
                      bgcolor: 'background.paper',
                      borderRight: 1,
                      borderBottom: 1,
                      borderColor: 'divider',
                    }}
                  >
                    <ButtonBase
                      onClick={() => onOpenTask(t.taskId)}
                      title={M.rowLabel(
                        t.key,
                        t.title,
                        t.labels.map((l) => l.name),
                      )}
                      aria-label={M.rowLabel(
                        t.key,
                        t.title,
                        t.labels.map((l) => l.name),
                      )}
                      sx={{
                        width: '100%',
                        height: '100%',
                        px: 1,
                        pl: t.parentTaskId ? 3 : 1,
                        justifyContent: 'flex-start',
                        '&:focus-visible': { outline: 2, outlineColor: 'primary.main', outlineOffset: -2 },
                      }}
                    >
                      <Typography
                        variant="body2"
                        noWrap={!phone}
                        sx={{
                          textDecoration: t.isDone ? 'line-through' : 'none',
                          minWidth: 0,
                          textAlign: 'left',
                          // A phone's narrow names column: the key and title on two lines (clamped)
                          // rather than a title cut after two words.
                          ...(phone && {
                            fontSize: '0.75rem',
                            lineHeight: 1.25,
                            display: '-webkit-box',
                            WebkitLineClamp: 2,
                            WebkitBoxOrient: 'vertical',
                            overflow: 'hidden',
                            overflowWrap: 'anywhere',
                          }),
                        }}
                      >
                        <Box component="span" sx={{ color: 'text.secondary', mr: 0.75 }}>
                          {t.key}
                        </Box>{' '}
                        {t.title}
                      </Typography>
                      <RowLabels labels={t.labels} />
                    </ButtonBase>
                  </Box>
                </Box>
              );
            })}
            {/* Bars and arrows, in the chart's coordinates (after the names column). */}
            <Box
              sx={{ position: 'absolute', top: 0, left: nameWidth, width: chartWidth, height: bodyHeight }}
            >
              <svg
                aria-hidden
                width={chartWidth}
                height={bodyHeight}
                style={{
                  position: 'absolute',
                  top: 0,
                  left: 0,
                  overflow: 'visible',
                  pointerEvents: 'none',
                  zIndex: 1,
                }}
              >
                <defs>
                  <marker
                    id="timeline-arrow"
                    viewBox="0 0 8 8"
                    refX="7"
                    refY="4"
                    markerWidth="7"
                    markerHeight="7"
                    orient="auto"
                  >
                    <path d="M 0 0 L 8 4 L 0 8 z" fill="currentColor" />
                  </marker>
                </defs>
                <Box component="g" sx={{ color: 'text.secondary' }}>
                  {edges.map((edge) => {
                    const d = edgePath(edge);
                    return d ? (
                      <path
                        key={`${edge.blockerTaskId}-${edge.blockedTaskId}`}
                        data-edge={`${edge.blockerTaskId}>${edge.blockedTaskId}`}
                        d={d}
                        fill="none"
                        stroke="currentColor"
                        strokeWidth={1.5}
                        markerEnd="url(#timeline-arrow)"
                      />
                    ) : null;
                  })}
                </Box>
              </svg>
              {visible.map((row, i) =>
                row.kind === 'task' ? (
                  <Fragment key={row.task.taskId}>{bar(row.task, (first + i) * ROW_HEIGHT)}</Fragment>
                ) : null,
              )}
            </Box>
          </Box>
        </Box>
      </Box>
    </Stack>
  );
}
