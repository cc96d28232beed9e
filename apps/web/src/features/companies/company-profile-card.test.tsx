import { MESSAGES, PROFILE_MESSAGES, type CompanyDetail } from '@taskhive/contract';
import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { jsonResponse, render, signedIn } from '../../test/render';
import { CompanyProfileCard } from './company-profile-card';

const company: CompanyDetail = {
  companyId: '00000000-0000-4000-8000-000000000003',
  name: 'Acme',
  email: null,
  phone: null,
  website: null,
  address: null,
  industry: null,
  description: null,
  isActive: true,
  isApproved: true,
  approvedAt: null,
  companyLogoUrl: null,
  userCount: 3,
  vision: 'Every team ships on time',
  mission: null,
  goals: null,
  coreValues: ['Candour', 'Care'],
  companySize: '11-50',
  celebrationsWidget: false,
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
  documents: [],
  companyRoles: [],
};

describe('CompanyProfileCard', () => {
  it('shows the profile, and no edit button without company:update', () => {
    render(<CompanyProfileCard company={company} canEdit={false} />, {
      preloadedState: signedIn({ permissions: ['company:read'] }),
    });
    expect(screen.getByText('Every team ships on time')).toBeInTheDocument();
    expect(screen.getByText('11–50 people')).toBeInTheDocument();
    const values = screen.getByRole('list', { name: PROFILE_MESSAGES.coreValues });
    expect(
      within(values)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['Candour', 'Care']);
    expect(screen.queryByRole('button', { name: 'Edit profile' })).not.toBeInTheDocument();
  });

  it('edits: adds a core value, drops blank rows, turns the widget on, sends the profile', async () => {
    let sent: Record<string, unknown> = {};
    vi.stubGlobal(
      'fetch',
      vi.fn(async (req: Request) => {
        sent = (await req.json()) as Record<string, unknown>;
        return jsonResponse(200, { ...company, ...sent });
      }),
    );
    const { user, store } = render(<CompanyProfileCard company={company} canEdit />, {
      preloadedState: signedIn({ permissions: ['company:read', 'company:update'] }),
    });
    await user.click(screen.getByRole('button', { name: 'Edit profile' }));
    const dialog = screen.getByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'Add core value' }));
    await user.type(within(dialog).getByRole('textbox', { name: 'Core value 3' }), 'Craft');
    await user.click(within(dialog).getByRole('button', { name: 'Add core value' }));
    await user.type(within(dialog).getByRole('textbox', { name: 'Mission' }), 'Tools');
    await user.click(within(dialog).getByRole('switch', { name: PROFILE_MESSAGES.celebrationsWidget }));
    await user.click(within(dialog).getByRole('button', { name: 'Save profile' }));
    await vi.waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(sent).toEqual({
      vision: 'Every team ships on time',
      mission: 'Tools',
      goals: '',
      companySize: '11-50',
      coreValues: ['Candour', 'Care', 'Craft'],
      celebrationsWidget: true,
    });
    expect(store.getState().toast.queue.map((t) => t.message)).toEqual([MESSAGES.companies.updated]);
  });

  it('stops adding at 7 core values and shows the API’s field error', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () =>
        jsonResponse(400, null, { message: 'Validation failed', errors: { 'coreValues.0': ['Too long'] } }),
      ),
    );
    const seven = { ...company, coreValues: ['a', 'b', 'c', 'd', 'e', 'f', 'g'] };
    const { user } = render(<CompanyProfileCard company={seven} canEdit />, {
      preloadedState: signedIn({ permissions: ['company:update'] }),
    });
    await user.click(screen.getByRole('button', { name: 'Edit profile' }));
    const dialog = screen.getByRole('dialog');
    expect(within(dialog).getByRole('button', { name: 'Add core value' })).toBeDisabled();
    await user.click(within(dialog).getByRole('button', { name: 'Save profile' }));
    await vi.waitFor(() => expect(within(dialog).getByText('Too long')).toBeInTheDocument());
  });
});
