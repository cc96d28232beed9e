import {
  MESSAGES,
  TASK_BULK_MESSAGES,
  type Task,
  type TaskBulkBody,
  type TaskBulkResult,
} from '@taskhive/contract';
import { fieldError, forbidden, notFound } from '../../lib/errors.ts';
import { retryTransaction } from '../../lib/retry.ts';
import type { Scope } from '../../lib/scope.ts';
import { personName, taskChanges, type TaskState } from '../comments/index.ts';
import { workDocuments } from '../files/index.ts';
import { assertStatus, projectsPolicy } from '../projects/index.ts';
import { dependencyStatus } from '../task-dependencies/index.ts';
import { byTask, toTask } from './tasks.mapper.ts';
import { type AssigneeRow, type TaskRow, tasksRepo } from './tasks.repo.ts';

/** The right each bulk action needs, as the single route of the same change does. */
const RIGHT = { status: 'task:update', assignee: 'task:update', delete: 'task:delete' } as const;

const stateOf = (row: TaskRow, assignees: AssigneeRow[]): TaskState => ({
  ...row,
  assignees: assignees.filter((a) => a.taskId === row.id).map(personName),
});

/**
 * POST /Tasks/bulk: one action on up to 100 tasks, all or nothing, in one transaction. The checks
 * are the single update's and delete's: every task must be the company's and within the caller's
 * reach (else 404, as for one task: an out-of-reach task is not said to exist), the caller must
 * hold the action's right (else 403 naming the first task's key), a status must be the company's
 * and an assignee a member of each task's project (400). Each task's change is recorded through
 * `tx.emit` as a single edit records it, so its activity, notifications and live events follow.
 * The statements are a fixed number whatever the number of tasks: batch loads, one UPDATE (or
 * DELETE) over `id = any($ids)`, one progress recompute, one read of the rows after.
 */
export async function bulkTasks(
  scope: Scope,
  body: TaskBulkBody,
  removeFiles: (keys: string[]) => Promise<void>,
): Promise<TaskBulkResult> {
  const ids = body.taskIds.map((id) => id.toLowerCase());
  const [rows, reachable] = await Promise.all([
    tasksRepo.byIds(scope, ids),
    tasksRepo.inReachAmong(scope, ids, projectsPolicy.taskReach(scope.actor)),
  ]);
  const byId = new Map(rows.map((r) => [r.id, r]));
  const loaded = ids.map((id) => byId.get(id));
  if (loaded.some((r) => !r || !reachable.has(r.id))) throw notFound('Task');
  const before = loaded.filter((r): r is TaskRow => r !== undefined);
  const first = before[0];
  if (first && !scope.actor.permissions.has(RIGHT[body.action]))
    throw forbidden(
      body.action === 'delete'
        ? TASK_BULK_MESSAGES.mayNotDelete(first.key)
        : TASK_BULK_MESSAGES.mayNotUpdate(first.key),
    );

  if (body.action === 'delete') return remove(scope, before, removeFiles);

  if (body.action === 'status' && body.statusId)
    await assertStatus(scope, body.statusId, MESSAGES.projects.statusNotInCompany);
  const assigneeId = body.action === 'assignee' ? (body.assigneeId?.toLowerCase() ?? null) : null;
  if (assigneeId) {
    const projectIds = [...new Set(before.map((r) => r.projectId))];
    const withMember = await tasksRepo.projectsWithMember(scope, projectIds, assigneeId);
    const outside = before.find((r) => !withMember.has(r.projectId));
    if (outside) throw fieldError('assigneeId', TASK_BULK_MESSAGES.assigneeNotMember(outside.key));
  }
  const assignedBefore = await tasksRepo.assignees(scope, ids);

  const { after, assignedAfter } = await retryTransaction(() =>
    scope.transaction(async (tx) => {
      if (body.action === 'status' && body.statusId) {
        await tasksRepo.setStatusOf(tx, ids, body.statusId);
        await tasksRepo.recomputeProgress(tx, ids);
      } else {
        await tasksRepo.setAssigneeOf(tx, ids, assigneeId);
      }
      const changed = await tasksRepo.byIds(tx, ids);
      const assigned = body.action === 'assignee' ? await tasksRepo.assignees(tx, ids) : assignedBefore;
      const changedById = new Map(changed.map((r) => [r.id, r]));
      for (const old of before) {
        const row = changedById.get(old.id);
        if (!row) throw notFound('Task');
        const assigneeIds = assigned.filter((a) => a.taskId === row.id).map((a) => a.userId);
        const wasAssigned = assignedBefore.some((a) => a.taskId === row.id && a.userId === assigneeId);
        tx.emit({
          type: 'task',
          action: 'updated',
          id: row.id,
          projectId: row.projectId,
          taskId: row.parentTaskId,
          fields: taskChanges(stateOf(old, assignedBefore), stateOf(row, assigned)),
          notice: {
            assigned: assigneeId && !wasAssigned ? [assigneeId] : [],
            task: {
              projectId: row.projectId,
              projectName: row.projectName,
              title: row.title,
              createdBy: row.createdBy,
              assigneeIds,
              recurring: row.recurring,
              completed: row.completedAt !== null,
            },
          },
        });
      }
      // Issue 26: the tasks that moved between open and done tell what they block (one statement).
      await dependencyStatus.doneChanged(
        tx,
        before
          .filter((old) => old.blockingCount > 0 && changedById.get(old.id)?.statusDone !== old.statusDone)
          .map((old) => old.id),
      );
      return { after: changedById, assignedAfter: assigned };
    }),
  );
  const assignees = byTask(assignedAfter);
  const tasks: Task[] = ids.flatMap((id) => {
    const row = after.get(id);
    return row ? [toTask(row, assignees)] : [];
  });
  return { action: body.action, tasks, deletedIds: [] };
}

/** Deletes the tasks (with their subtasks and documents), then their parents' progress, then the files. */
async function remove(
  scope: Scope,
  rows: TaskRow[],
  removeFiles: (keys: string[]) => Promise<void>,
): Promise<TaskBulkResult> {
  const ids = rows.map((r) => r.id);
  const gone = new Set(ids);
  const parents = [...new Set(rows.flatMap((r) => (r.parentTaskId ? [r.parentTaskId] : [])))].filter(
    (p) => !gone.has(p),
  );
  const keys = await scope.transaction(async (tx) => {
    const k = await workDocuments.keysOfTasks(tx, await tasksRepo.withSubtaskIdsOf(tx, ids));
    await tasksRepo.deleteMany(tx, ids);
    if (parents.length) await tasksRepo.recomputeProgress(tx, parents);
    for (const r of rows)
      tx.emit({ type: 'task', action: 'deleted', id: r.id, projectId: r.projectId, taskId: r.parentTaskId });
    return k;
  });
  await removeFiles(keys);
  return { action: 'delete', tasks: [], deletedIds: ids };
}
