import { DEFAULT_ROLE_PERMISSIONS, ROLES } from '@taskhive/contract';
import type { Db } from '../../db/client.ts';
import { companyModuleGrants } from '../company-modules/index.ts';
import { companyRolesSetup } from '../company-roles/index.ts';
import { departmentsSetup } from '../departments/index.ts';
import { systemScope } from '../../lib/scope.ts';
import { taskStatusesSetup } from '../task-statuses/index.ts';
import { usersWrites } from '../users/index.ts';
import { companiesRepo, type NewCompany } from './companies.repo.ts';

export type ProvisionedCompany = {
  companyId: string;
  adminUserId: string;
  roleIds: { companyAdmin: string; manager: string; employee: string };
  departmentId: string;
};

/**
 * A new company, ready to use, in the caller's transaction: the company row, its task statuses
 * (copied from the master list), the roles Company Admin, Manager and Employee (the default),
 * a General department, every tenant module granted at full access (a Super Admin narrows this
 * later through packages and module grants), and its Company Admin account.
 */
export async function provisionCompany(
  tx: Db,
  company: NewCompany,
  admin: {
    email: string;
    firstName: string;
    lastName: string;
    passwordHash: string | null;
    status: 'active' | 'invited';
  },
): Promise<ProvisionedCompany> {
  const companyId = await companiesRepo.insert(tx, company);
  // The one place a scope is made for a company that has no user yet: the system acts.
  const scope = systemScope(tx, companyId);
  await taskStatusesSetup.copyDefaults(scope);
  await companyModuleGrants.grantAllTenantModules(scope, 'full');

  const companyAdmin = await companyRolesSetup.insert(scope, {
    name: ROLES.companyAdmin,
    description: 'Runs the company account',
  });
  const manager = await companyRolesSetup.insert(scope, {
    name: ROLES.manager,
    description: 'Leads projects and people',
  });
  const employee = await companyRolesSetup.insert(scope, {
    name: ROLES.employee,
    description: 'Works on tasks',
    isDefault: true,
  });
  await companyRolesSetup.grant(scope, companyAdmin, DEFAULT_ROLE_PERMISSIONS['Company Admin']);
  await companyRolesSetup.grant(scope, manager, DEFAULT_ROLE_PERMISSIONS.Manager);
  await companyRolesSetup.grant(scope, employee, DEFAULT_ROLE_PERMISSIONS.Employee);

  const departmentId = await departmentsSetup.insert(scope, {
    name: 'General',
    description: 'Everyone to start with',
  });
  const adminUserId = await usersWrites.insert(scope, { ...admin, roleId: companyAdmin, departmentId });
  return { companyId, adminUserId, roleIds: { companyAdmin, manager, employee }, departmentId };
}
