import { screen, within } from '@testing-library/react';
import type { ReactNode } from 'react';
import { describe, expect, it } from 'vitest';
import { render } from '../../test/render';
import { task } from '../../test/work-fixtures';
import { TaskCard, TaskCardWithProject } from './task-card';
import { OpenTaskProvider } from './task-link';

const person = (i: number) => ({
  userId: `00000000-0000-4000-8000-00000000010${i}`,
  firstName: `Ann${i}`,
  lastName: `Lee${i}`,
  profilePhotoUrl: null,
});

function renderCard(ui: ReactNode) {
  return render(<OpenTaskProvider>{ui}</OpenTaskProvider>, { route: '/app/project-detail/p?tab=board' });
}

describe('TaskCard', () => {
  it('shows the title as the button that opens the task, priority, due date, progress and assignees', async () => {
    const item = task(1, 'Write brief', 'Open', {
      priorityName: 'High',
      dueDate: '2026-12-20',
      isOverdue: true,
      subtaskCount: 3,
      progress: 67,
      assignees: [1, 2, 3, 4, 5].map(person),
    });
    const { user, router } = renderCard(<TaskCard item={item} />);

    expect(screen.getByText('High')).toHaveAttribute('data-priority', 'High');
    expect(screen.getByText(/Overdue · /)).toHaveAttribute('data-overdue', 'true');
    expect(screen.getByText('67%')).toBeInTheDocument();
    // Three places: two people and "+3" for the other three, each named for assistive technology.
    const people = screen.getByRole('group', { name: 'Assignees of Write brief' });
    expect(
      within(people)
        .getAllByRole('img')
        .map((a) => a.getAttribute('aria-label')),
    ).toEqual(['Ann1 Lee1', 'Ann2 Lee2', '3 more']);
    expect(within(people).getByText('+3')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Write brief' }));
    expect(router.state.location.search).toContain(`task=${item.taskId}`);
  });

  it('leaves out what a task does not have, and names the project on mixed boards', () => {
    const item = task(2, 'Draw wireframes', 'Open', { assignees: [1, 2, 3].map(person) });
    renderCard(<TaskCardWithProject item={item} />);
    expect(screen.getByText('Website')).toBeInTheDocument();
    expect(screen.queryByText(/Due |Overdue/)).toBeNull();
    expect(screen.queryByText(/%$/)).toBeNull();
    // Three assignees fit: no "+n".
    const people = screen.getByRole('group', { name: 'Assignees of Draw wireframes' });
    expect(within(people).getAllByRole('img')).toHaveLength(3);
    expect(within(people).queryByText(/^\+/)).toBeNull();
  });
});
