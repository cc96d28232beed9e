import type { Paged, Task, TaskBulkBody, TaskBulkResult } from '@taskhive/contract';
import { serverRows, taskPatches } from './task-cache';
import { tasksApi } from './tasks-api';

type Patch = { undo: () => void };

/**
 * What a bulk change shows at once, before the answer: a status's name and colour, the one
 * assignee (or none); a delete takes the tasks out of every loaded list. Undone if refused.
 */
export interface BulkArgs {
  body: TaskBulkBody;
  /** The selected tasks as the screen has them (for the tags to reload and the optimistic patch). */
  tasks: readonly Pick<Task, 'taskId' | 'projectId' | 'taskListId'>[];
  patch?: Partial<Task>;
}

const LISTS = ['listListTasks', 'listMyTasks', 'listAllTasks'] as const;

/** POST /Tasks/bulk: one request, one transaction on the server, for a status, assignee or delete. */
export const taskBulkApi = tasksApi.injectEndpoints({
  endpoints: (build) => ({
    bulkTasks: build.mutation<TaskBulkResult, BulkArgs>({
      query: ({ body }) => ({ url: 'Tasks/bulk', method: 'POST', body }),
      async onQueryStarted({ body, patch }, { dispatch, getState, queryFulfilled }) {
        const ids = new Set(body.taskIds);
        const util = tasksApi.util;
        const state = getState();
        // A delete leaves the loaded lists; a change is shown wherever the tasks are (task-cache.ts).
        const drop = (d: Paged<Task>) => {
          const before = d.items.length;
          d.items = d.items.filter((t) => !ids.has(t.taskId));
          d.totalCount = Math.max(0, d.totalCount - (before - d.items.length));
        };
        const patches: Patch[] =
          body.action === 'delete'
            ? LISTS.flatMap((name) =>
                util
                  .selectCachedArgsForQuery(state, name)
                  .map((args) => dispatch(util.updateQueryData(name, args as never, drop))),
              )
            : patch
              ? taskPatches(state, ids, (t) => Object.assign(t, patch)).map((p) => dispatch(p))
              : [];
        try {
          const { data } = await queryFulfilled;
          for (const p of serverRows(getState(), data.tasks)) dispatch(p);
        } catch {
          for (const p of patches.reverse()) p.undo();
        }
      },
      // Statuses, progress and counts move with the change: the lists, boards, details and projects
      // the tasks are in reload (the answer is already shown).
      invalidatesTags: (r, _e, { tasks }) => {
        if (!r) return [];
        const projects = [...new Set(tasks.map((t) => t.projectId))];
        const taskIds = [
          ...new Set(tasks.flatMap((t) => [`PROJECT-${t.projectId}`, `LIST-${t.taskListId}`, t.taskId])),
        ];
        return [
          ...taskIds.map((id) => ({ type: 'Task' as const, id })),
          { type: 'Task' as const, id: 'MINE' },
          { type: 'Task' as const, id: 'ALL' },
          ...projects.map((id) => ({ type: 'Project' as const, id })),
          ...projects.map((id) => ({ type: 'TaskList' as const, id: `PROJECT-${id}` })),
          { type: 'Project' as const, id: 'LIST' },
        ];
      },
    }),
  }),
});

export const { useBulkTasksMutation } = taskBulkApi;
