import { randomUUID } from 'node:crypto';
import { expect } from 'vitest';
import { and, eq, inArray, type SQL } from 'drizzle-orm';
import type { Permission } from '@taskhive/contract';
import type { App } from '../app.ts';
import type { Db } from '../db/client.ts';
import {
  companies,
  companyModules,
  modules,
  permissions,
  priorities,
  projectMembers,
  projects,
  roles,
  taskAssignees,
  taskLists,
  taskStatuses,
  tasks,
  userPermissions,
  users,
} from '../db/schema/index.ts';
import { provisionCompany, type ProvisionedCompany } from '../features/companies/provision.service.ts';
import { createSuperAdmin } from '../db/seed/demo.ts';
import { tasksRepo } from '../features/tasks/tasks.repo.ts';
import { systemScope } from '../lib/scope.ts';
import { hashPassword } from '../lib/passwords.ts';

export const TEST_PASSWORD = 'Correct-Horse-Battery-9';
let hashed: Promise<string> | undefined;
const passwordHash = () => (hashed ??= hashPassword(TEST_PASSWORD));
const unique = () => randomUUID().slice(0, 8);

export type TestCompany = ProvisionedCompany & { adminEmail: string; name: string };

/** A provisioned company (statuses, roles, department, modules) with its Company Admin. */
export async function buildCompany(
  db: Db,
  o: { name?: string; adminEmail?: string } = {},
): Promise<TestCompany> {
  const name = o.name ?? `Company ${unique()}`;
  const adminEmail = o.adminEmail ?? `admin-${unique()}@example.test`;
  const p = await db.transaction(async (tx) =>
    provisionCompany(
      tx,
      { name, isApproved: true },
      {
        email: adminEmail,
        firstName: 'Ada',
        lastName: 'Admin',
        passwordHash: await passwordHash(),
        status: 'active',
      },
    ),
  );
  return { ...p, adminEmail, name };
}

/** A user of `company` with one of its seeded roles (Employee by default) and extra direct permissions. */
export async function buildUser(
  db: Db,
  company: ProvisionedCompany,
  o: {
    role?: 'companyAdmin' | 'manager' | 'employee' | null;
    permissions?: Permission[];
    status?: 'active' | 'inactive' | 'invited';
    email?: string;
    firstName?: string;
    lastName?: string;
  } = {},
) {
  const email = o.email ?? `user-${unique()}@example.test`;
  const role = o.role === undefined ? 'employee' : o.role;
  const [u] = await db
    .insert(users)
    .values({
      companyId: company.companyId,
      email,
      firstName: o.firstName ?? 'Test',
      lastName: o.lastName ?? 'User',
      passwordHash: await passwordHash(),
      status: o.status ?? 'active',
      roleId: role ? company.roleIds[role] : null,
    })
    .returning({ id: users.id });
  if (!u) throw new Error('user not created');
  if (o.permissions?.length) {
    const perms = await db
      .select({ id: permissions.id })
      .from(permissions)
      .where(inArray(permissions.name, o.permissions));
    await db
      .insert(userPermissions)
      .values(perms.map((p) => ({ companyId: company.companyId, userId: u.id, permissionId: p.id })));
  }
  return { userId: u.id, email };
}

export async function buildSuperAdmin(db: Db) {
  const email = `root-${unique()}@taskhive.test`;
  const userId = await db.transaction(async (tx) =>
    createSuperAdmin(tx, { email, firstName: 'Root', lastName: 'Admin', passwordHash: await passwordHash() }),
  );
  return { userId, email };
}

export async function setCompanyActive(db: Db, companyId: string, isActive: boolean) {
  await db.update(companies).set({ isActive }).where(eq(companies.id, companyId));
}

export async function setModuleAccess(
  db: Db,
  companyId: string,
  moduleKey: string,
  level: 'read' | 'write' | 'full' | null,
) {
  const [m] = await db.select({ id: modules.id }).from(modules).where(eq(modules.key, moduleKey));
  if (!m) throw new Error(`no module ${moduleKey}`);
  const where = and(eq(companyModules.companyId, companyId), eq(companyModules.moduleId, m.id));
  if (level === null) await db.delete(companyModules).where(where);
  else await db.update(companyModules).set({ accessLevel: level }).where(where);
}

