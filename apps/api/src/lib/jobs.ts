import { and, desc, eq, is, isNotNull, sql } from 'drizzle-orm';
import { PgliteSession } from 'drizzle-orm/pglite';
import type { FastifyBaseLogger } from 'fastify';
import {
  Logger,
  type LogLevel,
  parseCrontab,
  type ParsedCronItem,
  run,
  runMigrations,
  runOnce,
  type Runner,
  type TaskList,
} from 'graphile-worker';
import pg from 'pg';
import { z } from 'zod';
import { type Db, rowsOf } from '../db/client.ts';
import { jobSchedules, jobs as jobsTable } from '../db/schema/jobs.ts';
import type { Scope } from './scope.ts';

/**
 * Durable jobs (issue 22): work that leaves the process (mail) or runs on a schedule. A job is
 * enqueued in the transaction that causes it, so a rolled-back write enqueues nothing and a
 * committed one cannot lose it; a worker runs it after the commit, retries a failure with
 * exponential back-off and keeps it, dead, after its last attempt.
 *
 * On PostgreSQL this is graphile-worker (its `add_job` SQL function called on the writing
 * transaction; its runner, LISTEN-woken, and its crontab). On the embedded PGlite, which is one
 * in-process session graphile-worker cannot drive, a small table with the same rules
 * (migration 0018) is polled in-process.
 */

/** Attempts a job gets unless its enqueue says otherwise (≈ 10 hours of back-off in all). */
export const DEFAULT_MAX_ATTEMPTS = 10;

/**
 * The periodic job: dead jobs stay for the Super Admin to see and retry for 30 days, then go
 * (graphile-worker deletes a job when it succeeds; only dead ones pile up). Its schedule is
 * JOB_PRUNE_SCHEDULE, daily at 03:17 UTC by default.
 */
export const PRUNE_DEAD_JOBS = { task: 'jobs:prune-dead', afterDays: 30 } as const;

const cronPayload = z.object({ _cron: z.object({ ts: z.string() }) });

/** The period a scheduled job was enqueued for (its minute, ISO), or undefined for another job. */
export function periodOf(payload: unknown): string | undefined {
  const parsed = cronPayload.safeParse(payload);
  return parsed.success ? parsed.data._cron.ts : undefined;
}

/** What a job was enqueued with: a JSON object. Handlers parse it (zod) before use. */
export type JobPayload = Record<string, unknown>;

export type EnqueueOptions = { runAt?: Date; maxAttempts?: number };

/** Runs one job; throwing fails this attempt (retried later, dead after the last). */
export type JobHandler = (
  payload: unknown,
  job: { id: string; attempt: number; maxAttempts: number },
) => Promise<void>;

/** A job whose last attempt failed: retrying later, or dead (no attempt left). */
export type FailedJob = {
  id: string;
  task: string;
  attempts: number;
  maxAttempts: number;
  lastError: string;
  dead: boolean;
  /** When the next attempt is due (meaningless once dead). */
  runAt: Date;
  /** When the last attempt failed: run_at less its back-off (graphile-worker keeps no such column). */
  failedAt: Date;
  createdAt: Date;
};

export type JobStats = { queued: number; retrying: number; dead: number };

export type JobsConfig = {
  /** Jobs this process runs at once; 0: this process runs none (and no scheduler). */
  concurrency: number;
  /** The worker and scheduler start this long after the app is ready. */
  startDelayMs: number;
  /** How often an idle worker looks for due jobs (graphile-worker is woken by NOTIFY as well). */
  pollMs: number;
  /** When the prune of dead jobs runs: a crontab pattern, UTC. */
  pruneSchedule: string;
};

