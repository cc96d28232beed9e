-- Estimate tallies (issue 28, migration 0042; ARCHITECTURE.md, Tallies): per project, the minutes
-- its tasks are estimated at as issue 25 counts them, so the company report and the project
-- overview read a row or two per project instead of summing every estimated task.
--
-- Issue 25's rule, per family (a top-level task and its subtasks): the subtasks' estimates when
-- any subtask has one, else the top-level task's own. task_family_estimates keeps each family's
-- counted minutes (null: nothing counts) and its project; project_estimate_tallies keeps per
-- project the sum of those minutes and how many families count (none: the project shows no
-- estimate), a key's change added to a row no other transaction holds (as the task tallies).
--
-- The current definition of each type, function and trigger (ARCHITECTURE.md, Database, SQL as
-- source): change a function or trigger here and restate it in a new migration (a type changes
-- with ALTER TYPE); src/db/sql.test.ts checks both.

-- A family: its company and its top-level task.
CREATE TYPE taskhive_task_family AS (company_id uuid, top_id uuid);

-- A project's estimate as changed: minutes and counted families, plus for now, minus for before.
CREATE TYPE taskhive_estimate_change AS (company_id uuid, project_id uuid, minutes bigint, families int);

-- The families a statement on tasks touched: each is counted again from the table as it is now
-- and set against the count its row kept. Only changes that can move a count name a family: a row
-- with an estimate inserted or deleted, an update of a row's estimate, parent or project where
-- either side has an estimate, and a top-level task's move to another project (its family moves
-- with it). Every family's row is made if missing and all are locked (FOR UPDATE, in order) before
-- the count, so two transactions that touch one family take turns and the count, a statement of
-- its own, sees what the other committed; a row never goes (a family that no longer counts keeps
-- its row with null minutes), so a turn never finds its row gone. Then the families' rows take
-- their new counts in one statement that answers each project's change, and each project's change
-- goes to one of its tally rows that no other transaction holds, or to a new row; a row that comes
-- to zero goes. Triggers tasks_estimate_insert, tasks_estimate_update, tasks_estimate_delete.
CREATE OR REPLACE FUNCTION taskhive_tally_estimates() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE fams taskhive_task_family[]; changes taskhive_estimate_change[]; k record; r tid; zero boolean;
BEGIN
  IF TG_OP = 'INSERT' THEN
    fams := ARRAY(SELECT DISTINCT ROW(company_id, coalesce(parent_task_id, id))::taskhive_task_family
                    FROM new_rows WHERE estimated_hours IS NOT NULL);
  ELSIF TG_OP = 'DELETE' THEN
    fams := ARRAY(SELECT DISTINCT ROW(company_id, coalesce(parent_task_id, id))::taskhive_task_family
                    FROM old_rows WHERE estimated_hours IS NOT NULL);
  ELSE
    fams := ARRAY(
      SELECT DISTINCT ROW(f.company_id, f.top_id)::taskhive_task_family
        FROM old_rows o JOIN new_rows n ON n.id = o.id,
             LATERAL (VALUES (o.company_id, coalesce(o.parent_task_id, o.id)),
                             (n.company_id, coalesce(n.parent_task_id, n.id))) AS f(company_id, top_id)
       WHERE ((o.estimated_hours IS NOT NULL OR n.estimated_hours IS NOT NULL)
              AND (o.estimated_hours, o.parent_task_id, o.project_id)
                  IS DISTINCT FROM (n.estimated_hours, n.parent_task_id, n.project_id))
          OR (o.project_id <> n.project_id AND n.parent_task_id IS NULL));
  END IF;
  IF cardinality(fams) = 0 THEN
    RETURN NULL;
  END IF;

  INSERT INTO task_family_estimates (company_id, top_id)
  SELECT f.company_id, f.top_id FROM unnest(fams) f ORDER BY 1, 2
  ON CONFLICT DO NOTHING;
  PERFORM 1 FROM task_family_estimates e
    JOIN unnest(fams) f ON e.company_id = f.company_id AND e.top_id = f.top_id
   ORDER BY e.company_id, e.top_id FOR UPDATE OF e;

  WITH counted AS (
    SELECT f.company_id, f.top_id, t.project_id,
           CASE WHEN t.id IS NULL THEN NULL
                WHEN s.n > 0 THEN s.minutes
                ELSE round(t.estimated_hours * 60)::bigint END AS minutes
      FROM unnest(fams) f
      LEFT JOIN tasks t ON t.company_id = f.company_id AND t.id = f.top_id AND t.parent_task_id IS NULL
      LEFT JOIN LATERAL (
        SELECT count(*) AS n, sum(round(s.estimated_hours * 60)::int)::bigint AS minutes FROM tasks s
         WHERE s.company_id = f.company_id AND s.parent_task_id = f.top_id AND s.estimated_hours IS NOT NULL
      ) s ON true
  ), moved AS (
    UPDATE task_family_estimates e
       SET project_id = CASE WHEN c.minutes IS NULL THEN NULL ELSE c.project_id END, minutes = c.minutes
      FROM counted c, task_family_estimates was
     WHERE e.company_id = c.company_id AND e.top_id = c.top_id AND was.ctid = e.ctid
       AND (e.minutes, e.project_id) IS DISTINCT FROM
           (c.minutes, CASE WHEN c.minutes IS NULL THEN NULL ELSE c.project_id END)
    RETURNING e.company_id, was.project_id AS was_project, was.minutes AS was_minutes,
              e.project_id, e.minutes
  )
  SELECT ARRAY(
    SELECT ROW(company_id, project_id, sum(minutes), sum(families))::taskhive_estimate_change
      FROM (SELECT company_id, was_project AS project_id, -was_minutes AS minutes, -1 AS families
              FROM moved WHERE was_minutes IS NOT NULL
            UNION ALL
            SELECT company_id, project_id, minutes, 1 FROM moved WHERE minutes IS NOT NULL) d
     GROUP BY company_id, project_id
    HAVING sum(minutes) <> 0 OR sum(families) <> 0)
    INTO changes;

  -- A deleted top-level task's family row goes once nothing counts (no turn can want it: the
  -- task is gone, so no subtask can join it).
  IF TG_OP = 'DELETE' THEN
    DELETE FROM task_family_estimates e USING unnest(fams) f
     WHERE e.company_id = f.company_id AND e.top_id = f.top_id AND e.minutes IS NULL
       AND NOT EXISTS (SELECT 1 FROM tasks t WHERE t.company_id = e.company_id AND t.id = e.top_id);
  END IF;

  FOR k IN
    SELECT c.*, x.row_id FROM unnest(changes) c LEFT JOIN LATERAL (
      SELECT t.ctid AS row_id FROM project_estimate_tallies t
       WHERE t.company_id = c.company_id AND t.project_id = c.project_id
       LIMIT 1 FOR UPDATE SKIP LOCKED) x ON true
  LOOP
    r := NULL;
    IF k.row_id IS NOT NULL THEN
      UPDATE project_estimate_tallies SET minutes = minutes + k.minutes, families = families + k.families
       WHERE ctid = k.row_id
      RETURNING ctid, minutes = 0 AND families = 0 INTO r, zero;
    END IF;
    IF r IS NULL THEN
      INSERT INTO project_estimate_tallies (company_id, project_id, minutes, families)
      VALUES (k.company_id, k.project_id, k.minutes, k.families);
    ELSIF zero THEN
      DELETE FROM project_estimate_tallies WHERE ctid = r;
    END IF;
  END LOOP;
  RETURN NULL;
END $$;

-- tasks
CREATE OR REPLACE TRIGGER tasks_estimate_insert AFTER INSERT ON tasks REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION taskhive_tally_estimates();
CREATE OR REPLACE TRIGGER tasks_estimate_update AFTER UPDATE ON tasks REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION taskhive_tally_estimates();
CREATE OR REPLACE TRIGGER tasks_estimate_delete AFTER DELETE ON tasks REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION taskhive_tally_estimates();
