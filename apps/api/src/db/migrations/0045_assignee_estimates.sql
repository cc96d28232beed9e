-- Estimated minutes in the assignee tallies (issue 28: the workload's planned minutes read a row
-- per person, status and due date instead of every due task and its assignees): the change type
-- and the table get the minutes, the tally functions carry them (src/db/sql/assignee-tallies.sql,
-- src/db/sql/tallies.sql), and the tallies are counted again from the assignments.
LOCK TABLE "tasks" IN SHARE ROW EXCLUSIVE MODE;--> statement-breakpoint
LOCK TABLE "task_assignees" IN SHARE ROW EXCLUSIVE MODE;
--> statement-breakpoint
ALTER TYPE taskhive_assignee_change ADD ATTRIBUTE minutes numeric;
--> statement-breakpoint
ALTER TABLE "task_assignee_tallies" ADD COLUMN "estimated_minutes" numeric DEFAULT 0 NOT NULL;
--> statement-breakpoint
CREATE INDEX "task_assignee_tallies_due_idx" ON "task_assignee_tallies" USING btree ("company_id","due_date");
--> statement-breakpoint
CREATE OR REPLACE FUNCTION taskhive_apply_assignee_changes(changes taskhive_assignee_change[]) RETURNS void LANGUAGE plpgsql AS $$
DECLARE k record; r tid; zero boolean;
BEGIN
  FOR k IN
    SELECT d.*, x.row_id FROM (
      SELECT company_id, user_id, status_id, due_date, sum(sign) AS task_count,
             coalesce(sum(minutes), 0) AS minutes
        FROM unnest(changes) GROUP BY 1, 2, 3, 4
    ) d LEFT JOIN LATERAL (
      SELECT t.ctid AS row_id FROM task_assignee_tallies t
       WHERE t.company_id = d.company_id AND t.user_id = d.user_id
         AND t.status_id IS NOT DISTINCT FROM d.status_id AND t.due_date IS NOT DISTINCT FROM d.due_date
       LIMIT 1 FOR UPDATE SKIP LOCKED) x ON true
     WHERE d.task_count <> 0 OR d.minutes <> 0
  LOOP
    r := NULL;
    IF k.row_id IS NOT NULL THEN
      UPDATE task_assignee_tallies
         SET task_count = task_count + k.task_count, estimated_minutes = estimated_minutes + k.minutes
       WHERE ctid = k.row_id
      RETURNING ctid, task_count = 0 AND estimated_minutes = 0 INTO r, zero;
    END IF;
    IF r IS NULL THEN
      INSERT INTO task_assignee_tallies (company_id, user_id, status_id, due_date, task_count, estimated_minutes)
      VALUES (k.company_id, k.user_id, k.status_id, k.due_date, k.task_count, k.minutes);
    ELSIF zero THEN
      DELETE FROM task_assignee_tallies WHERE ctid = r;
    END IF;
  END LOOP;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION taskhive_tally_assignees() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE changes taskhive_assignee_change[];
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM 1 FROM tasks t WHERE t.id IN (SELECT task_id FROM new_rows) ORDER BY t.id FOR SHARE;
    changes := ARRAY(
      SELECT ROW(t.company_id, a.user_id, t.status_id, t.due_date, 1, t.estimated_hours * 60)::taskhive_assignee_change
        FROM new_rows a JOIN tasks t ON t.id = a.task_id AND t.company_id = a.company_id);
  ELSE
    PERFORM 1 FROM tasks t WHERE t.id IN (SELECT task_id FROM old_rows) ORDER BY t.id FOR SHARE;
    changes := ARRAY(
      SELECT ROW(t.company_id, a.user_id, t.status_id, t.due_date, -1, -(t.estimated_hours * 60))::taskhive_assignee_change
        FROM old_rows a JOIN tasks t ON t.id = a.task_id AND t.company_id = a.company_id);
  END IF;
  IF cardinality(changes) > 0 THEN
    PERFORM taskhive_apply_assignee_changes(changes);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION taskhive_untally_task_assignees() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE changes taskhive_assignee_change[];
BEGIN
  changes := ARRAY(
    SELECT ROW(OLD.company_id, a.user_id, OLD.status_id, OLD.due_date, -1,
               -(OLD.estimated_hours * 60))::taskhive_assignee_change
      FROM task_assignees a WHERE a.company_id = OLD.company_id AND a.task_id = OLD.id);
  IF cardinality(changes) > 0 THEN
    PERFORM taskhive_apply_assignee_changes(changes);
  END IF;
  RETURN OLD;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION taskhive_tally_tasks() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE changes taskhive_task_change[]; moved taskhive_assignee_change[];
BEGIN
  IF TG_OP = 'INSERT' THEN
    changes := ARRAY(SELECT ROW(company_id, project_id, task_list_id, status_id, parent_task_id IS NULL,
                                progress, due_date, 1)::taskhive_task_change FROM new_rows);
  ELSIF TG_OP = 'DELETE' THEN
    changes := ARRAY(SELECT ROW(company_id, project_id, task_list_id, status_id, parent_task_id IS NULL,
                                progress, due_date, -1)::taskhive_task_change FROM old_rows);
  ELSE
    -- Only the tasks whose counted columns changed (a title, a sort key or a start date does not count).
    changes := ARRAY(
      SELECT unnest(ARRAY[
               ROW(o.company_id, o.project_id, o.task_list_id, o.status_id, o.parent_task_id IS NULL,
                   o.progress, o.due_date, -1)::taskhive_task_change,
               ROW(n.company_id, n.project_id, n.task_list_id, n.status_id, n.parent_task_id IS NULL,
                   n.progress, n.due_date, 1)::taskhive_task_change])
        FROM old_rows o JOIN new_rows n ON n.id = o.id
       WHERE (o.project_id, o.task_list_id, o.status_id, o.parent_task_id IS NULL, o.progress, o.due_date)
             IS DISTINCT FROM (n.project_id, n.task_list_id, n.status_id, n.parent_task_id IS NULL, n.progress, n.due_date));
    -- An estimate alone changes no task tally, only the assignees' minutes.
    moved := ARRAY(
      SELECT unnest(ARRAY[
               ROW(o.company_id, a.user_id, o.status_id, o.due_date, -1,
                   -(o.estimated_hours * 60))::taskhive_assignee_change,
               ROW(n.company_id, a.user_id, n.status_id, n.due_date, 1,
                   n.estimated_hours * 60)::taskhive_assignee_change])
        FROM old_rows o JOIN new_rows n ON n.id = o.id
        JOIN task_assignees a ON a.company_id = n.company_id AND a.task_id = n.id
       WHERE (o.status_id, o.due_date, o.estimated_hours) IS DISTINCT FROM (n.status_id, n.due_date, n.estimated_hours));
    IF cardinality(moved) > 0 THEN
      PERFORM taskhive_apply_assignee_changes(moved);
    END IF;
  END IF;
  IF cardinality(changes) > 0 THEN
    PERFORM taskhive_apply_task_changes(changes);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
DELETE FROM task_assignee_tallies;
--> statement-breakpoint
INSERT INTO task_assignee_tallies (company_id, user_id, status_id, due_date, task_count, estimated_minutes)
SELECT t.company_id, a.user_id, t.status_id, t.due_date, count(*), coalesce(sum(t.estimated_hours * 60), 0)
  FROM task_assignees a JOIN tasks t ON t.id = a.task_id AND t.company_id = a.company_id
 GROUP BY 1, 2, 3, 4;
