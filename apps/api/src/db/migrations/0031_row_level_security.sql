-- Row-level security as defence in depth (issue 27; ARCHITECTURE.md, Tenancy: row-level security).
--
-- The app connects as the owner of the tables (the role that runs these migrations) and does a
-- tenant request's work as `taskhive_app`, a role without login: each such request is one
-- transaction that starts with set_config('role', 'taskhive_app', true) and
-- set_config('app.company_id', <the company>, true). On every table with a company_id column, a
-- policy lets taskhive_app see and write only that company's rows, so a query that forgot its
-- company condition returns nothing rather than another tenant's rows. Every other role that may
-- touch the tables (the owner: only it and taskhive_app are granted them) passes a second policy,
-- for the platform's work across tenants (sign-in, sessions, jobs, the live feed, the Super
-- Admin); it names no owner, so a dump restored under another owner keeps working. A superuser
-- (the embedded database, CI) bypasses row-level security anyway.
--
-- Roles belong to the cluster, not the database: several databases of one cluster (the test
-- workers') migrate at once, so the role's creation tolerates another's winning the race.
DO $$
BEGIN
  IF NOT EXISTS (SELECT 1 FROM pg_roles WHERE rolname = 'taskhive_app') THEN
    BEGIN
      CREATE ROLE taskhive_app NOLOGIN;
    EXCEPTION WHEN duplicate_object OR unique_violation THEN
      NULL;
    END;
  END IF;
  -- The owner must be able to SET ROLE taskhive_app (a superuser may without it). Without the right
  -- to grant it (a managed database's admin made the role), the admin grants it (DEPLOY.md); the
  -- app says so at start if it is missing.
  IF NOT (SELECT rolsuper FROM pg_roles WHERE rolname = current_user) THEN
    BEGIN
      EXECUTE format('GRANT taskhive_app TO %I', current_user);
    EXCEPTION
      WHEN duplicate_object OR unique_violation THEN NULL;
      WHEN insufficient_privilege OR invalid_grant_operation THEN
        RAISE NOTICE 'taskhive_app: % (an administrator runs GRANT taskhive_app TO %)', SQLERRM, current_user;
    END;
  END IF;
END
$$;
--> statement-breakpoint
-- What taskhive_app may touch: the rows of the schema's tables (row-level security narrows the
-- tenant tables to one company), their sequences; never the migrations' log.
DO $$
BEGIN
  EXECUTE format('GRANT USAGE ON SCHEMA %I TO taskhive_app', current_schema());
  EXECUTE format('GRANT SELECT, INSERT, UPDATE, DELETE ON ALL TABLES IN SCHEMA %I TO taskhive_app', current_schema());
  EXECUTE format('GRANT USAGE, SELECT ON ALL SEQUENCES IN SCHEMA %I TO taskhive_app', current_schema());
  EXECUTE 'REVOKE ALL ON __taskhive_migrations FROM taskhive_app';
END
$$;
--> statement-breakpoint
-- What the owner creates later in this schema (a later migration's tables).
DO $$
BEGIN
  EXECUTE format('ALTER DEFAULT PRIVILEGES IN SCHEMA %I GRANT SELECT, INSERT, UPDATE, DELETE ON TABLES TO taskhive_app', current_schema());
  EXECUTE format('ALTER DEFAULT PRIVILEGES IN SCHEMA %I GRANT USAGE, SELECT ON SEQUENCES TO taskhive_app', current_schema());
END
$$;
--> statement-breakpoint
-- Every table with a company_id column: row-level security enabled and forced (the owner too
-- passes through policies), taskhive_app's policy on the request's company, the platform's.
-- Restated from src/db/sql/rls.sql (taskhive_secure_tenant_tables). migrate.ts runs it again after
-- every run of the migrations, so a later migration's tenant table gets the same without a line
-- of its own (security/rls.test.ts checks every table with company_id).
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
--> statement-breakpoint
SELECT taskhive_secure_tenant_tables();
--> statement-breakpoint
-- Restated from src/db/sql/impersonation.sql (changes_impersonation_audit): SECURITY DEFINER now,
-- as it names the Super Admin behind the session, a user of the platform's company that a tenant
-- request's role cannot read.
CREATE OR REPLACE FUNCTION changes_impersonation_audit() RETURNS trigger LANGUAGE plpgsql SECURITY DEFINER AS $$
BEGIN
  INSERT INTO audit_events (company_id, kind, actor_id, actor_name, actor_email, actor_is_platform_admin,
    on_behalf_of_id, on_behalf_of_name, on_behalf_of_email, ip, user_agent, details)
  SELECT NEW.company_id, 'impersonation.action', sa.id, sa.first_name || ' ' || sa.last_name, sa.email, true,
    ad.id, ad.first_name || ' ' || ad.last_name, ad.email, s.ip, left(s.user_agent, 200),
    jsonb_build_object('what', NEW.type || ' ' || NEW.action, 'entityId', NEW.entity_id)
  FROM sessions s
  JOIN users sa ON sa.id = s.impersonator_id
  JOIN users ad ON ad.company_id = s.company_id AND ad.id = s.user_id
  WHERE s.id = NEW.session_id AND s.impersonator_id IS NOT NULL;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
-- Restated from src/db/sql/jobs.sql (taskhive_add_jobs).
CREATE OR REPLACE FUNCTION taskhive_add_jobs(p_task text, p_payloads json, p_run_at timestamptz, p_max_attempts int)
RETURNS void LANGUAGE plpgsql SECURITY DEFINER AS $$
BEGIN
  PERFORM graphile_worker.add_job(identifier => p_task, payload => p.value, run_at => p_run_at,
    max_attempts => p_max_attempts)
    FROM json_array_elements(p_payloads) AS p;
END;
$$;
