import type { CompanyRole } from '@taskhive/contract';
import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { jsonResponse, render, signedIn } from '../../test/render';
import CompanyRolesPage from './company-roles-page';

const roles: CompanyRole[] = Array.from({ length: 12 }, (_v, i) => ({
  companyRoleId: `00000000-0000-4000-8000-${String(i + 1).padStart(12, '0')}`,
  // Out of order and in mixed case, so the page must sort them itself.
  roleName:
    i % 2 === 0 ? `role ${String(12 - i).padStart(2, '0')}` : `Role ${String(12 - i).padStart(2, '0')}`,
  description: null,
  isActive: i !== 3,
  defaultRole: i === 5,
  isProtected: false,
  userCount: 0,
  permissions: [],
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
}));

function rowNames() {
  const table = screen.getByRole('table', { name: 'Company roles' });
  return within(table)
    .getAllByRole('row')
    .slice(1)
    .map((r) => within(r).getAllByRole('cell')[0]?.textContent);
}

describe('CompanyRolesPage', () => {
  it('fetches the whole list once, then searches, sorts and pages it in the browser', async () => {
    const fetch = vi.fn(async () =>
      jsonResponse(200, { items: roles, totalCount: 12, pageNumber: 1, pageSize: 12, totalPages: 1 }),
    );
    vi.stubGlobal('fetch', fetch);
    const { user } = render(<CompanyRolesPage />, {
      preloadedState: signedIn({ permissions: ['companyrole:read', 'companyrole:read:all'] }),
    });

    await screen.findByRole('table', { name: 'Company roles' });
    expect(rowNames()).toEqual([
      'Role 01',
      'role 02',
      'Role 03',
      'role 04',
      'Role 05',
      'role 06',
      'Role 07',
      'role 08',
      'Role 09',
      'role 10',
    ]);
    expect(screen.getByText('1–10 of 12')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Go to next page' }));
    expect(rowNames()).toEqual(['Role 11', 'role 12']);

    // Searching goes back to page 1.
    await user.type(screen.getByRole('textbox', { name: 'Search roles' }), 'E 1');
    expect(rowNames()).toEqual(['role 10', 'Role 11', 'role 12']);
    expect(screen.getByText('1–3 of 3')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Role' }));
    expect(rowNames()).toEqual(['role 12', 'Role 11', 'role 10']);

    await user.clear(screen.getByRole('textbox', { name: 'Search roles' }));
    await user.click(screen.getByRole('combobox', { name: 'Status' }));
    await user.click(screen.getByRole('option', { name: 'Inactive' }));
    expect(rowNames()).toEqual(['Role 09']);

    expect(fetch).toHaveBeenCalledTimes(1);
  });

  it('shows the error with Retry when the list cannot be loaded', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () =>
        jsonResponse(403, null, { message: 'You do not have permission to perform this action.' }),
      ),
    );
    render(<CompanyRolesPage />, { preloadedState: signedIn({ permissions: ['companyrole:read:all'] }) });
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'You do not have permission to perform this action.',
    );
    expect(screen.getByRole('button', { name: 'Retry' })).toBeInTheDocument();
  });
});
