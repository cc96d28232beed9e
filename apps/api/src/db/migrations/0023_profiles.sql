-- Profiles (issue 24). A company's profile (vision, mission, goals, up to 7 core values, a size
-- range) and its opt-in for the dashboard's anniversaries and birthdays; task lists' optional
-- dates; the password a Company Admin sets (the member must change it at the next sign-in);
-- employees' employment and personal fields, with the manager they report to in the same company.
ALTER TABLE "companies" ADD COLUMN "vision" text;
--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "mission" text;
--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "goals" text;
--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "core_values" text[] DEFAULT '{}'::text[] NOT NULL;
--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "company_size" text;
--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "celebrations_widget" boolean DEFAULT false NOT NULL;
--> statement-breakpoint
ALTER TABLE "companies" ADD CONSTRAINT "companies_size_ck" CHECK ("company_size" in ('1-10','11-50','51-200','201-500','501-1000','1001+'));
--> statement-breakpoint
ALTER TABLE "companies" ADD CONSTRAINT "companies_core_values_ck" CHECK (cardinality("core_values") <= 7);
--> statement-breakpoint
ALTER TABLE "task_lists" ADD COLUMN "start_date" date;
--> statement-breakpoint
ALTER TABLE "task_lists" ADD COLUMN "end_date" date;
--> statement-breakpoint
ALTER TABLE "task_lists" ADD CONSTRAINT "task_lists_dates_ck" CHECK ("end_date" >= "start_date");
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "must_change_password" boolean DEFAULT false NOT NULL;
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "employee_code" text;
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "gender" text;
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "date_of_birth" date;
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "blood_group" text;
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "marital_status" text;
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "address" text;
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "emergency_contact_name" text;
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "emergency_contact_relation" text;
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "emergency_contact_phone" text;
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "employment_type" text;
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "joining_date" date;
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "reports_to_id" uuid;
--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_reports_to_fk" FOREIGN KEY ("company_id","reports_to_id") REFERENCES "public"."users"("company_id","id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_reports_to_self_ck" CHECK ("reports_to_id" <> "id");
--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_gender_ck" CHECK ("gender" in ('female','male','other','undisclosed'));
--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_blood_group_ck" CHECK ("blood_group" in ('A+','A-','B+','B-','AB+','AB-','O+','O-'));
--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_marital_status_ck" CHECK ("marital_status" in ('single','married','divorced','widowed','other'));
--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_employment_type_ck" CHECK ("employment_type" in ('full-time','part-time','contract','intern','temporary'));
--> statement-breakpoint
CREATE UNIQUE INDEX "users_company_employee_code_uq" ON "users" USING btree ("company_id", lower("employee_code")) WHERE "employee_code" IS NOT NULL;
--> statement-breakpoint
CREATE INDEX "users_company_reports_to_idx" ON "users" USING btree ("company_id", "reports_to_id");
--> statement-breakpoint
-- users: a password a Company Admin set must be changed before anything else, and the change
-- lifts that (must_change_password): the authorisation caches read it with the session state.
CREATE OR REPLACE FUNCTION taskhive_authz_notify_users() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    PERFORM taskhive_notify_authz(ARRAY(SELECT 'u:' || o.id FROM old_rows o));
  ELSE
    PERFORM taskhive_notify_authz(ARRAY(
      SELECT 'u:' || o.id FROM new_rows n JOIN old_rows o ON o.id = n.id
       WHERE n.status IS DISTINCT FROM o.status OR n.role_id IS DISTINCT FROM o.role_id
          OR n.company_id IS DISTINCT FROM o.company_id
          OR n.must_change_password IS DISTINCT FROM o.must_change_password));
  END IF;
  RETURN NULL;
END $$;
