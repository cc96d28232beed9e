-- Issue 24. Personal to-dos: a user's own tasks that belong to no project, in a table of their own
-- (not tasks with a null project_id: every reader of tasks, the tallies' triggers, reports and
-- project figures assume a task has a project, and none of them must ever see a to-do). The owner
-- is referenced by (company_id, user_id), so a to-do cannot belong to another company's user; done
-- is completed_at set. Every read is one owner's rows: the indexes lead with (company_id, user_id)
-- and carry each sort key (due date, title, created, updated) and the priority filter.
CREATE TABLE "personal_todos" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"title" text NOT NULL,
	"due_date" date,
	"priority_id" uuid,
	"completed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "personal_todos_company_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade,
	CONSTRAINT "personal_todos_owner_fk" FOREIGN KEY ("company_id","user_id") REFERENCES "public"."users"("company_id","id") ON DELETE cascade,
	CONSTRAINT "personal_todos_priority_fk" FOREIGN KEY ("priority_id") REFERENCES "public"."priorities"("id")
);
--> statement-breakpoint
CREATE INDEX "personal_todos_owner_due_idx" ON "personal_todos" USING btree ("company_id","user_id","due_date","created_at","id");
--> statement-breakpoint
CREATE INDEX "personal_todos_owner_created_idx" ON "personal_todos" USING btree ("company_id","user_id","created_at","id");
--> statement-breakpoint
CREATE INDEX "personal_todos_owner_updated_idx" ON "personal_todos" USING btree ("company_id","user_id","updated_at","created_at","id");
--> statement-breakpoint
CREATE INDEX "personal_todos_owner_title_idx" ON "personal_todos" USING btree ("company_id","user_id",lower("title"));
--> statement-breakpoint
CREATE INDEX "personal_todos_owner_priority_idx" ON "personal_todos" USING btree ("company_id","user_id","priority_id");
--> statement-breakpoint
-- All Tasks (GET /api/Tasks/all): the company's tasks in any of My Tasks' sorts, without a project
-- or an assignee to narrow them first. Due date, start date, title, status and priority already
-- lead with company_id (0000, 0003, 0009); these add the order of the board keys, creation, last
-- change and progress, each with the list's tie-breakers (created_at, id), so a page is the first
-- entries of an index.
CREATE INDEX "tasks_company_order_idx" ON "tasks" USING btree ("company_id","sort_order","created_at","id");
--> statement-breakpoint
CREATE INDEX "tasks_company_created_idx" ON "tasks" USING btree ("company_id","created_at","id");
--> statement-breakpoint
CREATE INDEX "tasks_company_updated_idx" ON "tasks" USING btree ("company_id","updated_at","created_at","id");
--> statement-breakpoint
CREATE INDEX "tasks_company_progress_idx" ON "tasks" USING btree ("company_id","progress","created_at","id");
