import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { render, signedIn } from '../test/render';
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

  it('fall back to the path below the area root for pages outside the menu, ids read as Details', () => {
    render(<Breadcrumbs items={companyMenu} areaRoot="/app" />, {
      route: '/app/project-detail/389d95d5-b2d9-4297-8a4e-1f6c2b7d9e10',
      preloadedState: signedIn(),
    });
    const nav = screen.getByRole('navigation', { name: 'breadcrumb' });
    expect(
      within(nav)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['Dashboard', 'Project Detail', 'Details']);
    expect(within(nav).getAllByRole('link')).toHaveLength(1);
  });
});
