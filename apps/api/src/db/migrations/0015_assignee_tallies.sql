-- Assignee tallies (issue 12): per (assignee, status, due date) the tasks and subtasks assigned to
-- that person, kept as 0013 keeps the task tallies (a change goes to a row of the key no other
-- transaction holds, or to a new row; a row that comes to zero goes; readers sum a key's rows).
-- The dashboard's "my open tasks" reads a person's rows instead of every task assigned to them.
-- Kept by: an assignment made or ended (statement triggers on task_assignees), a task's status or
-- due date changed (the task tally trigger, replaced below), a task deleted (a row trigger before
-- the delete: its assignments go by cascade after it, when the task can no longer be read).
LOCK TABLE "tasks" IN SHARE ROW EXCLUSIVE MODE;--> statement-breakpoint
LOCK TABLE "task_assignees" IN SHARE ROW EXCLUSIVE MODE;--> statement-breakpoint
CREATE TABLE "task_assignee_tallies" (
	"company_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"status_id" uuid,
	"due_date" date,
	"task_count" integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX "task_assignee_tallies_idx" ON "task_assignee_tallies" USING btree ("company_id","user_id","status_id","due_date");
--> statement-breakpoint
ALTER TABLE task_assignee_tallies SET (fillfactor = 50);
--> statement-breakpoint
-- An assignment as counted: +1 for it as it is now, -1 for it as it was.
CREATE TYPE taskhive_assignee_change AS (company_id uuid, user_id uuid, status_id uuid, due_date date, sign int);
--> statement-breakpoint
CREATE FUNCTION taskhive_apply_assignee_changes(changes taskhive_assignee_change[]) RETURNS void LANGUAGE plpgsql AS $$
DECLARE k record; r tid; zero boolean;
BEGIN
  FOR k IN
    SELECT d.*, x.row_id FROM (
      SELECT company_id, user_id, status_id, due_date, sum(sign) AS task_count FROM unnest(changes) GROUP BY 1, 2, 3, 4
    ) d LEFT JOIN LATERAL (
      SELECT t.ctid AS row_id FROM task_assignee_tallies t
       WHERE t.company_id = d.company_id AND t.user_id = d.user_id
         AND t.status_id IS NOT DISTINCT FROM d.status_id AND t.due_date IS NOT DISTINCT FROM d.due_date
       LIMIT 1 FOR UPDATE SKIP LOCKED) x ON true
     WHERE d.task_count <> 0
  LOOP
    r := NULL;
    IF k.row_id IS NOT NULL THEN
      UPDATE task_assignee_tallies SET task_count = task_count + k.task_count WHERE ctid = k.row_id
      RETURNING ctid, task_count = 0 INTO r, zero;
    END IF;
    IF r IS NULL THEN
      INSERT INTO task_assignee_tallies (company_id, user_id, status_id, due_date, task_count)
      VALUES (k.company_id, k.user_id, k.status_id, k.due_date, k.task_count);
    ELSIF zero THEN
      DELETE FROM task_assignee_tallies WHERE ctid = r;
    END IF;
  END LOOP;
END $$;
--> statement-breakpoint
-- An assignment made or ended counts with its task's status and due date as they are when it
-- commits: the tasks are locked FOR SHARE first (in id order, as every rule-checking lock), so a concurrent change of their status or due date
-- either waits for this transaction (and then finds this assignment through task_assignees) or is
-- waited for (and the next statement, a fresh snapshot, reads the values it wrote). An assignment
-- whose task is gone (deleted by this statement's cascade) is not found: the task's delete trigger
-- took it out while the task could still be read.
CREATE FUNCTION taskhive_tally_assignees() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE changes taskhive_assignee_change[];
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM 1 FROM tasks t WHERE t.id IN (SELECT task_id FROM new_rows) ORDER BY t.id FOR SHARE;
    changes := ARRAY(
      SELECT ROW(t.company_id, a.user_id, t.status_id, t.due_date, 1)::taskhive_assignee_change
        FROM new_rows a JOIN tasks t ON t.id = a.task_id AND t.company_id = a.company_id);
  ELSE
    PERFORM 1 FROM tasks t WHERE t.id IN (SELECT task_id FROM old_rows) ORDER BY t.id FOR SHARE;
    changes := ARRAY(
      SELECT ROW(t.company_id, a.user_id, t.status_id, t.due_date, -1)::taskhive_assignee_change
        FROM old_rows a JOIN tasks t ON t.id = a.task_id AND t.company_id = a.company_id);
  END IF;
  IF cardinality(changes) > 0 THEN
    PERFORM taskhive_apply_assignee_changes(changes);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER task_assignees_tally_insert AFTER INSERT ON task_assignees REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION taskhive_tally_assignees();
--> statement-breakpoint
CREATE TRIGGER task_assignees_tally_delete AFTER DELETE ON task_assignees REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION taskhive_tally_assignees();
--> statement-breakpoint
-- A task about to be deleted takes its assignments out of the tallies (one call per task; a task
-- without assignees costs one index look-up).
CREATE FUNCTION taskhive_untally_task_assignees() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE changes taskhive_assignee_change[];
BEGIN
  changes := ARRAY(
    SELECT ROW(OLD.company_id, a.user_id, OLD.status_id, OLD.due_date, -1)::taskhive_assignee_change
      FROM task_assignees a WHERE a.company_id = OLD.company_id AND a.task_id = OLD.id);
  IF cardinality(changes) > 0 THEN
    PERFORM taskhive_apply_assignee_changes(changes);
  END IF;
  RETURN OLD;
END $$;
--> statement-breakpoint
CREATE TRIGGER tasks_assignee_untally BEFORE DELETE ON tasks
  FOR EACH ROW EXECUTE FUNCTION taskhive_untally_task_assignees();
--> statement-breakpoint
-- 0013's task tally trigger, now also moving each assignee's count when a task's status or due date
-- changes (only then: a sort key, a title or a progress does not touch task_assignees).
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
    IF cardinality(changes) > 0 THEN
      moved := ARRAY(
        SELECT unnest(ARRAY[
                 ROW(o.company_id, a.user_id, o.status_id, o.due_date, -1)::taskhive_assignee_change,
                 ROW(n.company_id, a.user_id, n.status_id, n.due_date, 1)::taskhive_assignee_change])
          FROM old_rows o JOIN new_rows n ON n.id = o.id
          JOIN task_assignees a ON a.company_id = n.company_id AND a.task_id = n.id
         WHERE (o.status_id, o.due_date) IS DISTINCT FROM (n.status_id, n.due_date));
      IF cardinality(moved) > 0 THEN
        PERFORM taskhive_apply_assignee_changes(moved);
      END IF;
    END IF;
  END IF;
  IF cardinality(changes) > 0 THEN
    PERFORM taskhive_apply_task_changes(changes);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
-- The assignments there are now.
INSERT INTO task_assignee_tallies (company_id, user_id, status_id, due_date, task_count)
SELECT t.company_id, a.user_id, t.status_id, t.due_date, count(*)
  FROM task_assignees a JOIN tasks t ON t.id = a.task_id AND t.company_id = a.company_id
 GROUP BY 1, 2, 3, 4;
