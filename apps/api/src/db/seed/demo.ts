import { and, count, eq } from 'drizzle-orm';
import { ROLES } from '@taskhive/contract';
import type { Db } from '../client.ts';
import { provisionCompany } from '../../features/companies/provision.service.ts';
import { companyModulesRepo } from '../../features/company-modules/company-modules.repo.ts';
import { fileStorage } from '../../features/files/files.storage.ts';
import type { BlobStore } from '../../features/files/blob-store.ts';
import { followPackages } from '../../features/packages/packages.service.ts';
import { tasksRepo } from '../../features/tasks/tasks.repo.ts';
import { systemScope } from '../../lib/scope.ts';
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
  taskWatchers,
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
    await companyModulesRepo.grantAll(systemScope(tx, platform.id), 'full');
  }
  // The platform roles belong to the platform's own company, like any role to its company.
  let [role] = await tx
    .select({ id: roles.id })
    .from(roles)
    .where(
      and(eq(roles.companyId, platform.id), eq(roles.roleType, 'platform'), eq(roles.name, ROLES.superAdmin)),
    );
  if (!role) {
    [role] = await tx
      .insert(roles)
      .values({
        companyId: platform.id,
        name: ROLES.superAdmin,
        roleType: 'platform',
        description: 'Runs the platform',
      })
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

/** A one-page PDF with a line of text: small, real, and opened by any viewer. */
function demoPdf(title: string): Buffer {
  const text = title.replace(/[()\\]/g, '');
  const stream = `BT /F1 18 Tf 72 720 Td (${text}) Tj ET`;
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>',
    `<< /Length ${stream.length} >>\nstream\n${stream}\nendstream`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
  ];
  let body = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((o, i) => {
    offsets.push(Buffer.byteLength(body));
    body += `${i + 1} 0 obj\n${o}\nendobj\n`;
  });
  const xref = Buffer.byteLength(body);
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  body += offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`).join('');
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(body, 'latin1');
}

/** Demo data for every screen: two companies, people, packages, projects, tasks, documents, time logs. */
export async function seedDemo(db: Db, dataDir: string, blobs?: BlobStore): Promise<void> {
  const passwordHash = await hashPassword(DEMO_PASSWORD);

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
    // Its grants are what its package includes (all eight tenant modules for Business).
    await followPackages(systemScope(tx, acme.companyId));

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

    const storage = fileStorage(dataDir, blobs);
    const acmeScope = systemScope(tx, acme.companyId);
    const team = [acme.adminUserId, manager, employee, ...people.slice(2, 10).map((p) => p.id)];
    const projectDefs = [
      { code: 'WEB', name: 'Website Redesign', status: 'In Progress', start: -30, end: 30 },
      { code: 'MOB', name: 'Mobile App Launch', status: 'Open', start: -10, end: 60 },
      { code: 'WHA', name: 'Warehouse Automation', status: 'Delayed', start: -60, end: -5 },
      { code: 'MKT', name: 'Quarterly Marketing Campaign', status: 'Completed', start: -90, end: -20 },
      { code: 'CUS', name: 'Customer Portal', status: 'Not Started', start: 10, end: 100 },
      { code: 'SEC', name: 'Security Audit', status: 'In Review', start: -15, end: 15 },
      { code: 'DAT', name: 'Data Platform Migration', status: 'In Progress', start: -45, end: 45 },
      { code: 'HRO', name: 'HR Onboarding Revamp', status: 'Cancelled', start: -40, end: -10 },
    ];
    const createdProjects = await tx
      .insert(projects)
      .values(
        projectDefs.map((def) => ({
          companyId: acme.companyId,
          code: def.code,
          name: def.name,
          description: `${def.name}: planned, tracked and delivered in Taskhive.`,
          statusId: status(def.status),
          startDate: day(def.start),
          endDate: day(def.end),
          createdBy: acme.adminUserId,
        })),
      )
      .returning({ id: projects.id, code: projects.code });
    const projectOf = (pi: number) => createdProjects[pi]?.id ?? '';
    const membersOf = (pi: number) =>
      [
        acme.adminUserId,
        manager,
        employee,
        ...[0, 1, 2].map((k) => team[3 + ((pi * 2 + k) % 8)] ?? employee),
      ].filter((v, i, a) => a.indexOf(v) === i);
    await tx
      .insert(projectMembers)
      .values(
        projectDefs.flatMap((_, pi) =>
          membersOf(pi).map((userId) => ({ companyId: acme.companyId, projectId: projectOf(pi), userId })),
        ),
      );

    // Four lists a project, five tasks a list (160 tasks), statuses by list so every status shows.
    const LISTS = [
      { name: 'Backlog', statuses: ['Open', 'Not Started'] },
      { name: 'This Sprint', statuses: ['In Progress', 'Delayed', 'In Progress', 'Open'] },
      { name: 'Review', statuses: ['In Review'] },
      { name: 'Done', statuses: ['Completed', 'Completed', 'Cancelled'] },
    ];
    const createdLists = await tx
      .insert(taskLists)
      .values(
        projectDefs.flatMap((_, pi) =>
          LISTS.map((l, li) => ({
            companyId: acme.companyId,
            projectId: projectOf(pi),
            name: l.name,
            sortOrder: li,
          })),
        ),
      )
      .returning({ id: taskLists.id });
    const listOf = (pi: number, li: number) => createdLists[pi * LISTS.length + li]?.id ?? '';
    const VERBS = ['Plan', 'Design', 'Build', 'Test', 'Document'];
    const PRIOS = ['Low', 'Medium', 'High', 'Urgent'];
    const TASKS_A_PROJECT = LISTS.length * VERBS.length;
    /**
     * How far each project is, so the cards differ (issue 23: every project used to show the same
     * figures): the share of its top-level tasks completed, and for a cancelled project the share
     * of the rest cancelled. The Done list's tasks complete first, then Review's, the sprint's and
     * the backlog's; the others keep their list's statuses.
     */
    const PROGRESS: Record<string, { done: number; cancelled?: number }> = {
      WEB: { done: 0.45 },
      MOB: { done: 0.15 },
      WHA: { done: 0.3 },
      MKT: { done: 1 },
      CUS: { done: 0 },
      SEC: { done: 0.7 },
      DAT: { done: 0.35 },
      HRO: { done: 0.2, cancelled: 1 },
    };
    /** A task's place in the order tasks get done: the Done list first, the backlog last. */
    const doneRank = (li: number, ti: number) => (LISTS.length - 1 - li) * VERBS.length + ti;
    /**
     * Due dates around the seed's "now", by the task's place among its project's open tasks: some
     * overdue, some this week and next, the rest later. A project that has not started is due
     * after its start; a delayed one has more overdue.
     */
    const OPEN_DUE = [-6, 2, 7, -2, 4, 12, 0, 9, 1, 16, -10, 5, 21, 3, 28, 6, 11, 35, 14, 8];
    const dueOf = (def: (typeof projectDefs)[number], open: number, k: number) => {
      if (def.start > 0) return def.start + 3 + open * 4;
      const base = OPEN_DUE[(open + k) % OPEN_DUE.length] ?? 7;
      return def.status === 'Delayed' ? base - 9 : base;
    };
    /**
     * Who carries the work: a few people a lot, others a little (weights by the member's place in
     * the project; the Employee is always among the busier ones).
     */
    const WEIGHTS = [2, 3, 5, 4, 1, 2];
    const pick = (members: string[], seed: number) => {
      const weights = members.map((_, i) => WEIGHTS[i % WEIGHTS.length] ?? 1);
      let at = seed % weights.reduce((a, b) => a + b, 0);
      for (const [i, w] of weights.entries()) {
        if (at < w) return members[i];
        at -= w;
      }
      return members[0];
    };
    const taskDefs = projectDefs.flatMap((def, pi) => {
      const plan = PROGRESS[def.code] ?? { done: 0.3 };
      const doneCount = Math.round(plan.done * TASKS_A_PROJECT);
      let open = 0;
      return LISTS.flatMap((l, li) =>
        VERBS.map((verb, ti) => {
          const rank = doneRank(li, ti);
          const completed = rank < doneCount;
          const st = completed
            ? 'Completed'
            : plan.cancelled
              ? 'Cancelled'
              : li === LISTS.length - 1
                ? 'In Review'
                : (l.statuses[ti % l.statuses.length] ?? 'Open');
          const k = pi * TASKS_A_PROJECT + li * VERBS.length + ti;
          // Completed work was due in the past weeks; open work around today.
          const due = completed ? -3 - ((rank * 5 + pi * 3) % 40) : dueOf(def, open++, k);
          const start = due - (3 + ((pi + ti + li) % 4) * 3);
          return {
            pi,
            li,
            ti,
            row: {
              companyId: acme.companyId,
              projectId: projectOf(pi),
              taskListId: listOf(pi, li),
              title: `${verb} ${def.name.split(' ')[0]?.toLowerCase()} ${['scope', 'flows', 'services', 'checks', 'notes'][ti]}`,
              description: `${verb} step of ${def.name} (${l.name.toLowerCase()}).`,
              statusId: status(st),
              priorityId: prio(PRIOS[(pi + li + ti) % PRIOS.length] ?? 'Medium'),
              startDate: day(start),
              dueDate: day(due),
              estimatedHours: String(2 + ((pi + ti) % 5) * 2),
              actualHours: st === 'Completed' ? String(2 + ((pi + ti) % 4) * 2) : null,
              sortOrder: ti,
              createdBy: manager,
            },
          };
        }),
      );
    });
    const createdTasks = await tx
      .insert(tasks)
      .values(taskDefs.map((t) => t.row))
      .returning({ id: tasks.id });
    const taskIdAt = (k: number) => createdTasks[k]?.id ?? '';

    const assignments = await tx
      .insert(taskAssignees)
      .values(
        taskDefs.flatMap((t, k) => {
          const members = membersOf(t.pi);
          return [
            pick(members, t.pi * 7 + t.li * 5 + t.ti * 3),
            t.ti % 2 ? pick(members, t.pi * 11 + t.li * 13 + t.ti * 17 + 5) : undefined,
          ]
            .filter((u): u is string => !!u)
            .filter((v, i, a) => a.indexOf(v) === i)
            .map((userId) => ({ companyId: acme.companyId, taskId: taskIdAt(k), userId }));
        }),
      )
      .returning({ taskId: taskAssignees.taskId, userId: taskAssignees.userId });
    // Who watches each task, as a task made in the app would be watched: its creator (the
    // Manager) and its assignees. The seed writes rows, not changes, so nothing derives them.
    await tx
      .insert(taskWatchers)
      .values([
        ...createdTasks.map((t) => ({ companyId: acme.companyId, taskId: t.id, userId: manager })),
        ...assignments.map((a) => ({ companyId: acme.companyId, ...a })),
      ])
      .onConflictDoNothing();

    // The first task of each sprint list gets three subtasks; its progress is their mean.
    const parents = taskDefs.map((t, k) => ({ t, k })).filter(({ t }) => t.li === 1 && t.ti === 0);
    const subtaskStatus = (code: string, si: number) => {
      const done = PROGRESS[code]?.done ?? 0.3;
      if (done >= 1) return 'Completed';
      if (done === 0) return 'Open';
      return ['Completed', 'In Progress', 'Open'][si] ?? 'Open';
    };
    const subtasks = await tx
      .insert(tasks)
      .values(
        parents.flatMap(({ t, k }) =>
          ['Draft', 'Check', 'Ship'].map((verb, si) => ({
            companyId: acme.companyId,
            projectId: t.row.projectId,
            taskListId: t.row.taskListId,
            parentTaskId: taskIdAt(k),
            title: `${verb} ${t.row.title.toLowerCase()}`,
            // As far along as the project: none done in one not started, all in one completed.
            statusId: status(subtaskStatus(projectDefs[t.pi]?.code ?? '', si)),
            priorityId: prio('Medium'),
            dueDate: t.row.dueDate,
            sortOrder: si,
            createdBy: manager,
          })),
        ),
      )
      .returning({ id: tasks.id });
    await tasksRepo.recomputeProgress(
      acmeScope,
      [...createdTasks, ...subtasks].map((t) => t.id),
    );

    // Documents: a brief (text) and a plan (PDF) per project, a note on each Review list's first task.
    const docRows: (typeof documents.$inferInsert)[] = [];
    for (const [pi, def] of projectDefs.entries()) {
      const brief = `Project brief: ${def.name}\n\nGoals, scope and milestones.\n`;
      docRows.push({
        companyId: acme.companyId,
        ownerType: 'project',
        projectId: projectOf(pi),
        fileName: `${def.code} brief.txt`,
        mimeType: 'text/plain',
        sizeBytes: Buffer.byteLength(brief),
        storageKey: await storage.write(brief),
        uploadedBy: acme.adminUserId,
      });
      const pdf = demoPdf(`${def.name} plan`);
      docRows.push({
        companyId: acme.companyId,
        ownerType: 'project',
        projectId: projectOf(pi),
        fileName: `${def.code} plan.pdf`,
        mimeType: 'application/pdf',
        sizeBytes: pdf.length,
        storageKey: await storage.write(pdf),
        uploadedBy: manager,
      });
    }
    for (const [k, t] of taskDefs.entries()) {
      if (t.li !== 2 || t.ti !== 0) continue;
      const note = `Review notes for "${t.row.title}".\n- Looks good\n- One open question\n`;
      docRows.push({
        companyId: acme.companyId,
        ownerType: 'task',
        taskId: taskIdAt(k),
        fileName: 'review-notes.txt',
        mimeType: 'text/plain',
        sizeBytes: Buffer.byteLength(note),
        storageKey: await storage.write(note),
        uploadedBy: employee,
      });
    }
    await tx.insert(documents).values(docRows);

    await seedDemoTimeLogs(tx, acme.companyId);

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
    // On Starter, Globex is granted Starter's three modules, not every module it started with.
    await followPackages(systemScope(tx, globex.companyId));
    const globexStatus = await tx
      .select({ id: taskStatuses.id })
      .from(taskStatuses)
      .where(eq(taskStatuses.companyId, globex.companyId))
      .limit(1);
    const [gp] = await tx
      .insert(projects)
      .values({
        companyId: globex.companyId,
        code: 'GSP',
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

/** Weeks of time logs the demo company gets, so reports and dashboards show real shapes. */
const DEMO_LOG_WEEKS = 8;

/**
 * Eight weeks of time on the company's demo tasks: each active assignee logs one to three
 * entries on weekdays, on tasks assigned to them, at their own pace (some most days up to 8 hours,
 * others fewer days and shorter ones). A small
 * deterministic generator keeps the data the same on every seed. One bulk insert.
 */
async function seedDemoTimeLogs(tx: Db, companyId: string) {
  const assigned = await tx
    .select({
      userId: taskAssignees.userId,
      taskId: tasks.id,
      projectId: tasks.projectId,
      title: tasks.title,
    })
    .from(taskAssignees)
    .innerJoin(tasks, and(eq(tasks.id, taskAssignees.taskId), eq(tasks.companyId, taskAssignees.companyId)))
    .innerJoin(users, and(eq(users.id, taskAssignees.userId), eq(users.companyId, taskAssignees.companyId)))
    .where(and(eq(taskAssignees.companyId, companyId), eq(users.status, 'active')));
  const byUser = new Map<string, typeof assigned>();
  for (const a of assigned) byUser.set(a.userId, [...(byUser.get(a.userId) ?? []), a]);

  let state = 20260101;
  const next = (n: number) => {
    state = (state * 1103515245 + 12345) % 2147483648;
    return state % n;
  };
  const notes = [
    'Implementation',
    'Review and fixes',
    'Planning with the team',
    'Research',
    'Testing',
    'Documentation',
  ];
  const rows: (typeof timeLogs.$inferInsert)[] = [];
  // Different people, different weeks: how many weekdays in ten each skips, and their longest day.
  const PACES = [
    { skip: 1, hours: 8 },
    { skip: 5, hours: 5 },
    { skip: 2, hours: 7 },
    { skip: 7, hours: 4 },
    { skip: 3, hours: 8 },
    { skip: 4, hours: 6 },
  ];
  const people = [...byUser].sort(([a, ma], [b, mb]) => mb.length - ma.length || a.localeCompare(b));
  for (const [ui, [userId, mine]] of people.entries()) {
    const pace = PACES[ui % PACES.length] ?? { skip: 2, hours: 8 };
    for (let back = DEMO_LOG_WEEKS * 7; back >= 1; back--) {
      const at = new Date();
      at.setUTCHours(0, 0, 0, 0);
      at.setUTCDate(at.getUTCDate() - back);
      const weekday = at.getUTCDay();
      if (weekday === 0 || weekday === 6 || next(10) < pace.skip) continue;
      let left = pace.hours * 60;
      for (let e = 0, n = 1 + next(3); e < n && left > 0; e++) {
        const task = mine[next(mine.length)];
        if (!task) break;
        const minutes = Math.min(left, 30 * (1 + next(8)));
        left -= minutes;
        rows.push({
          companyId,
          userId,
          projectId: task.projectId,
          taskId: task.taskId,
          loggedAt: at,
          durationMinutes: minutes,
          description: `${notes[next(notes.length)]}: ${task.title}`,
          billable: next(5) !== 0,
        });
      }
    }
  }
  for (let i = 0; i < rows.length; i += 1000) await tx.insert(timeLogs).values(rows.slice(i, i + 1000));
}
