DROP INDEX "time_logs_user_logged_idx";--> statement-breakpoint
DROP INDEX "time_logs_project_idx";--> statement-breakpoint
CREATE INDEX "time_logs_user_page_idx" ON "time_logs" USING btree ("company_id","user_id","logged_at" DESC NULLS LAST,"created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "time_logs_project_page_idx" ON "time_logs" USING btree ("company_id","project_id","logged_at" DESC NULLS LAST,"created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);