ALTER TABLE "companies" ADD COLUMN "authz_version" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
-- Every change that can alter someone's effective permissions bumps the company's authz_version,
-- in the same transaction, so the auth plugin's permission cache (keyed by that version, read with
-- the session on every request) is stale for no request in any process. Statement-level triggers
-- with transition tables: a bulk insert (provisioning a company) bumps once, not once per row.
CREATE FUNCTION taskhive_bump_authz(company_ids uuid[]) RETURNS void LANGUAGE sql AS $$
  UPDATE companies SET authz_version = authz_version + 1 WHERE id = ANY(company_ids);
$$;
--> statement-breakpoint
-- Tables with a company_id column: roles (platform roles have none and give no company permission),
-- user_permissions, user_roles, company_modules.
CREATE FUNCTION taskhive_authz_by_company_id() RETURNS trigger LANGUAGE plpgsql AS $$
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
--> statement-breakpoint
-- role_permissions: the company of the role. A row deleted by the cascade of a role's deletion
-- finds no role any more; the roles trigger has bumped that company already.
CREATE FUNCTION taskhive_authz_by_role_id() RETURNS trigger LANGUAGE plpgsql AS $$
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
--> statement-breakpoint
-- modules (status) and permissions (module, type): platform catalogue, so every company.
CREATE FUNCTION taskhive_authz_all_companies() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE companies SET authz_version = authz_version + 1;
  RETURN NULL;
END $$;
--> statement-breakpoint
-- users: a change of primary role (status is read live with the session).
CREATE FUNCTION taskhive_authz_user_role() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM taskhive_bump_authz(ARRAY[OLD.company_id, NEW.company_id]);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER roles_authz_ins AFTER INSERT ON roles REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION taskhive_authz_by_company_id();
--> statement-breakpoint
CREATE TRIGGER roles_authz_upd AFTER UPDATE ON roles REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION taskhive_authz_by_company_id();
--> statement-breakpoint
CREATE TRIGGER roles_authz_del AFTER DELETE ON roles REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION taskhive_authz_by_company_id();
--> statement-breakpoint
CREATE TRIGGER user_permissions_authz_ins AFTER INSERT ON user_permissions REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION taskhive_authz_by_company_id();
--> statement-breakpoint
CREATE TRIGGER user_permissions_authz_upd AFTER UPDATE ON user_permissions REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION taskhive_authz_by_company_id();
--> statement-breakpoint
CREATE TRIGGER user_permissions_authz_del AFTER DELETE ON user_permissions REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION taskhive_authz_by_company_id();
--> statement-breakpoint
CREATE TRIGGER user_roles_authz_ins AFTER INSERT ON user_roles REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION taskhive_authz_by_company_id();
--> statement-breakpoint
CREATE TRIGGER user_roles_authz_upd AFTER UPDATE ON user_roles REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION taskhive_authz_by_company_id();
--> statement-breakpoint
CREATE TRIGGER user_roles_authz_del AFTER DELETE ON user_roles REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION taskhive_authz_by_company_id();
--> statement-breakpoint
CREATE TRIGGER company_modules_authz_ins AFTER INSERT ON company_modules REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION taskhive_authz_by_company_id();
--> statement-breakpoint
CREATE TRIGGER company_modules_authz_upd AFTER UPDATE ON company_modules REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION taskhive_authz_by_company_id();
--> statement-breakpoint
CREATE TRIGGER company_modules_authz_del AFTER DELETE ON company_modules REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION taskhive_authz_by_company_id();
--> statement-breakpoint
CREATE TRIGGER role_permissions_authz_ins AFTER INSERT ON role_permissions REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION taskhive_authz_by_role_id();
--> statement-breakpoint
CREATE TRIGGER role_permissions_authz_upd AFTER UPDATE ON role_permissions REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION taskhive_authz_by_role_id();
--> statement-breakpoint
CREATE TRIGGER role_permissions_authz_del AFTER DELETE ON role_permissions REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION taskhive_authz_by_role_id();
--> statement-breakpoint
CREATE TRIGGER modules_authz AFTER INSERT OR UPDATE OR DELETE ON modules FOR EACH STATEMENT EXECUTE FUNCTION taskhive_authz_all_companies();
--> statement-breakpoint
CREATE TRIGGER permissions_authz AFTER INSERT OR UPDATE OR DELETE ON permissions FOR EACH STATEMENT EXECUTE FUNCTION taskhive_authz_all_companies();
--> statement-breakpoint
CREATE TRIGGER users_authz_role AFTER UPDATE OF role_id, company_id ON users FOR EACH ROW WHEN (OLD.role_id IS DISTINCT FROM NEW.role_id OR OLD.company_id IS DISTINCT FROM NEW.company_id) EXECUTE FUNCTION taskhive_authz_user_role();
