-- Row-level security (issue 27, migration 0031; ARCHITECTURE.md, Tenancy).
--
-- The current definition of each function and trigger (ARCHITECTURE.md, Database, SQL as source):
-- change it here and restate it in a new migration; src/db/sql.test.ts checks both.

-- Puts every table of the schema with a company_id column under row-level security, forced (the
-- owner too passes through the policies), with two policies: taskhive_tenant lets taskhive_app (a
-- tenant request's role) see and write only the rows of the company its transaction names in
-- app.company_id (nullif: a custom setting reads '' once a transaction of the session has set it);
-- taskhive_platform lets every other role through (the owner's work across tenants; it names no
-- owner, so a dump restored under another owner keeps working). Only tables missing any of it are
-- touched; answers how many. migrate.ts runs it after every run of the migrations (inside their
-- lock), so a later migration's tenant table is covered without a line of its own.
CREATE OR REPLACE FUNCTION taskhive_secure_tenant_tables() RETURNS integer LANGUAGE plpgsql AS $$
DECLARE
  t text;
  n integer := 0;
BEGIN
  FOR t IN
    SELECT c.relname FROM pg_class c
      JOIN pg_namespace ns ON ns.oid = c.relnamespace
     WHERE ns.nspname = current_schema() AND c.relkind = 'r'
       AND EXISTS (SELECT 1 FROM pg_attribute a
                    WHERE a.attrelid = c.oid AND a.attname = 'company_id' AND NOT a.attisdropped)
       AND (NOT c.relrowsecurity OR NOT c.relforcerowsecurity
            OR NOT EXISTS (SELECT 1 FROM pg_policy p WHERE p.polrelid = c.oid AND p.polname = 'taskhive_tenant')
            OR NOT EXISTS (SELECT 1 FROM pg_policy p WHERE p.polrelid = c.oid AND p.polname = 'taskhive_platform'))
     ORDER BY 1
  LOOP
    EXECUTE format('GRANT SELECT, INSERT, UPDATE, DELETE ON %I TO taskhive_app', t);
    EXECUTE format('ALTER TABLE %I ENABLE ROW LEVEL SECURITY', t);
    EXECUTE format('ALTER TABLE %I FORCE ROW LEVEL SECURITY', t);
    EXECUTE format('DROP POLICY IF EXISTS taskhive_tenant ON %I', t);
    EXECUTE format(
      'CREATE POLICY taskhive_tenant ON %I TO taskhive_app '
      'USING (company_id = nullif(current_setting(''app.company_id'', true), '''')::uuid) '
      'WITH CHECK (company_id = nullif(current_setting(''app.company_id'', true), '''')::uuid)', t);
    EXECUTE format('DROP POLICY IF EXISTS taskhive_platform ON %I', t);
    EXECUTE format(
      'CREATE POLICY taskhive_platform ON %I '
      'USING (current_user <> ''taskhive_app'') WITH CHECK (current_user <> ''taskhive_app'')', t);
    n := n + 1;
  END LOOP;
  RETURN n;
END;
$$;
