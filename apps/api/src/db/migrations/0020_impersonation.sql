-- Impersonation (issue 24): a session made for a Super Admin acting as a Company Admin names the
-- Super Admin and the reason; the audit log names whom an actor acted for.
ALTER TABLE "sessions" ADD COLUMN "impersonator_id" uuid;
--> statement-breakpoint
ALTER TABLE "sessions" ADD COLUMN "impersonation_reason" text;
--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_impersonation_ck" CHECK (("impersonator_id" IS NULL) = ("impersonation_reason" IS NULL));
--> statement-breakpoint
ALTER TABLE "audit_events" ADD COLUMN "on_behalf_of_id" uuid;
--> statement-breakpoint
ALTER TABLE "audit_events" ADD COLUMN "on_behalf_of_name" text;
--> statement-breakpoint
ALTER TABLE "audit_events" ADD COLUMN "on_behalf_of_email" text;
--> statement-breakpoint
-- Restated from src/db/sql/impersonation.sql (changes_impersonation_audit).
CREATE OR REPLACE FUNCTION changes_impersonation_audit() RETURNS trigger LANGUAGE plpgsql AS $$
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
CREATE OR REPLACE TRIGGER changes_impersonation_audit AFTER INSERT ON "changes"
  FOR EACH ROW WHEN (NEW.session_id IS NOT NULL AND NEW.type <> 'session')
  EXECUTE FUNCTION changes_impersonation_audit();
