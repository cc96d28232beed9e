-- Task statuses in the order work goes through them (issue 23, defect 15): Not Started first, then
-- Open, In Progress, In Review, Delayed, Completed, Cancelled. Before, the master list put Not Started
-- fourth (after In Review), so boards, filters and charts showed it there. Only a company whose seven
-- default statuses still hold the old default places (1 to 7, by their default names) is renumbered:
-- one that renamed, reordered or slotted in a status of its own among them keeps its own order.
-- Statuses a company added after the seventh keep their places.
WITH old_order(name, old_sort, new_sort) AS (
  VALUES
    ('Open', 1, 2),
    ('In Progress', 2, 3),
    ('In Review', 3, 4),
    ('Not Started', 4, 1),
    ('Delayed', 5, 5),
    ('Completed', 6, 6),
    ('Cancelled', 7, 7)
),
on_old_order AS (
  SELECT s.company_id
  FROM task_statuses s
  JOIN old_order o ON o.name = s.name AND o.old_sort = s.sort_order
  GROUP BY s.company_id
  HAVING count(*) = 7
)
UPDATE task_statuses s
SET sort_order = o.new_sort, updated_at = now()
FROM old_order o, on_old_order c
WHERE s.company_id = c.company_id AND s.name = o.name AND s.sort_order = o.old_sort;
