import type { ProjectTimeline, TaskDetail, TimelineTask } from '@taskhive/contract';
import { baseApi } from '../../api/base-api';

/** A bar moved or resized: the task and its new dates (either may stay what it was). */
export interface MoveDatesArgs {
  projectId: string;
  task: TimelineTask;
  startDate: string | null;
  dueDate: string | null;
}

/**
 * The timeline's read and its one write. The read is tagged with the project (a task edited in the
 * drawer invalidates it) and `TIMELINE-<project>`; the live stream's task changes refetch it too.
 */
export const timelineApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    projectTimeline: build.query<ProjectTimeline, string>({
      query: (projectId) => ({ url: 'Timeline', params: { projectId } }),
      providesTags: (_r, _e, projectId) => [
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
      async onQueryStarted({ projectId, task, startDate, dueDate }, { dispatch, queryFulfilled }) {
        const patch = dispatch(
          timelineApi.util.updateQueryData('projectTimeline', projectId, (draft) => {
            const t = draft.tasks.find((x) => x.taskId === task.taskId);
            if (t) Object.assign(t, { startDate, dueDate });
          }),
        );
        try {
          await queryFulfilled;
        } catch {
          patch.undo();
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
