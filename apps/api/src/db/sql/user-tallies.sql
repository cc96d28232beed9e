-- User tallies (issue 28, growth; migration 0046; ARCHITECTURE.md, Tallies): per (company, status)
-- the company's people, kept by statement triggers on users as tallies.sql keeps the task tallies
-- (a key's change goes to one of its rows no other transaction holds, or to a new row; a row that
-- comes to zero goes). The employee list's total without a filter but status reads a row per
-- status instead of counting every person of the company. Read by features/users/users.repo.ts.
--
-- The current definition of each function and trigger (ARCHITECTURE.md, Database, SQL as source):
-- change it here and restate it in a new migration; src/db/sql.test.ts checks both.

-- Each statement's people counted in (inserted, or their company or status now) and out (deleted,
-- or their company or status before), summed per (company, status) and added to the tallies.
CREATE OR REPLACE FUNCTION taskhive_tally_users() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  company_ids uuid[];
  statuses text[];
  signs integer[];
  k record;
  r tid;
  zero boolean;
BEGIN
  IF TG_OP = 'INSERT' THEN
    SELECT array_agg(company_id), array_agg(status), array_agg(1) INTO company_ids, statuses, signs FROM new_rows;
  ELSIF TG_OP = 'DELETE' THEN
    SELECT array_agg(company_id), array_agg(status), array_agg(-1) INTO company_ids, statuses, signs FROM old_rows;
  ELSE
    -- Only the people whose company or status changed (a name, a login or a photo does not count).
    SELECT array_agg(c.company_id), array_agg(c.status), array_agg(c.sign) INTO company_ids, statuses, signs
      FROM (
        SELECT o.company_id, o.status, -1 AS sign FROM old_rows o JOIN new_rows n ON n.id = o.id
         WHERE (o.company_id, o.status) IS DISTINCT FROM (n.company_id, n.status)
        UNION ALL
        SELECT n.company_id, n.status, 1 FROM old_rows o JOIN new_rows n ON n.id = o.id
         WHERE (o.company_id, o.status) IS DISTINCT FROM (n.company_id, n.status)
      ) c;
  END IF;
  IF company_ids IS NULL THEN
    RETURN NULL;
  END IF;
  FOR k IN
    SELECT d.*, x.row_id FROM (
      SELECT u.company_id, u.status, sum(u.sign)::integer AS user_count
        FROM unnest(company_ids, statuses, signs) AS u(company_id, status, sign) GROUP BY 1, 2
    ) d LEFT JOIN LATERAL (
      SELECT t.ctid AS row_id FROM user_status_tallies t
       WHERE t.company_id = d.company_id AND t.status = d.status
       LIMIT 1 FOR UPDATE SKIP LOCKED) x ON true
     WHERE d.user_count <> 0
  LOOP
    r := NULL;
    IF k.row_id IS NOT NULL THEN
      UPDATE user_status_tallies SET user_count = user_count + k.user_count WHERE ctid = k.row_id
      RETURNING ctid, user_count = 0 INTO r, zero;
    END IF;
    IF r IS NULL THEN
      INSERT INTO user_status_tallies (company_id, status, user_count) VALUES (k.company_id, k.status, k.user_count);
    ELSIF zero THEN
      DELETE FROM user_status_tallies WHERE ctid = r;
    END IF;
  END LOOP;
  RETURN NULL;
END;
$$;

CREATE OR REPLACE TRIGGER users_tally_insert AFTER INSERT ON users REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION taskhive_tally_users();
CREATE OR REPLACE TRIGGER users_tally_update AFTER UPDATE ON users REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION taskhive_tally_users();
CREATE OR REPLACE TRIGGER users_tally_delete AFTER DELETE ON users REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION taskhive_tally_users();
