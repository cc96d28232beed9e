-- The calendar (issue 26, planning). A private iCalendar feed link per user: the token (32 random
-- bytes, base64url) is handed out once and kept only as its SHA-256 (hex). One row per user
-- (reset replaces the hash, turning the feed off deletes the row); the public feed route finds a
-- row by its hash alone, before any tenant is known, through the unique index.
CREATE TABLE "calendar_feeds" (
	"company_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"token_hash" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "calendar_feeds_pk" PRIMARY KEY("company_id","user_id")
);
--> statement-breakpoint
ALTER TABLE "calendar_feeds" ADD CONSTRAINT "calendar_feeds_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "calendar_feeds" ADD CONSTRAINT "calendar_feeds_user_fk" FOREIGN KEY ("company_id","user_id") REFERENCES "public"."users"("company_id","id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
CREATE UNIQUE INDEX "calendar_feeds_token_hash_uq" ON "calendar_feeds" USING btree ("token_hash");
--> statement-breakpoint
-- A project's calendar: its tasks due in a range, read in due-date order without visiting the
-- project's other tasks (tasks_project_idx is ordered by creation, tasks_due_idx by company).
CREATE INDEX "tasks_project_due_idx" ON "tasks" USING btree ("company_id","project_id","due_date");
