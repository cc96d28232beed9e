-- Tallies (issue 12): figures that stay cheap to read however many tasks a company has. Triggers
-- on tasks keep, per (project, list, status), the top-level tasks, the sum of their progress and
-- the subtasks, and per (due date, status) the tasks with that due date. A statement adds one row
-- of deltas per key and merges into it the key's other rows that no other transaction holds
-- (FOR UPDATE SKIP LOCKED: it never waits, so writers neither queue on a counter nor deadlock);
-- a key therefore has one row plus about one per writer in flight, and a key whose figures come
-- to zero has no row. Readers sum a key's rows. Nothing in the app writes these tables.
LOCK TABLE "tasks" IN SHARE ROW EXCLUSIVE MODE;--> statement-breakpoint
CREATE TABLE "task_due_tallies" (
	"company_id" uuid NOT NULL,
	"due_date" date NOT NULL,
	"status_id" uuid,
	"task_count" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "task_tallies" (
	"company_id" uuid NOT NULL,
	"project_id" uuid NOT NULL,
	"task_list_id" uuid NOT NULL,
	"status_id" uuid,
	"top_count" integer NOT NULL,
	"top_progress" bigint NOT NULL,
	"sub_count" integer NOT NULL
);
--> statement-breakpoint
DROP INDEX "tasks_project_top_idx";--> statement-breakpoint
DROP INDEX "tasks_list_top_idx";--> statement-breakpoint
CREATE INDEX "task_due_tallies_idx" ON "task_due_tallies" USING btree ("company_id","due_date","status_id");--> statement-breakpoint
CREATE INDEX "task_tallies_project_idx" ON "task_tallies" USING btree ("company_id","project_id","task_list_id","status_id");--> statement-breakpoint
CREATE INDEX "task_tallies_list_idx" ON "task_tallies" USING btree ("company_id","task_list_id");--> statement-breakpoint
CREATE INDEX "tasks_list_top_idx" ON "tasks" USING btree ("company_id","task_list_id","sort_order") WHERE "tasks"."parent_task_id" is null;--> statement-breakpoint
-- A task as counted: +1 for a row as it is now, -1 for a row as it was.
CREATE TYPE taskhive_task_change AS (
  company_id uuid, project_id uuid, task_list_id uuid, status_id uuid, top boolean, progress int,
  due_date date, sign int
);
--> statement-breakpoint
CREATE FUNCTION taskhive_apply_task_changes(changes taskhive_task_change[]) RETURNS void LANGUAGE sql AS $$
  WITH c AS (
    SELECT * FROM unnest(changes)
  ), d AS (
    SELECT company_id, project_id, task_list_id, status_id,
           coalesce(sum(sign) FILTER (WHERE top), 0) AS top_count,
           coalesce(sum(sign * progress) FILTER (WHERE top), 0) AS top_progress,
           coalesce(sum(sign) FILTER (WHERE NOT top), 0) AS sub_count
      FROM c GROUP BY 1, 2, 3, 4
  ), merged AS (
    DELETE FROM task_tallies t WHERE t.ctid IN (
      SELECT x.ctid FROM task_tallies x JOIN d ON x.company_id = d.company_id AND x.project_id = d.project_id
         AND x.task_list_id = d.task_list_id AND x.status_id IS NOT DISTINCT FROM d.status_id
         FOR UPDATE OF x SKIP LOCKED)
    RETURNING t.company_id, t.project_id, t.task_list_id, t.status_id, t.top_count::bigint,
              t.top_progress, t.sub_count::bigint
  ), tallied AS (
    INSERT INTO task_tallies (company_id, project_id, task_list_id, status_id, top_count, top_progress, sub_count)
    SELECT company_id, project_id, task_list_id, status_id, sum(top_count), sum(top_progress), sum(sub_count)
      FROM (SELECT * FROM d UNION ALL SELECT * FROM merged) a
     GROUP BY company_id, project_id, task_list_id, status_id
    HAVING sum(top_count) <> 0 OR sum(top_progress) <> 0 OR sum(sub_count) <> 0
  ), dd AS (
    SELECT company_id, due_date, status_id, sum(sign) AS task_count
      FROM c WHERE due_date IS NOT NULL GROUP BY 1, 2, 3
  ), merged_due AS (
    DELETE FROM task_due_tallies t WHERE t.ctid IN (
      SELECT x.ctid FROM task_due_tallies x JOIN dd ON x.company_id = dd.company_id AND x.due_date = dd.due_date
         AND x.status_id IS NOT DISTINCT FROM dd.status_id
         FOR UPDATE OF x SKIP LOCKED)
    RETURNING t.company_id, t.due_date, t.status_id, t.task_count::bigint
  )
  INSERT INTO task_due_tallies (company_id, due_date, status_id, task_count)
  SELECT company_id, due_date, status_id, sum(task_count)
    FROM (SELECT * FROM dd UNION ALL SELECT * FROM merged_due) a
   GROUP BY company_id, due_date, status_id
  HAVING sum(task_count) <> 0
$$;
--> statement-breakpoint
CREATE FUNCTION taskhive_tally_tasks() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE changes taskhive_task_change[];
BEGIN
  IF TG_OP = 'INSERT' THEN
    changes := ARRAY(SELECT ROW(company_id, project_id, task_list_id, status_id, parent_task_id IS NULL,
                                progress, due_date, 1)::taskhive_task_change FROM new_rows);
  ELSIF TG_OP = 'DELETE' THEN
    changes := ARRAY(SELECT ROW(company_id, project_id, task_list_id, status_id, parent_task_id IS NULL,
                                progress, due_date, -1)::taskhive_task_change FROM old_rows);
  ELSE
    -- Only the tasks whose counted columns changed (a title, a sort key or a date range does not count).
    changes := ARRAY(
      SELECT unnest(ARRAY[
               ROW(o.company_id, o.project_id, o.task_list_id, o.status_id, o.parent_task_id IS NULL,
                   o.progress, o.due_date, -1)::taskhive_task_change,
               ROW(n.company_id, n.project_id, n.task_list_id, n.status_id, n.parent_task_id IS NULL,
                   n.progress, n.due_date, 1)::taskhive_task_change])
        FROM old_rows o JOIN new_rows n ON n.id = o.id
       WHERE (o.project_id, o.task_list_id, o.status_id, o.parent_task_id IS NULL, o.progress, o.due_date)
             IS DISTINCT FROM (n.project_id, n.task_list_id, n.status_id, n.parent_task_id IS NULL, n.progress, n.due_date));
  END IF;
  IF cardinality(changes) > 0 THEN
    PERFORM taskhive_apply_task_changes(changes);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER tasks_tally_insert AFTER INSERT ON tasks REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION taskhive_tally_tasks();
--> statement-breakpoint
CREATE TRIGGER tasks_tally_update AFTER UPDATE ON tasks REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION taskhive_tally_tasks();
--> statement-breakpoint
CREATE TRIGGER tasks_tally_delete AFTER DELETE ON tasks REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION taskhive_tally_tasks();
--> statement-breakpoint
-- The tasks there are now.
INSERT INTO task_tallies (company_id, project_id, task_list_id, status_id, top_count, top_progress, sub_count)
SELECT company_id, project_id, task_list_id, status_id,
       count(*) FILTER (WHERE parent_task_id IS NULL),
       coalesce(sum(progress) FILTER (WHERE parent_task_id IS NULL), 0),
       count(*) FILTER (WHERE parent_task_id IS NOT NULL)
  FROM tasks GROUP BY 1, 2, 3, 4;
--> statement-breakpoint
INSERT INTO task_due_tallies (company_id, due_date, status_id, task_count)
SELECT company_id, due_date, status_id, count(*) FROM tasks WHERE due_date IS NOT NULL GROUP BY 1, 2, 3;