export type Jobs = {
  readonly kind: 'graphile-worker' | 'embedded';
  /** Names the handler of a task. Every task a job may name is registered before `start`. */
  handle(task: string, handler: JobHandler): void;
  /** Enqueues `task` on the crontab `pattern` (UTC), once per period across every process. */
  schedule(task: string, pattern: string): void;
  /** Prepares the database's side (graphile-worker's schema), before any request enqueues. */
  prepare(): Promise<void>;
  /** Starts the worker and the scheduler after `startDelayMs` (nothing when concurrency is 0). */
  start(): void;
  /** Stops taking jobs and waits for those running. */
  stop(): Promise<void>;
  /** Runs every job due now in this process until none is left (tests, before reading mail). */
  drain(): Promise<void>;
  /** Jobs whose last attempt failed, most recently failed first. */
  failed(limit: number): Promise<FailedJob[]>;
  /** How many jobs wait (never failed), are retrying (failed, attempts left) or are dead (metrics). */
  stats(): Promise<JobStats>;
  /** Gives a failed or dead job a fresh set of attempts, due now. False: no such failed job. */
  retry(id: string): Promise<boolean>;
  /** Deletes dead jobs whose last attempt failed more than `days` days ago; answers how many. */
  prune(days: number): Promise<number>;
};

function handleOf(handle: Db | Scope): Db {
  return 'actor' in handle ? handle.db : handle;
}

/** True when the handle (or the transaction it is) runs on the embedded PGlite. */
function embedded(db: Db): boolean {
  return is(db._.session, PgliteSession);
}

/**
 * Enqueues one job per payload, with one statement, on `handle`: inside
 * `scope.transaction(async (tx) => enqueue(tx, ...))` the jobs exist only if the transaction commits.
 */
export async function enqueue(
  handle: Db | Scope,
  task: string,
  payloads: JobPayload | readonly JobPayload[],
  opts: EnqueueOptions = {},
): Promise<void> {
  const list = Array.isArray(payloads) ? payloads : [payloads];
  if (list.length === 0) return;
  const db = handleOf(handle);
  const maxAttempts = opts.maxAttempts ?? DEFAULT_MAX_ATTEMPTS;
  if (embedded(db)) {
    await db
      .insert(jobsTable)
      .values(
        list.map((payload) => ({ task, payload, maxAttempts, ...(opts.runAt ? { runAt: opts.runAt } : {}) })),
      );
    return;
  }
  const runAt = opts.runAt?.toISOString() ?? null;
  // graphile_worker.add_job through taskhive_add_jobs (db/sql/jobs.sql): it runs as the owner, so a
  // tenant request under row-level security (taskhive_app) enqueues in its own transaction too.
  await db.execute(sql`
    select taskhive_add_jobs(${task}, ${JSON.stringify(list)}::json, ${runAt}::timestamptz,
      ${maxAttempts}::int)`);
}

/** The pool under a node-postgres Drizzle handle, or undefined on PGlite. */
function poolOf(db: Db): pg.Pool | undefined {
  const client = (db as unknown as { $client?: unknown }).$client;
  return client instanceof pg.Pool ? client : undefined;
}

export function createJobs(deps: { db: Db; config: JobsConfig; log: FastifyBaseLogger }): Jobs {
  const pool = poolOf(deps.db);
  return pool ? graphileJobs(pool, deps) : embeddedJobs(deps);
}

/** Timers of a delayed start, cleared by stop. */
function delayed(ms: number, fn: () => void): { cancel(): void } {
  const timer = setTimeout(fn, ms);
  return { cancel: () => clearTimeout(timer) };
}

function graphileLogger(log: FastifyBaseLogger): Logger {
  const levels: Record<LogLevel, 'error' | 'warn' | 'info' | 'debug'> = {
    error: 'error',
    warning: 'warn',
    info: 'info',
    debug: 'debug',
  };
  return new Logger(
    (scope) => (level, message, meta) => log[levels[level]]({ worker: scope, ...meta }, message),
  );
}

