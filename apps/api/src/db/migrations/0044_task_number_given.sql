-- A task's number may be given (issue 28): the API's create takes it in a statement of its own
-- (tasksRepo.takeNumber) and names it, so the project row is locked for that statement alone;
-- the trigger numbers only the inserts that name none (src/db/sql/task-keys.sql).
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
