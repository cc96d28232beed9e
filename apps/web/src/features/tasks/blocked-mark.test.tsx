import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { render } from '../../test/render';
import { task } from '../../test/work-fixtures';
import { BlockedMark } from './blocked-mark';
import { TaskCard } from './task-card';
import { InlineTitle } from './task-inline-edit';
import { OpenTaskProvider } from './task-link';

/** Issue 26: a task blocked by open tasks says so on its card, its row and in the drawer. */
describe('the Blocked mark', () => {
  it('a card blocked by two open tasks says so; one not blocked says nothing', () => {
    render(
      <OpenTaskProvider>
        <TaskCard item={task(1, 'Raise walls', 'Open', { blockedByOpenCount: 2 })} />
        <TaskCard item={task(2, 'Pour foundation')} />
      </OpenTaskProvider>,
      { route: '/app/project-detail/p?tab=board' },
    );
    const marks = screen.getAllByRole('img', { name: /^Blocked by/ });
    expect(marks).toHaveLength(1);
    expect(marks[0]).toHaveAccessibleName('Blocked by 2 open tasks');
    expect(marks[0]).toHaveTextContent('Blocked');
  });

  it('a list row (the title cell) and the drawer name how many', () => {
    render(
      <>
        <InlineTitle
          task={task(3, 'Paint', 'Open', { blockedByOpenCount: 1 })}
          canEdit={false}
          onOpen={() => {}}
        />
        <BlockedMark count={3} withText />
      </>,
    );
    expect(screen.getByRole('img', { name: 'Blocked by 1 open task' })).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'Blocked by 3 open tasks' })).toHaveTextContent(
      'Blocked by 3 open tasks',
    );
  });
});
