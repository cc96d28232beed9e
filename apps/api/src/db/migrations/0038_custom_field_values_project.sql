-- Issue 26: a filter on a custom field as fast as one on priority. A task's values carry its
-- project (a task never changes project: a move between lists stays within it), so the rows
-- that hold `field = value` in ONE project are one range of an index, read once and joined to
-- the project's tasks, instead of one probe per task of the project for the page and again for
-- its count.
ALTER TABLE "custom_field_values" ADD COLUMN "project_id" uuid;
--> statement-breakpoint
UPDATE "custom_field_values" v SET "project_id" = t."project_id"
  FROM "tasks" t WHERE t."company_id" = v."company_id" AND t."id" = v."task_id";
--> statement-breakpoint
ALTER TABLE "custom_field_values" ALTER COLUMN "project_id" SET NOT NULL;
--> statement-breakpoint
DROP INDEX "custom_field_values_text_idx";
--> statement-breakpoint
DROP INDEX "custom_field_values_number_idx";
--> statement-breakpoint
DROP INDEX "custom_field_values_date_idx";
--> statement-breakpoint
DROP INDEX "custom_field_values_bool_idx";
--> statement-breakpoint
DROP INDEX "custom_field_values_user_idx";
--> statement-breakpoint
-- `field = value` within a project: (company, project, field), the typed column, the task last.
CREATE INDEX "custom_field_values_text_idx" ON "custom_field_values" USING btree ("company_id","project_id","field_id","value_text","task_id");
--> statement-breakpoint
CREATE INDEX "custom_field_values_number_idx" ON "custom_field_values" USING btree ("company_id","project_id","field_id","value_number","task_id");
--> statement-breakpoint
CREATE INDEX "custom_field_values_date_idx" ON "custom_field_values" USING btree ("company_id","project_id","field_id","value_date","task_id");
--> statement-breakpoint
CREATE INDEX "custom_field_values_bool_idx" ON "custom_field_values" USING btree ("company_id","project_id","field_id","value_bool","task_id");
--> statement-breakpoint
CREATE INDEX "custom_field_values_user_idx" ON "custom_field_values" USING btree ("company_id","project_id","field_id","value_user","task_id");
