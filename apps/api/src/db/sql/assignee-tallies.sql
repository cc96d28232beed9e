-- Assignee tallies (migration 0015; ARCHITECTURE.md, Tallies): per (assignee, status, due date)
-- the tasks and subtasks assigned to that person and their estimated minutes (each task's whole
-- estimate for each of its assignees, migration 0045: the workload's planned minutes), in
-- task_assignee_tallies. Kept by an assignment made or ended (statement triggers on
-- task_assignees, here), a task's status, due date or estimate changed (taskhive_tally_tasks,
-- tallies.sql), a task deleted (a row trigger before the delete, here: its
-- assignments go by cascade after it, when the task can no longer be read). Read by
-- features/tasks/tallies.repo.ts.
--
-- The current definition of each type, function and trigger (ARCHITECTURE.md, Database, SQL as
-- source): change a function or trigger here and restate it in a new migration (a type changes
-- with ALTER TYPE); src/db/sql.test.ts checks both.

-- An assignment as counted: +1 for it as it is now, -1 for it as it was; minutes its task's
-- estimate in minutes, signed the same (null: no estimate).
CREATE TYPE taskhive_assignee_change AS (company_id uuid, user_id uuid, status_id uuid, due_date date, sign int, minutes numeric);

-- Adds each key's change to one of its rows no other transaction holds, or to a new row; a row
-- that comes to zero goes (as taskhive_apply_task_changes, tallies.sql). Called by
-- taskhive_tally_assignees, taskhive_untally_task_assignees and taskhive_tally_tasks.
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

-- An assignment made or ended counts with its task's status and due date as they are when it
-- commits: the tasks are locked FOR SHARE first (in id order, as every rule-checking lock), so a
-- concurrent change of their status or due date either waits for this transaction (and then
-- finds this assignment through task_assignees) or is waited for (and the next statement, a
-- fresh snapshot, reads the values it wrote). An assignment whose task is gone (deleted by this
-- statement's cascade) is not found: the task's delete trigger took it out while the task could
-- still be read. Triggers task_assignees_tally_insert, task_assignees_tally_delete.
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

-- A task about to be deleted takes its assignments out of the tallies (one call per task; a task
-- without assignees costs one index look-up). Trigger tasks_assignee_untally.
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

-- task_assignees
CREATE OR REPLACE TRIGGER task_assignees_tally_insert AFTER INSERT ON task_assignees REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION taskhive_tally_assignees();
CREATE OR REPLACE TRIGGER task_assignees_tally_delete AFTER DELETE ON task_assignees REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION taskhive_tally_assignees();

-- tasks (and tasks_tally_* in tallies.sql)
CREATE OR REPLACE TRIGGER tasks_assignee_untally BEFORE DELETE ON tasks
  FOR EACH ROW EXECUTE FUNCTION taskhive_untally_task_assignees();
