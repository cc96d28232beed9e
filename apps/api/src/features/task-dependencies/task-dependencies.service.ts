import {
  type CreateDependencyBody,
  DEPENDENCY_CANDIDATES_LIMIT,
  DEPENDENCY_MESSAGES,
  type DependencyTask,
  dependencyCycleMessage,
  type ProjectSchedule,
  type TaskDependencies,
} from '@taskhive/contract';
import { badRequest, conflict, fieldError, notFound } from '../../lib/errors.ts';
import { retryTransaction } from '../../lib/retry.ts';
import type { Scope } from '../../lib/scope.ts';
import { loadProject, projectsPolicy } from '../projects/index.ts';
import { type TaskRow, tasksReads, tasksWrites } from '../tasks/index.ts';
import { dependenciesRepo } from './task-dependencies.repo.ts';
import { addWorkingDays, workingDaysBetween } from './working-days.ts';

function toDependencyTask(row: TaskRow): DependencyTask {
  return {
    taskId: row.id,
    key: row.key,
    title: row.title,
    projectId: row.projectId,
    projectName: row.projectName,
    statusName: row.statusName,
    statusColor: row.statusColor,
    done: row.statusDone,
  };
}

/** `WEB-3 Title`: how a history line names the other task. */
const named = (row: TaskRow) => `${row.key} ${row.title}`;

/** A task the reader may read (the projects policy's task reach, the rule of every task read); 404 otherwise. */
async function loadTask(scope: Scope, id: string): Promise<TaskRow> {
  const row = await tasksReads.byId(scope, id, projectsPolicy.taskReach(scope.actor));
  if (!row) throw notFound('Task');
  return row;
}

/** Tasks as the dependency lists show them: only those the reader may read (one statement). */
async function shown(scope: Scope, ids: string[]): Promise<Map<string, DependencyTask>> {
  const rows = await tasksReads.byIdsInReach(scope, ids, projectsPolicy.taskReach(scope.actor));
  return new Map(rows.map((r) => [r.id, toDependencyTask(r)]));
}

const byOpenThenKey = (a: DependencyTask, b: DependencyTask) =>
  Number(a.done) - Number(b.done) || a.key.localeCompare(b.key, undefined, { numeric: true });

/** Both tasks of a new dependency, as the reader may read them; 400 per field for an id out of reach. */
async function loadPair(scope: Scope, body: CreateDependencyBody) {
  const rows = await tasksReads.byIdsInReach(
    scope,
    [body.blockerTaskId, body.blockedTaskId],
    projectsPolicy.taskReach(scope.actor),
  );
  const blocker = rows.find((r) => r.id === body.blockerTaskId);
  const blocked = rows.find((r) => r.id === body.blockedTaskId);
  if (!blocked) throw fieldError('blockedTaskId', DEPENDENCY_MESSAGES.blockedUnknown);
  if (!blocker) throw fieldError('blockerTaskId', DEPENDENCY_MESSAGES.blockerUnknown);
  return { blocker, blocked };
}

/**
 * Both sides of a dependency change are changes of their tasks (their history lines, live
 * updates); the blocked task's blocked state is a `dependency` change (its cards and rows refetch,
 * in this tab too: no write's answer filled them).
 */
function emitBoth(tx: Scope, blocker: TaskRow, blocked: TaskRow, added: boolean) {
  tx.emit({
    type: 'dependency',
    action: added ? 'created' : 'deleted',
    id: blocked.id,
    projectId: blocked.projectId,
    taskId: blocker.id,
  });
  tx.emit({
    type: 'task',
    action: 'updated',
    id: blocked.id,
    projectId: blocked.projectId,
    taskId: blocked.parentTaskId,
    fields: [{ field: 'blockedBy', from: added ? null : named(blocker), to: added ? named(blocker) : null }],
  });
  tx.emit({
    type: 'task',
    action: 'updated',
    id: blocker.id,
    projectId: blocker.projectId,
    taskId: blocker.parentTaskId,
    fields: [{ field: 'blocking', from: added ? null : named(blocked), to: added ? named(blocked) : null }],
  });
}

/**
 * Task dependencies (issue 26), finish-to-start. Reading needs the task in the reader's reach;
 * adding or removing one is an edit of the blocked task (the route's `task:update`, the task in
 * reach) that also names the blocker, which the reader must be able to read. A cycle is refused
 * under the company's lock, so two inserts that together would close one cannot both pass.
 */
