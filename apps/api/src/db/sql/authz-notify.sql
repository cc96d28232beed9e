-- Authorisation cache invalidation (migration 0010, lib/authz-cache.ts). Every API process keeps
-- the session state of live tokens in memory; these triggers tell them what changed through
-- NOTIFY taskhive_authz, so no code path can forget. NOTIFY is delivered at commit only: a
-- rolled-back change notifies nothing. Payloads: 'c:<company id>', 's:<session id>',
-- 'u:<user id>', or '*' (drop everything).
--
-- The current definition of each function and trigger (ARCHITECTURE.md, Database, SQL as source):
-- change it here and restate it in a new migration; src/db/sql.test.ts checks both.

-- Sends each payload on taskhive_authz, or one '*' for more than 100 (a statement that changed
-- many companies at once, such as a module deactivated on the platform). Called by the trigger
-- functions below.
CREATE OR REPLACE FUNCTION taskhive_notify_authz(payloads text[]) RETURNS void LANGUAGE plpgsql AS $$
DECLARE p text;
BEGIN
  IF cardinality(payloads) > 100 THEN
    PERFORM pg_notify('taskhive_authz', '*');
    RETURN;
  END IF;
  FOREACH p IN ARRAY payloads LOOP
    PERFORM pg_notify('taskhive_authz', p);
  END LOOP;
END $$;

-- companies: the authz_version bump (the triggers of authz.sql), the company (de)activated, or
-- the company deleted. Triggers companies_authz_notify_upd, _del.
CREATE OR REPLACE FUNCTION taskhive_authz_notify_companies() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    PERFORM taskhive_notify_authz(ARRAY(SELECT 'c:' || o.id FROM old_rows o));
  ELSE
    PERFORM taskhive_notify_authz(ARRAY(
      SELECT 'c:' || n.id FROM new_rows n JOIN old_rows o ON o.id = n.id
       WHERE n.authz_version IS DISTINCT FROM o.authz_version OR n.is_active IS DISTINCT FROM o.is_active));
  END IF;
  RETURN NULL;
END $$;

-- sessions: revoked (logout, password change or reset), expiry moved, or deleted. Touching
-- last_used_at (every refresh) notifies nothing. Triggers sessions_authz_notify_upd, _del.
CREATE OR REPLACE FUNCTION taskhive_authz_notify_sessions() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    PERFORM taskhive_notify_authz(ARRAY(SELECT 's:' || o.id FROM old_rows o));
  ELSE
    PERFORM taskhive_notify_authz(ARRAY(
      SELECT 's:' || o.id FROM new_rows n JOIN old_rows o ON o.id = n.id
       WHERE n.revoked_at IS DISTINCT FROM o.revoked_at OR n.expires_at IS DISTINCT FROM o.expires_at
          OR n.user_id IS DISTINCT FROM o.user_id OR n.company_id IS DISTINCT FROM o.company_id));
  END IF;
  RETURN NULL;
END $$;

-- users: status (deactivation), primary role or company changed, a password change required or
-- lifted (migration 0023), or the user deleted. A renamed user notifies nothing. Triggers users_authz_notify_upd, _del.
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

-- A TRUNCATE (tests, a restore) fires no row trigger: drop everything. Triggers
-- companies_authz_notify_truncate, sessions_authz_notify_truncate, users_authz_notify_truncate.
CREATE OR REPLACE FUNCTION taskhive_authz_notify_all() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('taskhive_authz', '*');
  RETURN NULL;
END $$;

-- companies
CREATE OR REPLACE TRIGGER companies_authz_notify_upd AFTER UPDATE ON companies REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION taskhive_authz_notify_companies();
CREATE OR REPLACE TRIGGER companies_authz_notify_del AFTER DELETE ON companies REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION taskhive_authz_notify_companies();
CREATE OR REPLACE TRIGGER companies_authz_notify_truncate AFTER TRUNCATE ON companies FOR EACH STATEMENT EXECUTE FUNCTION taskhive_authz_notify_all();

-- sessions
CREATE OR REPLACE TRIGGER sessions_authz_notify_upd AFTER UPDATE ON sessions REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION taskhive_authz_notify_sessions();
CREATE OR REPLACE TRIGGER sessions_authz_notify_del AFTER DELETE ON sessions REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION taskhive_authz_notify_sessions();
CREATE OR REPLACE TRIGGER sessions_authz_notify_truncate AFTER TRUNCATE ON sessions FOR EACH STATEMENT EXECUTE FUNCTION taskhive_authz_notify_all();

-- users
CREATE OR REPLACE TRIGGER users_authz_notify_upd AFTER UPDATE ON users REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION taskhive_authz_notify_users();
CREATE OR REPLACE TRIGGER users_authz_notify_del AFTER DELETE ON users REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION taskhive_authz_notify_users();
CREATE OR REPLACE TRIGGER users_authz_notify_truncate AFTER TRUNCATE ON users FOR EACH STATEMENT EXECUTE FUNCTION taskhive_authz_notify_all();
