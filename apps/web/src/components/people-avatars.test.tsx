import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { render } from '../test/render';
import { PeopleAvatars } from './people-avatars';

const person = (i: number) => ({
  userId: `u${i}`,
  firstName: `First${i}`,
  lastName: `Last${i}`,
  profilePhotoUrl: null,
});

describe('PeopleAvatars', () => {
  it('counts the people a preview leaves out in "+n" (the project list sends 5 of 300 members)', () => {
    render(<PeopleAvatars people={[1, 2, 3, 4, 5].map(person)} total={300} label="Members of Web" />);
    const group = screen.getByLabelText('Members of Web');
    expect(within(group).getByText('+297')).toBeInTheDocument();
    expect(within(group).getAllByText('FL')).toHaveLength(3);
  });

  it('without a total, the people given are everyone', () => {
    render(<PeopleAvatars people={[1, 2].map(person)} label="Assignees" />);
    const group = screen.getByLabelText('Assignees');
    expect(within(group).queryByText(/^\+/)).toBeNull();
    expect(within(group).getAllByText('FL')).toHaveLength(2);
  });
});
