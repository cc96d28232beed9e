-- Custom fields (issue 26, planning): fields a company admin defines (text, number, date, single
-- select, multi select, user, checkbox), enabled per project, with one value row per task and
-- field. Children reference their parents by (company_id, id), so nothing joins two companies; a
-- field takes its enablings and values with it, a project its enablings, a task its values.
CREATE TABLE "custom_fields" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"name" text NOT NULL,
	"type" text NOT NULL,
	-- A select's options in their order: [{"id": uuid, "label": text}, ...]; [] for other types.
	"options" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"show_on_card" boolean DEFAULT false NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "custom_fields_company_id_uq" UNIQUE("company_id","id"),
	CONSTRAINT "custom_fields_type_ck" CHECK ("custom_fields"."type" in ('text', 'number', 'date', 'select', 'multiselect', 'user', 'checkbox'))
);
--> statement-breakpoint
ALTER TABLE "custom_fields" ADD CONSTRAINT "custom_fields_company_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
CREATE UNIQUE INDEX "custom_fields_company_name_uq" ON "custom_fields" USING btree ("company_id",lower("name"));
--> statement-breakpoint
CREATE INDEX "custom_fields_position_idx" ON "custom_fields" USING btree ("company_id","position","id");
--> statement-breakpoint
CREATE TABLE "custom_field_projects" (
	"company_id" uuid NOT NULL,
	"project_id" uuid NOT NULL,
	"field_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "custom_field_projects_pk" PRIMARY KEY("company_id","project_id","field_id")
);
--> statement-breakpoint
ALTER TABLE "custom_field_projects" ADD CONSTRAINT "custom_field_projects_project_fk" FOREIGN KEY ("company_id","project_id") REFERENCES "public"."projects"("company_id","id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "custom_field_projects" ADD CONSTRAINT "custom_field_projects_field_fk" FOREIGN KEY ("company_id","field_id") REFERENCES "public"."custom_fields"("company_id","id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
CREATE INDEX "custom_field_projects_field_idx" ON "custom_field_projects" USING btree ("company_id","field_id");
--> statement-breakpoint
-- One row per task and field; the column of the field's type holds the value (the others null).
CREATE TABLE "custom_field_values" (
	"company_id" uuid NOT NULL,
	"task_id" uuid NOT NULL,
	"field_id" uuid NOT NULL,
	"value_text" text,
	"value_number" numeric,
	"value_date" date,
	"value_bool" boolean,
	"value_user" uuid,
	"value_options" uuid[],
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "custom_field_values_pk" PRIMARY KEY("company_id","task_id","field_id")
);
--> statement-breakpoint
ALTER TABLE "custom_field_values" ADD CONSTRAINT "custom_field_values_task_fk" FOREIGN KEY ("company_id","task_id") REFERENCES "public"."tasks"("company_id","id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "custom_field_values" ADD CONSTRAINT "custom_field_values_field_fk" FOREIGN KEY ("company_id","field_id") REFERENCES "public"."custom_fields"("company_id","id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "custom_field_values" ADD CONSTRAINT "custom_field_values_user_fk" FOREIGN KEY ("company_id","value_user") REFERENCES "public"."users"("company_id","id") ON DELETE set null ("value_user") ON UPDATE no action;
--> statement-breakpoint
-- `field = value` and a sort by the field, within the company: each typed column after
-- (company, field), the task last (an index-only semi-join into the task list).
CREATE INDEX "custom_field_values_text_idx" ON "custom_field_values" USING btree ("company_id","field_id","value_text","task_id");
--> statement-breakpoint
CREATE INDEX "custom_field_values_number_idx" ON "custom_field_values" USING btree ("company_id","field_id","value_number","task_id");
--> statement-breakpoint
CREATE INDEX "custom_field_values_date_idx" ON "custom_field_values" USING btree ("company_id","field_id","value_date","task_id");
--> statement-breakpoint
CREATE INDEX "custom_field_values_bool_idx" ON "custom_field_values" USING btree ("company_id","field_id","value_bool","task_id");
--> statement-breakpoint
CREATE INDEX "custom_field_values_user_idx" ON "custom_field_values" USING btree ("company_id","field_id","value_user","task_id");
--> statement-breakpoint
-- A multi select's "has this option": the array's containment.
CREATE INDEX "custom_field_values_options_idx" ON "custom_field_values" USING gin ("value_options");
