import type { Person, Task } from '@taskhive/contract';
import type { MoveFields } from './tasks-api';

/** Swimlanes of the task board (issue 23): which lane a card is in, and what a drop into another sets. */

/** The lane of a card without the lane's field. */
export const NONE = 'none';
export type TaskLanes = 'assignee' | 'priority';

export const personName = (p: Person) => `${p.firstName} ${p.lastName}`.trim();
/** A card with several assignees is in its first one's lane. */
export const byAssignee = (t: Task) => t.assignees[0]?.userId ?? NONE;
export const byPriority = (t: Task) => t.priorityId ?? NONE;

/**
 * The field a drop into `toLane` sets: the priority, or the assignees with the lane's person first
 * (in place of the lane the card left; Unassigned clears them), so the card shows in that lane.
 */
export function laneFields(
  lanes: TaskLanes,
  task: Task,
  toLane: string,
  people: ReadonlyMap<string, Person>,
  priorityName: (id: string) => string | null,
): MoveFields | null {
  if (lanes === 'priority') {
    return toLane === NONE
      ? { priorityId: null, priorityName: null }
      : { priorityId: toLane, priorityName: priorityName(toLane) };
  }
  if (toLane === NONE) return { assignees: [] };
  const person = people.get(toLane);
  if (!person) return null;
  const from = byAssignee(task);
  return { assignees: [person, ...task.assignees.filter((a) => a.userId !== from && a.userId !== toLane)] };
}
