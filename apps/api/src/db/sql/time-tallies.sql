-- Time tallies (migration 0014; ARCHITECTURE.md, Tallies): minutes per (user, day) and per
-- (project, day) in time_user_days and time_project_days, per (user, week) and (project, week) in
-- time_user_weeks and time_project_weeks, and per (company, day) in time_company_days (migration
-- 0039), kept by triggers on time_logs as
-- tallies.sql keeps the task tallies. Read by features/time-logs/time-tallies.repo.ts.
--
-- The current definition of each type, function and trigger (ARCHITECTURE.md, Database, SQL as
-- source): change a function or trigger here and restate it in a new migration (a type changes
-- with ALTER TYPE); src/db/sql.test.ts checks both.

-- An entry as counted: its minutes as it is now, minus its minutes as it was.
CREATE TYPE taskhive_time_change AS (company_id uuid, user_id uuid, project_id uuid, day date, minutes int);

-- Adds each key's minutes to one of its rows no other transaction holds, or to a new row; a row
-- that comes to zero goes (as taskhive_apply_task_changes, tallies.sql). Per (user, day), per
-- (project, day), and (migration 0039) per (user, week), per (project, week), a week being its
-- Monday, and per (company, day): a long range reads a row per week, and the company's days a row
-- per day. Called by taskhive_tally_time_logs.
CREATE OR REPLACE FUNCTION taskhive_apply_time_changes(changes taskhive_time_change[]) RETURNS void LANGUAGE plpgsql AS $$
DECLARE k record; r tid; zero boolean;
BEGIN
  FOR k IN
    SELECT d.*, x.row_id FROM (
      SELECT company_id, user_id, day, sum(minutes) AS minutes FROM unnest(changes) GROUP BY 1, 2, 3
    ) d LEFT JOIN LATERAL (
      SELECT t.ctid AS row_id FROM time_user_days t
       WHERE t.company_id = d.company_id AND t.user_id = d.user_id AND t.day = d.day
       LIMIT 1 FOR UPDATE SKIP LOCKED) x ON true
     WHERE d.minutes <> 0
  LOOP
    r := NULL;
    IF k.row_id IS NOT NULL THEN
      UPDATE time_user_days SET minutes = minutes + k.minutes WHERE ctid = k.row_id
      RETURNING ctid, minutes = 0 INTO r, zero;
    END IF;
    IF r IS NULL THEN
      INSERT INTO time_user_days (company_id, user_id, day, minutes) VALUES (k.company_id, k.user_id, k.day, k.minutes);
    ELSIF zero THEN
      DELETE FROM time_user_days WHERE ctid = r;
    END IF;
  END LOOP;

  FOR k IN
    SELECT d.*, x.row_id FROM (
      SELECT company_id, project_id, day, sum(minutes) AS minutes FROM unnest(changes) GROUP BY 1, 2, 3
    ) d LEFT JOIN LATERAL (
      SELECT t.ctid AS row_id FROM time_project_days t
       WHERE t.company_id = d.company_id AND t.day = d.day AND t.project_id = d.project_id
       LIMIT 1 FOR UPDATE SKIP LOCKED) x ON true
     WHERE d.minutes <> 0
  LOOP
    r := NULL;
    IF k.row_id IS NOT NULL THEN
      UPDATE time_project_days SET minutes = minutes + k.minutes WHERE ctid = k.row_id
      RETURNING ctid, minutes = 0 INTO r, zero;
    END IF;
    IF r IS NULL THEN
      INSERT INTO time_project_days (company_id, project_id, day, minutes)
      VALUES (k.company_id, k.project_id, k.day, k.minutes);
    ELSIF zero THEN
      DELETE FROM time_project_days WHERE ctid = r;
    END IF;
  END LOOP;

  FOR k IN
    SELECT d.*, x.row_id FROM (
      SELECT company_id, user_id, date_trunc('week', day)::date AS week, sum(minutes) AS minutes
        FROM unnest(changes) GROUP BY 1, 2, 3
    ) d LEFT JOIN LATERAL (
      SELECT t.ctid AS row_id FROM time_user_weeks t
       WHERE t.company_id = d.company_id AND t.week = d.week AND t.user_id = d.user_id
       LIMIT 1 FOR UPDATE SKIP LOCKED) x ON true
     WHERE d.minutes <> 0
  LOOP
    r := NULL;
    IF k.row_id IS NOT NULL THEN
      UPDATE time_user_weeks SET minutes = minutes + k.minutes WHERE ctid = k.row_id
      RETURNING ctid, minutes = 0 INTO r, zero;
    END IF;
    IF r IS NULL THEN
      INSERT INTO time_user_weeks (company_id, user_id, week, minutes) VALUES (k.company_id, k.user_id, k.week, k.minutes);
    ELSIF zero THEN
      DELETE FROM time_user_weeks WHERE ctid = r;
    END IF;
  END LOOP;

  FOR k IN
    SELECT d.*, x.row_id FROM (
      SELECT company_id, project_id, date_trunc('week', day)::date AS week, sum(minutes) AS minutes
        FROM unnest(changes) GROUP BY 1, 2, 3
    ) d LEFT JOIN LATERAL (
      SELECT t.ctid AS row_id FROM time_project_weeks t
       WHERE t.company_id = d.company_id AND t.week = d.week AND t.project_id = d.project_id
       LIMIT 1 FOR UPDATE SKIP LOCKED) x ON true
     WHERE d.minutes <> 0
  LOOP
    r := NULL;
    IF k.row_id IS NOT NULL THEN
      UPDATE time_project_weeks SET minutes = minutes + k.minutes WHERE ctid = k.row_id
      RETURNING ctid, minutes = 0 INTO r, zero;
    END IF;
    IF r IS NULL THEN
      INSERT INTO time_project_weeks (company_id, project_id, week, minutes)
      VALUES (k.company_id, k.project_id, k.week, k.minutes);
    ELSIF zero THEN
      DELETE FROM time_project_weeks WHERE ctid = r;
    END IF;
  END LOOP;

  FOR k IN
    SELECT d.*, x.row_id FROM (
      SELECT company_id, day, sum(minutes) AS minutes FROM unnest(changes) GROUP BY 1, 2
    ) d LEFT JOIN LATERAL (
      SELECT t.ctid AS row_id FROM time_company_days t
       WHERE t.company_id = d.company_id AND t.day = d.day
       LIMIT 1 FOR UPDATE SKIP LOCKED) x ON true
     WHERE d.minutes <> 0
  LOOP
    r := NULL;
    IF k.row_id IS NOT NULL THEN
      UPDATE time_company_days SET minutes = minutes + k.minutes WHERE ctid = k.row_id
      RETURNING ctid, minutes = 0 INTO r, zero;
    END IF;
    IF r IS NULL THEN
      INSERT INTO time_company_days (company_id, day, minutes) VALUES (k.company_id, k.day, k.minutes);
    ELSIF zero THEN
      DELETE FROM time_company_days WHERE ctid = r;
    END IF;
  END LOOP;
