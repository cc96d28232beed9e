import {
  type CreateDepartmentBody,
  type Department,
  type DepartmentDetail,
  type DepartmentListQuery,
  MESSAGES,
  type Paged,
  resolvePage,
  type UpdateDepartmentBody,
} from '@taskhive/contract';
import type { Db } from '../../db/client.ts';
import { conflict, fieldError, notFound, uniqueViolation } from '../../lib/errors.ts';
import type { Actor } from '../../plugins/auth.ts';
import { profilePhotoUrl } from '../users/users.mapper.ts';
import { usersRepo } from '../users/users.repo.ts';
import { type DepartmentRow, departmentsRepo } from './departments.repo.ts';

function toDepartment(row: DepartmentRow): Department {
  return {
    deptId: row.id,
    name: row.name,
    description: row.description,
    managerId: row.managerId,
    managerName: row.managerName,
    memberCount: row.memberCount,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

const nameTaken = () => conflict(MESSAGES.departments.nameTaken, { name: [MESSAGES.departments.nameTaken] });

/** Departments of the actor's company: unique names, a manager who is one of its employees. */
export function departmentsService(db: Db) {
  async function load(companyId: string, id: string) {
    const row = await departmentsRepo(db, companyId).byId(id);
    if (!row) throw notFound('Department');
    return row;
  }

  /** The manager must be a (not deactivated) employee of the same company. */
  async function assertManager(companyId: string, managerId: string | null | undefined) {
    if (!managerId) return;
    const user = await usersRepo(db, companyId).byId(managerId);
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

  return {
    async list(actor: Actor, q: DepartmentListQuery): Promise<Paged<Department>> {
      const page = resolvePage(q);
      const { rows, total } = await departmentsRepo(db, actor.companyId).list(q, page);
      return {
        items: rows.map(toDepartment),
        totalCount: total,
        pageNumber: page,
        pageSize: q.pageSize,
        totalPages: Math.ceil(total / q.pageSize),
      };
    },

    async get(actor: Actor, id: string): Promise<DepartmentDetail> {
      const row = await load(actor.companyId, id);
      const members = await usersRepo(db, actor.companyId).listByDepartment(id);
      return {
        ...toDepartment(row),
        members: members.map((m) => ({
          userId: m.userId,
          firstName: m.firstName,
          lastName: m.lastName,
          email: m.email,
          jobTitle: m.jobTitle,
          roleName: m.roleName,
          status: m.status as DepartmentDetail['members'][number]['status'],
          profilePhotoUrl: profilePhotoUrl(m),
        })),
      };
    },

    async create(actor: Actor, body: CreateDepartmentBody) {
      await assertManager(actor.companyId, body.managerId);
      const id = await saving(() =>
        departmentsRepo(db, actor.companyId).insert({
          name: body.name,
          description: body.description ?? null,
          managerId: body.managerId ?? null,
        }),
      );
      return toDepartment(await load(actor.companyId, id));
    },

    async update(actor: Actor, id: string, body: UpdateDepartmentBody) {
      await load(actor.companyId, id);
      await assertManager(actor.companyId, body.managerId);
      await saving(() => departmentsRepo(db, actor.companyId).update(id, body));
      return toDepartment(await load(actor.companyId, id));
    },

    /** Members move to no department first (in the same transaction); answers how many moved. */
    async remove(actor: Actor, id: string) {
      await load(actor.companyId, id);
      const unassignedMembers = await db.transaction(async (tx) => {
        const moved = await usersRepo(tx, actor.companyId).unassignDepartment(id);
        await departmentsRepo(tx, actor.companyId).delete(id);
        return moved;
      });
      return { deptId: id, unassignedMembers };
    },
  };
}

export type DepartmentsService = ReturnType<typeof departmentsService>;
