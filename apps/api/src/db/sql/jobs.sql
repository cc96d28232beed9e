-- Jobs (lib/jobs.ts; migration 0031).
--
-- The current definition of each function and trigger (ARCHITECTURE.md, Database, SQL as source):
-- change it here and restate it in a new migration; src/db/sql.test.ts checks both.

-- Enqueues one job per payload on graphile-worker (PostgreSQL), in the caller's transaction.
-- SECURITY DEFINER: a tenant request works as taskhive_app (row-level security, migration 0031),
-- and graphile-worker's private tables refuse any role but their owner (row-level security without
-- a policy); this runs add_job as the owner, in the same transaction, so a job still exists only
-- if the request commits. plpgsql: its body is checked when first run, so the function can be
-- created before graphile-worker installs its schema (at the app's start, after the migrations).
CREATE OR REPLACE FUNCTION taskhive_add_jobs(p_task text, p_payloads json, p_run_at timestamptz, p_max_attempts int)
RETURNS void LANGUAGE plpgsql SECURITY DEFINER AS $$
BEGIN
  PERFORM graphile_worker.add_job(identifier => p_task, payload => p.value, run_at => p_run_at,
    max_attempts => p_max_attempts)
    FROM json_array_elements(p_payloads) AS p;
END;
$$;
