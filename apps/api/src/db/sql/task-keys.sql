-- Task keys (issue 23, migration 0026): every task has a number in its project, so a person can
-- say and type it (`APL-42`: the project's code, a dash, the number).
--
-- The current definition of each function and trigger (ARCHITECTURE.md, Database, SQL as source):
-- change it here and restate it in a new migration; src/db/sql.test.ts checks both.

-- A new task takes its project's next number (projects.last_task_number, counted up under the
-- project row's lock, so two creates in one project never take the same one). Every insert path
-- that names no number gets it: the seed, the bench generator, the test factories, copies. The
-- API's create names one (migration 0044, issue 28): it took it a moment before in a statement of
-- its own (tasksRepo.takeNumber), so the project row is not locked from the insert to the
-- request's commit; a number named is kept.
-- Trigger tasks_number.
CREATE OR REPLACE FUNCTION tasks_number() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.number IS NULL OR NEW.number = 0 THEN
    UPDATE projects SET last_task_number = last_task_number + 1
      WHERE company_id = NEW.company_id AND id = NEW.project_id
      RETURNING last_task_number INTO NEW.number;
  END IF;
  RETURN NEW;
END;
$$;

-- tasks
CREATE OR REPLACE TRIGGER tasks_number BEFORE INSERT ON "tasks"
  FOR EACH ROW EXECUTE FUNCTION tasks_number();
