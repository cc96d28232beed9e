import type { BoardPage, ProjectDetail, Task, TaskList, TaskStatus } from '@taskhive/contract';
import { vi } from 'vitest';

/** Web test data for projects and tasks, in the contract's shapes. */
const uuid = (prefix: string, n: number) => `${prefix}-0000-4000-8000-${String(n).padStart(12, '0')}`;

export const PROJECT_ID = uuid('00000000', 900);
export const LIST_ID = uuid('00000000', 800);

export const STATUSES: TaskStatus[] = [
  {
    statusId: uuid('10000000', 1),
    name: 'Open',
    color: '#2196f3',
    sortOrder: 1,
    builtIn: null,
    usageCount: 0,
  },
  {
    statusId: uuid('10000000', 2),
    name: 'In Progress',
    color: '#ff9800',
    sortOrder: 2,
    builtIn: null,
    usageCount: 0,
  },
  {
    statusId: uuid('10000000', 3),
    name: 'Completed',
    color: '#4caf50',
    sortOrder: 3,
    builtIn: 'completed',
    usageCount: 0,
  },
];

export function status(name: string): TaskStatus {
  const s = STATUSES.find((x) => x.name === name);
  if (!s) throw new Error(`no status ${name}`);
  return s;
}

export function task(n: number, title: string, statusName = 'Open', extra: Partial<Task> = {}): Task {
  const s = status(statusName);
  return {
    taskId: uuid('20000000', n),
    key: `WEB-${n}`,
    projectId: PROJECT_ID,
    projectName: 'Website',
    taskListId: LIST_ID,
    listName: 'Backlog',
    parentTaskId: null,
    title,
    description: null,
    statusId: s.statusId,
    statusName: s.name,
    statusColor: s.color,
    priorityId: null,
    priorityName: null,
    startDate: null,
    dueDate: null,
    estimatedHours: null,
    actualHours: null,
    progress: 0,
    sortOrder: n,
    isOverdue: false,
    subtaskCount: 0,
    blockedByOpenCount: 0,
    labels: [],
    recurring: false,
    assignees: [],
    createdBy: null,
    completedAt: null,
    createdAt: '2026-01-01T00:00:00.000Z',
    updatedAt: '2026-01-01T00:00:00.000Z',
    ...extra,
  };
}

export function taskList(extra: Partial<TaskList> = {}): TaskList {
  return {
    taskListId: LIST_ID,
    projectId: PROJECT_ID,
    name: 'Backlog',
    description: null,
    sortOrder: 1,
    startDate: null,
    endDate: null,
    taskCount: 0,
    overallProgress: 0,
    createdAt: '2026-01-01T00:00:00.000Z',
    updatedAt: '2026-01-01T00:00:00.000Z',
    ...extra,
  };
}

export function project(extra: Partial<ProjectDetail> = {}): ProjectDetail {
  return {
    projectId: PROJECT_ID,
    code: 'WEB',
    name: 'Website',
    description: null,
    statusId: STATUSES[0]?.statusId ?? null,
    statusName: 'Open',
    statusColor: '#2196f3',
    startDate: null,
    endDate: null,
    progress: 0,
    taskCount: 0,
    memberCount: 0,
    projectMembers: [],
    createdBy: null,
    createdAt: '2026-01-01T00:00:00.000Z',
    updatedAt: '2026-01-01T00:00:00.000Z',
    documents: [],
    taskLists: [taskList()],
    time: null,
    ...extra,
  };
}

export const paged = <T>(items: T[], totalCount = items.length, pageSize = 5) => ({
  items,
  totalCount,
  pageNumber: 1,
  pageSize,
  totalPages: Math.max(1, Math.ceil(totalCount / pageSize)),
});

/**
 * A board answer: `items` as the loaded cards (in column order), every status a column counting
 * its cards among them, or the total `totals` gives it (by status name).
 */
export function boardPage(items: Task[], totals: Record<string, number> = {}): BoardPage {
  return {
    items,
    columns: STATUSES.map((s) => ({
      statusId: s.statusId,
      totalCount: totals[s.name] ?? items.filter((t) => t.statusId === s.statusId).length,
      unfilteredCount: totals[s.name] ?? items.filter((t) => t.statusId === s.statusId).length,
    })),
  };
}

type Handler = (req: Request) => Response | Promise<Response>;

/** Stubs fetch with a handler and records every request. */
export function serve(handler: Handler) {
  const calls: Request[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const req = input instanceof Request ? input : new Request(input, init);
      calls.push(req);
      return handler(req);
    }),
  );
  return calls;
}

export const pathOf = (req: Request) => new URL(req.url).pathname;
