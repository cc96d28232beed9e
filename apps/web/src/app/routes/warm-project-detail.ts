import { satisfies } from '@taskhive/contract';
import { customFieldsApi } from '../../api/custom-fields-api';
import { projectsReadApi } from '../../api/projects-api';
import { TASK_PARAM } from '../../features/tasks/task-link';
import type { AppDispatch, RootState } from '../store';
import { loadProjectDetailRoute } from './project-detail-loader';

const PROJECT_PAGE = /^\/app\/project-detail\/([^/]+)\/?$/;

/**
 * Issue 28: a project's address opened anew (a shared task link, `?task=`, most of all) starts
 * the page's code, the project's detail and the named task while the workspace's start-up load
 * is still running, rather than after it (the page's chunk, then the page, then the task: three
 * steps in a row). The page and its drawer then find both reads in the cache (the same entries);
 * the task's read never waits for the project's. Nothing for a reader who may not see them.
 */
export const warmProjectDetail =
  (pathname: string, search: string) => (dispatch: AppDispatch, getState: () => RootState) => {
    const match = PROJECT_PAGE.exec(pathname);
    const { permissions } = getState().auth;
    if (!match?.[1] || !satisfies(permissions, { anyOf: ['project:read'] })) return;
    const projectId = decodeURIComponent(match[1]);
    void loadProjectDetailRoute();
    void dispatch(projectsReadApi.endpoints.getProject.initiate(projectId, { subscribe: false }));
    const params = new URLSearchParams(search);
    const readsTasks = satisfies(permissions, { anyOf: ['task:read'] });
    const taskId = params.get(TASK_PARAM);
    if (taskId && readsTasks)
      void import('../../features/tasks/tasks-api').then(({ tasksApi }) =>
        dispatch(tasksApi.endpoints.getTask.initiate(taskId, { subscribe: false })),
      );
    // The board (`?tab=board`): its cards with the address's filters, the very read the board
    // makes once the page renders (the same cache entry), and the project's custom fields it asks
    // with them. A custom-field filter is left to the board: it drops one naming a field the project
    // no longer has, which only those fields tell.
    if (params.get('tab') === 'board' && readsTasks) {
      const userId = getState().auth.user?.userId;
      void dispatch(customFieldsApi.endpoints.projectCustomFields.initiate(projectId, { subscribe: false }));
      void Promise.all([
        import('../../features/tasks/tasks-api'),
        import('../../features/tasks/board-view'),
      ]).then(([{ tasksApi }, { filterArgs, viewOf }]) => {
        const view = viewOf(params);
        if (view.cf || (view.assignee === 'me' && !userId)) return;
        void dispatch(
          tasksApi.endpoints.projectBoard.initiate(
            { projectId, limits: {}, filters: filterArgs(view, userId) },
            { subscribe: false },
          ),
        );
      });
    }
  };
