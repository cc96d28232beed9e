import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { jsonResponse, render, signedIn } from '../test/render';
import { pathOf, project, PROJECT_ID, serve } from '../test/work-fixtures';
import { Breadcrumbs } from './breadcrumbs';
import { companyMenu } from './menu-items';

describe('Breadcrumbs', () => {
  it('start with a Dashboard link and name the menu entry of the page', () => {
    render(<Breadcrumbs items={companyMenu} areaRoot="/app" />, {
      route: '/app/tasks',
      preloadedState: signedIn(),
    });
    const nav = screen.getByRole('navigation', { name: 'breadcrumb' });
    expect(within(nav).getByRole('link', { name: 'Dashboard' })).toHaveAttribute('href', '/dashboard');
    expect(within(nav).getByText('Tasks')).toHaveAttribute('aria-current', 'page');
  });

  it('on a project, name the project and link it, below a linked Projects', async () => {
    serve((req) =>
      pathOf(req) === `/api/Project/${PROJECT_ID}` ? jsonResponse(200, project()) : jsonResponse(404, null),
    );
    render(<Breadcrumbs items={companyMenu} areaRoot="/app" />, {
      route: `/app/project-detail/${PROJECT_ID}?tab=lists`,
      preloadedState: signedIn({ permissions: ['project:read'] }),
    });
    const nav = screen.getByRole('navigation', { name: 'breadcrumb' });
    const name = await within(nav).findByRole('link', { name: 'Website' });
    expect(name).toHaveAttribute('href', `/app/project-detail/${PROJECT_ID}`);
    expect(name).toHaveAttribute('aria-current', 'page');
    expect(within(nav).getByRole('link', { name: 'Projects' })).toHaveAttribute('href', '/app/project');
    expect(
      within(nav)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['Dashboard', 'Projects', 'Website']);
  });

  it('fall back to the path below the area root for pages outside the menu, ids read as Details', () => {
    render(<Breadcrumbs items={companyMenu} areaRoot="/app" />, {
      route: '/app/redirect/389d95d5-b2d9-4297-8a4e-1f6c2b7d9e10',
      preloadedState: signedIn(),
    });
    const nav = screen.getByRole('navigation', { name: 'breadcrumb' });
    expect(
      within(nav)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['Dashboard', 'Redirect', 'Details']);
    expect(within(nav).getAllByRole('link')).toHaveLength(1);
  });

  it('on a task by its key, name the key below a linked Tasks (no crumb of the raw path)', () => {
    render(<Breadcrumbs items={companyMenu} areaRoot="/app" />, {
      route: '/app/t/web-7',
      preloadedState: signedIn({ permissions: ['task:read'] }),
    });
    const nav = screen.getByRole('navigation', { name: 'breadcrumb' });
    expect(
      within(nav)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['Dashboard', 'Tasks', 'WEB-7']);
    expect(within(nav).getByRole('link', { name: 'Tasks' })).toHaveAttribute('href', '/app/tasks');
  });
});
