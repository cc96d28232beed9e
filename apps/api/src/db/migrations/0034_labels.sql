-- Labels (issue 26, planning): coloured tags, one set per company, on any of its tasks. The colour
-- is a name from the contract's palette (LABEL_COLORS); the web draws it from its theme. A name is
-- unique in the company whatever its case. A task's labels are rows of task_labels, which reference
-- both the task and the label by (company_id, id): a label never reaches another company's task,
-- and deleting a label or a task takes its rows with it (cascade).
CREATE TABLE "labels" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"name" text NOT NULL,
	"color" text NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "labels_company_id_uq" UNIQUE("company_id","id"),
	CONSTRAINT "labels_color_ck" CHECK ("labels"."color" in ('grey', 'red', 'orange', 'amber', 'green', 'teal', 'blue', 'indigo', 'purple', 'pink'))
);
--> statement-breakpoint
ALTER TABLE "labels" ADD CONSTRAINT "labels_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "labels" ADD CONSTRAINT "labels_created_by_fk" FOREIGN KEY ("company_id","created_by") REFERENCES "public"."users"("company_id","id") ON DELETE set null ("created_by") ON UPDATE no action;
--> statement-breakpoint
-- The company's labels by name (the list's order) and the case-insensitive uniqueness.
CREATE UNIQUE INDEX "labels_company_name_uq" ON "labels" USING btree ("company_id",lower("name"));
--> statement-breakpoint
CREATE TABLE "task_labels" (
	"company_id" uuid NOT NULL,
	"task_id" uuid NOT NULL,
	"label_id" uuid NOT NULL,
	CONSTRAINT "task_labels_pk" PRIMARY KEY("company_id","task_id","label_id")
);
--> statement-breakpoint
ALTER TABLE "task_labels" ADD CONSTRAINT "task_labels_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "task_labels" ADD CONSTRAINT "task_labels_task_fk" FOREIGN KEY ("company_id","task_id") REFERENCES "public"."tasks"("company_id","id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "task_labels" ADD CONSTRAINT "task_labels_label_fk" FOREIGN KEY ("company_id","label_id") REFERENCES "public"."labels"("company_id","id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
-- The primary key reads a task's labels (every task read); this one "the tasks with label X" (the
-- labelIds filter, a label's task count, a label's delete).
CREATE INDEX "task_labels_label_idx" ON "task_labels" USING btree ("company_id","label_id","task_id");
