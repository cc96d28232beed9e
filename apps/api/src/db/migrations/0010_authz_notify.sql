-- Authorisation cache invalidation (issue 12, lib/authz-cache.ts). Every API process keeps the
-- session state of live tokens in memory; the database tells them what changed through
-- NOTIFY taskhive_authz, sent by triggers, so no code path can forget. NOTIFY is delivered at
-- commit only: a rolled-back change notifies nothing. Payloads: 'c:<company id>', 's:<session id>',
-- 'u:<user id>', or '*' (drop everything: a statement that changed many companies at once, such
-- as a module deactivated on the platform, which bumps every company's authz_version).
CREATE FUNCTION taskhive_notify_authz(payloads text[]) RETURNS void LANGUAGE plpgsql AS $$
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
--> statement-breakpoint
-- companies: the authz_version bump (every permission-relevant change, triggers of 0002), the
-- company (de)activated, or the company deleted.
CREATE FUNCTION taskhive_authz_notify_companies() RETURNS trigger LANGUAGE plpgsql AS $$
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
--> statement-breakpoint
-- sessions: revoked (logout, password change or reset), expiry moved, or deleted. Touching
-- last_used_at (every refresh) notifies nothing.
CREATE FUNCTION taskhive_authz_notify_sessions() RETURNS trigger LANGUAGE plpgsql AS $$
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
--> statement-breakpoint
-- users: status (deactivation), primary role or company changed, or the user deleted. A renamed
-- user notifies nothing.
CREATE FUNCTION taskhive_authz_notify_users() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    PERFORM taskhive_notify_authz(ARRAY(SELECT 'u:' || o.id FROM old_rows o));
  ELSE
    PERFORM taskhive_notify_authz(ARRAY(
      SELECT 'u:' || o.id FROM new_rows n JOIN old_rows o ON o.id = n.id
       WHERE n.status IS DISTINCT FROM o.status OR n.role_id IS DISTINCT FROM o.role_id
          OR n.company_id IS DISTINCT FROM o.company_id));
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER companies_authz_notify_upd AFTER UPDATE ON companies REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION taskhive_authz_notify_companies();
--> statement-breakpoint
CREATE TRIGGER companies_authz_notify_del AFTER DELETE ON companies REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION taskhive_authz_notify_companies();
--> statement-breakpoint
CREATE TRIGGER sessions_authz_notify_upd AFTER UPDATE ON sessions REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION taskhive_authz_notify_sessions();
--> statement-breakpoint
CREATE TRIGGER sessions_authz_notify_del AFTER DELETE ON sessions REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION taskhive_authz_notify_sessions();
--> statement-breakpoint
CREATE TRIGGER users_authz_notify_upd AFTER UPDATE ON users REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION taskhive_authz_notify_users();
--> statement-breakpoint
CREATE TRIGGER users_authz_notify_del AFTER DELETE ON users REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION taskhive_authz_notify_users();
--> statement-breakpoint
-- A TRUNCATE (tests, a restore) fires no row trigger: drop everything.
CREATE FUNCTION taskhive_authz_notify_all() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('taskhive_authz', '*');
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER companies_authz_notify_truncate AFTER TRUNCATE ON companies FOR EACH STATEMENT EXECUTE FUNCTION taskhive_authz_notify_all();
--> statement-breakpoint
CREATE TRIGGER sessions_authz_notify_truncate AFTER TRUNCATE ON sessions FOR EACH STATEMENT EXECUTE FUNCTION taskhive_authz_notify_all();
--> statement-breakpoint
CREATE TRIGGER users_authz_notify_truncate AFTER TRUNCATE ON users FOR EACH STATEMENT EXECUTE FUNCTION taskhive_authz_notify_all();
