import type {
  ApprovalsQuery,
  Capacity,
  ApproveWeeksBody,
  Paged,
  RejectWeeksBody,
  RunningTimer,
  SetCellBody,
  Task,
  TimesheetGrid,
  TimesheetSettings,
  TimesheetWeek,
  UpdateCapacityBody,
  UpdateTimesheetSettingsBody,
  Workload,
  WorkloadQuery,
} from '@taskhive/contract';
import { TASK_BOARD_MAX_PAGE_SIZE } from '@taskhive/contract';
import { baseApi } from '../../api/base-api';

/** Which grid: mine (`userId` absent) or a person's an approver reads; the week holding `weekStart` (none: this week). */
export interface GridArgs {
  userId?: string;
  weekStart?: string;
}

export type ApprovalsArgs = Partial<Pick<ApprovalsQuery, 'departmentId' | 'weekStart'>> &
  Pick<ApprovalsQuery, 'page' | 'pageSize' | 'status'>;

/** A page of the workload: the week, a department or a project, a name search. */
export type WorkloadArgs = Partial<
  Pick<WorkloadQuery, 'weekStart' | 'departmentId' | 'projectId' | 'search'>
> &
  Pick<WorkloadQuery, 'page' | 'pageSize'>;

/** A cell's write: the body, and the grid it is shown in (to update it at once). */
export interface SetCellArgs {
  grid: GridArgs;
  body: SetCellBody;
  /** The minutes the grid shows until the server answers. */
  minutes: number;
}

const WEEK = 'TimesheetWeek' as const;
const WEEKS = { type: WEEK, id: 'LIST' } as const;
const TIME_LOGS = { type: 'TimeLog', id: 'LIST' } as const;

const params = (o: object): Record<string, string | number> =>
  Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined && v !== '')) as Record<
    string,
    string | number
  >;

/** The grid with one cell set to `minutes`: its row, the day's total and the week's total. */
export function withCell(grid: TimesheetGrid, body: SetCellBody, minutes: number): TimesheetGrid {
  const day = dayIndex(grid.weekStart, body.day);
  if (day < 0 || day > 6) return grid;
  let delta = 0;
  let found = false;
  const rows = grid.rows.map((r) => {
    if (r.projectId !== body.projectId || r.taskId !== body.taskId) return r;
    found = true;
    delta = minutes - (r.minutes[day] ?? 0);
    const m = [...r.minutes];
    m[day] = minutes;
    const counts = [...r.entryCounts];
    counts[day] = minutes === 0 ? 0 : Math.max(1, counts[day] ?? 0);
    return { ...r, minutes: m, entryCounts: counts };
  });
  if (!found) return grid;
  const dayMinutes = grid.dayMinutes.map((n, i) => (i === day ? n + delta : n));
  return { ...grid, rows, dayMinutes, totalMinutes: grid.totalMinutes + delta };
}

/** 0…6: the day's place in the week starting `weekStart` (both 'YYYY-MM-DD'). */
export function dayIndex(weekStart: string, day: string): number {
  return Math.round((Date.parse(`${day}T00:00:00Z`) - Date.parse(`${weekStart}T00:00:00Z`)) / 86_400_000);
}

/**
 * Timesheet weeks (issue 25): the grid of a week, its cells, submit and the approver's decisions,
 * the approvals list, workload, the company's settings and a person's expected hours. A cell's
 * write shows at once and is undone if the server refuses it; every decision refetches the weeks.
 */