function graphileJobs(pool: pg.Pool, deps: { config: JobsConfig; log: FastifyBaseLogger }): Jobs {
  const { config, log } = deps;
  const taskList: TaskList = {};
  const crontab: string[] = [];
  const logger = graphileLogger(log);
  let starting: Promise<Runner | undefined> | undefined;
  let pending: { cancel(): void } | undefined;
  const shared = { pgPool: pool, logger, noHandleSignals: true } as const;

  return {
    kind: 'graphile-worker',
    handle(task, handler) {
      taskList[task] = (payload, helpers) =>
        handler(payload, {
          id: helpers.job.id,
          attempt: helpers.job.attempts,
          maxAttempts: helpers.job.max_attempts,
        });
    },
    schedule(task, pattern) {
      crontab.push(`${pattern} ${task}`);
    },
    async prepare() {
      await runMigrations(shared);
    },
    start() {
      if (config.concurrency === 0) return;
      pending = delayed(config.startDelayMs, () => {
        pending = undefined;
        starting = run({
          ...shared,
          taskList,
          concurrency: config.concurrency,
          pollInterval: config.pollMs,
          parsedCronItems: parseCrontab(crontab.join('\n')),
        }).catch((err: unknown) => {
          log.error({ err }, 'job worker failed to start');
          return undefined;
        });
      });
    },
    async stop() {
      pending?.cancel();
      // A worker still starting is stopped once it has (before the pool can close under it).
      await (await starting)?.stop();
    },
    async drain() {
      await runOnce({ ...shared, taskList });
      // graphile-worker does not await a job's completion (or failure) before runOnce resolves:
      // the job stays locked until that statement lands. Wait for it, so a drained queue reads as
      // drained (CI on PostgreSQL read a sent mail's job as still queued).
      for (let i = 0; i < 200; i++) {
        const { rows } = await pool.query<{ n: number }>(
          'select count(*)::int as n from graphile_worker.jobs where locked_at is not null',
        );
        if ((rows[0]?.n ?? 0) === 0) return;
        await new Promise((r) => setTimeout(r, 10));
      }
    },
    async failed(limit) {
      const rows = rowsOf<{
        id: string;
        task: string;
        attempts: number;
        max_attempts: number;
        last_error: string;
        run_at: Date | string;
        failed_at: Date | string;
        created_at: Date | string;
      }>(
        await pool.query(
          `select id::text, task_identifier as task, attempts, max_attempts, last_error, run_at, created_at,
                  run_at - exp(least(attempts, 10)) * interval '1 second' as failed_at
             from graphile_worker.jobs where last_error is not null order by failed_at desc, id desc limit $1`,
          [limit],
        ),
      );
      return rows.map((r) => ({
        id: r.id,
        task: r.task,
        attempts: r.attempts,
        maxAttempts: r.max_attempts,
        lastError: r.last_error,
        dead: r.attempts >= r.max_attempts,
        runAt: new Date(r.run_at),
        failedAt: new Date(r.failed_at),
        createdAt: new Date(r.created_at),
      }));
    },
    async stats() {
      const [row] = rowsOf<JobStats>(
        await pool.query(
          `select count(*) filter (where last_error is null)::int as queued,
                  count(*) filter (where last_error is not null and attempts < max_attempts)::int as retrying,
                  count(*) filter (where attempts >= max_attempts)::int as dead
             from graphile_worker.jobs`,
        ),
      );
      return row ?? { queued: 0, retrying: 0, dead: 0 };
    },
    async retry(id) {
      if (!/^\d{1,18}$/.test(id)) return false;
      const failed = await pool.query(
        'select 1 from graphile_worker.jobs where id = $1 and last_error is not null and locked_at is null',
        [id],
      );
      if (failed.rowCount === 0) return false;
      const { rowCount } = await pool.query(
        'select * from graphile_worker.reschedule_jobs(array[$1::bigint], run_at => now(), attempts => 0)',
        [id],
      );
      return (rowCount ?? 0) > 0;
    },
    async prune(days) {
      // complete_jobs is graphile-worker's way to delete jobs (a completed job is deleted).
      const { rowCount } = await pool.query(
        `select id from graphile_worker.complete_jobs(array(
           select id from graphile_worker.jobs
            where attempts >= max_attempts and locked_at is null
              and run_at - exp(least(attempts, 10)) * interval '1 second' < now() - make_interval(days => $1)))`,
        [days],
      );
      return rowCount ?? 0;
    },
  };
}

