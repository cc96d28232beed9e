import {
  type CreateTaskStatusBody,
  MESSAGES,
  type TaskPriority,
  type TaskStatus,
  type UpdateTaskStatusBody,
} from '@taskhive/contract';
import { type Db, ownerHandle } from '../../db/client.ts';
import { badRequest, conflict, fieldError, notFound, uniqueViolation } from '../../lib/errors.ts';
import type { Scope } from '../../lib/scope.ts';
import { projectsWrites } from '../projects/index.ts';
import { tasksWrites } from '../tasks/index.ts';
import { type TaskStatusRow, taskStatusesRepo, prioritiesRepo } from './task-statuses.repo.ts';

const toTaskStatus = (row: TaskStatusRow): TaskStatus => ({
  statusId: row.id,
  name: row.name,
  color: row.color,
  sortOrder: row.sortOrder,
  builtIn: row.builtIn === 'completed' || row.builtIn === 'cancelled' ? row.builtIn : null,
  usageCount: row.usageCount,
});

const nameTaken = () =>
  conflict(MESSAGES.taskStatuses.nameTaken, { name: [MESSAGES.taskStatuses.nameTaken] });

async function saving<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (err) {
    if (uniqueViolation(err) === 'task_statuses_company_name_uq') throw nameTaken();
    throw err;
  }
}

/** A foreign-key violation (23503): a task or project took the status after the usage check. */
function stillReferenced(err: unknown): boolean {
  const e = err as { code?: string; cause?: { code?: string } } | null;
  return e?.code === '23503' || e?.cause?.code === '23503';
}

async function load(scope: Scope, id: string) {
  const row = await taskStatusesRepo.byId(scope, id);
  if (!row) throw notFound('Status');
  return row;
}

/** The platform's priorities never change while the server runs: read once per database. */
const priorityCache = new WeakMap<Db, Promise<TaskPriority[]>>();
export function priorityCatalogue(handle: Db): Promise<TaskPriority[]> {
  // Per database, not per request transaction (row-level security gives each request its own):
  // callers pass their scope's platform handle, so a request that reads only these makes no
  // transaction handle at all (lib/scope.ts, requestScope); a transaction's handle still maps to
  // its owner's.
  const db = ownerHandle(handle);
  let cached = priorityCache.get(db);
  if (!cached) {
    cached = prioritiesRepo.list(db).catch((err: unknown) => {
      priorityCache.delete(db);
      throw err;
    });
    priorityCache.set(db, cached);
  }
  return cached;
}

/**
 * A company's task statuses (also the project statuses): its admin adds, renames, recolours and
 * reorders them. Completed and Cancelled are built in and stay; a status in use is deleted only
 * by moving its tasks and projects to another one in the same transaction.
 */
/**
 * A task's or project's body with its status given by name turned into the id (issue 24: a
 * status is given by id or by name). 400 on `statusName` for a name the company has not, or one
 * that names another status than a `statusId` sent with it.
 */
export async function withStatusId<
  B extends { statusId?: string | undefined; statusName?: string | undefined },
>(scope: Scope, body: B): Promise<Omit<B, 'statusName'>> {
  const { statusName, ...rest } = body;
  if (statusName === undefined) return rest;
  const id = await taskStatusesRepo.idByName(scope, statusName);
  if (!id) throw fieldError('statusName', MESSAGES.projects.statusNotInCompany);
  if (rest.statusId !== undefined && rest.statusId !== id)
    throw fieldError('statusName', MESSAGES.projects.statusNameAndIdDisagree);
  return { ...rest, statusId: id };
}

export const taskStatusesService = {
  async list(scope: Scope): Promise<TaskStatus[]> {
    return (await taskStatusesRepo.list(scope)).map(toTaskStatus);
  },

  priorities(scope: Scope): Promise<TaskPriority[]> {
    return priorityCatalogue(scope.platformDb);
  },

  async create(scope: Scope, body: CreateTaskStatusBody): Promise<TaskStatus> {
    const id = await saving(() =>
      scope.transaction(async (tx) => {
        let sortOrder = body.sortOrder;
        if (sortOrder === undefined) sortOrder = await taskStatusesRepo.nextSortOrder(tx);
        else await taskStatusesRepo.shiftFrom(tx, sortOrder);
        const statusId = await taskStatusesRepo.insert(tx, { name: body.name, color: body.color, sortOrder });
        tx.emit({ type: 'taskstatus', action: 'created', id: statusId });
        return statusId;
      }),
    );
    return toTaskStatus(await load(scope, id));
  },

  async update(scope: Scope, id: string, body: UpdateTaskStatusBody): Promise<TaskStatus> {
    const row = await load(scope, id);
    await saving(() =>
      scope.transaction(async (tx) => {
        if (body.sortOrder !== undefined && body.sortOrder !== row.sortOrder)
          await taskStatusesRepo.shiftFrom(tx, body.sortOrder, id);
        await taskStatusesRepo.update(tx, id, body);
        tx.emit({ type: 'taskstatus', action: 'updated', id });
      }),
    );
    return toTaskStatus(await load(scope, id));
  },

  async remove(scope: Scope, id: string, moveTo: string | undefined) {
    const row = await load(scope, id);
    if (row.builtIn) throw badRequest(MESSAGES.taskStatuses.builtInCannotBeDeleted);
    if (moveTo === id) throw fieldError('moveTo', MESSAGES.taskStatuses.moveToSelf);
    if (moveTo && !(await taskStatusesRepo.lookup(scope, moveTo)))
      throw fieldError('moveTo', MESSAGES.projects.statusNotInCompany);
    if (!moveTo && row.usageCount > 0) throw conflict(MESSAGES.taskStatuses.inUse);
    const work = scope.transaction(async (tx) => {
      let movedTasks = 0;
      let movedProjects = 0;
      if (moveTo) {
        const moved = await tasksWrites.moveStatus(tx, id, moveTo);
        await tasksWrites.recomputeProgress(tx, moved);
        movedTasks = moved.length;
        movedProjects = await projectsWrites.moveStatus(tx, id, moveTo);
      }
      await taskStatusesRepo.delete(tx, id);
      tx.emit({ type: 'taskstatus', action: 'deleted', id });
      return { statusId: id, movedTasks, movedProjects };
    });
    return work.catch((err: unknown) => {
      throw stillReferenced(err) ? conflict(MESSAGES.taskStatuses.inUse) : err;
    });
  },
};

export type TaskStatusesService = typeof taskStatusesService;