END $$;

-- The statement triggers on time_logs: inserted and deleted entries, and updated entries whose
-- user, project, day or minutes changed. Triggers time_logs_tally_insert, time_logs_tally_update,
-- time_logs_tally_delete.
CREATE OR REPLACE FUNCTION taskhive_tally_time_logs() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE changes taskhive_time_change[];
BEGIN
  IF TG_OP = 'INSERT' THEN
    changes := ARRAY(SELECT ROW(company_id, user_id, project_id, (logged_at AT TIME ZONE 'UTC')::date,
                                duration_minutes)::taskhive_time_change FROM new_rows);
  ELSIF TG_OP = 'DELETE' THEN
    changes := ARRAY(SELECT ROW(company_id, user_id, project_id, (logged_at AT TIME ZONE 'UTC')::date,
                                -duration_minutes)::taskhive_time_change FROM old_rows);
  ELSE
    -- Only the entries whose counted columns changed (a description or billable does not count).
    changes := ARRAY(
      SELECT unnest(ARRAY[
               ROW(o.company_id, o.user_id, o.project_id, (o.logged_at AT TIME ZONE 'UTC')::date,
                   -o.duration_minutes)::taskhive_time_change,
               ROW(n.company_id, n.user_id, n.project_id, (n.logged_at AT TIME ZONE 'UTC')::date,
                   n.duration_minutes)::taskhive_time_change])
        FROM old_rows o JOIN new_rows n ON n.id = o.id
       WHERE (o.user_id, o.project_id, o.logged_at, o.duration_minutes)
             IS DISTINCT FROM (n.user_id, n.project_id, n.logged_at, n.duration_minutes));
  END IF;
  IF cardinality(changes) > 0 THEN
    PERFORM taskhive_apply_time_changes(changes);
  END IF;
  RETURN NULL;
END $$;

-- time_logs
CREATE OR REPLACE TRIGGER time_logs_tally_insert AFTER INSERT ON time_logs REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION taskhive_tally_time_logs();
CREATE OR REPLACE TRIGGER time_logs_tally_update AFTER UPDATE ON time_logs REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION taskhive_tally_time_logs();
CREATE OR REPLACE TRIGGER time_logs_tally_delete AFTER DELETE ON time_logs REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION taskhive_tally_time_logs();
