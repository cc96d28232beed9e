DROP INDEX "time_logs_company_logged_idx";--> statement-breakpoint
DROP INDEX "tasks_parent_idx";--> statement-breakpoint
DROP INDEX "tasks_status_idx";--> statement-breakpoint
ALTER TABLE "tasks" ALTER COLUMN "sort_order" SET DATA TYPE bigint;--> statement-breakpoint
CREATE INDEX "tasks_project_top_idx" ON "tasks" USING btree ("company_id","project_id","progress") WHERE "tasks"."parent_task_id" is null;--> statement-breakpoint
CREATE INDEX "tasks_list_top_idx" ON "tasks" USING btree ("company_id","task_list_id","progress") WHERE "tasks"."parent_task_id" is null;--> statement-breakpoint
CREATE INDEX "time_logs_company_day_idx" ON "time_logs" USING btree ("company_id","logged_at","project_id","user_id","duration_minutes");--> statement-breakpoint
CREATE INDEX "tasks_parent_idx" ON "tasks" USING btree ("company_id","parent_task_id","sort_order");--> statement-breakpoint
CREATE INDEX "tasks_status_idx" ON "tasks" USING btree ("company_id","status_id","due_date");--> statement-breakpoint
-- Hand-written. Sparse sort keys (tasksRepo.place): cards put at the front of a column take
-- -nextval(tasks_front_seq) * 1024, below every key ever given; existing keys are spread by 1024
-- so moves between them find room without renumbering.
CREATE SEQUENCE IF NOT EXISTS "tasks_front_seq";--> statement-breakpoint
UPDATE "tasks" SET "sort_order" = "sort_order" * 1024;
