-- Weekly time tallies (issue 28, growth): minutes per (user, week) and per (project, week), a
-- week being its Monday, and per (company, day), kept by the time tallies' trigger function
-- (src/db/sql/time-tallies.sql) as the day tallies are. A long report range reads a row per
-- person and week for its whole weeks (a seventh of the day rows) and the company's days a row
-- per day; the dashboard's two weeks read a row per person and week.
LOCK TABLE "time_logs" IN SHARE ROW EXCLUSIVE MODE;--> statement-breakpoint
CREATE TABLE "time_user_weeks" (
	"company_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"week" date NOT NULL,
	"minutes" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "time_project_weeks" (
	"company_id" uuid NOT NULL,
	"project_id" uuid NOT NULL,
	"week" date NOT NULL,
	"minutes" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "time_company_days" (
	"company_id" uuid NOT NULL,
	"day" date NOT NULL,
	"minutes" bigint NOT NULL
);
--> statement-breakpoint
CREATE INDEX "time_user_weeks_week_idx" ON "time_user_weeks" USING btree ("company_id","week","user_id");--> statement-breakpoint
CREATE INDEX "time_project_weeks_week_idx" ON "time_project_weeks" USING btree ("company_id","week","project_id");--> statement-breakpoint
CREATE INDEX "time_company_days_day_idx" ON "time_company_days" USING btree ("company_id","day");--> statement-breakpoint
ALTER TABLE time_user_weeks SET (fillfactor = 50);
--> statement-breakpoint
ALTER TABLE time_project_weeks SET (fillfactor = 50);
--> statement-breakpoint
ALTER TABLE time_company_days SET (fillfactor = 50);
--> statement-breakpoint
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

--> statement-breakpoint
-- The entries there are now.
INSERT INTO time_user_weeks (company_id, user_id, week, minutes)
SELECT company_id, user_id, date_trunc('week', day)::date, sum(minutes) FROM time_user_days GROUP BY 1, 2, 3 HAVING sum(minutes) <> 0;
--> statement-breakpoint
INSERT INTO time_project_weeks (company_id, project_id, week, minutes)
SELECT company_id, project_id, date_trunc('week', day)::date, sum(minutes) FROM time_project_days GROUP BY 1, 2, 3 HAVING sum(minutes) <> 0;
--> statement-breakpoint
INSERT INTO time_company_days (company_id, day, minutes)
SELECT company_id, day, sum(minutes) FROM time_project_days GROUP BY 1, 2 HAVING sum(minutes) <> 0;