export const timesheetWeeksApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    timesheetGrid: build.query<TimesheetGrid, GridArgs>({
      query: ({ userId, weekStart }) => ({
        url: userId ? `Timesheets/weeks/${encodeURIComponent(userId)}` : 'Timesheets/weeks/mine',
        params: params({ weekStart }),
      }),
      // Its cells are time entries: a change of an entry anywhere (the list, a timer's stop) refetches it.
      providesTags: [WEEKS, TIME_LOGS],
    }),
    /** Answers the week's grid, which replaces the one shown (its totals as the server counts them). */
    setTimesheetCell: build.mutation<TimesheetGrid, SetCellArgs>({
      query: ({ body }) => ({ url: 'Timesheets/cells', method: 'PUT', body }),
      async onQueryStarted({ grid, body, minutes }, { dispatch, queryFulfilled }) {
        const patch = dispatch(
          timesheetWeeksApi.util.updateQueryData('timesheetGrid', grid, (draft) =>
            withCell(draft, body, minutes),
          ),
        );
        try {
          const { data } = await queryFulfilled;
          if (data && Array.isArray(data.rows))
            dispatch(timesheetWeeksApi.util.upsertQueryData('timesheetGrid', grid, data));
        } catch {
          patch.undo();
        }
      },
      invalidatesTags: (r) => (r ? [TIME_LOGS] : []),
    }),
    submitTimesheetWeek: build.mutation<TimesheetWeek, { weekStart: string }>({
      query: (body) => ({ url: 'Timesheets/weeks/submit', method: 'POST', body }),
      invalidatesTags: [WEEKS],
    }),
    approveTimesheetWeeks: build.mutation<{ count: number }, ApproveWeeksBody>({
      query: (body) => ({ url: 'Timesheets/weeks/approve', method: 'POST', body }),
      invalidatesTags: [WEEKS],
    }),
    rejectTimesheetWeeks: build.mutation<{ count: number }, RejectWeeksBody>({
      query: (body) => ({ url: 'Timesheets/weeks/reject', method: 'POST', body }),
      invalidatesTags: [WEEKS],
    }),
    reopenTimesheetWeek: build.mutation<unknown, { id: string; reason?: string }>({
      query: ({ id, reason }) => ({
        url: `Timesheets/weeks/${encodeURIComponent(id)}/reopen`,
        method: 'POST',
        body: reason ? { reason } : {},
      }),
      invalidatesTags: [WEEKS],
    }),
    timesheetApprovals: build.query<Paged<TimesheetWeek>, ApprovalsArgs>({
      query: (args) => ({ url: 'Timesheets/approvals', params: params(args) }),
      providesTags: [WEEKS],
    }),
    timesheetWorkload: build.query<Workload, WorkloadArgs>({
      query: (args) => ({ url: 'Timesheets/workload', params: params(args) }),
      providesTags: [WEEKS],
    }),
    timesheetSettings: build.query<TimesheetSettings, void>({
      query: () => 'Timesheets/settings',
      providesTags: ['TimesheetSettings'],
    }),
    updateTimesheetSettings: build.mutation<TimesheetSettings, UpdateTimesheetSettingsBody>({
      query: (body) => ({ url: 'Timesheets/settings', method: 'PUT', body }),
      invalidatesTags: ['TimesheetSettings', WEEKS],
    }),
    capacity: build.query<Capacity, string>({
      query: (userId) => `Timesheets/capacity/${encodeURIComponent(userId)}`,
      providesTags: (_r, _e, userId) => [{ type: WEEK, id: `capacity-${userId}` }],
    }),
    updateCapacity: build.mutation<Capacity, { userId: string; body: UpdateCapacityBody }>({
      query: ({ userId, body }) => ({
        url: `Timesheets/capacity/${encodeURIComponent(userId)}`,
        method: 'PUT',
        body,
      }),
      invalidatesTags: (_r, _e, { userId }) => [WEEKS, { type: WEEK, id: `capacity-${userId}` }],
    }),
    /** The tasks a row can be added for: the caller's assigned tasks (as the time log's task picker). */
    timesheetTaskOptions: build.query<Task[], void>({
      query: () => ({
        url: 'Tasks/users/mytasks',
        params: { page: 1, pageSize: TASK_BOARD_MAX_PAGE_SIZE },
      }),
      transformResponse: (res: Paged<Task>) => res.items,
    }),
    /** The caller's running timer (tagged as the header's, so a start or stop refreshes both). */
    timesheetTimer: build.query<RunningTimer | null, void>({
      query: () => 'Timelogs/timer',
      providesTags: ['Timer'],
    }),
  }),
});

export const {
  useTimesheetGridQuery,
  useSetTimesheetCellMutation,
  useSubmitTimesheetWeekMutation,
  useApproveTimesheetWeeksMutation,
  useRejectTimesheetWeeksMutation,
  useReopenTimesheetWeekMutation,
  useTimesheetApprovalsQuery,
  useTimesheetWorkloadQuery,
  useTimesheetSettingsQuery,
  useUpdateTimesheetSettingsMutation,
  useCapacityQuery,
  useUpdateCapacityMutation,
  useTimesheetTaskOptionsQuery,
  useTimesheetTimerQuery,
} = timesheetWeeksApi;
