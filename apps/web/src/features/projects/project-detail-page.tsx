import CalendarMonthOutlined from '@mui/icons-material/CalendarMonthOutlined';
import DeleteOutlineRounded from '@mui/icons-material/DeleteOutlineRounded';
import EditOutlined from '@mui/icons-material/EditOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Grid from '@mui/material/Grid';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import { MESSAGES, type ProjectDetail } from '@taskhive/contract';
import { useDeferredValue, useState, type ReactNode } from 'react';
import { Link as RouterLink, useNavigate, useParams, useSearchParams } from 'react-router';
import { errorMessage, errorStatus } from '../../api/errors';
import { useGetProjectQuery } from '../../api/projects-api';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { ErrorPanel } from '../../components/error-panel';
import { MarkdownText } from '../../components/markdown-text';
import { MainCard } from '../../components/main-card';
import { StatusChip } from '../../components/status-chip';
import { useSession } from '../../hooks/use-session';
import { useToast } from '../../hooks/use-toast';
import { formatDate } from '../../lib/format';
import { ProjectProgress } from './project-card';
import { ProjectDocumentsCard } from './project-documents-card';
import { ProjectFormDialog } from './project-form-dialog';
import { ProjectMembersCard } from './project-members-card';
import { ProjectTime } from './project-time';
import { useDeleteProjectMutation } from './projects-api';

const TABS = ['overview', 'lists', 'board', 'timeline', 'documents', 'discussion'] as const;
type TabId = (typeof TABS)[number];
const TAB_LABELS: Record<TabId, string> = {
  overview: 'Overview',
  lists: 'Task lists',
  board: 'Board',
  timeline: 'Timeline',
  documents: 'Documents',
  discussion: 'Discussion',
};

export interface ProjectDetailPageProps {
  /** The project's task lists with their tasks (the tasks feature, composed by app/). */
  renderTaskLists?: (project: ProjectDetail) => ReactNode;
  /** The Kanban board of the project's tasks (the tasks feature, composed by app/). */
  renderBoard?: (project: ProjectDetail) => ReactNode;
  /** The project's timeline (issue 26, the timeline feature, composed by app/); the tab shows only with it. */
  renderTimeline?: (project: ProjectDetail) => ReactNode;
  /** The project's comments (the comments feature, composed by app/); the tab shows only with it. */
  renderDiscussion?: (project: ProjectDetail) => ReactNode;
  /** More settings in the edit dialog (issue 26: auto-scheduling, the task-dependencies feature via app/). */
  renderSettings?: (project: ProjectDetail) => ReactNode;
  /** Issue 26: the saved-views control of the task tabs (the saved-views feature, composed by app/). */
  renderViews?: (project: ProjectDetail) => ReactNode;
}

/** The tabs whose state (filters, grouping, columns) a saved view keeps. */
const VIEW_TABS: readonly string[] = ['lists', 'board', 'timeline'];

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <Typography variant="caption" color="text.secondary" component="p">
        {label}
      </Typography>
      <Typography component="div">{children}</Typography>
    </div>
  );
}

/**
 * /app/project-detail/:projectId: overview (progress, dates, status, members), task lists, the
 * board, documents and the discussion (for those who read comments), one tab each (`?tab=` keeps
 * the tab in the address).
 */
