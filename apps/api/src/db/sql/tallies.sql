-- Task tallies (migrations 0013, 0015, 0043; ARCHITECTURE.md, Tallies): per (project, list, status)
-- the top-level tasks, the sum of their progress and the subtasks (task_tallies), per (due date,
-- status) the tasks and subtasks (task_due_tallies), per status the company's tasks and subtasks
-- (task_status_tallies). Read by features/tasks/tallies.repo.ts;
-- nothing in the app writes them.
--
-- The current definition of each type, function and trigger (ARCHITECTURE.md, Database, SQL as
-- source): change a function or trigger here and restate it in a new migration (a type changes
-- with ALTER TYPE); src/db/sql.test.ts checks both.

-- A task as counted: +1 for a row as it is now, -1 for a row as it was.
CREATE TYPE taskhive_task_change AS (
  company_id uuid, project_id uuid, task_list_id uuid, status_id uuid, top boolean, progress int,
  due_date date, sign int
);

-- Adds each key's change to ONE of its rows that no other transaction holds (FOR UPDATE SKIP
-- LOCKED: never a wait, so never a queue on a counter nor a deadlock), or to a new row when every
-- row of the key is held: a key has as many rows as it ever had writers at once, and readers sum
-- them. A row that comes to zero goes. The counts are not indexed, so the update is a HOT update;
-- fillfactor 50 leaves pages the room for it.
-- The update is a statement of its own, after the lock: a row locked by SKIP LOCKED may be a
-- version committed after the locking statement's snapshot, which that statement cannot update;
-- the next statement sees it, and nobody can change it meanwhile. If the update still finds
-- nothing, the change goes to a new row: nothing is ever dropped.
-- Called by taskhive_tally_tasks.
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

-- The statement triggers on tasks (a bulk insert or a cascade is one call, not one per row):
-- inserted, deleted, and updated tasks whose counted columns changed go to the task tallies;
-- a task whose status, due date or estimate changed also moves each of its assignees' count and
-- minutes (taskhive_apply_assignee_changes, assignee-tallies.sql). Triggers tasks_tally_insert,
-- tasks_tally_update, tasks_tally_delete.
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

-- tasks (and tasks_assignee_untally in assignee-tallies.sql)
CREATE OR REPLACE TRIGGER tasks_tally_insert AFTER INSERT ON tasks REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION taskhive_tally_tasks();
CREATE OR REPLACE TRIGGER tasks_tally_update AFTER UPDATE ON tasks REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION taskhive_tally_tasks();
CREATE OR REPLACE TRIGGER tasks_tally_delete AFTER DELETE ON tasks REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION taskhive_tally_tasks();