export const dependenciesService = {
  async list(scope: Scope, taskId: string): Promise<TaskDependencies> {
    await loadTask(scope, taskId);
    const { blockerIds, blockedIds } = await dependenciesRepo.of(scope, taskId);
    const tasks = await shown(scope, [...blockerIds, ...blockedIds]);
    const pick = (ids: string[]) => ids.flatMap((id) => tasks.get(id) ?? []).sort(byOpenThenKey);
    return { taskId, blockedBy: pick(blockerIds), blocking: pick(blockedIds) };
  },

  /** Tasks the reader may read whose title or key matches, but the task itself. */
  async candidates(scope: Scope, taskId: string, search: string): Promise<DependencyTask[]> {
    await loadTask(scope, taskId);
    const rows = await tasksReads.search(
      scope,
      search,
      projectsPolicy.taskReach(scope.actor),
      taskId,
      DEPENDENCY_CANDIDATES_LIMIT,
    );
    return rows.map(toDependencyTask);
  },

  async create(scope: Scope, body: CreateDependencyBody): Promise<TaskDependencies> {
    const { blocker, blocked } = await loadPair(scope, body);
    await retryTransaction(() =>
      scope.transaction(async (tx) => {
        await dependenciesRepo.lock(tx);
        const cycle = await dependenciesRepo.cycle(tx, blocker.id, blocked.id);
        if (cycle) {
          const keys = await tasksReads.byIdsInReach(tx, cycle, projectsPolicy.taskReach(tx.actor));
          const keyOf = new Map(keys.map((r) => [r.id, r.key]));
          const message = dependencyCycleMessage(
            cycle.map((id) => keyOf.get(id) ?? 'a task you cannot open'),
          );
          throw badRequest(message, { blockerTaskId: [message] });
        }
        if (!(await dependenciesRepo.insert(tx, blocker.id, blocked.id)))
          throw conflict(DEPENDENCY_MESSAGES.exists);
        emitBoth(tx, blocker, blocked, true);
      }),
    );
    return dependenciesService.list(scope, blocked.id);
  },

  async remove(scope: Scope, blockerId: string, blockedId: string): Promise<TaskDependencies> {
    const blocked = await loadTask(scope, blockedId);
    // The blocker by id in the company (any reach): a dependency on a task the reader cannot open
    // is still theirs to remove from a task they may edit.
    const [blocker] = await tasksReads.byIdsInReach(scope, [blockerId], null);
    if (!blocker) throw notFound('Dependency');
    await scope.transaction(async (tx) => {
      if (!(await dependenciesRepo.remove(tx, blocker.id, blocked.id))) throw notFound('Dependency');
      emitBoth(tx, blocker, blocked, false);
    });
    return dependenciesService.list(scope, blocked.id);
  },

  async schedule(scope: Scope, projectId: string): Promise<ProjectSchedule> {
    await loadProject(scope, projectId);
    return { projectId, autoSchedule: (await dependenciesRepo.schedule(scope, projectId)) ?? false };
  },

  async setSchedule(scope: Scope, projectId: string, on: boolean): Promise<ProjectSchedule> {
    await loadProject(scope, projectId);
    await scope.transaction(async (tx) => {
      const before = await dependenciesRepo.schedule(tx, projectId);
      await dependenciesRepo.setSchedule(tx, projectId, on);
      if (before !== on) tx.emit({ type: 'project', action: 'updated', id: projectId, projectId });
    });
    return { projectId, autoSchedule: on };
  },
};

export type DependenciesService = typeof dependenciesService;

/**
 * Auto-scheduling (issue 26), called by the tasks service in the transaction of a task's update:
 * when its due date moves later by N working days, each task that waits for it (transitively,
 * through projects with the switch on) moves its start and due dates by N working days, in the
 * same transaction, each a change of its own (history, watchers' due-date notifications, live).
 */
export const dependencySchedule = {
  async follow(tx: Scope, taskId: string, fromDue: string | null, toDue: string | null): Promise<void> {
    if (!fromDue || !toDue || toDue <= fromDue) return;
    const n = workingDaysBetween(fromDue, toDue);
    if (n === 0) return;
    const ids = await dependenciesRepo.followers(tx, taskId);
    if (ids.length === 0) return;
    const rows = await tasksReads.byIdsInReach(tx, ids, null);
    const moved = rows
      .filter((r) => r.startDate !== null || r.dueDate !== null)
      .map((r) => ({
        row: r,
        startDate: r.startDate && addWorkingDays(r.startDate, n),
        dueDate: r.dueDate && addWorkingDays(r.dueDate, n),
      }));
    await tasksWrites.setDates(
      tx,
      moved.map((m) => ({ id: m.row.id, startDate: m.startDate, dueDate: m.dueDate })),
    );
    for (const { row, startDate, dueDate } of moved)
      tx.emit({
        type: 'task',
        action: 'updated',
        id: row.id,
        projectId: row.projectId,
        taskId: row.parentTaskId,
        fields: [
          ...(startDate !== row.startDate
            ? [{ field: 'startDate' as const, from: row.startDate, to: startDate }]
            : []),
          ...(dueDate !== row.dueDate ? [{ field: 'dueDate' as const, from: row.dueDate, to: dueDate }] : []),
        ],
      });
  },
};

/**
 * Issue 26, called by the tasks service and the bulk route in the transaction of a status change:
 * these tasks moved between open and done (Completed, Cancelled). Each task they block is told as
 * a `dependency` change (its blocked state changed: cards, rows and drawers refetch); one that a
 * done blocker left without any open blocker carries what the notifications reaction needs to tell
 * its assignees (`task_unblocked`, never the actor). One statement however many tasks.
 */
export const dependencyStatus = {
  async doneChanged(tx: Scope, blockerIds: string[]): Promise<void> {
    if (blockerIds.length === 0) return;
    for (const row of await dependenciesRepo.blockedOf(tx, blockerIds))
      tx.emit({
        type: 'dependency',
        action: 'updated',
        id: row.taskId,
        projectId: row.projectId,
        taskId: row.blockerId,
        ...(row.blockerDone && row.openLeft === 0
          ? {
              notice: {
                unblocked: { title: row.title, blockerKey: row.blockerKey, assigneeIds: row.assigneeIds },
              },
            }
          : {}),
      });
  },
};
