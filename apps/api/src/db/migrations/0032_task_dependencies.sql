-- Task dependencies (issue 26, planning): a task can block others (finish-to-start) within its
-- company, across projects. A row says: blocked_task_id cannot start before blocker_task_id is
-- done. Both tasks are referenced by (company_id, id), so a dependency never joins two companies,
-- and a task's rows go with it (cascade). Cycles are refused by the API (a recursive CTE under a
-- per-company transaction advisory lock, features/task-dependencies), not by the schema.
CREATE TABLE "task_dependencies" (
	"company_id" uuid NOT NULL,
	"blocker_task_id" uuid NOT NULL,
	"blocked_task_id" uuid NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "task_dependencies_pk" PRIMARY KEY("company_id","blocker_task_id","blocked_task_id"),
	CONSTRAINT "task_dependencies_not_self_ck" CHECK ("task_dependencies"."blocker_task_id" <> "task_dependencies"."blocked_task_id")
);
--> statement-breakpoint
ALTER TABLE "task_dependencies" ADD CONSTRAINT "task_dependencies_company_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "task_dependencies" ADD CONSTRAINT "task_dependencies_blocker_fk" FOREIGN KEY ("company_id","blocker_task_id") REFERENCES "public"."tasks"("company_id","id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "task_dependencies" ADD CONSTRAINT "task_dependencies_blocked_fk" FOREIGN KEY ("company_id","blocked_task_id") REFERENCES "public"."tasks"("company_id","id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "task_dependencies" ADD CONSTRAINT "task_dependencies_created_by_fk" FOREIGN KEY ("company_id","created_by") REFERENCES "public"."users"("company_id","id") ON DELETE set null ("created_by") ON UPDATE no action;
--> statement-breakpoint
-- The primary key serves "what does this task block" (company, blocker, ...); this index serves
-- "what blocks this task" (the cards' open-blocker count, the drawer's Blocked by).
CREATE INDEX "task_dependencies_blocked_idx" ON "task_dependencies" USING btree ("company_id","blocked_task_id","blocker_task_id");
--> statement-breakpoint
-- Auto-scheduling (off by default): a task of this project follows its blockers' due dates.
ALTER TABLE "projects" ADD COLUMN "auto_schedule" boolean DEFAULT false NOT NULL;
--> statement-breakpoint
-- A new notification kind: a task you are assigned has no open blocker left.
ALTER TABLE "notifications" DROP CONSTRAINT "notifications_kind_ck";
--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_kind_ck" CHECK ("notifications"."kind" in ('assigned', 'mentioned', 'commented', 'status_changed', 'timelog_changed', 'due_soon', 'task_edited', 'due_date_changed', 'timesheet_submitted', 'timesheet_decided', 'timesheet_reminder', 'task_unblocked'));
--> statement-breakpoint
ALTER TABLE "notification_preferences" DROP CONSTRAINT "notification_preferences_kind_ck";
--> statement-breakpoint
ALTER TABLE "notification_preferences" ADD CONSTRAINT "notification_preferences_kind_ck" CHECK ("notification_preferences"."kind" in ('assigned', 'mentioned', 'commented', 'status_changed', 'timelog_changed', 'due_soon', 'task_edited', 'due_date_changed', 'timesheet_submitted', 'timesheet_decided', 'timesheet_reminder', 'task_unblocked'));