export async function deactivateRole(db: Db, roleId: string) {
  await db.update(roles).set({ isActive: false }).where(eq(roles.id, roleId));
}

export type Session = {
  token: string;
  refreshToken: string;
  userId: string;
  companyId: string;
  permissions: string[];
};

/** Signs in through the API, as a client would. */
export async function login(app: App, email: string, password = TEST_PASSWORD): Promise<Session> {
  const res = await app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password } });
  if (res.statusCode !== 200) throw new Error(`login ${email} failed: ${res.statusCode} ${res.body}`);
  const d = res.json().data;
  return {
    token: d.token,
    refreshToken: d.refreshToken,
    userId: d.user.userId,
    companyId: d.user.companyId,
    permissions: d.permissions,
  };
}

export const bearer = (s: { token: string }) => ({ authorization: `Bearer ${s.token}` });

/**
 * The usual cast of an endpoint test: company Acme with its signed-in admin and an Employee, and
 * a second company (Other) with its signed-in admin, for the cross-tenant 404s.
 */
export async function twoTenants(
  app: App,
  db: Db,
  o: { employee?: { firstName?: string; lastName?: string } } = {},
) {
  const acme = await buildCompany(db, { name: 'Acme' });
  const other = await buildCompany(db, { name: 'Other' });
  const e = await buildUser(db, acme, o.employee);
  return {
    acme,
    other,
    admin: await login(app, acme.adminEmail),
    employee: await login(app, e.email),
    employeeId: e.userId,
    otherAdmin: await login(app, other.adminEmail),
  };
}

let projectSeq = 0;

/** The id of a company's status by name ('Open', 'Completed', ...). */
export async function statusIdOf(db: Db, companyId: string, name: string): Promise<string> {
  const [s] = await db
    .select({ id: taskStatuses.id })
    .from(taskStatuses)
    .where(and(eq(taskStatuses.companyId, companyId), eq(taskStatuses.name, name)));
  if (!s) throw new Error(`no status ${name}`);
  return s.id;
}

export async function priorityIdOf(db: Db, name: string): Promise<string> {
  const [p] = await db.select({ id: priorities.id }).from(priorities).where(eq(priorities.name, name));
  if (!p) throw new Error(`no priority ${name}`);
  return p.id;
}

/** A project of `company` inserted directly, with its members (userIds of that company). */
export async function buildProject(
  db: Db,
  company: ProvisionedCompany,
  o: {
    code?: string;
    name?: string;
    description?: string | null;
    statusName?: string;
    startDate?: string | null;
    endDate?: string | null;
    memberIds?: string[];
    createdBy?: string;
  } = {},
) {
  projectSeq += 1;
  const code = o.code ?? `P${projectSeq}-${unique().slice(0, 4)}`;
  const [p] = await db
    .insert(projects)
    .values({
      companyId: company.companyId,
      code,
      name: o.name ?? `Project ${code}`,
      description: o.description ?? null,
      statusId: await statusIdOf(db, company.companyId, o.statusName ?? 'Open'),
      startDate: o.startDate ?? null,
      endDate: o.endDate ?? null,
      createdBy: o.createdBy ?? company.adminUserId,
    })
    .returning({ id: projects.id });
  if (!p) throw new Error('project not created');
  if (o.memberIds?.length)
    await db
      .insert(projectMembers)
      .values(o.memberIds.map((userId) => ({ companyId: company.companyId, projectId: p.id, userId })));
  return { projectId: p.id, code };
}

/** A task list of a project of `company`. */
export async function buildTaskList(
  db: Db,
  company: ProvisionedCompany,
  o: { projectId: string; name?: string; sortOrder?: number },
) {
  const [l] = await db
    .insert(taskLists)
    .values({
      companyId: company.companyId,
      projectId: o.projectId,
      name: o.name ?? `List ${unique()}`,
      sortOrder: o.sortOrder ?? 0,
    })
    .returning({ id: taskLists.id });
  if (!l) throw new Error('task list not created');
  return { taskListId: l.id, projectId: o.projectId };
}

