-- Status tallies (issue 28, growth): per (company, status) the tasks and subtasks, kept by the task
-- tallies' function (src/db/sql/tallies.sql) as the other task tallies are: the dashboard's open
-- tasks read a row per status instead of the task tallies of every project.
LOCK TABLE "tasks" IN SHARE ROW EXCLUSIVE MODE;--> statement-breakpoint
CREATE TABLE "task_status_tallies" (
	"company_id" uuid NOT NULL,
	"status_id" uuid,
	"task_count" integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX "task_status_tallies_idx" ON "task_status_tallies" USING btree ("company_id","status_id");--> statement-breakpoint
ALTER TABLE task_status_tallies SET (fillfactor = 50);
--> statement-breakpoint
CREATE OR REPLACE FUNCTION taskhive_apply_task_changes(changes taskhive_task_change[]) RETURNS void LANGUAGE plpgsql AS $$
DECLARE k record; r tid; zero boolean;
BEGIN
  FOR k IN
    SELECT d.*, x.row_id FROM (
      SELECT company_id, project_id, task_list_id, status_id,
             coalesce(sum(sign) FILTER (WHERE top), 0) AS top_count,
             coalesce(sum(sign * progress) FILTER (WHERE top), 0) AS top_progress,
             coalesce(sum(sign) FILTER (WHERE NOT top), 0) AS sub_count
        FROM unnest(changes) GROUP BY 1, 2, 3, 4
    ) d LEFT JOIN LATERAL (
      SELECT t.ctid AS row_id FROM task_tallies t
       WHERE t.company_id = d.company_id AND t.project_id = d.project_id
         AND t.task_list_id = d.task_list_id AND t.status_id IS NOT DISTINCT FROM d.status_id
       LIMIT 1 FOR UPDATE SKIP LOCKED) x ON true
     WHERE d.top_count <> 0 OR d.top_progress <> 0 OR d.sub_count <> 0
  LOOP
    r := NULL;
    IF k.row_id IS NOT NULL THEN
      UPDATE task_tallies
         SET top_count = top_count + k.top_count, top_progress = top_progress + k.top_progress,
             sub_count = sub_count + k.sub_count
       WHERE ctid = k.row_id
      RETURNING ctid, top_count = 0 AND top_progress = 0 AND sub_count = 0 INTO r, zero;
    END IF;
    IF r IS NULL THEN
      INSERT INTO task_tallies (company_id, project_id, task_list_id, status_id, top_count, top_progress, sub_count)
      VALUES (k.company_id, k.project_id, k.task_list_id, k.status_id, k.top_count, k.top_progress, k.sub_count);
    ELSIF zero THEN
      DELETE FROM task_tallies WHERE ctid = r;
    END IF;
  END LOOP;

  FOR k IN
    SELECT d.*, x.row_id FROM (
      SELECT company_id, due_date, status_id, sum(sign) AS task_count
        FROM unnest(changes) WHERE due_date IS NOT NULL GROUP BY 1, 2, 3
    ) d LEFT JOIN LATERAL (
      SELECT t.ctid AS row_id FROM task_due_tallies t
       WHERE t.company_id = d.company_id AND t.due_date = d.due_date AND t.status_id IS NOT DISTINCT FROM d.status_id
       LIMIT 1 FOR UPDATE SKIP LOCKED) x ON true
     WHERE d.task_count <> 0
  LOOP
    r := NULL;
    IF k.row_id IS NOT NULL THEN
      UPDATE task_due_tallies SET task_count = task_count + k.task_count WHERE ctid = k.row_id
      RETURNING ctid, task_count = 0 INTO r, zero;
    END IF;
    IF r IS NULL THEN
      INSERT INTO task_due_tallies (company_id, due_date, status_id, task_count)
      VALUES (k.company_id, k.due_date, k.status_id, k.task_count);
    ELSIF zero THEN
      DELETE FROM task_due_tallies WHERE ctid = r;
    END IF;
  END LOOP;

  -- Per (company, status), migration 0043: the dashboard's open tasks, a row per status whatever
  -- the company's projects.
  FOR k IN
    SELECT d.*, x.row_id FROM (
      SELECT company_id, status_id, sum(sign) AS task_count FROM unnest(changes) GROUP BY 1, 2
    ) d LEFT JOIN LATERAL (
      SELECT t.ctid AS row_id FROM task_status_tallies t
       WHERE t.company_id = d.company_id AND t.status_id IS NOT DISTINCT FROM d.status_id
       LIMIT 1 FOR UPDATE SKIP LOCKED) x ON true
     WHERE d.task_count <> 0
  LOOP
    r := NULL;
    IF k.row_id IS NOT NULL THEN
      UPDATE task_status_tallies SET task_count = task_count + k.task_count WHERE ctid = k.row_id
      RETURNING ctid, task_count = 0 INTO r, zero;
    END IF;
    IF r IS NULL THEN
      INSERT INTO task_status_tallies (company_id, status_id, task_count)
      VALUES (k.company_id, k.status_id, k.task_count);
    ELSIF zero THEN
      DELETE FROM task_status_tallies WHERE ctid = r;
    END IF;
  END LOOP;
END $$;
--> statement-breakpoint
INSERT INTO task_status_tallies (company_id, status_id, task_count)
SELECT company_id, status_id, count(*) FROM tasks GROUP BY 1, 2;
