import type { ProjectDetail } from '@taskhive/contract';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { jsonResponse, render, signedIn } from '../../test/render';
import { paged, pathOf, project, PROJECT_ID, serve } from '../../test/work-fixtures';
import ProjectDetailPage from './project-detail-page';

const discussion = (p: ProjectDetail) => <p>{`Discussion of ${p.name}`}</p>;

function mount(permissions: string[], tab = 'discussion') {
  serve((req) =>
    pathOf(req) === `/api/Project/${PROJECT_ID}`
      ? jsonResponse(200, project())
      : jsonResponse(200, paged([])),
  );
  return render(null, {
    route: `/app/project-detail/${PROJECT_ID}?tab=${tab}`,
    routes: [
      {
        path: '/app/project-detail/:projectId',
        element: <ProjectDetailPage renderDiscussion={discussion} />,
      },
    ],
    preloadedState: signedIn({ permissions: ['project:read', ...permissions] }),
  });
}

describe('ProjectDetailPage: Discussion tab', () => {
  it('opens the discussion slot from ?tab=discussion and keeps the tab in the address', async () => {
    const { user, router } = mount(['comment:read']);
    expect(await screen.findByText('Discussion of Website')).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Discussion' })).toHaveAttribute('aria-selected', 'true');

    await user.click(screen.getByRole('tab', { name: 'Documents' }));
    expect(router.state.location.search).toBe('?tab=documents');
    expect(screen.queryByText('Discussion of Website')).toBeNull();
    await user.click(screen.getByRole('tab', { name: 'Discussion' }));
    expect(router.state.location.search).toBe('?tab=discussion');
    expect(screen.getByText('Discussion of Website')).toBeInTheDocument();
  });

  it('has no Discussion tab without comment:read (the address falls back to the overview)', async () => {
    mount([]);
    expect(await screen.findByRole('tab', { name: 'Overview' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.queryByRole('tab', { name: 'Discussion' })).toBeNull();
    expect(screen.queryByText('Discussion of Website')).toBeNull();
  });
});

describe('ProjectDetailPage: calendar link (issue 26)', () => {
  it('links to the calendar of this project for a reader of tasks', async () => {
    mount(['task:read'], 'overview');
    const link = await screen.findByRole('link', { name: 'Calendar' });
    expect(link).toHaveAttribute('href', `/app/calendar?projectId=${PROJECT_ID}`);
  });

  it('shows no calendar link without task:read', async () => {
    mount([], 'overview');
    expect(await screen.findByRole('tab', { name: 'Overview' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Calendar' })).toBeNull();
  });
});

describe('ProjectDetailPage: Timeline tab (issue 26)', () => {
  const timeline = (p: ProjectDetail) => <p>{`Timeline of ${p.name}`}</p>;
  const open = (permissions: string[]) => {
    serve((req) =>
      pathOf(req) === `/api/Project/${PROJECT_ID}`
        ? jsonResponse(200, project())
        : jsonResponse(200, paged([])),
    );
    return render(null, {
      route: `/app/project-detail/${PROJECT_ID}?tab=timeline`,
      routes: [
        { path: '/app/project-detail/:projectId', element: <ProjectDetailPage renderTimeline={timeline} /> },
      ],
      preloadedState: signedIn({ permissions: ['project:read', ...permissions] }),
    });
  };

  it('opens the timeline slot from ?tab=timeline for a reader of tasks', async () => {
    open(['task:read']);
    expect(await screen.findByText('Timeline of Website')).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Timeline' })).toHaveAttribute('aria-selected', 'true');
  });

  it('has no Timeline tab without task:read', async () => {
    open([]);
    expect(await screen.findByRole('tab', { name: 'Overview' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.queryByRole('tab', { name: 'Timeline' })).toBeNull();
  });
});
