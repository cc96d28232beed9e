import { z } from 'zod';
import { text } from './text.ts';

/**
 * Task dependencies (issue 26, planning), finish-to-start: a task is blocked by another until that
 * one is done (its status is Completed or Cancelled). Within a company, across the projects the
 * reader may see. Routes: `GET/POST /api/TaskDependencies`, `DELETE
 * /api/TaskDependencies/{blockerTaskId}/{blockedTaskId}`, `GET /api/TaskDependencies/candidates`,
 * `GET/PUT /api/TaskDependencies/projects/{projectId}/schedule` (the auto-schedule switch).
 */

/** One task on the other side of a dependency, as the drawer lists it. */
export const dependencyTaskSchema = z.object({
  taskId: z.uuid(),
  key: z.string(),
  title: z.string(),
  projectId: z.uuid(),
  projectName: z.string(),
  statusName: z.string().nullable(),
  statusColor: z.string().nullable(),
  /** Its status is Completed or Cancelled: it blocks nothing any more. */
  done: z.boolean(),
});
export type DependencyTask = z.infer<typeof dependencyTaskSchema>;

/** GET /api/TaskDependencies?taskId=: what blocks the task and what it blocks (only tasks the reader may read). */
export const taskDependenciesSchema = z.object({
  taskId: z.uuid(),
  /** The tasks it waits for, open ones first. */
  blockedBy: z.array(dependencyTaskSchema),
  /** The tasks waiting for it. */
  blocking: z.array(dependencyTaskSchema),
});
export type TaskDependencies = z.infer<typeof taskDependenciesSchema>;

export const taskDependenciesQuerySchema = z.object({ taskId: z.uuid() });

/** POST /api/TaskDependencies: `blockerTaskId` blocks `blockedTaskId`. */
export const createDependencyBodySchema = z
  .object({ blockerTaskId: z.uuid(), blockedTaskId: z.uuid() })
  .refine((b) => b.blockerTaskId !== b.blockedTaskId, {
    path: ['blockedTaskId'],
    message: 'A task cannot block itself',
  });
export type CreateDependencyBody = z.infer<typeof createDependencyBodySchema>;

export const dependencyParams = z.object({ blockerTaskId: z.uuid(), blockedTaskId: z.uuid() });

/** GET /api/TaskDependencies/candidates: tasks the reader may read whose title or key matches. */
export const dependencyCandidatesQuerySchema = z.object({
  taskId: z.uuid(),
  search: text().trim().min(1).max(100),
});
export const dependencyCandidatesSchema = z.array(dependencyTaskSchema);
/** The most candidates one search answers. */
export const DEPENDENCY_CANDIDATES_LIMIT = 10;

/** A project's auto-schedule switch: its tasks follow their blockers' due dates by working days. */
export const projectScheduleSchema = z.object({ projectId: z.uuid(), autoSchedule: z.boolean() });
export type ProjectSchedule = z.infer<typeof projectScheduleSchema>;
export const projectScheduleBodySchema = z.object({ autoSchedule: z.boolean() });
export const projectIdParam = z.object({ projectId: z.uuid() });

/** "This would make a cycle: WEB-3 → WEB-7 → WEB-3" (the keys in the order the dependencies run). */
export const dependencyCycleMessage = (keys: readonly string[]) =>
  `This would make a cycle: ${keys.join(' → ')}`;

/** "Blocked by 2 open tasks": the card's and the row's indicator. */
export const blockedLabel = (n: number) => `Blocked by ${n} open task${n === 1 ? '' : 's'}`;

/** The dependencies' texts (kept out of MESSAGES, which the sign-in route loads whole). */
export const DEPENDENCY_MESSAGES = {
  title: 'Dependencies',
  blockedBy: 'Blocked by',
  blocking: 'Blocking',
  noneBlockedBy: 'Nothing blocks this task',
  noneBlocking: 'This task blocks nothing',
  addBlocker: 'Add a blocker',
  addBlocking: 'Add a task it blocks',
  searchLabel: 'Find a task by title or key',
  searchEmpty: 'No task matches',
  remove: 'Remove dependency',
  added: 'Dependency added',
  removed: 'Dependency removed',
  failed: 'Failed to change the dependencies',
  loadFailed: 'Failed to load the dependencies',
  exists: 'This dependency exists already',
  notFound: 'Dependency not found',
  blockerUnknown: 'Task not found',
  blockedUnknown: 'Task not found',
  done: 'Done',
  autoSchedule: 'Auto-schedule dependent tasks',
  autoScheduleHint:
    "When a blocker's due date moves later, this project's tasks that wait for it move by the same number of working days.",
  autoScheduleSaved: 'Auto-schedule saved',
  autoScheduleFailed: 'Failed to save auto-schedule',
} as const;
