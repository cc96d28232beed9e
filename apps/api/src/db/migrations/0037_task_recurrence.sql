-- Recurring tasks (issue 26, planning). A rule per series; each occurrence of the series is an
-- ordinary task linked to it by task_occurrences with its date. The unique key (rule, occurrence
-- date) lets an occurrence be created only once, whichever process or job gets there first. The
-- next occurrence is a copy of the series' latest one, made when the current one is completed
-- (on_complete) or when next_date arrives in the rule's time zone (on_date, an hourly round).
CREATE TABLE "task_recurrences" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"frequency" text NOT NULL,
	"interval" integer DEFAULT 1 NOT NULL,
	"weekdays" smallint[],
	"month_day" smallint,
	"ends" text DEFAULT 'never' NOT NULL,
	"until_date" date,
	"count" integer,
	"trigger" text DEFAULT 'on_complete' NOT NULL,
	"time_zone" text DEFAULT 'UTC' NOT NULL,
	"anchor_date" date NOT NULL,
	"next_date" date,
	"occurrences_created" integer DEFAULT 1 NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "task_recurrences_company_id_uq" UNIQUE("company_id","id"),
	CONSTRAINT "task_recurrences_frequency_ck" CHECK ("task_recurrences"."frequency" in ('daily', 'weekly', 'monthly')),
	CONSTRAINT "task_recurrences_interval_ck" CHECK ("task_recurrences"."interval" between 1 and 99),
	CONSTRAINT "task_recurrences_weekdays_ck" CHECK (("task_recurrences"."frequency" = 'weekly') = ("task_recurrences"."weekdays" is not null) and ("task_recurrences"."weekdays" is null or (cardinality("task_recurrences"."weekdays") between 1 and 7 and "task_recurrences"."weekdays" <@ array[1,2,3,4,5,6,7]::smallint[]))),
	CONSTRAINT "task_recurrences_month_day_ck" CHECK (("task_recurrences"."frequency" = 'monthly') = ("task_recurrences"."month_day" is not null) and ("task_recurrences"."month_day" is null or "task_recurrences"."month_day" between 1 and 31)),
	CONSTRAINT "task_recurrences_ends_ck" CHECK ("task_recurrences"."ends" in ('never', 'until', 'count') and ("task_recurrences"."ends" = 'until') = ("task_recurrences"."until_date" is not null) and ("task_recurrences"."ends" = 'count') = ("task_recurrences"."count" is not null)),
	CONSTRAINT "task_recurrences_count_ck" CHECK ("task_recurrences"."count" is null or "task_recurrences"."count" between 1 and 999),
	CONSTRAINT "task_recurrences_trigger_ck" CHECK ("task_recurrences"."trigger" in ('on_complete', 'on_date'))
);
--> statement-breakpoint
ALTER TABLE "task_recurrences" ADD CONSTRAINT "task_recurrences_company_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "task_recurrences" ADD CONSTRAINT "task_recurrences_created_by_fk" FOREIGN KEY ("company_id","created_by") REFERENCES "public"."users"("company_id","id") ON DELETE set null ("created_by") ON UPDATE no action;
--> statement-breakpoint
-- The hourly round's look across tenants: on_date series whose next date may have arrived somewhere.
CREATE INDEX "task_recurrences_due_idx" ON "task_recurrences" USING btree ("next_date","company_id") WHERE "task_recurrences"."trigger" = 'on_date' and "task_recurrences"."next_date" is not null;
--> statement-breakpoint
CREATE TABLE "task_occurrences" (
	"company_id" uuid NOT NULL,
	"task_id" uuid NOT NULL,
	"rule_id" uuid NOT NULL,
	"occurrence_date" date NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "task_occurrences_pk" PRIMARY KEY("company_id","task_id")
);
--> statement-breakpoint
ALTER TABLE "task_occurrences" ADD CONSTRAINT "task_occurrences_task_fk" FOREIGN KEY ("company_id","task_id") REFERENCES "public"."tasks"("company_id","id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "task_occurrences" ADD CONSTRAINT "task_occurrences_rule_fk" FOREIGN KEY ("company_id","rule_id") REFERENCES "public"."task_recurrences"("company_id","id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
-- One occurrence per series and date (two processes racing create it once); it also reads a series'
-- occurrences in date order (its latest, its later open ones).
CREATE UNIQUE INDEX "task_occurrences_rule_date_uq" ON "task_occurrences" USING btree ("company_id","rule_id","occurrence_date");
