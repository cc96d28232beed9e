import type { ProjectDetail, TaskDetail } from '@taskhive/contract';
import { lazy, memo, Suspense } from 'react';
import { PageLoader } from '../../components/page-loader';
import { ProjectDiscussion, TaskTimeline } from '../../features/comments';
import { ProjectCustomFields, TaskCustomFields } from '../../features/custom-fields';
import ProjectDetailPage from '../../features/projects/project-detail-page';
import { ProjectBoard } from '../../features/tasks/project-board';
import { ProjectTaskLists } from '../../features/tasks/project-task-lists';
import { TaskDetailDrawer } from '../../features/tasks/task-detail-drawer';
import { OpenTaskProvider, useOpenTask } from '../../features/tasks/task-link';
import { AutoScheduleSwitch, TaskDependenciesSection } from '../../features/task-dependencies';
import { TaskTimeLogs } from '../../features/timesheets';
import { SavedViewsControl } from '../../features/saved-views';

const taskLists = (project: ProjectDetail) => <ProjectTaskLists project={project} />;
const board = (project: ProjectDetail) => <ProjectBoard project={project} />;
// The drawer's sections, memoised on their props (ids, the task's version, the drawer's stable
// opener): an edit of the task's fields (a status change) renders the drawer again, not these.
const TimeLogs = memo(TaskTimeLogs);
const Timeline = memo(TaskTimeline);
const Dependencies = memo(function Dependencies({
  taskId,
  projectId,
  open,
}: {
  taskId: string;
  projectId: string;
  open: (taskId: string) => void;
}) {
  return (
    <>
      <TaskCustomFields taskId={taskId} projectId={projectId} />
      <TaskDependenciesSection taskId={taskId} onOpen={open} />
    </>
  );
});
const timeLog = (task: TaskDetail) => <TimeLogs taskId={task.taskId} />;
const timeline = (task: TaskDetail) => <Timeline taskId={task.taskId} version={task.updatedAt} />;
const discussion = (project: ProjectDetail) => <ProjectDiscussion projectId={project.projectId} />;
// Issue 26: the task's custom fields, then its dependencies (one slot of the drawer).
const dependencies = (task: TaskDetail, open: (taskId: string) => void) => (
  <Dependencies taskId={task.taskId} projectId={task.projectId} open={open} />
);
const settings = (project: ProjectDetail) => (
  <>
    <AutoScheduleSwitch projectId={project.projectId} />
    <ProjectCustomFields projectId={project.projectId} />
  </>
);
const views = (project: ProjectDetail) => <SavedViewsControl place={project.projectId} />;

const ProjectTimeline = lazy(() => import('../../features/timeline/project-timeline'));
/** The timeline feature's chart (loaded when its tab opens), opening tasks in the drawer. */
function TimelineWithTasks({ project }: { project: ProjectDetail }) {
  const open = useOpenTask();
  return (
    <Suspense fallback={<PageLoader />}>
      <ProjectTimeline projectId={project.projectId} projectName={project.name} onOpenTask={open} />
    </Suspense>
  );
}
const projectTimeline = (project: ProjectDetail) => <TimelineWithTasks project={project} />;

/** /app/project-detail/:projectId: the project page with the tasks feature's lists, board and drawer,
 * with the time feature's part of the drawer, and the comments feature's task timeline and
 * project Discussion tab composed in. */
export default function ProjectDetailRoute() {
  return (
    <OpenTaskProvider>
      <ProjectDetailPage
        renderTaskLists={taskLists}
        renderBoard={board}
        renderTimeline={projectTimeline}
        renderDiscussion={discussion}
        renderSettings={settings}
        renderViews={views}
      />
      <TaskDetailDrawer renderTimeLog={timeLog} renderTimeline={timeline} renderDependencies={dependencies} />
    </OpenTaskProvider>
  );
}
