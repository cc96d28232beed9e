import { MESSAGES, type CompanyRole } from '@taskhive/contract';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { render, signedIn } from '../../test/render';
import { RoleFormDialog } from './role-form-dialog';

const role = (o: Partial<CompanyRole>): CompanyRole => ({
  companyRoleId: '00000000-0000-4000-8000-000000000001',
  roleName: 'Manager',
  description: null,
  isActive: true,
  defaultRole: false,
  isProtected: false,
  userCount: 0,
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
  ...o,
});

const defaultSwitch = () => screen.getByRole('switch', { name: 'Default role for new employees' });

describe('RoleFormDialog: the default role follows the grants rule', () => {
  it('offers the default to someone who may assign roles', () => {
    render(<RoleFormDialog role={role({})} onClose={() => {}} />, {
      preloadedState: signedIn({ permissions: ['companyrole:update', 'companyrole:assign'] }),
    });
    expect(defaultSwitch()).toBeEnabled();
  });

  it('not to someone who may edit roles but not assign them, and says why', () => {
    render(<RoleFormDialog role={role({})} onClose={() => {}} />, {
      preloadedState: signedIn({ permissions: ['companyrole:update'] }),
    });
    expect(defaultSwitch()).toBeDisabled();
    expect(screen.getByText('Only someone who may assign roles can change the default role.')).toBeVisible();
  });

  it('never on the Company Admin role', () => {
    render(
      <RoleFormDialog role={role({ roleName: 'Company Admin', isProtected: true })} onClose={() => {}} />,
      {
        preloadedState: signedIn({ permissions: ['companyrole:update', 'companyrole:assign'] }),
      },
    );
    expect(defaultSwitch()).toBeDisabled();
    expect(screen.getByText(`${MESSAGES.companyRoles.protectedNotDefault}.`)).toBeVisible();
  });
});
