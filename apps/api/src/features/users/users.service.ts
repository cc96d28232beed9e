import {
  type CreateEmployeeBody,
  type EmployeeDetail,
  type EmployeeListQuery,
  MESSAGES,
  type Paged,
  resolvePage,
  ROLES,
  type UpdateEmployeeBody,
  type UserProfile,
} from '@taskhive/contract';
import type { FastifyBaseLogger, FastifyRequest } from 'fastify';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { conflict, fieldError, forbidden, notFound, uniqueViolation } from '../../lib/errors.ts';
import { retryTransaction } from '../../lib/retry.ts';
import type { Mailer } from '../../lib/mailer.ts';
import type { Actor } from '../../plugins/auth.ts';
import { sessionsRepo } from '../auth/sessions.repo.ts';
import { companyRolesRepo } from '../company-roles/company-roles.repo.ts';
import { departmentsRepo } from '../departments/departments.repo.ts';
import { systemScope } from '../../lib/scope.ts';
import type { FileStorage } from '../files/files.storage.ts';
import { projectsRepo } from '../projects/projects.repo.ts';
import { timeLogsRepo } from '../time-logs/time-logs.repo.ts';
import { grantsPolicy } from './grants.policy.ts';
import { createInvitation, sendInvitation } from './invitations.ts';
import { profilePhotoUrl, toUserProfile } from './users.mapper.ts';
import { usersRepo } from './users.repo.ts';

export type UsersDeps = {
  db: Db;
  config: Config;
  mailer: Mailer;
  storage: FileStorage;
  log: FastifyBaseLogger;
};

const RECENT_TIME_LOGS = 5;
const emailTaken = () => conflict(MESSAGES.auth.emailTaken, { email: [MESSAGES.auth.emailTaken] });

