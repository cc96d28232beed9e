-- Saved views (issue 26, planning). A view is a place (a project, or the my-tasks, all-tasks or
-- calendar page), a layout and the URL query of the place's screen (filters, sort, grouping,
-- visible columns): opening it navigates to that address. Personal to its owner, or, for a
-- project's view, shared with everyone who can see the project. A project's views go with it, a
-- person's with them. Names are unique per owner and place, whatever their case.
CREATE TABLE "saved_views" (
	"company_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"owner_id" uuid NOT NULL,
	"project_id" uuid,
	"page" text,
	"name" text NOT NULL,
	"layout" text NOT NULL,
	"query" text DEFAULT '' NOT NULL,
	"shared" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "saved_views_pk" PRIMARY KEY("company_id","id"),
	CONSTRAINT "saved_views_place_ck" CHECK (("project_id" IS NULL) <> ("page" IS NULL) AND ("page" IS NULL OR "page" IN ('my-tasks', 'all-tasks', 'calendar'))),
	CONSTRAINT "saved_views_layout_ck" CHECK ("layout" IN ('list', 'board', 'timeline', 'calendar')),
	CONSTRAINT "saved_views_shared_ck" CHECK (NOT "shared" OR "project_id" IS NOT NULL),
	CONSTRAINT "saved_views_name_ck" CHECK (length("name") BETWEEN 1 AND 80),
	CONSTRAINT "saved_views_query_ck" CHECK (length("query") <= 2000)
);
--> statement-breakpoint
ALTER TABLE "saved_views" ADD CONSTRAINT "saved_views_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "saved_views" ADD CONSTRAINT "saved_views_owner_fk" FOREIGN KEY ("company_id","owner_id") REFERENCES "public"."users"("company_id","id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "saved_views" ADD CONSTRAINT "saved_views_project_fk" FOREIGN KEY ("company_id","project_id") REFERENCES "public"."projects"("company_id","id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
-- A project's views: the listing (company, project, then the reader's own or the shared ones)
-- and the unique name per owner.
CREATE UNIQUE INDEX "saved_views_project_name_uq" ON "saved_views" USING btree ("company_id","project_id","owner_id",lower("name")) WHERE "project_id" IS NOT NULL;
--> statement-breakpoint
-- A page's views (My Tasks, All Tasks, the calendar): the owner's listing and unique name.
CREATE UNIQUE INDEX "saved_views_page_name_uq" ON "saved_views" USING btree ("company_id","owner_id","page",lower("name")) WHERE "page" IS NOT NULL;
--> statement-breakpoint
-- A person's views of every project (their removal with the person, the foreign key's lookups).
CREATE INDEX "saved_views_owner_idx" ON "saved_views" USING btree ("company_id","owner_id");
