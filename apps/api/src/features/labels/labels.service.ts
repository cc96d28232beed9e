import {
  type CreateLabelBody,
  type Label,
  LABEL_MESSAGES,
  MAX_COMPANY_LABELS,
  type TaskLabels,
  type UpdateLabelBody,
} from '@taskhive/contract';
import { badRequest, conflict, fieldError, notFound, uniqueViolation } from '../../lib/errors.ts';
import type { Scope } from '../../lib/scope.ts';
import { projectsPolicy } from '../projects/index.ts';
import { tasksReads } from '../tasks/index.ts';
import { type LabelRow, labelsRepo } from './labels.repo.ts';

const toLabel = (r: LabelRow): Label => ({
  labelId: r.labelId,
  name: r.name,
  color: r.color,
  taskCount: r.taskCount,
  createdAt: r.createdAt.toISOString(),
});

/** A name taken in the company (any case) is a 409 on `name`, also when a concurrent write took it. */
async function naming<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (err) {
    if (uniqueViolation(err) === 'labels_company_name_uq')
      throw conflict(LABEL_MESSAGES.duplicateName, { name: [LABEL_MESSAGES.duplicateName] });
    throw err;
  }
}

async function load(scope: Scope, id: string): Promise<LabelRow> {
  const row = await labelsRepo.byId(scope, id);
  if (!row) throw notFound('Label');
  return row;
}

/**
 * Labels (issue 26): the company's set (read by any `task:read` holder, managed by holders of
 * `project:update`, see the routes) and each task's labels (set by whoever may edit the task: the
 * route's `task:update` and the task in the reader's reach, the tasks feature's read rule).
 */
export const labelsService = {
  async list(scope: Scope): Promise<Label[]> {
    return (await labelsRepo.list(scope)).map(toLabel);
  },

  async create(scope: Scope, body: CreateLabelBody): Promise<Label> {
    const id = await naming(() =>
      scope.transaction(async (tx) => {
        if ((await labelsRepo.count(tx)) >= MAX_COMPANY_LABELS) throw badRequest(LABEL_MESSAGES.tooMany);
        const labelId = await labelsRepo.insert(tx, body.name, body.color);
        tx.emit({ type: 'label', action: 'created', id: labelId });
        return labelId;
      }),
    );
    return toLabel(await load(scope, id));
  },

  async update(scope: Scope, id: string, body: UpdateLabelBody): Promise<Label> {
    await load(scope, id);
    await naming(() =>
      scope.transaction(async (tx) => {
        await labelsRepo.update(tx, id, {
          ...(body.name !== undefined ? { name: body.name } : {}),
          ...(body.color !== undefined ? { color: body.color } : {}),
        });
        tx.emit({ type: 'label', action: 'updated', id });
      }),
    );
    return toLabel(await load(scope, id));
  },

  /** Deletes the label and so takes it off every task (one change: the tasks' screens refetch). */
  async remove(scope: Scope, id: string): Promise<Label> {
    const row = await load(scope, id);
    await scope.transaction(async (tx) => {
      await labelsRepo.delete(tx, id);
      tx.emit({ type: 'label', action: 'deleted', id });
    });
    return toLabel(row);
  },

  /**
   * Replaces the task's labels with `labelIds`. An id that is no label of the company answers 400
   * on `labelIds`; a task out of reach or of another company, 404. Each label put on or taken off
   * is a line of the task's history ("added label Bug"), recorded as the task's change (live updates).
   */
  async setForTask(scope: Scope, taskId: string, labelIds: string[]): Promise<TaskLabels> {
    const task = await tasksReads.byId(scope, taskId, projectsPolicy.taskReach(scope.actor));
    if (!task) throw notFound('Task');
    const wanted = await labelsRepo.byIds(scope, labelIds);
    if (wanted.length !== labelIds.length) throw fieldError('labelIds', LABEL_MESSAGES.unknownLabel);
    const before = task.labels;
    const had = new Set(before.map((l) => l.labelId));
    const want = new Set(labelIds);
    const added = wanted.filter((l) => !had.has(l.labelId));
    const removed = before.filter((l) => !want.has(l.labelId));
    if (added.length || removed.length)
      await scope.transaction(async (tx) => {
        await labelsRepo.change(
          tx,
          taskId,
          added.map((l) => l.labelId),
          removed.map((l) => l.labelId),
        );
        tx.emit({
          type: 'task',
          action: 'updated',
          id: task.id,
          projectId: task.projectId,
          taskId: task.parentTaskId,
          fields: [
            ...added.map((l) => ({ field: 'label' as const, from: null, to: l.name })),
            ...removed.map((l) => ({ field: 'label' as const, from: l.name, to: null })),
          ],
        });
      });
    return { taskId, labels: await labelsRepo.ofTask(scope, taskId) };
  },
};

export type LabelsService = typeof labelsService;
