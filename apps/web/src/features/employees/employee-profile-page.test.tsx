import type { EmployeeDetail } from '@taskhive/contract';
import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { jsonResponse, render, signedIn } from '../../test/render';
import EmployeeProfilePage from './employee-profile-page';

function detail(n: number, firstName: string): EmployeeDetail {
  return {
    userId: `00000000-0000-4000-8000-2000000000${String(n).padStart(2, '0')}`,
    companyId: '00000000-0000-4000-8000-000000000003',
    email: `${firstName.toLowerCase()}@acme.test`,
    firstName,
    lastName: 'Person',
    phone: null,
    jobTitle: 'Engineer',
    status: 'active',
    roleId: null,
    roleName: 'Employee',
    departmentId: null,
    departmentName: 'Design',
    profilePhotoUrl: null,
    createdAt: '2026-01-01T00:00:00.000Z',
    updatedAt: '2026-01-01T00:00:00.000Z',
    projects: [{ projectId: '00000000-0000-4000-8000-300000000001', name: 'Website Redesign' }],
    recentTimeLogs: [],
  };
}

describe('EmployeeProfilePage', () => {
  it('clears the profile shown before while the next one loads', async () => {
    const first = detail(1, 'Ada');
    const second = detail(2, 'Bea');
    let release: (r: Response) => void = () => undefined;
    vi.stubGlobal(
      'fetch',
      vi.fn(async (req: Request) =>
        req.url.endsWith(first.userId)
          ? jsonResponse(200, first)
          : new Promise<Response>((resolve) => (release = resolve)),
      ),
    );
    const { router } = render(null, {
      route: `/app/employee-profile/${first.userId}`,
      routes: [{ path: '/app/employee-profile/:userId', element: <EmployeeProfilePage /> }],
      preloadedState: signedIn({ permissions: ['employee:read'] }),
    });
    expect(await screen.findByRole('heading', { name: 'Ada Person' })).toBeInTheDocument();
    expect(screen.getByText('Website Redesign')).toBeInTheDocument();

    await router.navigate(`/app/employee-profile/${second.userId}`);
    expect(await screen.findByLabelText('Loading profile')).toBeInTheDocument();
    expect(screen.queryByText('Ada Person')).not.toBeInTheDocument();

    release(jsonResponse(200, second));
    expect(await screen.findByRole('heading', { name: 'Bea Person' })).toBeInTheDocument();
  });

  it('shows the not-found page when the id names nobody in the company (404)', async () => {
    const unknown = detail(3, 'Nobody').userId;
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => jsonResponse(404, null, { message: 'Not found' })),
    );
    render(null, {
      route: `/app/employee-profile/${unknown}`,
      routes: [{ path: '/app/employee-profile/:userId', element: <EmployeeProfilePage /> }],
      preloadedState: signedIn({ permissions: ['employee:read'] }),
    });
    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to dashboard' })).toBeInTheDocument();
  });

  it('shows the not-found page for a malformed id, without asking the server', async () => {
    const fetch = vi.fn(async () => jsonResponse(400, null, { message: 'Validation failed' }));
    vi.stubGlobal('fetch', fetch);
    render(null, {
      route: '/app/employee-profile/x',
      routes: [{ path: '/app/employee-profile/:userId', element: <EmployeeProfilePage /> }],
      preloadedState: signedIn({ permissions: ['employee:read'] }),
    });
    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeInTheDocument();
    expect(screen.queryByText('Validation failed')).not.toBeInTheDocument();
    expect(fetch).not.toHaveBeenCalled();
  });
});
