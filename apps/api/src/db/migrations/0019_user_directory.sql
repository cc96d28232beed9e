-- The mention picker's directory (GET /api/CompanyUsers/directory, issue 23): a company's active
-- people whose full name or last name starts with the typed term, in name order. Partial indexes
-- on the active users over the lowered names with text_pattern_ops, so `like 'term%'` is a range
-- scan of the company's part of the index whatever the database's collation, and with no term the
-- first names in order are the index's first entries.
CREATE INDEX "users_directory_name_idx" ON "users" USING btree ("company_id", lower("first_name" || ' ' || "last_name") text_pattern_ops) WHERE "status" = 'active';
--> statement-breakpoint
CREATE INDEX "users_directory_last_name_idx" ON "users" USING btree ("company_id", lower("last_name") text_pattern_ops) WHERE "status" = 'active';
