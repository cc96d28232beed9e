import { randomUUID } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { count, eq } from 'drizzle-orm';
import { ROLES } from '@taskhive/contract';
import type { Db } from '../client.ts';
import { provisionCompany } from '../../features/companies/provision.service.ts';
import { companyModulesRepo } from '../../features/company-modules/company-modules.repo.ts';
import { hashPassword } from '../../lib/passwords.ts';
import {
  companies,
  departments,
  documents,
  modules,
  packageModules,
  packagePurchases,
  packages,
  priorities,
  projectMembers,
  projects,
  roles,
  taskAssignees,
  taskLists,
  taskStatuses,
  tasks,
  timeLogs,
  users,
} from '../schema/index.ts';

export const DEMO_PASSWORD = 'Taskhive#2026';

const EXTRA_ACME = [
  ['Olivia', 'Martin'],
  ['Liam', 'Garcia'],
  ['Emma', 'Nguyen'],
  ['Noah', 'Patel'],
  ['Ava', 'Kim'],
  ['Lucas', 'Rossi'],
  ['Mia', 'Schmidt'],
  ['Ethan', 'Dubois'],
  ['Sofia', 'Silva'],
  ['Mason', 'Okafor'],
  ['Isla', 'Jensen'],
  ['Leo', 'Tanaka'],
] as const;

/** Super Admin as a platform role with every permission (the auth layer grants all to it). */
export async function createSuperAdmin(
  tx: Db,
  admin: { email: string; firstName: string; lastName: string; passwordHash: string },
): Promise<string> {
  let [platform] = await tx
    .select({ id: companies.id })
    .from(companies)
    .where(eq(companies.isPlatform, true));
  if (!platform) {
    [platform] = await tx
      .insert(companies)
      .values({ name: 'Taskhive Platform', isPlatform: true, isApproved: true, approvedAt: new Date() })
      .returning({ id: companies.id });
    if (!platform) throw new Error('platform company not created');
    await companyModulesRepo(tx, platform.id).grantAll('full');
  }
  let [role] = await tx.select({ id: roles.id }).from(roles).where(eq(roles.name, ROLES.superAdmin));
  if (!role) {
    [role] = await tx
      .insert(roles)
      .values({ name: ROLES.superAdmin, roleType: 'platform', description: 'Runs the platform' })
      .returning({ id: roles.id });
    if (!role) throw new Error('super admin role not created');
  }
  const [user] = await tx
    .insert(users)
    .values({
      ...admin,
      companyId: platform.id,
      roleId: role.id,
      status: 'active',
      jobTitle: 'Platform administrator',
    })
    .returning({ id: users.id });
  if (!user) throw new Error('super admin not created');
  return user.id;
}

export async function isEmpty(db: Db): Promise<boolean> {
  const [row] = await db.select({ n: count() }).from(companies);
  return (row?.n ?? 0) === 0;
}

const day = (offset: number) => {
  const d = new Date();
  d.setUTCDate(d.getUTCDate() + offset);
  return d.toISOString().slice(0, 10);
};

