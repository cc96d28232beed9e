import {
  type Celebrations,
  type CreateEmployeeBody,
  PROFILE_MESSAGES,
  type SetPasswordBody,
  type DirectoryQuery,
  type EmployeeDetail,
  type EmployeeListQuery,
  MESSAGES,
  type Paged,
  type Person,
  ROLES,
  type UpdateEmployeeBody,
  type UserProfile,
} from '@taskhive/contract';
import type { FastifyBaseLogger, FastifyRequest } from 'fastify';
import { conflict, fieldError, notFound, uniqueViolation } from '../../lib/errors.ts';
import { assertAcceptablePassword, hashPassword } from '../../lib/passwords.ts';
import { toPaged } from '../../lib/list.ts';
import { retryTransaction } from '../../lib/retry.ts';
import type { Scope } from '../../lib/scope.ts';
import { type AuditNotice, type LiveChange, sessionEnded } from '../../lib/live-events.ts';
import { userSessions } from '../auth/index.ts';
import { companyRolesReads } from '../company-roles/index.ts';
import { departmentsReads } from '../departments/index.ts';
import type { FileStorage } from '../files/index.ts';
import { projectsPolicy, projectsReads } from '../projects/index.ts';
import { timeLogPolicy, timeLogsReads } from '../time-logs/index.ts';
import { grantsPolicy } from './grants.policy.ts';
import { enqueueInvitation } from './invitations.ts';
import { profilePhotoUrl, toEmployment, toPersonal, toUserProfile } from './users.mapper.ts';
import { usersPolicy } from './users.policy.ts';
import { usersRepo } from './users.repo.ts';

export type UsersDeps = {
  storage: FileStorage;
  log: FastifyBaseLogger;
};

const RECENT_TIME_LOGS = 5;

/** The change an employee's write records (live: the person, and who may read employees). */
const employeeChanged = (
  action: 'created' | 'updated',
  userId: string,
  audit?: readonly AuditNotice[],
): LiveChange => ({
  type: 'employee',
  action,
  id: userId,
  userIds: [userId],
  ...(audit?.length ? { notice: { audit } } : {}),
});
const emailTaken = () => conflict(MESSAGES.auth.emailTaken, { email: [MESSAGES.auth.emailTaken] });

async function load(scope: Scope, userId: string) {
  const row = await usersRepo.byId(scope, userId);
  if (!row) throw notFound('User');
  return row;
}

/**
 * roleId and departmentId must name this company's records: 400 on the field otherwise. Answers
 * the department's manager (null: none, or no department given).
 */
async function assertRefs(scope: Scope, refs: { roleId?: string | null; departmentId?: string | null }) {
  if (refs.roleId && !(await companyRolesReads.activeRole(scope, refs.roleId))) {
    throw fieldError('roleId', MESSAGES.users.roleNotInCompany);
  }
  if (!refs.departmentId) return null;
  const department = await departmentsReads.byId(scope, refs.departmentId);
  if (!department) throw fieldError('departmentId', MESSAGES.users.departmentNotInCompany);
  return department.managerId;
}

/**
 * Putting `userId` (undefined: someone being invited) in or out of a department that has a
 * manager gives or takes that manager's reading of their time: grantsPolicy's management rule.
 */
function assertMayMove(scope: Scope, userId: string | undefined, managers: readonly (string | null)[]) {
  if (managers.some((m) => m !== null && m !== userId)) grantsPolicy.assertMayChangeManagement(scope.actor);
}

/**
 * Called in the transaction that demotes or deactivates `userId` when that takes a Company
 * Admin's powers away: the admins' rows are locked, so two concurrent demotions cannot both pass.
 */
async function assertNotLastAdmin(tx: Scope, userId: string) {
  const adminRole = await companyRolesReads.byName(tx, ROLES.companyAdmin);
  if (!adminRole) return;
  usersPolicy.assertNotLastAdmin(await usersRepo.lockActiveHolders(tx, adminRole.id), userId);
}

/**
 * A new manager for `userId` (issue 24): another employee of the company who does not report to
 * them, directly or not (400 on reportsToId otherwise). Who manages whom is management's to change.
 */
