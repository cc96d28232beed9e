import type { ProjectTimeline, TaskDetail, TimelineTask } from '@taskhive/contract';
import { baseApi } from '../../api/base-api';

/** The timeline asked for: a project's, only tasks carrying any of `labelIds` when given (issue 26). */
export interface TimelineArgs {
  projectId: string;
  labelIds?: readonly string[];
}

/** A bar moved or resized: the task and its new dates (either may stay what it was). */
export interface MoveDatesArgs {
  projectId: string;
  task: TimelineTask;
  startDate: string | null;
  dueDate: string | null;
}

/**
 * The timeline's read and its one write. The read is tagged with the project (a task edited in the
 * drawer invalidates it) and `TIMELINE-<project>`; the live stream's task changes refetch it too
 * (a label's change too: the `Task` type).
 */
export const timelineApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    projectTimeline: build.query<ProjectTimeline, TimelineArgs>({
      query: ({ projectId, labelIds }) => ({
        url: 'Timeline',
        params: { projectId, ...(labelIds?.length ? { labelIds: labelIds.join(',') } : {}) },
      }),
      providesTags: (_r, _e, { projectId }) => [
        { type: 'Task', id: `TIMELINE-${projectId}` },
        { type: 'Project', id: projectId },
      ],
    }),

    /**
     * PUT the task's dates. The timeline shows them at once; a refusal puts them back (the caller
     * shows the server's message). The task's lists, boards, calendars and detail are refetched once
     * it is saved; the timeline keeps what it shows.
     */
    moveTaskDates: build.mutation<TaskDetail, MoveDatesArgs>({
      query: ({ task, startDate, dueDate }) => ({
        url: `Tasks/${encodeURIComponent(task.taskId)}`,
        method: 'PUT',
        body: { startDate, dueDate },
      }),
      async onQueryStarted({ projectId, task, startDate, dueDate }, { dispatch, getState, queryFulfilled }) {
        // Every cached timeline of the project (filtered by labels or not) shows the new dates.
        const patches = timelineApi.util
          .selectInvalidatedBy(getState(), [{ type: 'Task', id: `TIMELINE-${projectId}` }])
          .filter((e) => e.endpointName === 'projectTimeline')
          .map((e) =>
            dispatch(
              timelineApi.util.updateQueryData('projectTimeline', e.originalArgs as TimelineArgs, (draft) => {
                const t = draft.tasks.find((x) => x.taskId === task.taskId);
                if (t) Object.assign(t, { startDate, dueDate });
              }),
            ),
          );
        try {
          await queryFulfilled;
        } catch {
          for (const p of patches) p.undo();
        }
      },
      invalidatesTags: (r, _e, { projectId, task }) =>
        r
          ? [
              { type: 'Task', id: task.taskId },
              { type: 'Task', id: `PROJECT-${projectId}` },
              { type: 'Task', id: `LIST-${task.taskListId}` },
              { type: 'Task', id: 'MINE' },
              { type: 'Task', id: 'ALL' },
              { type: 'Task', id: 'CALENDAR' },
              ...(task.parentTaskId ? [{ type: 'Task' as const, id: task.parentTaskId }] : []),
            ]
          : [],
    }),
  }),
});

export const { useProjectTimelineQuery, useMoveTaskDatesMutation } = timelineApi;
