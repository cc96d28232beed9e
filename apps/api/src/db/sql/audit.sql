-- The audit log (migration 0007).
--
-- The current definition of each function and trigger (ARCHITECTURE.md, Database, SQL as source):
-- change it here and restate it in a new migration; src/db/sql.test.ts checks both.

-- audit_events is append-only: UPDATE and DELETE are refused, whoever asks (TRUNCATE, which the
-- tests' reset uses, is a statement of its own and stays possible for the owner of the table).
-- Trigger audit_events_append_only.
CREATE OR REPLACE FUNCTION audit_events_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'audit_events is append-only: % refused', TG_OP USING ERRCODE = 'insufficient_privilege';
END;
$$;

-- audit_events
CREATE OR REPLACE TRIGGER audit_events_append_only BEFORE UPDATE OR DELETE ON "audit_events"
  FOR EACH STATEMENT EXECUTE FUNCTION audit_events_append_only();
