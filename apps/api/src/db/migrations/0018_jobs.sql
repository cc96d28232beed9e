-- The embedded database's job queue (lib/jobs.ts; issue 22). On PostgreSQL graphile-worker keeps
-- its own tables in the graphile_worker schema and these two stay empty. A job is enqueued in the
-- transaction that causes it; a worker takes a due one (FOR UPDATE SKIP LOCKED), counts the
-- attempt and locks it, deletes it when done, or records the error and backs off
-- (exp(least(attempts, 10)) seconds, graphile-worker's rule). attempts = max_attempts: dead.
-- `seq` is the job's id, a sequence (the queue's order; entity ids elsewhere are uuids).
CREATE TABLE "jobs" (
	"seq" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY,
	"task" text NOT NULL,
	"payload" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"run_at" timestamp with time zone DEFAULT now() NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"max_attempts" integer DEFAULT 10 NOT NULL,
	"last_error" text,
	"locked_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "jobs_attempts_ck" CHECK ("attempts" >= 0 AND "max_attempts" >= 1)
);
--> statement-breakpoint
CREATE INDEX "jobs_due_idx" ON "jobs" USING btree ("run_at","seq") WHERE "locked_at" IS NULL AND "attempts" < "max_attempts";
--> statement-breakpoint
CREATE INDEX "jobs_failed_idx" ON "jobs" USING btree ("updated_at") WHERE "last_error" IS NOT NULL;
--> statement-breakpoint
-- The scheduler's last run per periodic task: a period's run is taken by the one update that moves
-- last_run_at forward (graphile-worker's known_crontabs on PostgreSQL).
CREATE TABLE "job_schedules" (
	"task" text PRIMARY KEY NOT NULL,
	"last_run_at" timestamp with time zone NOT NULL
);
