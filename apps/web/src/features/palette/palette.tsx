import AddTaskRounded from '@mui/icons-material/AddTaskRounded';
import ArrowForwardRounded from '@mui/icons-material/ArrowForwardRounded';
import FolderOutlined from '@mui/icons-material/FolderOutlined';
import PersonOutlineRounded from '@mui/icons-material/PersonOutlineRounded';
import SearchRounded from '@mui/icons-material/SearchRounded';
import TaskAltOutlined from '@mui/icons-material/TaskAltOutlined';
import Box from '@mui/material/Box';
import Dialog from '@mui/material/Dialog';
import InputBase from '@mui/material/InputBase';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import { skipToken } from '@reduxjs/toolkit/query/react';
import { TASK_KEY_PATTERN } from '@taskhive/contract';
import { type KeyboardEvent, type ReactNode, useEffect, useId, useMemo, useState } from 'react';
import { useNavigate } from 'react-router';
import { DEFAULT_PROJECT_QUERY, useListProjectsQuery } from '../../api/projects-api';
import { useDebouncedValue } from '../../hooks/use-debounced-value';
import { useSession } from '../../hooks/use-session';
import { filterMenu, type MenuItem } from '../../lib/menu';
import {
  PALETTE_PAGE,
  usePalettePeopleQuery,
  usePaletteTaskByKeyQuery,
  usePaletteTasksQuery,
} from './palette-api';

/** How long typing rests before the palette searches. */
export const PALETTE_DEBOUNCE_MS = 200;

const GROUPS = ['Tasks', 'Projects', 'People', 'Screens', 'Actions'] as const;
type Group = (typeof GROUPS)[number];

interface Entry {
  id: string;
  group: Group;
  primary: string;
  secondary?: string;
  /** Shown before the primary text in a fixed-width face (a task's key). */
  tag?: string;
  icon: ReactNode;
  run: () => void;
}

export interface PaletteProps {
  menu: readonly MenuItem[];
  canCreateTask: boolean;
  onClose: () => void;
  onCreateTask: () => void;
}

/** Every openable entry of a menu, in order, groups flattened. */
function screensOf(items: readonly MenuItem[]): MenuItem[] {
  return items.flatMap((i) => (i.type === 'item' && i.url && !i.target ? [i] : screensOf(i.children ?? [])));
}

const matches = (text: string, q: string) => text.toLowerCase().includes(q.toLowerCase());

/**
 * The command palette (issue 23): one search over tasks (by key or title), projects, people,
 * the screens the user may open and actions, listed by kind. Arrows move, Enter opens, Escape
 * closes; the list is a listbox the field controls, so a screen reader follows the choice.
 */
