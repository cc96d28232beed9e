-- Task keys (issue 23): a number per task in its project; the key is the project's code and it.
ALTER TABLE "projects" ADD COLUMN "last_task_number" integer DEFAULT 0 NOT NULL;
--> statement-breakpoint
ALTER TABLE "tasks" ADD COLUMN "number" integer;
--> statement-breakpoint
-- Existing tasks are numbered in the order they were made.
UPDATE "tasks" t SET "number" = n.rn
  FROM (SELECT id, row_number() OVER (PARTITION BY company_id, project_id ORDER BY created_at, id) AS rn FROM "tasks") n
  WHERE n.id = t.id;
--> statement-breakpoint
UPDATE "projects" p SET "last_task_number" = coalesce(
  (SELECT max(t."number") FROM "tasks" t WHERE t.company_id = p.company_id AND t.project_id = p.id), 0);
--> statement-breakpoint
ALTER TABLE "tasks" ALTER COLUMN "number" SET DEFAULT 0;
--> statement-breakpoint
ALTER TABLE "tasks" ALTER COLUMN "number" SET NOT NULL;
--> statement-breakpoint
CREATE UNIQUE INDEX "tasks_project_number_uq" ON "tasks" USING btree ("company_id","project_id","number");
--> statement-breakpoint
CREATE OR REPLACE FUNCTION tasks_number() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE projects SET last_task_number = last_task_number + 1
    WHERE company_id = NEW.company_id AND id = NEW.project_id
    RETURNING last_task_number INTO NEW.number;
  RETURN NEW;
END;
$$;
--> statement-breakpoint
CREATE OR REPLACE TRIGGER tasks_number BEFORE INSERT ON "tasks"
  FOR EACH ROW EXECUTE FUNCTION tasks_number();