export default function ProjectDetailPage({
  renderTaskLists,
  renderBoard,
  renderTimeline,
  renderDiscussion,
  renderSettings,
  renderViews,
}: ProjectDetailPageProps) {
  const { projectId = '' } = useParams();
  const navigate = useNavigate();
  const toast = useToast();
  const { can } = useSession();
  const [params, setParams] = useSearchParams();
  const tabParam = params.get('tab');
  const tabs = TABS.filter(
    (t) => t !== 'discussion' || (renderDiscussion && can({ anyOf: ['comment:read'] })),
  ).filter((t) => t !== 'timeline' || (renderTimeline && can({ anyOf: ['task:read'] })));
  const tab: TabId = tabs.find((t) => t === tabParam) ?? 'overview';
  const { currentData: project, error, refetch } = useGetProjectQuery(projectId);
  // Issue 28: under a task drawer opened by its address (`?task=`), the tab's content (the
  // overview's cards, a list, the board) renders in a deferred render just after the page's head
  // and the drawer's first paint, rather than in the same long render: the drawer's title first.
  const contentDeferred = useDeferredValue(Boolean(project), false);
  const showContent = !params.has('task') || contentDeferred;
  const [editing, setEditing] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const [remove, removal] = useDeleteProjectMutation();
  const canUpdate = can({ anyOf: ['project:update'] });
  const canDelete = can({ anyOf: ['project:delete'] });
  const canSeeCalendar = can({ anyOf: ['task:read'] });

  if (error && !project) {
    const missing = errorStatus(error) === 404;
    return (
      <ErrorPanel
        title={missing ? 'Project not found' : 'Something went wrong'}
        message={
          missing
            ? 'This project does not exist or was deleted.'
            : errorMessage(error, MESSAGES.projects.detailsFailed)
        }
        onRetry={missing ? undefined : () => void refetch()}
      />
    );
  }
  if (!project) return <Skeleton variant="rounded" height={320} aria-label="Loading project" />;

  const onDelete = async () => {
    try {
      await remove(project.projectId).unwrap();
      toast.success(MESSAGES.projects.deleted);
      void navigate('/app/project', { replace: true });
    } catch (err) {
      toast.error(errorMessage(err, MESSAGES.projects.deleteFailed));
    }
  };

  const selectTab = (next: TabId) =>
    setParams(
      (p) => {
        const copy = new URLSearchParams(p);
        if (next === 'overview') copy.delete('tab');
        else copy.set('tab', next);
        return copy;
      },
      { replace: true },
    );

  return (
    <Stack spacing={2.5}>
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        spacing={2}
        sx={{ justifyContent: 'space-between', alignItems: { sm: 'center' } }}
      >
        <Box sx={{ minWidth: 0 }}>
          <Typography variant="overline" color="text.secondary">
            {project.code}
          </Typography>
          <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
            <Typography variant="h3" component="h1">
              {project.name}
            </Typography>
            <StatusChip name={project.statusName} color={project.statusColor} />
          </Stack>
        </Box>
        <Stack direction="row" spacing={1}>
          {canSeeCalendar && (
            <Button
              variant="outlined"
              startIcon={<CalendarMonthOutlined />}
              component={RouterLink}
              to={`/app/calendar?projectId=${encodeURIComponent(project.projectId)}`}
            >
              Calendar
            </Button>
          )}
          {canUpdate && (
            <Button variant="outlined" startIcon={<EditOutlined />} onClick={() => setEditing(true)}>
              Edit
            </Button>
          )}
          {canDelete && (
            <Button
              variant="outlined"
              color="error"
              startIcon={<DeleteOutlineRounded />}
              onClick={() => setDeleting(true)}
            >
              Delete
            </Button>
          )}
        </Stack>
      </Stack>
      <Tabs
        value={tab}
        onChange={(_e, v: TabId) => selectTab(v)}
        variant="scrollable"
        allowScrollButtonsMobile
        aria-label="Project sections"
        sx={{ borderBottom: 1, borderColor: 'divider' }}
      >
        {tabs.map((t) => (
          <Tab key={t} value={t} label={TAB_LABELS[t]} />
        ))}
      </Tabs>
      {renderViews && VIEW_TABS.includes(tab) && (
        <Stack direction="row" sx={{ justifyContent: 'flex-end' }}>
          {renderViews(project)}
        </Stack>
      )}
      {!showContent && <Skeleton variant="rounded" height={320} aria-label="Loading the project's tab" />}
      {showContent && (
        <>
          {tab === 'overview' && (
            <Grid container spacing={2.5}>
              <Grid size={{ xs: 12, md: 7 }}>
                <MainCard title="Overview">
                  <Stack spacing={2}>
                    {project.description ? (
                      <MarkdownText
                        text={project.description}
                        sx={{ typography: 'body1' }}
                        data-testid="project-description"
                      />
                    ) : (
                      <Typography color="text.secondary">No description</Typography>
                    )}
                    <Fact label="Progress">
                      <ProjectProgress value={project.progress} label="Project progress" />
                    </Fact>
                    {project.time && (
                      <Fact label="Time">
                        <ProjectTime time={project.time} />
                      </Fact>
                    )}
                    <Grid container spacing={2}>
                      <Grid size={{ xs: 6, sm: 3 }}>
                        <Fact label="Start">{formatDate(project.startDate)}</Fact>
                      </Grid>
                      <Grid size={{ xs: 6, sm: 3 }}>
                        <Fact label="End">{formatDate(project.endDate)}</Fact>
                      </Grid>
                      <Grid size={{ xs: 6, sm: 3 }}>
                        <Fact label="Top-level tasks">{project.taskCount}</Fact>
                      </Grid>
                      <Grid size={{ xs: 6, sm: 3 }}>
                        <Fact label="Task lists">{project.taskLists.length}</Fact>
                      </Grid>
                    </Grid>
                  </Stack>
                </MainCard>
              </Grid>
              <Grid size={{ xs: 12, md: 5 }}>
                <ProjectMembersCard
                  projectId={project.projectId}
                  members={project.projectMembers}
                  canEdit={canUpdate}
                />
              </Grid>
            </Grid>
          )}
          {tab === 'lists' && renderTaskLists?.(project)}
          {tab === 'board' && renderBoard?.(project)}
          {tab === 'timeline' && renderTimeline?.(project)}
          {tab === 'discussion' && renderDiscussion?.(project)}
          {tab === 'documents' && (
            <ProjectDocumentsCard
              projectId={project.projectId}
              documents={project.documents}
              canEdit={canUpdate}
            />
          )}
        </>
      )}
      {editing && (
        <ProjectFormDialog
          project={project}
          extra={renderSettings?.(project)}
          onClose={() => setEditing(false)}
        />
      )}
      <ConfirmDialog
        open={deleting}
        title="Delete project?"
        busy={removal.isLoading}
        onConfirm={() => void onDelete()}
        onClose={() => setDeleting(false)}
      >
        {project.name} and all its task lists, tasks and documents will be deleted.
      </ConfirmDialog>
    </Stack>
  );
}
