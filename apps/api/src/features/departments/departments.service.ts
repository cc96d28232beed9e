import {
  type CreateDepartmentBody,
  type Department,
  type DepartmentDetail,
  type DepartmentListQuery,
  MESSAGES,
  type Paged,
  type UpdateDepartmentBody,
} from '@taskhive/contract';
import { conflict, fieldError, notFound, uniqueViolation } from '../../lib/errors.ts';
import { toPaged } from '../../lib/list.ts';
import type { Scope } from '../../lib/scope.ts';
import { grantsPolicy, usersReads, usersWrites } from '../users/index.ts';
import { toDepartment, toDepartmentMember } from './departments.mapper.ts';
import { departmentsRepo } from './departments.repo.ts';

const nameTaken = () => conflict(MESSAGES.departments.nameTaken, { name: [MESSAGES.departments.nameTaken] });

async function load(scope: Scope, id: string) {
  const row = await departmentsRepo.byId(scope, id);
  if (!row) throw notFound('Department');
  return row;
}

/** The manager must be a (not deactivated) employee of the same company. */
async function assertManager(scope: Scope, managerId: string | null | undefined) {
  if (!managerId) return;
  const user = await usersReads.byId(scope, managerId);
  if (!user || user.status === 'inactive')
    throw fieldError('managerId', MESSAGES.departments.managerNotEmployee);
}

async function saving<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (err) {
    if (uniqueViolation(err) === 'departments_company_name_uq') throw nameTaken();
    throw err;
  }
}

/** Departments of the scope's company: unique names, a manager who is one of its employees. */
export const departmentsService = {
  async list(scope: Scope, q: DepartmentListQuery): Promise<Paged<Department>> {
    return toPaged(q, await departmentsRepo.list(scope, q), toDepartment);
  },

  async get(scope: Scope, id: string): Promise<DepartmentDetail> {
    const row = await load(scope, id);
    const members = await usersReads.listByDepartment(scope, id);
    return {
      ...toDepartment(row),
      members: members.map(toDepartmentMember),
    };
  },

  /** Naming a manager hands them their members' time: grantsPolicy's management rule. */
  async create(scope: Scope, body: CreateDepartmentBody) {
    if (body.managerId) grantsPolicy.assertMayChangeManagement(scope.actor);
    await assertManager(scope, body.managerId);
    const id = await saving(() =>
      scope.transaction(async (tx) => {
        const deptId = await departmentsRepo.insert(tx, {
          name: body.name,
          description: body.description ?? null,
          managerId: body.managerId ?? null,
        });
        tx.emit({ type: 'department', action: 'created', id: deptId });
        return deptId;
      }),
    );
    return toDepartment(await load(scope, id));
  },

  async update(scope: Scope, id: string, body: UpdateDepartmentBody) {
    const before = await load(scope, id);
    if (body.managerId !== undefined && body.managerId !== before.managerId)
      grantsPolicy.assertMayChangeManagement(scope.actor);
    await assertManager(scope, body.managerId);
    await saving(() =>
      scope.transaction(async (tx) => {
        await departmentsRepo.update(tx, id, body);
        tx.emit({ type: 'department', action: 'updated', id });
      }),
    );
    return toDepartment(await load(scope, id));
  },

  /** Members move to no department first (in the same transaction); answers how many moved. */
  async remove(scope: Scope, id: string) {
    await load(scope, id);
    const unassignedMembers = await scope.transaction(async (tx) => {
      const moved = await usersWrites.unassignDepartment(tx, id);
      await departmentsRepo.delete(tx, id);
      tx.emit({ type: 'department', action: 'deleted', id });
      return moved;
    });
    return { deptId: id, unassignedMembers };
  },
};

export type DepartmentsService = typeof departmentsService;
