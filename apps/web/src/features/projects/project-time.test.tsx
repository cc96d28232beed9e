import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { jsonResponse, render, signedIn } from '../../test/render';
import { paged, pathOf, project, PROJECT_ID, serve } from '../../test/work-fixtures';
import ProjectDetailPage from './project-detail-page';
import type { ProjectTime } from '@taskhive/contract';

function mount(time: ProjectTime | null) {
  serve((req) =>
    pathOf(req) === `/api/Project/${PROJECT_ID}`
      ? jsonResponse(200, project({ time }))
      : jsonResponse(200, paged([])),
  );
  return render(null, {
    route: `/app/project-detail/${PROJECT_ID}`,
    routes: [{ path: '/app/project-detail/:projectId', element: <ProjectDetailPage /> }],
    preloadedState: signedIn({ permissions: ['project:read', 'timelog:read'] }),
  });
}

describe("the project overview's time against the estimate (issue 25)", () => {
  it('says what is logged of the estimate, with a bar and the unestimated part', async () => {
    mount({ estimatedMinutes: 1080, loggedMinutes: 340, unestimatedLoggedMinutes: 85, coverage: 'all' });
    const figure = await screen.findByTestId('project-time', {}, { timeout: 15_000 });
    expect(figure).toHaveTextContent('Logged 5 h 40 min of 18 h estimated');
    expect(figure).toHaveTextContent('1 h 25 min of it on work without an estimate');
    const bar = within(figure).getByRole('progressbar', { name: '31% of the estimate logged' });
    expect(bar).toHaveAttribute('aria-valuenow', '31');
    expect(bar.className).toMatch(/colorPrimary/);
    expect(figure).not.toHaveTextContent('Your time');
  });

  it('turns the bar to the warning colour past the estimate and says by how much', async () => {
    mount({ estimatedMinutes: 600, loggedMinutes: 750, unestimatedLoggedMinutes: 0, coverage: 'own' });
    const figure = await screen.findByTestId('project-time', {}, { timeout: 15_000 });
    expect(figure).toHaveTextContent('Logged 12 h 30 min of 10 h estimated (2 h 30 min over)');
    const bar = within(figure).getByRole('progressbar', { name: '125% of the estimate logged' });
    expect(bar).toHaveAttribute('aria-valuenow', '100');
    expect(bar.className).toMatch(/colorWarning/);
    expect(figure).not.toHaveTextContent('without an estimate');
    expect(figure).toHaveTextContent('Your time only');
  });

  it('without estimates: no bar; without the right to read time: no figure', async () => {
    const { unmount } = mount({
      estimatedMinutes: 0,
      loggedMinutes: 30,
      unestimatedLoggedMinutes: 30,
      coverage: 'team',
    });
    const figure = await screen.findByTestId('project-time', {}, { timeout: 15_000 });
    expect(figure).toHaveTextContent('Logged 30 min · no estimates');
    expect(within(figure).queryByRole('progressbar')).toBeNull();
    expect(figure).toHaveTextContent('Your time and your department’s');
    unmount();

    mount(null);
    expect(await screen.findByText('Top-level tasks', {}, { timeout: 15_000 })).toBeInTheDocument();
    expect(screen.queryByTestId('project-time')).toBeNull();
  });
});
