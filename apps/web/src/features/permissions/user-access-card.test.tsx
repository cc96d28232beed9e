import type { PermissionItem, UserRole } from '@taskhive/contract';
import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { jsonResponse, render, signedIn } from '../../test/render';
import { UserAccessCard } from './user-access-card';

const USER_ID = '00000000-0000-4000-8000-0000000000aa';
const at = '2026-01-01T00:00:00.000Z';
const role: UserRole = {
  roleId: '00000000-0000-4000-8000-0000000000bb',
  name: 'Reviewer',
  roleType: 'company',
  companyId: '00000000-0000-4000-8000-000000000003',
  description: null,
  isActive: true,
  permissionCount: 2,
  createdAt: at,
  updatedAt: at,
  primary: true,
};
const direct: PermissionItem = {
  permissionId: '00000000-0000-4000-8000-0000000000cc',
  name: 'companyrole:read:all',
  permissionType: 'read',
  category: 'companyrole',
  moduleId: '00000000-0000-4000-8000-0000000000dd',
  moduleName: 'Company Roles',
  description: null,
  createdAt: at,
  updatedAt: at,
};

function answer(input: RequestInfo | URL, init?: RequestInit) {
  const url = new URL((input instanceof Request ? input : new Request(input, init)).url).pathname;
  if (url.endsWith('/roles')) return jsonResponse(200, [role]);
  return jsonResponse(200, {
    items: [direct],
    totalCount: 1,
    pageNumber: 1,
    pageSize: 25,
    totalPages: 1,
    effective: ['companyrole:read:all', 'task:read', 'project:create'],
  });
}

describe('UserAccessCard: permissions in words (issue 23, defect 12)', () => {
  it('names direct and effective permissions in words, grouped by module, never by raw key', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => answer(input, init)),
    );
    render(<UserAccessCard userId={USER_ID} canEdit={false} />, {
      preloadedState: signedIn({ permissions: ['employee:read:all'] }),
    });
    const directs = await screen.findByRole('region', { name: 'Direct permissions' });
    expect(await within(directs).findByText('Read all company roles')).toBeVisible();
    const effective = screen.getByRole('region', { name: 'Effective permissions' });
    expect(within(effective).getByText('Read all company roles')).toBeVisible();
    expect(within(effective).getByText('Read their own tasks')).toBeVisible();
    expect(within(effective).getByText('Create projects')).toBeVisible();
    expect(within(effective).getByText('Projects')).toBeVisible();
    expect(within(effective).getByText('Company Roles')).toBeVisible();
    expect(screen.queryByText('companyrole:read:all')).toBeNull();
    expect(screen.queryByText(/task:read/)).toBeNull();
  });
});