/** Employees of the actor's company: list, profile, invite, update, deactivate, photo. */
export function usersService({ db, config, mailer, storage, log }: UsersDeps) {
  const grants = grantsPolicy(db);
  async function load(companyId: string, userId: string) {
    const row = await usersRepo(db, companyId).byId(userId);
    if (!row) throw notFound('User');
    return row;
  }

  /** roleId and departmentId must name this company's records: 400 on the field otherwise. */
  async function assertRefs(
    companyId: string,
    refs: { roleId?: string | null; departmentId?: string | null },
  ) {
    if (refs.roleId && !(await companyRolesRepo(db, companyId).activeRole(refs.roleId))) {
      throw fieldError('roleId', MESSAGES.users.roleNotInCompany);
    }
    if (refs.departmentId && !(await departmentsRepo.exists(systemScope(db, companyId), refs.departmentId))) {
      throw fieldError('departmentId', MESSAGES.users.departmentNotInCompany);
    }
  }

  /**
   * The last active Company Admin must stay one: called in the transaction that demotes or
   * deactivates `userId`, with the admins' rows locked.
   */
  async function assertNotLastAdmin(tx: Db, companyId: string, userId: string) {
    const adminRole = await companyRolesRepo(tx, companyId).byName(ROLES.companyAdmin);
    if (!adminRole) return;
    const admins = await usersRepo(tx, companyId).lockActiveHolders(adminRole.id);
    if (admins.includes(userId) && admins.length === 1) throw conflict(MESSAGES.users.lastAdmin);
  }

  return {
    async list(actor: Actor, q: EmployeeListQuery): Promise<Paged<UserProfile>> {
      const page = resolvePage(q);
      const onlyUserIds = q.memberUserId
        ? projectsRepo(db, actor.companyId).coMemberIds(q.memberUserId)
        : undefined;
      const { rows, total } = await usersRepo(db, actor.companyId).list(
        { ...q, onlyUserIds },
        page,
        q.pageSize,
      );
      return {
        items: rows.map(toUserProfile),
        totalCount: total,
        pageNumber: page,
        pageSize: q.pageSize,
        totalPages: Math.ceil(total / q.pageSize),
      };
    },

    /** Anyone may read themself; others need employee:read (or :all). Another company's user: 404. */
    async detail(actor: Actor, userId: string): Promise<EmployeeDetail> {
      const self = actor.userId === userId;
      if (!self && !actor.permissions.has('employee:read') && !actor.permissions.has('employee:read:all'))
        throw forbidden();
      const row = await load(actor.companyId, userId);
      const [projects, logs] = await Promise.all([
        projectsRepo(db, actor.companyId).forMember(userId),
        timeLogsRepo(db, actor.companyId).recentForUser(userId, RECENT_TIME_LOGS),
      ]);
      return {
        ...toUserProfile(row),
        projects,
        recentTimeLogs: logs.map((l) => ({ ...l, loggedAt: l.loggedAt.toISOString() })),
      };
    },

    /** An invited employee (no password) with the default role unless one is given; emails the link. */
    async create(actor: Actor, body: CreateEmployeeBody) {
      await assertRefs(actor.companyId, body);
      if (body.roleId) await grants.assertMayAssignRole(actor, { from: null, to: body.roleId });
      const company = await load(actor.companyId, actor.userId);
      let created;
      try {
        created = await retryTransaction(() =>
          db.transaction(async (tx) => {
            if (body.roleId && !(await companyRolesRepo(tx, actor.companyId).lockActiveRole(body.roleId)))
              throw conflict(MESSAGES.users.roleNotInCompany);
            const roleId =
              body.roleId ?? (await companyRolesRepo(tx, actor.companyId).defaultRole())?.id ?? null;
            const userId = await usersRepo(tx, actor.companyId).insert({
              email: body.email,
              firstName: body.firstName,
              lastName: body.lastName,
              phone: body.phone ?? null,
              jobTitle: body.jobTitle ?? null,
              passwordHash: null,
              status: 'invited',
              roleId,
              departmentId: body.departmentId ?? null,
            });
            const mail = await createInvitation(
              tx,
              config,
              { companyId: actor.companyId, userId, email: body.email, firstName: body.firstName },
              company.companyName,
            );
            return { userId, mail };
          }),
        );
      } catch (err) {
        if (uniqueViolation(err) === 'users_email_uq') throw emailTaken();
        throw err;
      }
      await sendInvitation(mailer, log, created.mail);
      return toUserProfile(await load(actor.companyId, created.userId));
    },

    async update(actor: Actor, userId: string, body: UpdateEmployeeBody) {
      const current = await load(actor.companyId, userId);
      await assertRefs(actor.companyId, body);
      if (userId === actor.userId && body.status === 'inactive')
        throw conflict(MESSAGES.users.cannotDeleteSelf);
      const demotes = body.roleId !== undefined && body.roleId !== current.roleId;
      if (demotes)
        await grants.assertMayAssignRole(actor, {
          targetUserId: userId,
          from: current.roleId,
          to: body.roleId ?? null,
        });
      const deactivates = body.status === 'inactive' && current.status !== 'inactive';
      await retryTransaction(() =>
        db.transaction(async (tx) => {
          // The new role is locked against a concurrent delete (which then sees this holder).
          if (
            demotes &&
            body.roleId &&
            !(await companyRolesRepo(tx, actor.companyId).lockActiveRole(body.roleId))
          )
            throw conflict(MESSAGES.users.roleNotInCompany);
          if (current.roleName === ROLES.companyAdmin && (demotes || deactivates))
            await assertNotLastAdmin(tx, actor.companyId, userId);
          await usersRepo(tx, actor.companyId).update(userId, body);
          if (deactivates) await sessionsRepo(tx).revokeAllForUser(actor.companyId, userId, 'deactivated');
        }),
      );
      return toUserProfile(await load(actor.companyId, userId));
    },

    /** Deactivates (keeps the record and its history) and ends the user's sessions. */
    async remove(actor: Actor, userId: string) {
      if (userId === actor.userId) throw conflict(MESSAGES.users.cannotDeleteSelf);
      const current = await load(actor.companyId, userId);
      await retryTransaction(() =>
        db.transaction(async (tx) => {
          if (current.roleName === ROLES.companyAdmin) await assertNotLastAdmin(tx, actor.companyId, userId);
          await usersRepo(tx, actor.companyId).update(userId, { status: 'inactive' });
          await sessionsRepo(tx).revokeAllForUser(actor.companyId, userId, 'deactivated');
        }),
      );
    },

    /** Own photo always; someone else's needs employee:update. The old file goes once the new one is saved. */
    async uploadPhoto(actor: Actor, userId: string, req: FastifyRequest) {
      if (userId !== actor.userId && !actor.permissions.has('employee:update')) throw forbidden();
      const before = await load(actor.companyId, userId);
      const file = await storage.receive(req, 'image');
      try {
        await usersRepo(db, actor.companyId).update(userId, { profilePhotoPath: file.storageKey });
      } catch (err) {
        await storage.remove(file.storageKey);
        throw err;
      }
      await storage
        .remove(before.profilePhotoPath)
        .catch((err: unknown) => log.warn({ err }, 'old photo not removed'));
      const after = await load(actor.companyId, userId);
      return { profilePhotoUrl: profilePhotoUrl(after) ?? '' };
    },

    /** The photo of a user of the actor's company, for `storage.send`. */
    async photo(actor: Actor, userId: string) {
      const row = await load(actor.companyId, userId);
      if (!row.profilePhotoPath) throw notFound('Photo');
      return { storageKey: row.profilePhotoPath, fileName: `photo-${row.userId}` };
    },
  };
}

export type UsersService = ReturnType<typeof usersService>;
