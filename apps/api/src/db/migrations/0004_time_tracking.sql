CREATE TABLE "time_log_timers" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"project_id" uuid NOT NULL,
	"task_id" uuid NOT NULL,
	"description" text,
	"billable" boolean DEFAULT true NOT NULL,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "time_log_timers" ADD CONSTRAINT "time_log_timers_company_id_user_id_users_company_id_id_fk" FOREIGN KEY ("company_id","user_id") REFERENCES "public"."users"("company_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "time_log_timers" ADD CONSTRAINT "time_log_timers_company_id_project_id_projects_company_id_id_fk" FOREIGN KEY ("company_id","project_id") REFERENCES "public"."projects"("company_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "time_log_timers" ADD CONSTRAINT "time_log_timers_company_id_task_id_tasks_company_id_id_fk" FOREIGN KEY ("company_id","task_id") REFERENCES "public"."tasks"("company_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "time_log_timers_user_uq" ON "time_log_timers" USING btree ("company_id","user_id");--> statement-breakpoint
CREATE INDEX "time_logs_duration_idx" ON "time_logs" USING btree ("company_id","duration_minutes");--> statement-breakpoint
CREATE INDEX "time_logs_created_idx" ON "time_logs" USING btree ("company_id","created_at");--> statement-breakpoint
CREATE INDEX "time_logs_keyset_idx" ON "time_logs" USING btree ("company_id","logged_at","id");