-- Timesheets people can pay from (issue 25). A week is one person's week of time entries, from the
-- company's first day of the week: open (no row, or a reopened one), submitted, approved or
-- rejected (with a reason). Its rows exist from the first submission on; every transition is a row
-- of timesheet_week_events (the history the grid shows) besides its change record.
ALTER TABLE "companies" ADD COLUMN "week_starts_on" smallint DEFAULT 1 NOT NULL;
--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "time_locked_before" date;
--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "timesheet_reminder_weekday" smallint DEFAULT 1 NOT NULL;
--> statement-breakpoint
ALTER TABLE "companies" ADD CONSTRAINT "companies_week_starts_on_ck" CHECK ("companies"."week_starts_on" between 0 and 6);
--> statement-breakpoint
ALTER TABLE "companies" ADD CONSTRAINT "companies_timesheet_reminder_weekday_ck" CHECK ("companies"."timesheet_reminder_weekday" between 0 and 6);
--> statement-breakpoint
-- A person's expected minutes per week (their capacity); null: nobody set it, the default 40 hours.
ALTER TABLE "users" ADD COLUMN "expected_weekly_minutes" integer;
--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_expected_weekly_minutes_ck" CHECK ("users"."expected_weekly_minutes" between 0 and 10080);
--> statement-breakpoint
CREATE TABLE "timesheet_weeks" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"week_start" date NOT NULL,
	"status" text NOT NULL,
	"submitted_at" timestamp with time zone,
	"decided_at" timestamp with time zone,
	"decided_by" uuid,
	"reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "timesheet_weeks_company_id_uq" UNIQUE("company_id","id"),
	CONSTRAINT "timesheet_weeks_user_week_uq" UNIQUE("company_id","user_id","week_start"),
	CONSTRAINT "timesheet_weeks_status_ck" CHECK ("timesheet_weeks"."status" in ('open', 'submitted', 'approved', 'rejected')),
	CONSTRAINT "timesheet_weeks_company_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade,
	CONSTRAINT "timesheet_weeks_user_fk" FOREIGN KEY ("company_id","user_id") REFERENCES "public"."users"("company_id","id") ON DELETE cascade,
	CONSTRAINT "timesheet_weeks_decided_by_fk" FOREIGN KEY ("company_id","decided_by") REFERENCES "public"."users"("company_id","id")
);
--> statement-breakpoint
-- The approvals list: a status, oldest week first.
CREATE INDEX "timesheet_weeks_status_week_idx" ON "timesheet_weeks" USING btree ("company_id","status","week_start","user_id");
--> statement-breakpoint
CREATE INDEX "timesheet_weeks_week_idx" ON "timesheet_weeks" USING btree ("company_id","week_start");
--> statement-breakpoint
CREATE TABLE "timesheet_week_events" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"week_id" uuid NOT NULL,
	"status" text NOT NULL,
	"by_user_id" uuid NOT NULL,
	"reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "timesheet_week_events_status_ck" CHECK ("timesheet_week_events"."status" in ('open', 'submitted', 'approved', 'rejected')),
	CONSTRAINT "timesheet_week_events_week_fk" FOREIGN KEY ("company_id","week_id") REFERENCES "public"."timesheet_weeks"("company_id","id") ON DELETE cascade,
	CONSTRAINT "timesheet_week_events_by_fk" FOREIGN KEY ("company_id","by_user_id") REFERENCES "public"."users"("company_id","id") ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX "timesheet_week_events_week_idx" ON "timesheet_week_events" USING btree ("company_id","week_id","created_at");
--> statement-breakpoint
-- One reminder per person and week, whichever process's round sends it.
CREATE TABLE "timesheet_reminders" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"week_start" date NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "timesheet_reminders_uq" UNIQUE("company_id","user_id","week_start"),
	CONSTRAINT "timesheet_reminders_user_fk" FOREIGN KEY ("company_id","user_id") REFERENCES "public"."users"("company_id","id") ON DELETE cascade
);
--> statement-breakpoint
-- Three notification kinds: a week to approve, a week decided (approved, rejected, reopened), the reminder.
ALTER TABLE "notifications" DROP CONSTRAINT "notifications_kind_ck";
--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_kind_ck" CHECK ("notifications"."kind" in ('assigned', 'mentioned', 'commented', 'status_changed', 'timelog_changed', 'due_soon', 'task_edited', 'due_date_changed', 'timesheet_submitted', 'timesheet_decided', 'timesheet_reminder'));
--> statement-breakpoint
ALTER TABLE "notification_preferences" DROP CONSTRAINT "notification_preferences_kind_ck";
--> statement-breakpoint
ALTER TABLE "notification_preferences" ADD CONSTRAINT "notification_preferences_kind_ck" CHECK ("notification_preferences"."kind" in ('assigned', 'mentioned', 'commented', 'status_changed', 'timelog_changed', 'due_soon', 'task_edited', 'due_date_changed', 'timesheet_submitted', 'timesheet_decided', 'timesheet_reminder'));
