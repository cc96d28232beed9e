-- Every role belongs to a company: the platform's own company owns the platform roles (Super
-- Admin), so users.role_id and user_roles.role_id can reference roles by (company_id, id).
ALTER TABLE "roles" DROP CONSTRAINT "roles_type_ck";--> statement-breakpoint
ALTER TABLE "user_roles" DROP CONSTRAINT "user_roles_role_id_roles_id_fk";
--> statement-breakpoint
ALTER TABLE "users" DROP CONSTRAINT "users_role_id_roles_id_fk";
--> statement-breakpoint
DROP INDEX "roles_platform_name_uq";--> statement-breakpoint
INSERT INTO "companies" ("name", "is_platform", "is_approved", "approved_at")
  SELECT 'Taskhive Platform', true, true, now()
   WHERE EXISTS (SELECT 1 FROM "roles" WHERE "company_id" IS NULL)
     AND NOT EXISTS (SELECT 1 FROM "companies" WHERE "is_platform");--> statement-breakpoint
UPDATE "roles" SET "company_id" = (SELECT "id" FROM "companies" WHERE "is_platform" ORDER BY "created_at", "id" LIMIT 1)
 WHERE "company_id" IS NULL;--> statement-breakpoint
ALTER TABLE "roles" ALTER COLUMN "company_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "roles" ADD CONSTRAINT "roles_company_id_uq" UNIQUE("company_id","id");--> statement-breakpoint
ALTER TABLE "user_roles" ADD CONSTRAINT "user_roles_role_fk" FOREIGN KEY ("company_id","role_id") REFERENCES "public"."roles"("company_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_role_fk" FOREIGN KEY ("company_id","role_id") REFERENCES "public"."roles"("company_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "roles" ADD CONSTRAINT "roles_type_ck" CHECK ("roles"."role_type" in ('platform', 'company'));
