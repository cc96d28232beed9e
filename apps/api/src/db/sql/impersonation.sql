-- Impersonation (issue 24, migration 0020).
--
-- The current definition of each function and trigger (ARCHITECTURE.md, Database, SQL as source):
-- change it here and restate it in a new migration; src/db/sql.test.ts checks both.

-- Every change made in an impersonation session (sessions.impersonator_id set) is recorded in the
-- company's audit log, in the writing transaction, as done by the Super Admin on the Company
-- Admin's behalf. A trigger on the change log, not a subscriber: it sees every change row, those a
-- service writes with its own statement (a task's fast create) too. Session changes are left out:
-- the end of an impersonation is audited by its service. SECURITY DEFINER (migration 0031): it
-- names the Super Admin behind the session, a user of the platform's company, which a tenant
-- request's role (taskhive_app, row-level security) cannot read; it writes only NEW's company's log.
-- Trigger changes_impersonation_audit.
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

-- changes
CREATE OR REPLACE TRIGGER changes_impersonation_audit AFTER INSERT ON "changes"
  FOR EACH ROW WHEN (NEW.session_id IS NOT NULL AND NEW.type <> 'session')
  EXECUTE FUNCTION changes_impersonation_audit();
