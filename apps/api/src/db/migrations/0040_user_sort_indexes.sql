-- The employee list's sorts (issue 28, growth): a page of 50 people by first name, last name or
-- e-mail (the list's default is the first name, in any case) reads 50 index entries in order
-- instead of sorting every person of the company (5,000 at the bench's 1,000,000 tasks). The
-- id is the list's last sort key, so a page's order is the index's.
CREATE INDEX "users_company_first_name_sort_idx" ON "users" USING btree ("company_id",lower("first_name"),"id");--> statement-breakpoint
CREATE INDEX "users_company_last_name_sort_idx" ON "users" USING btree ("company_id",lower("last_name"),"id");--> statement-breakpoint
CREATE INDEX "users_company_email_sort_idx" ON "users" USING btree ("company_id",lower("email"),"id");
