import type { TimesheetGrid, TimesheetRow, TimesheetWeek } from '@taskhive/contract';

export const ME = '00000000-0000-4000-8000-000000000001';
export const PROJECT = '00000000-0000-4000-8000-300000000000';
export const TASK_A = '00000000-0000-4000-8000-400000000001';
export const TASK_B = '00000000-0000-4000-8000-400000000002';

export function row(over: Partial<TimesheetRow> = {}): TimesheetRow {
  return {
    projectId: PROJECT,
    projectName: 'Apollo',
    taskId: TASK_A,
    taskKey: 'APL-1',
    taskTitle: 'Design the lander',
    minutes: [60, 0, 0, 0, 0, 0, 0],
    entryCounts: [1, 0, 0, 0, 0, 0, 0],
    ...over,
  };
}

export function week(over: Partial<TimesheetWeek> = {}): TimesheetWeek {
  return {
    id: null,
    userId: ME,
    userName: 'Ada Lovelace',
    departmentName: 'Engineering',
    weekStart: '2026-06-15',
    weekEnd: '2026-06-21',
    status: 'open',
    submittedAt: null,
    decidedAt: null,
    decidedByName: null,
    reason: null,
    totalMinutes: 60,
    billableMinutes: 60,
    expectedMinutes: 2400,
    dayMinutes: [60, 0, 0, 0, 0, 0, 0],
    locked: false,
    canSubmit: true,
    canApprove: false,
    canReopen: false,
    ...over,
  };
}

export function grid(over: Partial<TimesheetGrid> = {}): TimesheetGrid {
  return {
    ...week(),
    rows: [row()],
    history: [],
    lockedBefore: null,
    heldDays: [null, null, null, null, null, null, null],
    ...over,
  };
}
