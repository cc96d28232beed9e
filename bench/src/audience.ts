/**
 * Issue 28's audience for the live-updates bench (streams.ts): the large tenant's users split by
 * whether they may read one project's tasks (a member of it, or a holder of `project:read:all` or
 * `task:read:all`: projectsPolicy.canReadTask, what the stream's rights filter asks), each with a
 * session made the way sign-in makes one (a sessions row through the app's repository and an
 * access token signed with the app's secret), so a thousand streams need no argon2 sign-in.
 */
import { sql } from 'drizzle-orm';
import type { Db } from '../../apps/api/src/db/client.ts';
import { sessionsRepo } from '../../apps/api/src/features/auth/sessions.repo.ts';
import { READS_ALL_PROJECTS, READS_ALL_TASKS } from '../../apps/api/src/features/projects/projects.policy.ts';
import { accessRepo } from '../../apps/api/src/lib/access.ts';
import { systemScope } from '../../apps/api/src/lib/scope.ts';
import { signAccessToken } from '../../apps/api/src/lib/tokens.ts';

export type StreamUser = { userId: string; token: string };

export type StreamAudience = {
  projectId: string;
  /** Top-level tasks of the project: the writes' subjects. */
  taskIds: string[];
  /** Users who may read the project's tasks, each with a session of their own. */
  readers: StreamUser[];
  /** Users who may not. */
  others: StreamUser[];
  /** Employees added with no project (when the data had too few non-readers: the smoke data). */
  addedOutsiders: number;
};

/**
 * Employees added when fewer users than this may not read the project (the smoke data's users are
 * nearly all members of every project: about 900 streams on one or two users would say little).
 */
const OUTSIDERS = 20;
/** A minted session's life: well past a run. */
const SESSION_MS = 8 * 3600_000;

const rows = async <T>(db: Db, query: ReturnType<typeof sql>): Promise<T[]> =>
  ((await db.execute(query)) as unknown as { rows: T[] }).rows;

type Person = { id: string; role: string };

async function split(db: Db, companyId: string, projectId: string) {
  const people = await rows<Person>(
    db,
    sql`select u.id, coalesce(r.name, '') as role from users u left join roles r on r.id = u.role_id
         where u.company_id = ${companyId} and u.status = 'active' order by u.id`,
  );
  const members = new Set(
    (
      await rows<{ user_id: string }>(
        db,
        sql`select user_id from project_members where company_id = ${companyId} and project_id = ${projectId}`,
      )
    ).map((m) => m.user_id),
  );
  const readAll = await accessRepo(db).effectivePermissionsOf(
    companyId,
    people.map((p) => p.id),
    [READS_ALL_PROJECTS, READS_ALL_TASKS],
  );
  const reads = (p: Person) => members.has(p.id) || (readAll.get(p.id)?.size ?? 0) > 0;
  return { readers: people.filter(reads), others: people.filter((p) => !reads(p)) };
}

/**
 * Up to `want.readers` readers and `want.others` non-readers of `projectId` (each user once), with
 * sessions. When the tenant has fewer than OUTSIDERS non-readers, adds OUTSIDERS employees (the
 * Employee role, an employee's department) who belong to no project.
 */
export async function streamAudience(
  db: Db,
  jwtSecret: Uint8Array,
  companyId: string,
  projectId: string,
  want: { readers: number; others: number },
): Promise<StreamAudience> {
  let people = await split(db, companyId, projectId);
  let addedOutsiders = 0;
  if (people.others.length < OUTSIDERS) {
    const [model] = await rows<{ role_id: string; department_id: string | null }>(
      db,
      sql`select u.role_id, u.department_id from users u join roles r on r.id = u.role_id
           where u.company_id = ${companyId} and r.name = 'Employee' limit 1`,
    );
    if (!model) throw new Error('the large tenant has no employee to model outsiders on');
    await db.execute(sql`
      insert into users (company_id, email, first_name, last_name, role_id, department_id, status)
      select ${companyId}, 'outsider' || g || '@streams.bench', 'Outsider', 'No. ' || g, ${model.role_id},
             ${model.department_id}, 'active'
        from generate_series(1, ${OUTSIDERS}) g`);
    addedOutsiders = OUTSIDERS;
    people = await split(db, companyId, projectId);
  }
  const scope = systemScope(db, companyId);
  const expiresAt = new Date(Date.now() + SESSION_MS);
  const mint = async (p: Person): Promise<StreamUser> => {
    const sessionId = await sessionsRepo.create(scope, {
      userId: p.id,
      expiresAt,
      userAgent: 'bench/streams',
    });
    const token = await signAccessToken(jwtSecret, { userId: p.id, companyId, role: p.role, sessionId });
    return { userId: p.id, token };
  };
  const readers: StreamUser[] = [];
  for (const p of people.readers.slice(0, want.readers)) readers.push(await mint(p));
  const others: StreamUser[] = [];
  for (const p of people.others.slice(0, want.others)) others.push(await mint(p));
  const tasks = await rows<{ id: string }>(
    db,
    sql`select id from tasks where company_id = ${companyId} and project_id = ${projectId}
         and parent_task_id is null order by id limit 50`,
  );
  return { projectId, taskIds: tasks.map((t) => t.id), readers, others, addedOutsiders };
}
