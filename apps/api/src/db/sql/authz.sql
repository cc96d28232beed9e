-- Authorisation version (migration 0002): every change that can alter someone's effective
-- permissions bumps the company's authz_version in the same transaction, so the auth plugin's
-- permission cache (keyed by that version, read with the session on every request) is stale for
-- no request in any process. Statement triggers with transition tables: a bulk insert
-- (provisioning a company) bumps once, not once per row.
--
-- The current definition of each function and trigger (ARCHITECTURE.md, Database, SQL as source):
-- change it here and restate it in a new migration; src/db/sql.test.ts checks both.

-- Bumps the authz_version of the given companies. Called by the trigger functions below.
CREATE OR REPLACE FUNCTION taskhive_bump_authz(company_ids uuid[]) RETURNS void LANGUAGE sql AS $$
  UPDATE companies SET authz_version = authz_version + 1 WHERE id = ANY(company_ids);
$$;

-- The companies of the changed rows' company_id (a platform role has none and gives no company
-- permission). Triggers on roles, user_permissions, user_roles, company_modules (*_authz_ins,
-- *_authz_upd, *_authz_del).
CREATE OR REPLACE FUNCTION taskhive_authz_by_company_id() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM taskhive_bump_authz(ARRAY(SELECT DISTINCT company_id FROM new_rows WHERE company_id IS NOT NULL));
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM taskhive_bump_authz(ARRAY(SELECT DISTINCT company_id FROM old_rows WHERE company_id IS NOT NULL));
  ELSE
    PERFORM taskhive_bump_authz(ARRAY(
      SELECT company_id FROM new_rows WHERE company_id IS NOT NULL
      UNION SELECT company_id FROM old_rows WHERE company_id IS NOT NULL));
  END IF;
  RETURN NULL;
END $$;

-- role_permissions: the company of the role. A row deleted by the cascade of a role's deletion
-- finds no role any more; the roles trigger has bumped that company already. Triggers
-- role_permissions_authz_ins, _upd, _del.
CREATE OR REPLACE FUNCTION taskhive_authz_by_role_id() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM taskhive_bump_authz(ARRAY(
      SELECT DISTINCT r.company_id FROM new_rows n JOIN roles r ON r.id = n.role_id WHERE r.company_id IS NOT NULL));
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM taskhive_bump_authz(ARRAY(
      SELECT DISTINCT r.company_id FROM old_rows o JOIN roles r ON r.id = o.role_id WHERE r.company_id IS NOT NULL));
  ELSE
    PERFORM taskhive_bump_authz(ARRAY(
      SELECT r.company_id FROM new_rows n JOIN roles r ON r.id = n.role_id WHERE r.company_id IS NOT NULL
      UNION SELECT r.company_id FROM old_rows o JOIN roles r ON r.id = o.role_id WHERE r.company_id IS NOT NULL));
  END IF;
  RETURN NULL;
END $$;

-- modules (status) and permissions (module, type) are the platform's catalogue: every company.
-- Triggers modules_authz, permissions_authz.
CREATE OR REPLACE FUNCTION taskhive_authz_all_companies() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE companies SET authz_version = authz_version + 1;
  RETURN NULL;
END $$;

-- users: a change of primary role or company bumps both companies (status is read live with
-- the session). Trigger users_authz_role.
CREATE OR REPLACE FUNCTION taskhive_authz_user_role() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM taskhive_bump_authz(ARRAY[OLD.company_id, NEW.company_id]);
  RETURN NULL;
END $$;

-- roles
CREATE OR REPLACE TRIGGER roles_authz_ins AFTER INSERT ON roles REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION taskhive_authz_by_company_id();
CREATE OR REPLACE TRIGGER roles_authz_upd AFTER UPDATE ON roles REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION taskhive_authz_by_company_id();
CREATE OR REPLACE TRIGGER roles_authz_del AFTER DELETE ON roles REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION taskhive_authz_by_company_id();

-- user_permissions
CREATE OR REPLACE TRIGGER user_permissions_authz_ins AFTER INSERT ON user_permissions REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION taskhive_authz_by_company_id();
CREATE OR REPLACE TRIGGER user_permissions_authz_upd AFTER UPDATE ON user_permissions REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION taskhive_authz_by_company_id();
CREATE OR REPLACE TRIGGER user_permissions_authz_del AFTER DELETE ON user_permissions REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION taskhive_authz_by_company_id();

-- user_roles
CREATE OR REPLACE TRIGGER user_roles_authz_ins AFTER INSERT ON user_roles REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION taskhive_authz_by_company_id();
CREATE OR REPLACE TRIGGER user_roles_authz_upd AFTER UPDATE ON user_roles REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION taskhive_authz_by_company_id();
CREATE OR REPLACE TRIGGER user_roles_authz_del AFTER DELETE ON user_roles REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION taskhive_authz_by_company_id();

-- company_modules
CREATE OR REPLACE TRIGGER company_modules_authz_ins AFTER INSERT ON company_modules REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION taskhive_authz_by_company_id();
CREATE OR REPLACE TRIGGER company_modules_authz_upd AFTER UPDATE ON company_modules REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION taskhive_authz_by_company_id();
CREATE OR REPLACE TRIGGER company_modules_authz_del AFTER DELETE ON company_modules REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION taskhive_authz_by_company_id();

-- role_permissions
CREATE OR REPLACE TRIGGER role_permissions_authz_ins AFTER INSERT ON role_permissions REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION taskhive_authz_by_role_id();
CREATE OR REPLACE TRIGGER role_permissions_authz_upd AFTER UPDATE ON role_permissions REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION taskhive_authz_by_role_id();
CREATE OR REPLACE TRIGGER role_permissions_authz_del AFTER DELETE ON role_permissions REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION taskhive_authz_by_role_id();

-- modules, permissions
CREATE OR REPLACE TRIGGER modules_authz AFTER INSERT OR UPDATE OR DELETE ON modules FOR EACH STATEMENT EXECUTE FUNCTION taskhive_authz_all_companies();
CREATE OR REPLACE TRIGGER permissions_authz AFTER INSERT OR UPDATE OR DELETE ON permissions FOR EACH STATEMENT EXECUTE FUNCTION taskhive_authz_all_companies();

-- users
CREATE OR REPLACE TRIGGER users_authz_role AFTER UPDATE OF role_id, company_id ON users FOR EACH ROW WHEN (OLD.role_id IS DISTINCT FROM NEW.role_id OR OLD.company_id IS DISTINCT FROM NEW.company_id) EXECUTE FUNCTION taskhive_authz_user_role();