/**
 * A task (or, with `parentTaskId`, a subtask) in a task list of `company`, inserted directly with
 * its assignees. Progress follows the product's rule through the repository (100 when Completed,
 * else 0; a parent takes the mean of its subtasks).
 */
export async function buildTask(
  db: Db,
  company: ProvisionedCompany,
  o: {
    taskListId: string;
    title?: string;
    description?: string | null;
    statusName?: string;
    priorityName?: string;
    startDate?: string | null;
    dueDate?: string | null;
    estimatedHours?: number | null;
    sortOrder?: number;
    parentTaskId?: string;
    assigneeIds?: string[];
  },
) {
  const [list] = await db
    .select({ projectId: taskLists.projectId })
    .from(taskLists)
    .where(and(eq(taskLists.companyId, company.companyId), eq(taskLists.id, o.taskListId)));
  if (!list) throw new Error('no such task list');
  const statusName = o.statusName ?? 'Open';
  const [t] = await db
    .insert(tasks)
    .values({
      companyId: company.companyId,
      projectId: list.projectId,
      taskListId: o.taskListId,
      parentTaskId: o.parentTaskId ?? null,
      title: o.title ?? `Task ${unique()}`,
      description: o.description ?? null,
      statusId: await statusIdOf(db, company.companyId, statusName),
      priorityId: o.priorityName ? await priorityIdOf(db, o.priorityName) : null,
      startDate: o.startDate ?? null,
      dueDate: o.dueDate ?? null,
      estimatedHours: o.estimatedHours == null ? null : String(o.estimatedHours),
      sortOrder: o.sortOrder ?? 0,
      createdBy: company.adminUserId,
    })
    .returning({ id: tasks.id });
  if (!t) throw new Error('task not created');
  if (o.assigneeIds?.length)
    await db
      .insert(taskAssignees)
      .values(o.assigneeIds.map((userId) => ({ companyId: company.companyId, taskId: t.id, userId })));
  await tasksRepo.recomputeProgress(systemScope(db, company.companyId), [t.id]);
  return { taskId: t.id, projectId: list.projectId, taskListId: o.taskListId };
}

/** A request the test expects to succeed: any answer but a 2xx fails the test with the body. */
export type OkCall = { method: 'GET' | 'POST' | 'PUT' | 'DELETE'; url: string; payload?: object };

/** Sends `c` as `s` and answers the envelope's `data`, failing on anything but a 2xx. */
export async function callOk(app: App, s: Session, c: OkCall) {
  const res = await app.inject({ ...c, headers: bearer(s) });
  if (res.statusCode >= 300)
    throw new Error(`${c.method} ${c.url} ${JSON.stringify(c.payload)}: ${res.body}`);
  return res.json().data;
}

/** The rows of a raw statement through the fixtures' (unguarded) handle. */
export async function sqlRows<R>(db: Db, q: SQL): Promise<R[]> {
  return ((await db.execute(q)) as unknown as { rows: R[] }).rows;
}

/** A label made through the API (201), its id (issue 26). */
export async function createLabel(app: App, s: Session, name: string, color = 'blue'): Promise<string> {
  const res = await app.inject({
    method: 'POST',
    url: '/api/Labels',
    headers: bearer(s),
    payload: { name, color },
  });
  expect(res.statusCode, res.body).toBe(201);
  return (res.json() as { data: { labelId: string } }).data.labelId;
}

/** Puts exactly these labels on the task through the API (200). */
export async function setTaskLabels(app: App, s: Session, taskId: string, labelIds: string[]): Promise<void> {
  const res = await app.inject({
    method: 'PUT',
    url: `/api/Labels/tasks/${taskId}`,
    headers: bearer(s),
    payload: { labelIds },
  });
  expect(res.statusCode, res.body).toBe(200);
}