/** Demo data for every screen: two companies, people, packages, projects, tasks, documents, time logs. */
export async function seedDemo(db: Db, dataDir: string): Promise<void> {
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  const uploads = join(dataDir, 'uploads');
  mkdirSync(uploads, { recursive: true });

  await db.transaction(async (tx) => {
    await createSuperAdmin(tx, {
      email: 'superadmin@taskhive.test',
      firstName: 'Sam',
      lastName: 'Super',
      passwordHash,
    });

    // Subscription model: three packages over the tenant modules.
    const mods = await tx.select({ id: modules.id, key: modules.key }).from(modules);
    const mod = (k: string) => mods.filter((m) => m.key === k).map((m) => m.id);
    const pkgs = await tx
      .insert(packages)
      .values([
        {
          name: 'Starter',
          description: 'Projects and tasks for small teams',
          price: '0',
          yearlyPrice: '0',
          packageType: 'free',
        },
        {
          name: 'Team',
          description: 'Adds time tracking, reports and employees',
          price: '49',
          yearlyPrice: '490',
          trialDays: 14,
          packageType: 'standard',
        },
        {
          name: 'Business',
          description: 'Everything, for the whole company',
          price: '129',
          yearlyPrice: '1290',
          trialDays: 30,
          packageType: 'premium',
        },
      ])
      .returning({ id: packages.id, name: packages.name });
    const pkg = (n: string) => pkgs.find((p) => p.name === n)?.id ?? '';
    const links: { packageId: string; moduleId: string }[] = [];
    const add = (p: string, keys: string[]) =>
      keys.flatMap(mod).forEach((moduleId) => links.push({ packageId: pkg(p), moduleId }));
    add('Starter', ['projects', 'tasks', 'company']);
    add('Team', ['projects', 'tasks', 'company', 'time-tracking', 'reports', 'employees']);
    add('Business', [
      'projects',
      'tasks',
      'company',
      'time-tracking',
      'reports',
      'employees',
      'departments',
      'company-roles',
    ]);
    await tx.insert(packageModules).values(links);

    // Acme Corp: approved, bought Business.
    const acme = await provisionCompany(
      tx,
      {
        name: 'Acme Corp',
        email: 'hello@acme.test',
        phone: '+1 555 0100',
        website: 'https://acme.test',
        address: '1 Road Runner Way, Phoenix AZ',
        industry: 'Manufacturing',
        description: 'Makers of fine contraptions since 1949.',
        isApproved: true,
      },
      { email: 'admin@acme.test', firstName: 'Alice', lastName: 'Admin', passwordHash, status: 'active' },
    );
    await tx
      .insert(packagePurchases)
      .values({ companyId: acme.companyId, packageId: pkg('Business'), amount: '129' });
    await tx
      .update(packages)
      .set({ purchaseCount: 1 })
      .where(eq(packages.id, pkg('Business')));

    const deptRows = await tx
      .insert(departments)
      .values(
        ['Engineering', 'Design', 'Marketing', 'Operations'].map((name) => ({
          companyId: acme.companyId,
          name,
          description: `The ${name} team`,
        })),
      )
      .returning({ id: departments.id, name: departments.name });
    const dept = (n: string) => deptRows.find((d) => d.name === n)?.id ?? acme.departmentId;
    await tx.insert(roles).values({
      companyId: acme.companyId,
      name: 'Contractor',
      roleType: 'company',
      isActive: false,
      description: 'External help',
    });

    const people = await tx
      .insert(users)
      .values(
        [
          {
            email: 'manager@acme.test',
            firstName: 'Mark',
            lastName: 'Manager',
            roleId: acme.roleIds.manager,
            departmentId: dept('Engineering'),
            jobTitle: 'Engineering Manager',
          },
          {
            email: 'employee@acme.test',
            firstName: 'Eve',
            lastName: 'Employee',
            roleId: acme.roleIds.employee,
            departmentId: dept('Engineering'),
            jobTitle: 'Software Engineer',
          },
          ...EXTRA_ACME.map(([firstName, lastName], i) => ({
            email: `${firstName.toLowerCase()}.${lastName.toLowerCase()}@acme.test`,
            firstName,
            lastName,
            roleId: acme.roleIds.employee,
            departmentId: dept(['Engineering', 'Design', 'Marketing', 'Operations'][i % 4] ?? 'Engineering'),
            jobTitle: ['Developer', 'Designer', 'Marketer', 'Operations Analyst'][i % 4] ?? null,
            status: i === 11 ? 'inactive' : 'active',
          })),
        ].map((u) => ({ status: 'active', ...u, companyId: acme.companyId, passwordHash })),
      )
      .returning({ id: users.id, email: users.email, departmentId: users.departmentId });
    const byEmail = (e: string) => people.find((p) => p.email === e)?.id ?? acme.adminUserId;
    const manager = byEmail('manager@acme.test');
    const employee = byEmail('employee@acme.test');
    await tx
      .update(departments)
      .set({ managerId: manager })
      .where(eq(departments.id, dept('Engineering')));

    const statuses = await tx
      .select({ id: taskStatuses.id, name: taskStatuses.name })
      .from(taskStatuses)
      .where(eq(taskStatuses.companyId, acme.companyId));
    const status = (n: string) => statuses.find((s) => s.name === n)?.id ?? null;
    const prios = await tx.select({ id: priorities.id, name: priorities.name }).from(priorities);
    const prio = (n: string) => prios.find((p) => p.name === n)?.id ?? null;

    const projectDefs = [
      { name: 'Website Redesign', status: 'In Progress', prio: 'High', start: -30, end: 30 },
      { name: 'Mobile App Launch', status: 'Open', prio: 'Urgent', start: -10, end: 60 },
      { name: 'Warehouse Automation', status: 'Delayed', prio: 'Medium', start: -60, end: -5 },
      { name: 'Quarterly Marketing Campaign', status: 'Completed', prio: 'Low', start: -90, end: -20 },
      { name: 'Customer Portal', status: 'Not Started', prio: 'Medium', start: 10, end: 100 },
      { name: 'Security Audit', status: 'In Review', prio: 'High', start: -15, end: 15 },
    ];
    const team = [acme.adminUserId, manager, employee, ...people.slice(2, 8).map((p) => p.id)];
    let logSeed = 0;
    for (const [pi, def] of projectDefs.entries()) {
      const [project] = await tx
        .insert(projects)
        .values({
          companyId: acme.companyId,
          name: def.name,
          description: `${def.name}: planned, tracked and delivered in Taskhive.`,
          statusId: status(def.status),
          priorityId: prio(def.prio),
          startDate: day(def.start),
          endDate: day(def.end),
          createdBy: acme.adminUserId,
        })
        .returning({ id: projects.id });
      if (!project) continue;
      const members = [acme.adminUserId, manager, employee, team[3 + (pi % 6)] ?? employee].filter(
        (v, i, a) => a.indexOf(v) === i,
      );
      await tx
        .insert(projectMembers)
        .values(members.map((userId) => ({ companyId: acme.companyId, projectId: project.id, userId })));

      const key = `${randomUUID()}.txt`;
      const body = `Project brief: ${def.name}\n\nGoals, scope and milestones.\n`;
      writeFileSync(join(uploads, key), body);
      await tx.insert(documents).values({
        companyId: acme.companyId,
        ownerType: 'project',
        projectId: project.id,
        fileName: `${def.name} brief.txt`,
        mimeType: 'text/plain',
        sizeBytes: Buffer.byteLength(body),
        storageKey: key,
        uploadedBy: acme.adminUserId,
      });

      for (const [li, listName] of ['Backlog', 'This Sprint', 'Done'].entries()) {
        const [list] = await tx
          .insert(taskLists)
          .values({ companyId: acme.companyId, projectId: project.id, name: listName, sortOrder: li })
          .returning({ id: taskLists.id });
        if (!list) continue;
        for (let ti = 0; ti < 3; ti++) {
          const st = li === 2 ? 'Completed' : li === 1 ? (ti === 0 ? 'In Progress' : 'In Review') : 'Open';
          const [task] = await tx
            .insert(tasks)
            .values({
              companyId: acme.companyId,
              projectId: project.id,
              taskListId: list.id,
              title: `${['Plan', 'Build', 'Review'][ti]} ${def.name.split(' ')[0]} ${listName.toLowerCase()} item ${ti + 1}`,
              description: 'A demo task with enough detail to open.',
              statusId: status(st),
              priorityId: prio(['Low', 'Medium', 'High'][ti] ?? 'Medium'),
              startDate: day(def.start + ti),
              dueDate: day(def.start + 14 + ti * 3),
              estimatedHours: String(4 + ti * 2),
              progress: st === 'Completed' ? 100 : st === 'Open' ? 0 : 50,
              sortOrder: ti,
              createdBy: manager,
              completedAt: st === 'Completed' ? new Date() : null,
            })
            .returning({ id: tasks.id });
          if (!task) continue;
          const assignees = [employee, team[(pi + ti) % team.length] ?? manager].filter(
            (v, i, a) => a.indexOf(v) === i,
          );
          await tx
            .insert(taskAssignees)
            .values(assignees.map((userId) => ({ companyId: acme.companyId, taskId: task.id, userId })));
          if (ti === 0) {
            await tx.insert(tasks).values(
              ['Draft', 'Check'].map((verb, si) => ({
                companyId: acme.companyId,
                projectId: project.id,
                taskListId: list.id,
                parentTaskId: task.id,
                title: `${verb} details`,
                statusId: status(si === 0 ? 'Completed' : 'Open'),
                priorityId: prio('Medium'),
                progress: si === 0 ? 100 : 0,
                sortOrder: si,
                createdBy: manager,
              })),
            );
          }
          for (const userId of assignees) {
            logSeed++;
            const at = new Date();
            at.setUTCDate(at.getUTCDate() - (logSeed % 20));
            at.setUTCHours(9 + (logSeed % 8), 0, 0, 0);
            await tx.insert(timeLogs).values({
              companyId: acme.companyId,
              userId,
              projectId: project.id,
              taskId: task.id,
              description: 'Worked on the task',
              loggedAt: at,
              durationMinutes: 30 + (logSeed % 6) * 30,
            });
          }
        }
      }
    }

    // Globex: a second tenant, not yet approved, on the Starter package.
    const globex = await provisionCompany(
      tx,
      {
        name: 'Globex',
        email: 'contact@globex.test',
        industry: 'Energy',
        description: 'Globex Corporation',
        isApproved: false,
      },
      { email: 'admin@globex.test', firstName: 'Hank', lastName: 'Scorpio', passwordHash, status: 'active' },
    );
    await tx
      .insert(packagePurchases)
      .values({ companyId: globex.companyId, packageId: pkg('Starter'), amount: '0' });
    await tx
      .update(packages)
      .set({ purchaseCount: 1 })
      .where(eq(packages.id, pkg('Starter')));
    const globexStatus = await tx
      .select({ id: taskStatuses.id })
      .from(taskStatuses)
      .where(eq(taskStatuses.companyId, globex.companyId))
      .limit(1);
    const [gp] = await tx
      .insert(projects)
      .values({
        companyId: globex.companyId,
        name: 'Globex Secret Project',
        statusId: globexStatus[0]?.id ?? null,
        createdBy: globex.adminUserId,
        startDate: day(-5),
        endDate: day(40),
      })
      .returning({ id: projects.id });
    if (gp) {
      await tx
        .insert(projectMembers)
        .values({ companyId: globex.companyId, projectId: gp.id, userId: globex.adminUserId });
      const [gl] = await tx
        .insert(taskLists)
        .values({ companyId: globex.companyId, projectId: gp.id, name: 'Backlog' })
        .returning({ id: taskLists.id });
      if (gl)
        await tx.insert(tasks).values({
          companyId: globex.companyId,
          projectId: gp.id,
          taskListId: gl.id,
          title: 'Take over the east coast',
          createdBy: globex.adminUserId,
        });
    }
  });
}
