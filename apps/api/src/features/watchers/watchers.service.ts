import type { TaskWatchers } from '@taskhive/contract';
import { notFound } from '../../lib/errors.ts';
import type { Scope } from '../../lib/scope.ts';
import { toPerson } from '../comments/index.ts';
import { projectsPolicy } from '../projects/index.ts';
import { type TaskRow, tasksReads } from '../tasks/index.ts';
import { watchersRepo } from './watchers.repo.ts';

/** A task the caller may read (the projects policy's reach); 404 otherwise, another company's too. */
async function loadTask(scope: Scope, id: string): Promise<TaskRow> {
  const row = await tasksReads.byId(scope, id, projectsPolicy.taskReach(scope.actor));
  if (!row) throw notFound('Task');
  return row;
}

async function summary(scope: Scope, taskId: string): Promise<TaskWatchers> {
  const watchers = (await watchersRepo.list(scope, taskId)).map(toPerson);
  return {
    taskId,
    watching: watchers.some((w) => w.userId === scope.actor.userId),
    count: watchers.length,
    watchers,
  };
}

/**
 * Watching a task (issue 23): anyone who may read it may watch or unwatch it. A change of who
 * watches is a change of the task (no fields, so no history line and no notification), so the
 * other open screens of the task refresh their watcher count.
 */
async function setWatching(scope: Scope, id: string, watch: boolean): Promise<TaskWatchers> {
  const task = await loadTask(scope, id);
  await scope.transaction(async (tx) => {
    const changed = watch
      ? await watchersRepo.add(tx, id, tx.actor.userId)
      : await watchersRepo.remove(tx, id, tx.actor.userId);
    if (changed)
      tx.emit({ type: 'task', action: 'updated', id, projectId: task.projectId, taskId: task.parentTaskId });
  });
  return summary(scope, id);
}

export const watchersService = {
  async list(scope: Scope, id: string): Promise<TaskWatchers> {
    await loadTask(scope, id);
    return summary(scope, id);
  },
  watch: (scope: Scope, id: string) => setWatching(scope, id, true),
  unwatch: (scope: Scope, id: string) => setWatching(scope, id, false),
};

export type WatchersService = typeof watchersService;
