import { PROFILE_MESSAGES, type EmployeeDetail } from '@taskhive/contract';
import { fireEvent, screen, within } from '@testing-library/react';
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
    timeZone: 'UTC',
    createdAt: '2026-01-01T00:00:00.000Z',
    updatedAt: '2026-01-01T00:00:00.000Z',
    projects: [{ projectId: '00000000-0000-4000-8000-300000000001', name: 'Website Redesign' }],
    recentTimeLogs: [],
    employeeCode: null,
    employmentType: null,
    joiningDate: null,
    reportsToId: null,
    reportsToName: null,
    personal: null,
  };
}

const PERSONAL = {
  gender: 'female',
  dateOfBirth: '1990-04-12',
  bloodGroup: 'O+',
  maritalStatus: 'married',
  address: '1 Main Street',
  emergencyContactName: 'Sam Doe',
  emergencyContactRelation: 'Partner',
  emergencyContactPhone: '+1 555 0101',
} as const;

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

  it('shows employment to every reader, and personal details only when the API gave them', async () => {
    const withPersonal = {
      ...detail(4, 'Cy'),
      employeeCode: 'E-4',
      employmentType: 'contract',
      reportsToId: detail(5, 'Di').userId,
      reportsToName: 'Di Person',
      personal: PERSONAL,
    } satisfies EmployeeDetail;
    const without = { ...detail(6, 'Ed'), employeeCode: 'E-6' };
    vi.stubGlobal(
      'fetch',
      vi.fn(async (req: Request) =>
        jsonResponse(200, req.url.endsWith(withPersonal.userId) ? withPersonal : without),
      ),
    );
    const { router } = render(null, {
      route: `/app/employee-profile/${withPersonal.userId}`,
      routes: [{ path: '/app/employee-profile/:userId', element: <EmployeeProfilePage /> }],
      preloadedState: signedIn({ permissions: ['employee:read'] }),
    });
    expect(await screen.findByText('E-4')).toBeInTheDocument();
    expect(screen.getByText('Contract')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Di Person' })).toHaveAttribute(
      'href',
      `/app/employee-profile/${withPersonal.reportsToId}`,
    );
    expect(screen.getByText('Personal details')).toBeInTheDocument();
    expect(screen.getByText('Sam Doe (Partner)')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Edit details' })).not.toBeInTheDocument();

    await router.navigate(`/app/employee-profile/${without.userId}`);
    expect(await screen.findByText('E-6')).toBeInTheDocument();
    expect(screen.queryByText('Personal details')).not.toBeInTheDocument();
    expect(screen.queryByText('Sam Doe (Partner)')).not.toBeInTheDocument();
  });

  it('edits details with employee:update, sending only what changed (emptied: null)', async () => {
    const person = { ...detail(7, 'Fay'), employeeCode: 'E-7', personal: PERSONAL } satisfies EmployeeDetail;
    let sent: unknown = null;
    vi.stubGlobal(
      'fetch',
      vi.fn(async (req: Request) => {
        if (req.method === 'PUT') {
          sent = await req.json();
          return jsonResponse(200, person);
        }
        return jsonResponse(200, person);
      }),
    );
    const { user, store } = render(null, {
      route: `/app/employee-profile/${person.userId}`,
      routes: [{ path: '/app/employee-profile/:userId', element: <EmployeeProfilePage /> }],
      preloadedState: signedIn({ permissions: ['employee:read', 'employee:update'] }),
    });
    await user.click(await screen.findByRole('button', { name: 'Edit details' }));
    const dialog = screen.getByRole('dialog', { name: 'Details of Fay Person' });
    fireEvent.change(within(dialog).getByLabelText('Employee code'), { target: { value: 'E-77' } });
    fireEvent.change(within(dialog).getByLabelText('Joining date'), { target: { value: '2022-03-01' } });
    fireEvent.change(within(dialog).getByLabelText('Address'), { target: { value: '' } });
    await user.click(within(dialog).getByRole('button', { name: 'Save details' }));
    await vi.waitFor(() =>
      expect(sent).toEqual({ employeeCode: 'E-77', joiningDate: '2022-03-01', address: null }),
    );
    expect(store.getState().toast.queue.map((t) => t.message)).toContain(
      PROFILE_MESSAGES.employeeDetailsSaved,
    );
  });
});
