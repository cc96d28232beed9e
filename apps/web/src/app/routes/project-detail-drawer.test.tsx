import type { TaskDetail } from '@taskhive/contract';
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import ProjectDetailPage from '../../features/projects/project-detail-page';
import { jsonResponse, render, signedIn } from '../../test/render';
import { pathOf, project, PROJECT_ID, serve, STATUSES, task } from '../../test/work-fixtures';
import { TaskDetailDrawer } from '../../features/tasks/task-detail-drawer';
import { OpenTaskProvider } from '../../features/tasks/task-link';

const TASK: TaskDetail = { ...task(1, 'Write the brief'), subtasks: [], documents: [] };

/** The Title field's value in the page now ('' when the drawer's fields are not there yet). */
const titleNow = () =>
  [...document.querySelectorAll<HTMLInputElement>('[aria-label="Task detail"] input')].find((i) =>
    [...(i.labels ?? [])].some((l) => (l.textContent ?? '').startsWith('Title')),
  )?.value ?? '';

/**
 * The project page with the drawer opened by its address, as app/routes/project-detail-route
 * composes them; the project's detail answers only when `answerProject` is called.
 */
function mount() {
  let answerProject: () => void = () => undefined;
  const projectAnswered = new Promise<void>((resolve) => (answerProject = resolve));
  const calls = serve(async (req) => {
    const path = pathOf(req);
    if (path === `/api/Project/${PROJECT_ID}`) {
      await projectAnswered;
      return jsonResponse(200, project());
    }
    if (path === `/api/Tasks/${TASK.taskId}`) return jsonResponse(200, TASK);
    if (path === '/api/Taskstatuses') return jsonResponse(200, STATUSES);
    if (path.endsWith('/watchers'))
      return jsonResponse(200, { taskId: TASK.taskId, watching: false, count: 0, watchers: [] });
    return jsonResponse(200, []);
  });
  // What the title field held when the drawer's sections first rendered.
  const titleAtSections: string[] = [];
  const timeline = () => {
    titleAtSections.push(titleNow());
    return <p>Timeline of the task</p>;
  };
  render(null, {
    route: `/app/project-detail/${PROJECT_ID}?task=${TASK.taskId}`,
    routes: [
      {
        path: '/app/project-detail/:projectId',
        element: (
          <OpenTaskProvider>
            <ProjectDetailPage />
            <TaskDetailDrawer renderTimeline={timeline} />
          </OpenTaskProvider>
        ),
      },
    ],
    preloadedState: signedIn({ permissions: ['project:read', 'task:read', 'task:update'] }),
  });
  return { calls, answerProject, titleAtSections };
}

describe('TaskDetailDrawer opened by its address (issue 28)', () => {
  it("reads the task and shows its title without waiting for the project's detail", async () => {
    const { calls, answerProject } = mount();
    await waitFor(() => expect(titleNow()).toBe('Write the brief'));
    // The project's detail has not answered: its page is still loading under the drawer.
    expect(screen.getByLabelText('Loading project')).toBeInTheDocument();
    expect(calls.map(pathOf)).toContain(`/api/Tasks/${TASK.taskId}`);
    answerProject();
    expect(await screen.findByRole('heading', { name: 'Website', hidden: true })).toBeInTheDocument();
  });

  it('shows the title before it mounts the sections with their own reads', async () => {
    const { answerProject, titleAtSections } = mount();
    expect(await screen.findByText('Timeline of the task')).toBeInTheDocument();
    expect(titleAtSections[0]).toBe('Write the brief');
    expect(await screen.findByTestId('task-watchers')).toBeInTheDocument();
    expect(screen.queryByTestId('task-section-placeholder')).toBeNull();
    answerProject();
  });
});