export default function Palette({ menu, canCreateTask, onClose, onCreateTask }: PaletteProps) {
  const navigate = useNavigate();
  const { can, permissions } = useSession();
  const [query, setQuery] = useState('');
  const [active, setActive] = useState(0);
  const q = useDebouncedValue(query.trim(), PALETTE_DEBOUNCE_MS);
  const ids = useId();

  const readAll = can({ anyOf: ['task:read:all'] });
  const readTasks = readAll || can({ anyOf: ['task:read'] });
  const isKey = TASK_KEY_PATTERN.test(q);
  const readPeople = can({ anyOf: ['employee:read'] }) && can({ anyOf: ['comment:create', 'comment:read'] });

  const tasks = usePaletteTasksQuery(q && readTasks ? { all: readAll, search: q } : skipToken);
  const byKey = usePaletteTaskByKeyQuery(isKey && readTasks ? q.toUpperCase() : skipToken);
  const projects = useListProjectsQuery(
    q && can({ anyOf: ['project:read'] })
      ? { ...DEFAULT_PROJECT_QUERY, pageSize: PALETTE_PAGE, sortBy: 'name', sortOrder: 'asc', search: q }
      : skipToken,
  );
  const people = usePalettePeopleQuery(q && readPeople ? q : skipToken);
  const searching =
    query.trim() !== q || tasks.isFetching || byKey.isFetching || projects.isFetching || people.isFetching;

  const entries = useMemo(() => {
    const go = (url: string) => () => {
      onClose();
      void navigate(url);
    };
    const out: Entry[] = [];
    if (q) {
      const found = [...(byKey.currentData ? [byKey.currentData] : []), ...(tasks.currentData?.items ?? [])];
      const seen = new Set<string>();
      for (const t of found) {
        if (seen.has(t.taskId)) continue;
        seen.add(t.taskId);
        out.push({
          id: `task-${t.taskId}`,
          group: 'Tasks',
          tag: t.key,
          primary: t.title,
          secondary: [t.projectName, t.statusName].filter(Boolean).join(' · '),
          icon: <TaskAltOutlined fontSize="small" />,
          run: go(`/app/t/${encodeURIComponent(t.key)}`),
        });
      }
      for (const p of projects.currentData?.items ?? []) {
        out.push({
          id: `project-${p.projectId}`,
          group: 'Projects',
          primary: p.name,
          secondary: p.code,
          icon: <FolderOutlined fontSize="small" />,
          run: go(`/app/project-detail/${p.projectId}`),
        });
      }
      for (const u of people.currentData ?? []) {
        out.push({
          id: `person-${u.userId}`,
          group: 'People',
          primary: `${u.firstName} ${u.lastName}`,
          secondary: 'Employee profile',
          icon: <PersonOutlineRounded fontSize="small" />,
          run: go(`/app/employee-profile/${u.userId}`),
        });
      }
    }
    for (const s of screensOf(filterMenu(menu, permissions))) {
      const label = `Go to ${s.title ?? ''}`;
      if (q && !matches(label, q)) continue;
      out.push({
        id: `screen-${s.id}`,
        group: 'Screens',
        primary: label,
        icon: <ArrowForwardRounded fontSize="small" />,
        run: go(s.url ?? '/app/dashboard'),
      });
    }
    if (canCreateTask && (!q || ['Create task', 'New task'].some((t) => matches(t, q)))) {
      out.push({
        id: 'action-create-task',
        group: 'Actions',
        primary: 'Create task…',
        icon: <AddTaskRounded fontSize="small" />,
        run: onCreateTask,
      });
    }
    return out;
  }, [
    q,
    byKey.currentData,
    tasks.currentData,
    projects.currentData,
    people.currentData,
    menu,
    permissions,
    canCreateTask,
    navigate,
    onClose,
    onCreateTask,
  ]);

  // A new list starts at its first entry.
  useEffect(() => setActive(0), [entries]);
  const current = Math.min(active, entries.length - 1);
  const optionId = (i: number) => `${ids}-option-${i}`;
  useEffect(() => {
    if (current < 0) return;
    document.getElementById(optionId(current))?.scrollIntoView?.({ block: 'nearest' });
  });

  const onKeyDown = (e: KeyboardEvent) => {
    const n = entries.length;
    if (e.key === 'ArrowDown' && n) {
      e.preventDefault();
      setActive((current + 1) % n);
    } else if (e.key === 'ArrowUp' && n) {
      e.preventDefault();
      setActive((current - 1 + n) % n);
    } else if (e.key === 'Home' && n && e.ctrlKey) {
      setActive(0);
    } else if (e.key === 'End' && n && e.ctrlKey) {
      setActive(n - 1);
    } else if (e.key === 'Enter') {
      e.preventDefault();
      entries[current]?.run();
    }
  };

  const titleId = `${ids}-title`;
  const listId = `${ids}-list`;
  return (
    <Dialog
      open
      onClose={onClose}
      fullWidth
      maxWidth="sm"
      aria-labelledby={titleId}
      sx={{ '& .MuiDialog-container': { alignItems: 'flex-start' } }}
      slotProps={{
        paper: {
          sx: {
            mx: { xs: 1, sm: 4 },
            mt: { xs: 2, sm: 10 },
            width: { xs: 'calc(100% - 16px)', sm: 'calc(100% - 64px)' },
            maxHeight: { xs: 'calc(100% - 32px)', sm: 'calc(100% - 160px)' },
          },
        },
      }}
    >
      <Typography id={titleId} component="h2" sx={visuallyHidden}>
        Search and commands
      </Typography>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, px: 2, py: 1.5 }}>
        <SearchRounded color="action" />
        <InputBase
          autoFocus
          fullWidth
          value={query}
          placeholder="Search tasks, projects, people, screens…"
          onChange={(e) => setQuery(e.target.value)}
          onKeyDown={onKeyDown}
          inputProps={{
            role: 'combobox',
            'aria-label': 'Search tasks, projects, people and screens',
            'aria-expanded': entries.length > 0,
            'aria-controls': listId,
            'aria-autocomplete': 'list',
            'aria-activedescendant': current >= 0 ? optionId(current) : undefined,
            autoComplete: 'off',
            spellCheck: false,
          }}
        />
        <Box
          component="kbd"
          sx={{
            display: { xs: 'none', sm: 'block' },
            fontSize: 12,
            px: 0.75,
            border: 1,
            borderColor: 'divider',
            borderRadius: 0.5,
            color: 'text.secondary',
          }}
        >
          Esc
        </Box>
      </Box>
      <Box sx={{ height: 2 }}>
        {searching && <LinearProgress aria-label="Searching" sx={{ height: 2 }} />}
      </Box>
      <Box sx={{ overflowY: 'auto', borderTop: 1, borderColor: 'divider' }}>
        <Box
          component="ul"
          role="listbox"
          id={listId}
          aria-label="Results"
          sx={{ listStyle: 'none', m: 0, p: 0, py: entries.length ? 0.5 : 0 }}
        >
          {GROUPS.map((group) => {
            const inGroup = entries.map((e, i) => ({ e, i })).filter(({ e }) => e.group === group);
            if (!inGroup.length) return null;
            const headId = `${ids}-${group}`;
            return (
              <Box component="li" role="presentation" key={group}>
                <Typography
                  id={headId}
                  variant="overline"
                  component="div"
                  sx={{ px: 2, pt: 1, display: 'block', color: 'text.secondary', lineHeight: 2 }}
                >
                  {group}
                </Typography>
                <Box
                  component="ul"
                  role="group"
                  aria-labelledby={headId}
                  sx={{ listStyle: 'none', m: 0, p: 0 }}
                >
                  {inGroup.map(({ e, i }) => (
                    <Box
                      component="li"
                      role="option"
                      key={e.id}
                      id={optionId(i)}
                      aria-selected={i === current}
                      onMouseMove={() => i !== current && setActive(i)}
                      onClick={e.run}
                      sx={{
                        display: 'flex',
                        alignItems: 'center',
                        gap: 1.5,
                        px: 2,
                        py: 1,
                        cursor: 'pointer',
                        minWidth: 0,
                        bgcolor: i === current ? 'action.selected' : undefined,
                      }}
                    >
                      <Box sx={{ display: 'flex', color: 'text.secondary' }}>{e.icon}</Box>
                      <Box sx={{ minWidth: 0, flex: 1 }}>
                        <Typography noWrap variant="body2">
                          {e.tag && (
                            <Box component="span" sx={{ fontFamily: 'monospace', fontWeight: 600, mr: 1 }}>
                              {e.tag}
                            </Box>
                          )}
                          {e.primary}
                        </Typography>
                        {e.secondary && (
                          <Typography noWrap variant="caption" color="text.secondary" component="div">
                            {e.secondary}
                          </Typography>
                        )}
                      </Box>
                    </Box>
                  ))}
                </Box>
              </Box>
            );
          })}
        </Box>
        {q && !searching && entries.length === 0 && (
          <Typography role="status" sx={{ px: 2, py: 3, textAlign: 'center' }} color="text.secondary">
            No matches for “{q}”
          </Typography>
        )}
      </Box>
      <Box
        sx={{
          display: { xs: 'none', sm: 'flex' },
          gap: 2,
          px: 2,
          py: 1,
          borderTop: 1,
          borderColor: 'divider',
          color: 'text.secondary',
          fontSize: 12,
        }}
      >
        <span>↑↓ to move</span>
        <span>Enter to open</span>
        <span>? for shortcuts</span>
      </Box>
    </Dialog>
  );
}

/** Read by screen readers, not shown. */
const visuallyHidden = {
  border: 0,
  clip: 'rect(0 0 0 0)',
  height: '1px',
  margin: '-1px',
  overflow: 'hidden',
  padding: 0,
  position: 'absolute',
  whiteSpace: 'nowrap',
  width: '1px',
} as const;
