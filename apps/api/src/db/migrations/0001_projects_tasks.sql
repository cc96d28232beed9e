ALTER TABLE "projects" ADD COLUMN "code" text DEFAULT 'P-' || upper(substr(replace(gen_random_uuid()::text, '-', ''), 1, 8)) NOT NULL;--> statement-breakpoint
ALTER TABLE "task_statuses" ADD COLUMN "built_in" text;--> statement-breakpoint
UPDATE "task_statuses" SET "built_in" = 'completed' WHERE lower("name") = 'completed';--> statement-breakpoint
UPDATE "task_statuses" SET "built_in" = 'cancelled' WHERE lower("name") = 'cancelled';--> statement-breakpoint
ALTER TABLE "tasks" ADD COLUMN "actual_hours" numeric(7, 2);--> statement-breakpoint
CREATE UNIQUE INDEX "projects_company_code_uq" ON "projects" USING btree ("company_id",lower("code"));--> statement-breakpoint
CREATE INDEX "projects_company_updated_idx" ON "projects" USING btree ("company_id","updated_at");--> statement-breakpoint
CREATE UNIQUE INDEX "task_statuses_company_built_in_uq" ON "task_statuses" USING btree ("company_id","built_in") WHERE "task_statuses"."built_in" is not null;--> statement-breakpoint
CREATE INDEX "task_statuses_company_order_idx" ON "task_statuses" USING btree ("company_id","sort_order");--> statement-breakpoint
CREATE INDEX "tasks_project_board_idx" ON "tasks" USING btree ("company_id","project_id","status_id","sort_order");--> statement-breakpoint
CREATE INDEX "tasks_priority_idx" ON "tasks" USING btree ("company_id","priority_id");--> statement-breakpoint
ALTER TABLE "task_statuses" ADD CONSTRAINT "task_statuses_built_in_ck" CHECK ("task_statuses"."built_in" is null or "task_statuses"."built_in" in ('completed', 'cancelled'));