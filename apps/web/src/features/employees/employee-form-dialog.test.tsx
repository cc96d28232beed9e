import type { UserProfile } from '@taskhive/contract';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { render, signedIn } from '../../test/render';
import { EmployeeFormDialog } from './employee-form-dialog';

const employee: UserProfile = {
  userId: '00000000-0000-4000-8000-000000000002',
  companyId: '00000000-0000-4000-8000-000000000009',
  email: 'erin@acme.test',
  firstName: 'Erin',
  lastName: 'Hale',
  phone: null,
  jobTitle: null,
  status: 'active',
  roleId: '00000000-0000-4000-8000-000000000003',
  roleName: 'Employee',
  departmentId: null,
  departmentName: null,
  profilePhotoUrl: null,
  timeZone: 'UTC',
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
};
const roles = [
  {
    companyRoleId: '00000000-0000-4000-8000-000000000003',
    roleName: 'Employee',
    description: null,
    isActive: true,
    defaultRole: true,
    isProtected: false,
    userCount: 1,
    permissions: [],
    createdAt: '2026-01-01T00:00:00.000Z',
    updatedAt: '2026-01-01T00:00:00.000Z',
  },
];

const open = (permissions: string[]) =>
  render(<EmployeeFormDialog employee={employee} roles={roles} departments={[]} onClose={() => {}} />, {
    preloadedState: signedIn({ permissions }),
  });

describe('EmployeeFormDialog: what the editor may change follows the grants rules', () => {
  it('status and role for someone who may delete employees and assign roles', () => {
    open(['employee:update', 'employee:delete', 'companyrole:assign']);
    expect(screen.getByRole('combobox', { name: 'Status' })).toBeVisible();
    expect(screen.getByRole('combobox', { name: 'Role' })).not.toHaveAttribute('aria-disabled');
  });

  it('neither for employee:update alone: no status field, the role shown but locked with the reason', () => {
    open(['employee:update']);
    expect(screen.queryByRole('combobox', { name: 'Status' })).toBeNull();
    expect(screen.getByRole('combobox', { name: 'Role' })).toHaveAttribute('aria-disabled', 'true');
    expect(screen.getByText('Only someone who may assign roles can change this.')).toBeVisible();
  });
});
