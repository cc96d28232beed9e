import type { DependencyTask, ProjectSchedule, TaskDependencies } from '@taskhive/contract';
import { baseApi } from '../../api/base-api';

/**
 * Task dependencies (issue 26). A task's lists are tagged as the task's (`Task`), so a live change
 * of it, or a `dependency` change (which makes every `Task` query stale), reads them again.
 */
const tag = (taskId: string) => ({ type: 'Task' as const, id: `DEPENDENCIES-${taskId}` });

export const dependenciesApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    taskDependencies: build.query<TaskDependencies, string>({
      query: (taskId) => ({ url: 'TaskDependencies', params: { taskId } }),
      providesTags: (_r, _e, taskId) => [tag(taskId)],
    }),
    dependencyCandidates: build.query<DependencyTask[], { taskId: string; search: string }>({
      query: (params) => ({ url: 'TaskDependencies/candidates', params }),
      keepUnusedDataFor: 30,
    }),
    /**
     * Adds one; the answer (the blocked task's dependencies) goes into its cache entry. Every task
     * query then reads again: the blocked task's card and rows now say it is blocked.
     */
    addDependency: build.mutation<TaskDependencies, { blockerTaskId: string; blockedTaskId: string }>({
      query: (body) => ({ url: 'TaskDependencies', method: 'POST', body }),
      invalidatesTags: (r, _e, { blockerTaskId }) => (r ? ['Task', tag(blockerTaskId)] : []),
    }),
    removeDependency: build.mutation<TaskDependencies, { blockerTaskId: string; blockedTaskId: string }>({
      query: ({ blockerTaskId, blockedTaskId }) => ({
        url: `TaskDependencies/${blockerTaskId}/${blockedTaskId}`,
        method: 'DELETE',
      }),
      invalidatesTags: (r) => (r ? ['Task'] : []),
    }),
    projectSchedule: build.query<ProjectSchedule, string>({
      query: (projectId) => `TaskDependencies/projects/${projectId}/schedule`,
      providesTags: (_r, _e, projectId) => [{ type: 'Project', id: `SCHEDULE-${projectId}` }],
    }),
    setProjectSchedule: build.mutation<ProjectSchedule, { projectId: string; autoSchedule: boolean }>({
      query: ({ projectId, autoSchedule }) => ({
        url: `TaskDependencies/projects/${projectId}/schedule`,
        method: 'PUT',
        body: { autoSchedule },
      }),
      async onQueryStarted({ projectId, autoSchedule }, { dispatch, queryFulfilled }) {
        const patch = dispatch(
          dependenciesApi.util.updateQueryData('projectSchedule', projectId, (d) => {
            d.autoSchedule = autoSchedule;
          }),
        );
        try {
          await queryFulfilled;
        } catch {
          patch.undo();
        }
      },
    }),
  }),
});

export const {
  useTaskDependenciesQuery,
  useDependencyCandidatesQuery,
  useAddDependencyMutation,
  useRemoveDependencyMutation,
  useProjectScheduleQuery,
  useSetProjectScheduleMutation,
} = dependenciesApi;
