import type { Project } from '@taskhive/contract';
import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { jsonResponse, render, signedIn } from '../../test/render';
import { paged, pathOf, project, serve, STATUSES } from '../../test/work-fixtures';
import { LIST_PAGE_SIZES } from '../../hooks/use-list-query';
import ProjectsPage from './projects-page';

const session = signedIn({ permissions: ['project:read', 'project:create'] });

const projects: Project[] = Array.from({ length: 30 }, (_, i) => {
  const {
    documents: _d,
    taskLists: _l,
    ...p
  } = project({
    projectId: `40000000-0000-4000-8000-0000000000${String(i + 10)}`,
    code: `P-${i + 1}`,
    name: `Project ${i + 1}`,
  });
  return p;
});

/** The server's answer: the page asked for, of the projects matching the status filter. */
function answer(req: Request) {
  const url = new URL(req.url);
  const page = Number(url.searchParams.get('page'));
  const size = Number(url.searchParams.get('pageSize'));
  const matching = url.searchParams.get('statusNames') ? projects.slice(0, 7) : projects;
  return jsonResponse(200, {
    ...paged(matching.slice((page - 1) * size, page * size), matching.length, size),
    pageNumber: page,
  });
}

const listCalls = (calls: Request[]) =>
  calls.filter((r) => pathOf(r) === '/api/Project').map((r) => new URL(r.url).searchParams);

describe('ProjectsPage', () => {
  it('pages by a screen of cards and goes back to page 1 with the filter when a status is chosen', async () => {
    const calls = serve((req) => {
      if (pathOf(req) === '/api/Taskstatuses') return jsonResponse(200, STATUSES);
      return answer(req);
    });
    const { user } = render(<ProjectsPage />, { preloadedState: session });
    const cards = await screen.findByRole('list', { name: 'Projects' });
    expect(within(cards).getAllByTestId('project-card')).toHaveLength(LIST_PAGE_SIZES.projects.size);
    expect(screen.getByText('30 projects')).toBeInTheDocument();
    expect(listCalls(calls)[0]?.get('pageSize')).toBe(String(LIST_PAGE_SIZES.projects.size));

    await user.click(screen.getByRole('button', { name: 'Go to next page' }));
    await screen.findByText(`Project ${LIST_PAGE_SIZES.projects.size + 1}`);
    expect(listCalls(calls).at(-1)?.get('page')).toBe('2');

    await user.click(screen.getByLabelText('Status'));
    await user.click(await screen.findByRole('option', { name: 'In Progress' }));
    await user.keyboard('{Escape}');

    await vi.waitFor(() => expect(listCalls(calls).at(-1)?.get('statusNames')).toBe('In Progress'));
    const last = listCalls(calls).at(-1);
    expect(last?.get('page')).toBe('1');
    expect(last?.get('sortBy')).toBe('createdAt');
    expect(await screen.findByText('7 projects')).toBeInTheDocument();
    expect(screen.getByText('Project 1')).toBeInTheDocument();
    expect(screen.getByText('1–7 of 7')).toBeInTheDocument();
  });

  it('shows the table with the same rows when switched to the table view', async () => {
    serve((req) => (pathOf(req) === '/api/Taskstatuses' ? jsonResponse(200, STATUSES) : answer(req)));
    const { user } = render(<ProjectsPage />, { preloadedState: session });
    await screen.findByRole('list', { name: 'Projects' });
    await user.click(screen.getByRole('button', { name: 'Table' }));
    const table = await screen.findByRole('table', { name: 'Projects' });
    expect(within(table).getAllByTestId('project-row')).toHaveLength(LIST_PAGE_SIZES.projects.size);
    expect(within(table).getByRole('link', { name: 'Project 1' })).toHaveAttribute(
      'href',
      `/app/project-detail/${projects[0]?.projectId}`,
    );
  });
});