/** graphile-worker's back-off, in seconds, after the `attempts`-th failure. */
const BACKOFF = sql`exp(least(${jobsTable.attempts}, 10)) * interval '1 second'`;

/** Minute boundaries, UTC, as graphile-worker's cron digests them. */
function digest(ts: Date) {
  return {
    min: ts.getUTCMinutes(),
    hour: ts.getUTCHours(),
    date: ts.getUTCDate(),
    month: ts.getUTCMonth() + 1,
    dow: ts.getUTCDay(),
  };
}

/**
 * The embedded queue: the `jobs` table polled in-process (PGlite is one process: the data
 * directory's lock file sees to it, so jobs locked at start-up belong to a process that died).
 */
function embeddedJobs(deps: { db: Db; config: JobsConfig; log: FastifyBaseLogger }): Jobs {
  const { db, config, log } = deps;
  const handlers = new Map<string, JobHandler>();
  const cron: { task: string; item: ParsedCronItem }[] = [];
  const running = new Set<Promise<void>>();
  let pending: { cancel(): void } | undefined;
  let pollTimer: NodeJS.Timeout | undefined;
  let cronTimer: NodeJS.Timeout | undefined;
  let stopped = false;

  /** Takes the next due job: counts the attempt and locks it. */
  async function claim() {
    const [row] = await db
      .update(jobsTable)
      .set({ attempts: sql`${jobsTable.attempts} + 1`, lockedAt: sql`now()`, updatedAt: sql`now()` })
      .where(
        eq(
          jobsTable.id,
          sql`(select seq from ${jobsTable} where locked_at is null and attempts < max_attempts and run_at <= now()
                order by run_at, seq limit 1 for update skip locked)`,
        ),
      )
      .returning();
    return row;
  }

  async function execute(row: typeof jobsTable.$inferSelect): Promise<void> {
    const handler = handlers.get(row.task);
    try {
      if (!handler) throw new Error(`No handler for task "${row.task}"`);
      await handler(row.payload, { id: String(row.id), attempt: row.attempts, maxAttempts: row.maxAttempts });
      await db.delete(jobsTable).where(eq(jobsTable.id, row.id));
    } catch (err) {
      const message = err instanceof Error ? err.message : String(err);
      const dead = row.attempts >= row.maxAttempts;
      log[dead ? 'error' : 'warn'](
        { err, jobId: row.id, task: row.task, attempt: row.attempts, maxAttempts: row.maxAttempts },
        dead ? `job ${row.task} failed its last attempt: dead` : `job ${row.task} failed; retrying later`,
      );
      await db
        .update(jobsTable)
        .set({
          lastError: message.slice(0, 2000),
          lockedAt: null,
          runAt: sql`greatest(now(), ${jobsTable.runAt}) + ${BACKOFF}`,
          updatedAt: sql`now()`,
        })
        .where(eq(jobsTable.id, row.id));
    }
  }

  /** Runs due jobs, up to `concurrency` at once, until none is due. */
  async function work(concurrency: number): Promise<void> {
    const lane = async () => {
      for (let row = await claim(); row; row = stopped ? undefined : await claim()) await execute(row);
    };
    await Promise.all(Array.from({ length: concurrency }, lane));
  }

  function track(p: Promise<void>): Promise<void> {
    const t = p
      .catch((err: unknown) => log.error({ err }, 'job worker failed'))
      .finally(() => running.delete(t));
    running.add(t);
    return t;
  }

  function poll() {
    if (stopped) return;
    void track(work(config.concurrency)).then(() => {
      if (!stopped) pollTimer = setTimeout(poll, config.pollMs);
    });
  }

  /** At each minute, enqueues the periodic tasks due then: one update per period takes the run. */
  async function tick(at: Date) {
    for (const { task, item } of cron) {
      if (!item.match(digest(at))) continue;
      await db.transaction(async (tx) => {
        const taken = await tx
          .insert(jobSchedules)
          .values({ task, lastRunAt: at })
          .onConflictDoUpdate({
            target: jobSchedules.task,
            set: { lastRunAt: at },
            setWhere: sql`${jobSchedules.lastRunAt} < ${at.toISOString()}::timestamptz`,
          })
          .returning();
        if (taken.length) await enqueue(tx, task, { _cron: { ts: at.toISOString() } });
      });
    }
  }

  function scheduleNextMinute() {
    if (stopped || cron.length === 0) return;
    const now = Date.now();
    const next = new Date(now - (now % 60_000) + 60_000);
    cronTimer = setTimeout(() => {
      void track(tick(next)).then(scheduleNextMinute);
    }, next.getTime() - now);
  }

  return {
    kind: 'embedded',
    handle(task, handler) {
      handlers.set(task, handler);
    },
    schedule(task, pattern) {
      const [item] = parseCrontab(`${pattern} ${task}`);
      if (item) cron.push({ task, item });
    },
    async prepare() {},
    start() {
      if (config.concurrency === 0) return;
      pending = delayed(config.startDelayMs, () => {
        pending = undefined;
        void track(
          (async () => {
            // Locked by a process that died (only one process opens the directory).
            await db.update(jobsTable).set({ lockedAt: null }).where(isNotNull(jobsTable.lockedAt));
          })(),
        ).then(() => {
          poll();
          scheduleNextMinute();
        });
      });
    },
    async stop() {
      stopped = true;
      pending?.cancel();
      clearTimeout(pollTimer);
      clearTimeout(cronTimer);
      await Promise.allSettled([...running]);
    },
    async drain() {
      await work(1);
      await Promise.allSettled([...running]);
      await work(1);
    },
    async failed(limit) {
      const rows = await db
        .select()
        .from(jobsTable)
        .where(isNotNull(jobsTable.lastError))
        .orderBy(desc(jobsTable.updatedAt), desc(jobsTable.id))
        .limit(limit);
      return rows.map((r) => ({
        id: String(r.id),
        task: r.task,
        attempts: r.attempts,
        maxAttempts: r.maxAttempts,
        lastError: r.lastError ?? '',
        dead: r.attempts >= r.maxAttempts,
        runAt: r.runAt,
        failedAt: r.updatedAt,
        createdAt: r.createdAt,
      }));
    },
    async stats() {
      const [row] = await db
        .select({
          queued: sql<number>`count(*) filter (where ${jobsTable.lastError} is null)::int`,
          retrying: sql<number>`count(*) filter (where ${jobsTable.lastError} is not null and ${jobsTable.attempts} < ${jobsTable.maxAttempts})::int`,
          dead: sql<number>`count(*) filter (where ${jobsTable.attempts} >= ${jobsTable.maxAttempts})::int`,
        })
        .from(jobsTable);
      return row ?? { queued: 0, retrying: 0, dead: 0 };
    },
    async retry(id) {
      if (!/^\d{1,18}$/.test(id)) return false;
      const rows = await db
        .update(jobsTable)
        .set({ attempts: 0, runAt: sql`now()`, updatedAt: sql`now()` })
        .where(
          and(
            eq(jobsTable.id, Number(id)),
            isNotNull(jobsTable.lastError),
            sql`${jobsTable.lockedAt} is null`,
          ),
        )
        .returning({ id: jobsTable.id });
      return rows.length > 0;
    },
    async prune(days) {
      const rows = await db
        .delete(jobsTable)
        .where(
          and(
            sql`${jobsTable.attempts} >= ${jobsTable.maxAttempts}`,
            sql`${jobsTable.lockedAt} is null`,
            sql`${jobsTable.updatedAt} < now() - make_interval(days => ${days})`,
          ),
        )
        .returning({ id: jobsTable.id });
      return rows.length;
    },
  };
}
