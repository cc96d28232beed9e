import type { FastifyBaseLogger } from 'fastify';
import {
  END_BEFORE_START,
  type CreateTaskListBody,
  type Paged,
  type TaskList,
  type TaskListDetail,
  type TaskListListQuery,
  type UpdateTaskListBody,
} from '@taskhive/contract';
import { fieldError, notFound } from '../../lib/errors.ts';
import { toPaged } from '../../lib/list.ts';
import type { Scope } from '../../lib/scope.ts';
import { workDocuments, type FileStorage } from '../files/index.ts';
import { projectsPolicy, loadProject } from '../projects/index.ts';
import { tasksReads } from '../tasks/index.ts';
import { toTaskList, toTaskListDetail } from './task-lists.mapper.ts';
import { taskListsRepo } from './task-lists.repo.ts';

/** A list within the actor's reach (its project's), or 404; with `projectId`, it must be that project's. */
export async function loadTaskList(scope: Scope, id: string, projectId?: string) {
  const row = await taskListsRepo.byId(scope, id, projectsPolicy.taskReach(scope.actor));
  if (!row || (projectId !== undefined && row.projectId !== projectId)) throw notFound('Task list');
  return row;
}

/** `loadTaskList` for a guard or a write: the list and its project only, none of its figures. */
export async function loadTaskListRef(scope: Scope, id: string, projectId?: string) {
  const row = await taskListsRepo.ref(scope, id, projectsPolicy.taskReach(scope.actor));
  if (!row || (projectId !== undefined && row.projectId !== projectId)) throw notFound('Task list');
  return row;
}

/**
 * Task lists of a project, in their order: a new list goes to the end unless it names a
 * position; a `sortOrder` (on create or update) moves the lists from there one down.
 */
export function taskListsService(deps: { storage: FileStorage; log: FastifyBaseLogger }) {
  const { storage, log } = deps;
  const project = (scope: Scope, id: string) => loadProject(scope, id, projectsPolicy.taskReach(scope.actor));

  return {
    async list(scope: Scope, projectId: string, q: TaskListListQuery): Promise<Paged<TaskList>> {
      await project(scope, projectId);
      return toPaged(q, await taskListsRepo.list(scope, projectId, q), toTaskList);
    },

    async get(scope: Scope, id: string): Promise<TaskListDetail> {
      return toTaskListDetail(await loadTaskList(scope, id));
    },

    async create(scope: Scope, projectId: string, body: CreateTaskListBody): Promise<TaskList> {
      await project(scope, projectId);
      const id = await scope.transaction(async (tx) => {
        let sortOrder = body.sortOrder;
        if (sortOrder === undefined) sortOrder = await taskListsRepo.nextSortOrder(tx, projectId);
        else await taskListsRepo.shiftFrom(tx, projectId, sortOrder);
        const listId = await taskListsRepo.insert(tx, {
          projectId,
          name: body.name,
          description: body.description ?? null,
          sortOrder,
          startDate: body.startDate ?? null,
          endDate: body.endDate ?? null,
        });
        tx.emit({ type: 'tasklist', action: 'created', id: listId, projectId });
        return listId;
      });
      return toTaskList(await loadTaskList(scope, id));
    },

    async update(scope: Scope, projectId: string, id: string, body: UpdateTaskListBody): Promise<TaskList> {
      const row = await loadTaskList(scope, id, projectId);
      // One date sent: the other is the list's (the contract checks a pair sent together).
      const start = body.startDate === undefined ? row.startDate : body.startDate;
      const end = body.endDate === undefined ? row.endDate : body.endDate;
      if (start && end && end < start)
        throw fieldError(body.endDate === undefined ? 'startDate' : 'endDate', END_BEFORE_START);
      await scope.transaction(async (tx) => {
        if (body.sortOrder !== undefined && body.sortOrder !== row.sortOrder)
          await taskListsRepo.shiftFrom(tx, projectId, body.sortOrder, id);
        await taskListsRepo.update(tx, id, body);
        tx.emit({ type: 'tasklist', action: 'updated', id, projectId });
      });
      return toTaskList(await loadTaskList(scope, id));
    },

    /** Its tasks (and their subtasks and documents) go with it; then their files. */
    async remove(scope: Scope, projectId: string, id: string) {
      await loadTaskListRef(scope, id, projectId);
      const { keys, deletedTasks } = await scope.transaction(async (tx) => {
        const taskIds = await tasksReads.idsInList(tx, id);
        const k = await workDocuments.keysOfTasks(tx, taskIds);
        await taskListsRepo.delete(tx, id);
        tx.emit({ type: 'tasklist', action: 'deleted', id, projectId });
        return { keys: k, deletedTasks: taskIds.length };
      });
      for (const key of keys)
        await storage.remove(key).catch((err: unknown) => log.warn({ err }, 'document file not removed'));
      return { taskListId: id, deletedTasks };
    },
  };
}

export type TaskListsService = ReturnType<typeof taskListsService>;
