-- Watchers (issue 23, migration 0028).
--
-- The current definition of each function and trigger (ARCHITECTURE.md, Database, SQL as source):
-- change it here and restate it in a new migration; src/db/sql.test.ts checks both.

-- Whoever creates a task, or comments on one, watches it (as in Jira). Derived from the change
-- log, not by each service: a trigger on `changes` sees every change row, those a service writes
-- with its own statement (a task's fast create) too. Only a user of the company: the system's
-- changes (the seed, provisioning) make no watcher. Assignees and mentions, which the change row
-- does not keep, are added by the watchers subscriber (change-subscribers.ts) in the same flush.
-- Trigger changes_watch.
CREATE OR REPLACE FUNCTION changes_watch() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO task_watchers (company_id, task_id, user_id)
  SELECT NEW.company_id, t.id, u.id
  FROM tasks t
  JOIN users u ON u.company_id = NEW.company_id AND u.id = NEW.actor_id
  WHERE t.company_id = NEW.company_id
    AND t.id = CASE WHEN NEW.type = 'task' THEN NEW.entity_id::uuid ELSE NEW.task_id END
  ON CONFLICT DO NOTHING;
  RETURN NULL;
END;
$$;

-- changes
CREATE OR REPLACE TRIGGER changes_watch AFTER INSERT ON "changes"
  FOR EACH ROW WHEN (NEW.action = 'created'
    AND (NEW.type = 'task' OR (NEW.type = 'comment' AND NEW.task_id IS NOT NULL)))
  EXECUTE FUNCTION changes_watch();