async function assertReportsTo(
  scope: Scope,
  userId: string,
  managerId: string | null | undefined,
  current: string | null,
) {
  if (managerId === undefined || managerId === current) return;
  grantsPolicy.assertMayChangeManagement(scope.actor);
  if (managerId === null) return;
  if (managerId === userId) throw fieldError('reportsToId', PROFILE_MESSAGES.reportsToSelf);
  if (!(await usersRepo.ownerOf(scope, managerId)))
    throw fieldError('reportsToId', PROFILE_MESSAGES.reportsToNotInCompany);
  if ((await usersRepo.managerChain(scope, managerId)).includes(userId))
    throw fieldError('reportsToId', PROFILE_MESSAGES.reportsToCycle);
}

/** The scope's employees, filtered, searched, sorted and paged (the company's list and the Super Admin's). */
export async function listEmployees(scope: Scope, q: EmployeeListQuery): Promise<Paged<UserProfile>> {
  const { memberUserId, ...filter } = q;
  const onlyUserIds = memberUserId ? projectsReads.coMemberIds(scope, memberUserId) : undefined;
  return toPaged(q, await usersRepo.list(scope, { ...filter, onlyUserIds }), toUserProfile);
}

/** Employees of the scope's company: list, profile, invite, update, deactivate, photo. */
export function usersService({ storage, log }: UsersDeps) {
  return {
    list: listEmployees,

    /** The company's active people by name, for whoever may comment (the mention picker). */
    async directory(scope: Scope, q: DirectoryQuery): Promise<Person[]> {
      const rows = await usersRepo.directory(scope, q);
      return rows.map((row) => ({
        userId: row.userId,
        firstName: row.firstName,
        lastName: row.lastName,
        profilePhotoUrl: profilePhotoUrl(row),
      }));
    },

    /**
     * Anyone may read themself; others need employee:read (or :all). Another company's user: 404.
     * The projects are those the reader may open too (the project rule), and the recent time logs
     * show only to a reader who may see the person's time (the time-log rule), else none.
     */
    async detail(scope: Scope, userId: string): Promise<EmployeeDetail> {
      usersPolicy.assertCanRead(scope.actor, userId);
      const row = await load(scope, userId);
      const seesTime = timeLogPolicy.canRead(scope, { userId, departmentManagerId: row.departmentManagerId });
      const [projects, logs, employment, chain] = await Promise.all([
        projectsReads.forMember(scope, userId, projectsPolicy.projectReach(scope.actor)),
        seesTime ? timeLogsReads.recentForUser(scope, userId, RECENT_TIME_LOGS) : [],
        usersRepo.employment(scope, userId),
        usersRepo.managerChain(scope, userId),
      ]);
      if (!employment) throw notFound('User');
      const seesPersonal = usersPolicy.canSeePersonal(scope.actor, {
        userId,
        departmentManagerId: row.departmentManagerId,
        managerChain: chain,
      });
      return {
        ...toUserProfile(row),
        ...toEmployment(employment),
        personal: seesPersonal ? toPersonal(employment) : null,
        projects,
        recentTimeLogs: logs.map((l) => ({ ...l, loggedAt: l.loggedAt.toISOString() })),
      };
    },

    /** An invited employee (no password) with the default role unless one is given; emails the link. */
    async create(scope: Scope, body: CreateEmployeeBody) {
      assertMayMove(scope, undefined, [await assertRefs(scope, body)]);
      if (body.roleId) await grantsPolicy.assertMayAssignRole(scope, { from: null, to: body.roleId });
      let created;
      try {
        created = await retryTransaction(() =>
          scope.transaction(async (tx) => {
            // The role given is locked against a concurrent delete (which then sees this holder).
            if (body.roleId && !(await companyRolesReads.lockActiveRole(tx, body.roleId)))
              throw conflict(MESSAGES.users.roleNotInCompany);
            const roleId = body.roleId ?? (await companyRolesReads.defaultRole(tx))?.id ?? null;
            // No role chosen: the default, read here, must lie within what the inviter holds.
            if (!body.roleId && roleId) await grantsPolicy.assertMayInviteWithDefault(tx, roleId);
            const userId = await usersRepo.insert(tx, {
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
            await enqueueInvitation(tx, userId);
            const invited = await usersRepo.byId(tx, userId);
            tx.emit(
              employeeChanged('created', userId, [
                { kind: 'user.invited', subjectUserId: userId, details: { role: invited?.roleName ?? null } },
              ]),
            );
            return { userId };
          }),
        );
      } catch (err) {
        if (uniqueViolation(err) === 'users_email_uq') throw emailTaken();
        throw err;
      }
      return toUserProfile(await load(scope, created.userId));
    },

    async update(scope: Scope, userId: string, body: UpdateEmployeeBody) {
      const current = await load(scope, userId);
      const newManager = await assertRefs(scope, body);
      if (body.departmentId !== undefined && body.departmentId !== current.departmentId)
        assertMayMove(scope, userId, [current.departmentManagerId, newManager]);
      if (body.status === 'inactive') usersPolicy.assertNotSelf(scope.actor, userId);
      await assertReportsTo(
        scope,
        userId,
        body.reportsToId,
        (await usersRepo.employment(scope, userId))?.reportsToId ?? null,
      );
      if (body.status !== undefined && body.status !== current.status)
        await grantsPolicy.assertMayChangeStatus(scope, userId);
      const changesRole = body.roleId !== undefined && body.roleId !== current.roleId;
      if (changesRole)
        await grantsPolicy.assertMayAssignRole(scope, {
          targetUserId: userId,
          from: current.roleId,
          to: body.roleId ?? null,
        });
      const deactivates = body.status === 'inactive' && current.status !== 'inactive';
      const reactivates =
        body.status !== undefined && body.status !== 'inactive' && current.status === 'inactive';
      await retryTransaction(() =>
        scope.transaction(async (tx) => {
          // The new role is locked against a concurrent delete (which then sees this holder).
          if (changesRole && body.roleId && !(await companyRolesReads.lockActiveRole(tx, body.roleId)))
            throw conflict(MESSAGES.users.roleNotInCompany);
          if (usersPolicy.removesAdmin(current, body)) await assertNotLastAdmin(tx, userId);
          await usersRepo.update(tx, userId, body);
          const audit: AuditNotice[] = [];
          if (changesRole) {
            const after = await usersRepo.byId(tx, userId);
            audit.push({
              kind: 'user.role_changed',
              subjectUserId: userId,
              details: { from: current.roleName, to: after?.roleName ?? null },
            });
          }
          if (deactivates) audit.push({ kind: 'user.deactivated', subjectUserId: userId });
          if (reactivates)
            audit.push({ kind: 'user.reactivated', subjectUserId: userId, details: { status: body.status } });
          tx.emit(employeeChanged('updated', userId, audit));
          if (deactivates) {
            await userSessions.revokeAllForUser(tx, userId, 'deactivated');
            tx.emit(sessionEnded('*', userId));
          } else if (changesRole) {
            // Not ended, but the user's rights changed: their streams re-check what they may see.
            tx.emit({ ...sessionEnded('*', userId), action: 'updated' });
          }
        }),
      ).catch((err: unknown) => {
        if (uniqueViolation(err) === 'users_company_employee_code_uq')
          throw conflict(PROFILE_MESSAGES.employeeCodeTaken, {
            employeeCode: [PROFILE_MESSAGES.employeeCodeTaken],
          });
        throw err;
      });
      return toUserProfile(await load(scope, userId));
    },

    /** Deactivates (keeps the record and its history) and ends the user's sessions. */
    async remove(scope: Scope, userId: string) {
      usersPolicy.assertNotSelf(scope.actor, userId);
      const current = await load(scope, userId);
      await grantsPolicy.assertMayChangeStatus(scope, userId);
      await retryTransaction(() =>
        scope.transaction(async (tx) => {
          if (usersPolicy.removesAdmin(current, { status: 'inactive' })) await assertNotLastAdmin(tx, userId);
          await usersRepo.update(tx, userId, { status: 'inactive' });
          tx.emit(
            employeeChanged(
              'updated',
              userId,
              current.status !== 'inactive' ? [{ kind: 'user.deactivated', subjectUserId: userId }] : [],
            ),
          );
          await userSessions.revokeAllForUser(tx, userId, 'deactivated');
          tx.emit(sessionEnded('*', userId));
        }),
      );
    },

    /** Own photo always; someone else's needs employee:update. The old file goes once the new one is saved. */
    async uploadPhoto(scope: Scope, userId: string, req: FastifyRequest) {
      usersPolicy.assertCanChangePhoto(scope.actor, userId);
      const before = await load(scope, userId);
      const file = await storage.receive(req, 'image');
      try {
        await scope.transaction(async (tx) => {
          await usersRepo.update(tx, userId, { profilePhotoPath: file.storageKey });
          tx.emit(employeeChanged('updated', userId));
        });
      } catch (err) {
        await storage.remove(file.storageKey);
        throw err;
      }
      await storage
        .remove(before.profilePhotoPath)
        .catch((err: unknown) => log.warn({ err }, 'old photo not removed'));
      const after = await load(scope, userId);
      return { profilePhotoUrl: profilePhotoUrl(after) ?? '' };
    },

    /**
     * A Company Admin sets an active colleague's password (issue 24): their sessions end, and their
     * next sign-in may only change it. Never one's own (Account settings does that), never over
     * someone holding more (grantsPolicy). The audit says who and when, never the password.
     */
    async setPassword(scope: Scope, userId: string, body: SetPasswordBody) {
      if (scope.actor.userId === userId) throw conflict(PROFILE_MESSAGES.cannotSetOwnPassword);
      const row = await load(scope, userId);
      await grantsPolicy.assertMaySetPassword(scope, userId);
      if (row.status !== 'active') throw conflict(PROFILE_MESSAGES.onlyActiveUsers);
      assertAcceptablePassword(body.newPassword, 'newPassword');
      const passwordHash = await hashPassword(body.newPassword);
      await scope.transaction(async (tx) => {
        await usersRepo.update(tx, userId, { passwordHash, mustChangePassword: true });
        await userSessions.revokeAllForUser(tx, userId, 'password-set');
        tx.emit(
          employeeChanged('updated', userId, [
            { kind: 'user.password_set', subjectUserId: userId, details: { mustChangePassword: true } },
          ]),
        );
        tx.emit(sessionEnded('*', userId));
      });
    },

    /** Own photo always; someone else's needs employee:update. The file goes once the row lets go of it. */
    async removePhoto(scope: Scope, userId: string) {
      usersPolicy.assertCanChangePhoto(scope.actor, userId);
      const before = await load(scope, userId);
      if (!before.profilePhotoPath) throw notFound('Photo');
      await scope.transaction(async (tx) => {
        await usersRepo.update(tx, userId, { profilePhotoPath: null });
        tx.emit(employeeChanged('updated', userId));
      });
      await storage
        .remove(before.profilePhotoPath)
        .catch((err: unknown) => log.warn({ err }, 'removed photo not deleted'));
    },

    /**
     * This month's (UTC) work anniversaries and birthdays of the company's active people, when the
     * company opted in (issue 24). Birthdays give the day only: the year of birth stays personal.
     */
    async celebrations(scope: Scope, now = new Date()): Promise<Celebrations> {
      const year = now.getUTCFullYear();
      const month = now.getUTCMonth() + 1;
      const { enabled, rows } = await usersRepo.celebrations(scope, month);
      const monthOf = (d: string | null) => (d ? Number(d.slice(5, 7)) : 0);
      const person = (r: (typeof rows)[number], date: string) => ({
        userId: r.userId,
        firstName: r.firstName,
        lastName: r.lastName,
        profilePhotoUrl: profilePhotoUrl(r),
        day: Number(date.slice(8, 10)),
      });
      const byDay = <T extends { day: number }>(list: T[]) => list.sort((a, b) => a.day - b.day);
      return {
        enabled,
        month: `${year}-${String(month).padStart(2, '0')}`,
        anniversaries: byDay(
          rows.flatMap((r) => {
            if (!r.joiningDate || monthOf(r.joiningDate) !== month) return [];
            const years = year - Number(r.joiningDate.slice(0, 4));
            return years >= 1 ? [{ ...person(r, r.joiningDate), years }] : [];
          }),
        ),
        birthdays: byDay(
          rows.flatMap((r) =>
            r.dateOfBirth && monthOf(r.dateOfBirth) === month ? [person(r, r.dateOfBirth)] : [],
          ),
        ),
      };
    },

    /** The photo of a user of the scope's company, for `storage.send`. */
    async photo(scope: Scope, userId: string) {
      const row = await load(scope, userId);
      if (!row.profilePhotoPath) throw notFound('Photo');
      return { storageKey: row.profilePhotoPath, fileName: `photo-${row.userId}` };
    },
  };
}

export type UsersService = ReturnType<typeof usersService>;
