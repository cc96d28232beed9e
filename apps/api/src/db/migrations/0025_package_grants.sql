-- Issue 23, defect 11: a company's module grants follow its packages.
-- `source` tells a grant that comes with the company's packages (replaced when they change) from
-- one the Super Admin gave or set (kept). Existing grants cannot be told apart: they count as
-- the packages' (the Super Admin's later ones are marked from now on).
ALTER TABLE "company_modules" ADD COLUMN "source" text DEFAULT 'package' NOT NULL;
--> statement-breakpoint
ALTER TABLE "company_modules" ADD CONSTRAINT "company_modules_source_ck" CHECK ("company_modules"."source" in ('package','admin'));
--> statement-breakpoint
-- Platform Administration is never part of a company package.
DELETE FROM "package_modules" pm USING "modules" m WHERE m."id" = pm."module_id" AND m."key" = 'platform';
--> statement-breakpoint
-- A tenant that holds a package (an active purchase) keeps only what its packages include.
DELETE FROM "company_modules" cm
USING "companies" c
WHERE c."id" = cm."company_id"
  AND NOT c."is_platform"
  AND EXISTS (
    SELECT 1 FROM "package_purchases" pp
    WHERE pp."company_id" = cm."company_id" AND pp."status" = 'active'
  )
  AND NOT EXISTS (
    SELECT 1 FROM "package_purchases" pp
    JOIN "package_modules" pm ON pm."package_id" = pp."package_id"
    WHERE pp."company_id" = cm."company_id" AND pp."status" = 'active' AND pm."module_id" = cm."module_id"
  );
