-- The project list's default order (created, newest first; issue 28, growth): its tie-breaker, the
-- id, joins the company's created index, so a page is read from the index whatever the number of
-- projects created at the same instant (an import, a seed), instead of sorting them all for ten.
DROP INDEX IF EXISTS "projects_company_created_idx";--> statement-breakpoint
CREATE INDEX "projects_company_created_idx" ON "projects" USING btree ("company_id","created_at","id");
