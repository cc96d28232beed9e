import type { FastifyBaseLogger, FastifyRequest } from 'fastify';
import {
  type BoardPage,
  type BoardQuery,
  type CreateTaskBody,
  DUE_BEFORE_START,
  MESSAGES,
  type Paged,
  type Task,
  type TaskDetail,
  type TaskBulkBody,
  type TaskListQuery,
  type UpdateTaskBody,
} from '@taskhive/contract';
import { badRequest, fieldError, notFound } from '../../lib/errors.ts';
import { toPaged, type ListResult } from '../../lib/list.ts';
import { retryTransaction } from '../../lib/retry.ts';
import type { Scope } from '../../lib/scope.ts';
import { taskActivity, personName, taskChanges, type TaskState } from '../comments/index.ts';
import { workDocuments, type FileStorage } from '../files/index.ts';
import { projectsPolicy, projectsReads, assertStatus, loadProject } from '../projects/index.ts';
import { taskListsReads, loadTaskListRef } from '../task-lists/index.ts';
import { priorityCatalogue, taskStatusesReads, withStatusId } from '../task-statuses/index.ts';
import { dependencySchedule, dependencyStatus } from '../task-dependencies/index.ts';
import { customFieldQuery } from '../custom-fields/index.ts';
import { talliesRepo } from './tallies.repo.ts';
import { bulkTasks } from './tasks.bulk.ts';
import { byTask, toTask, toTaskDocument } from './tasks.mapper.ts';
import {
  type AssigneeRow,
  hasBoardFilter,
  type NewTask,
  type TaskRow,
  tasksRepo,
  type TaskSet,
} from './tasks.repo.ts';

async function loadTask(scope: Scope, id: string) {
  const row = await tasksRepo.byId(scope, id, projectsPolicy.taskReach(scope.actor));
  if (!row) throw notFound('Task');
  return row;
}

async function assertPriority(scope: Scope, priorityId: string | null | undefined) {
  if (!priorityId) return;
  const known = await priorityCatalogue(scope.platformDb);
  if (!known.some((p) => p.priorityId === priorityId))
    throw fieldError('priorityId', MESSAGES.tasks.priorityNotFound);
}

/** Assignees must be members of the task's project (which also keeps other companies' users out). */
async function assertAssignees(scope: Scope, projectId: string, userIds: string[] | undefined) {
  if (!userIds?.length) return;
  const members = await projectsReads.membersAmong(scope, projectId, userIds);
  if (userIds.some((u) => !members.has(u))) throw fieldError('assigneeIds', MESSAGES.tasks.assigneeNotMember);
}

/**
 * Where an update puts the task, if it moves: `sortOrder` is the next card's key (before it); a
 * card changing status without one goes to the front of its new column; a subtask changing
 * status keeps its place under its parent. `exclusive`: a retried attempt takes the column alone
 * (`tasksRepo.place`).
 */
async function placeOf(
  tx: Scope,
  row: TaskRow,
  body: UpdateTaskBody,
  statusChanges: boolean,
  exclusive: boolean,
): Promise<number | 'front' | undefined> {
  const statusId = body.statusId ?? row.statusId;
  const before = body.sortOrder;
  if (row.parentTaskId) {
    if (before === undefined || before === row.sortOrder) return undefined;
    return tasksRepo.place(tx, { parentTaskId: row.parentTaskId }, before, row.id, exclusive);
  }
  if (before === undefined) return statusChanges ? 'front' : undefined;
  if (!statusChanges && before === row.sortOrder) return undefined;
  return statusId
    ? tasksRepo.place(tx, { projectId: row.projectId, statusId }, before, row.id, exclusive)
    : before;
}

const hours = (v: number | null | undefined) => (v === undefined ? undefined : v === null ? null : String(v));

/**
 * Tasks and subtasks. Progress is stored and kept true on every write in the same transaction
 * (`tasksRepo.recomputeProgress`): 100 when Completed, else 0; a task with subtasks takes their
 * mean. Overdue is decided when read. Order: a board column is one project's top-level tasks in
 * one status, ordered by sparse keys (`tasksRepo.place`): a card placed before the card at
 * `sortOrder` takes a key between its neighbours, so a move or a create touches one row.
 */
export function tasksService(deps: { storage: FileStorage; log: FastifyBaseLogger }) {
  const { storage, log } = deps;
  const removeFiles = async (keys: string[]) => {
    for (const key of keys)
      await storage.remove(key).catch((err: unknown) => log.warn({ err }, 'document file not removed'));
  };

  async function paged(scope: Scope, q: TaskListQuery, result: ListResult<TaskRow>): Promise<Paged<Task>> {
    const assignees = byTask(
      await tasksRepo.assignees(
        scope,
        result.rows.map((r) => r.id),
      ),
    );
    return toPaged(q, result, (row) => toTask(row, assignees));
  }

  const list = async (scope: Scope, set: TaskSet, q: TaskListQuery) =>
    paged(
      scope,
      q,
      await tasksRepo.list(
        scope,
        set,
        q,
        projectsPolicy.taskReach(scope.actor),
        await customFieldQuery.resolve(scope, q),
      ),
    );

  const detail = async (scope: Scope, id: string) => detailOf(scope, await loadTask(scope, id));

  /**
   * A task with its subtasks, documents and assignees. `assigned`: the task's own assignees when
   * the caller holds them (an update just read them); else they are read with the subtasks'.
   */
  /** The task's subtasks and documents, for `detailOf` (read ahead by a write: see `update`). */
  function partsOf(scope: Scope, row: TaskRow) {
    return Promise.all([
      row.subtaskCount > 0 ? tasksRepo.subtasks(scope, row.id) : [],
      workDocuments.forTask(scope, row.id),
    ]);
  }

  async function detailOf(
    scope: Scope,
    row: TaskRow,
    assigned?: AssigneeRow[],
    parts?: Awaited<ReturnType<typeof partsOf>>,
  ): Promise<TaskDetail> {
    const [subtasks, documents] = parts ?? (await partsOf(scope, row));
    const unread = [...(assigned ? [] : [row.id]), ...subtasks.map((s) => s.id)];
    const read = unread.length ? await tasksRepo.assignees(scope, unread) : [];
    const assignees = byTask([...(assigned ?? []), ...read]);
    return {
      ...toTask(row, assignees),
      subtasks: subtasks.map((s) => toTask(s, assignees)),
      documents: documents.map((d) => toTaskDocument(row.id, d)),
    };
  }

  async function create(
    scope: Scope,
    list: { id: string; projectId: string },
    parent: TaskRow | null,
    sent: CreateTaskBody,
  ): Promise<TaskDetail> {
    const body = await withStatusId(scope, sent);
    const given = body.statusId
      ? (await assertStatus(scope, body.statusId, MESSAGES.projects.statusNotInCompany)).id
      : undefined;
    await assertPriority(scope, body.priorityId);
    await assertAssignees(scope, list.projectId, body.assigneeIds);
    // Its number first, in a transaction of its own (tasksRepo.takeNumber): every check above has
    // passed, so only a failure of the insert itself leaves a number unused.
    const number = await tasksRepo.takeNumber(scope, list.projectId);
    const task = (statusId: NewTask['statusId'], sortOrder: number | 'front'): NewTask => ({
      number,
      projectId: list.projectId,
      taskListId: list.id,
      parentTaskId: parent?.id ?? null,
      title: body.title,
      description: body.description ?? null,
      statusId,
      priorityId: body.priorityId ?? null,
      startDate: body.startDate ?? null,
      dueDate: body.dueDate ?? null,
      estimatedHours: hours(body.estimatedHours) ?? null,
      actualHours: hours(body.actualHours) ?? null,
      sortOrder,
      createdBy: scope.actor.userId,
    });
    const event = (taskId: string) =>
      ({
        type: 'task',
        action: 'created',
        id: taskId,
        projectId: list.projectId,
        taskId: parent?.id ?? null,
      }) as const;

    // The usual create (a card at the front of its column, no one assigned) is ONE statement: the
    // insert, its status the company's first unless given, its activity and its change log row.
    // A single statement is atomic, so it needs no transaction and its two round trips.
    if (!parent && body.sortOrder === undefined && !body.assigneeIds?.length) {
      const made = await taskActivity.recordCreatedWithChange(
        scope,
        tasksRepo.insertQuery(scope, task(given ?? 'first', 'front')),
        body.title,
      );
      scope.recorded({
        ...event(made.taskId),
        companyId: scope.companyId,
        actorId: scope.actor.userId,
        ...(scope.actor.sessionId ? { sessionId: scope.actor.sessionId } : {}),
        at: new Date().toISOString(),
        changeId: made.changeId,
        tx: made.tx,
      });
      return newTaskDetail(scope, made.taskId, false);
    }

    const statusId = given ?? (await taskStatusesReads.first(scope));
    const id = await retryTransaction((attempt) =>
      scope.transaction(async (tx) => {
        // A card goes to the front of its column (a sequence key: no lock, no other row
        // touched); a subtask goes last; a named place takes a key between its neighbours.
        let sortOrder: number | 'front';
        if (parent)
          sortOrder =
            body.sortOrder === undefined
              ? await tasksRepo.nextSubtaskOrder(tx, parent.id)
              : await tasksRepo.place(
                  tx,
                  { parentTaskId: parent.id },
                  body.sortOrder,
                  undefined,
                  attempt > 1,
                );
        else if (body.sortOrder === undefined) sortOrder = 'front';
        else if (statusId)
          sortOrder = await tasksRepo.place(
            tx,
            { projectId: list.projectId, statusId },
            body.sortOrder,
            undefined,
            attempt > 1,
          );
        else sortOrder = body.sortOrder;
        const taskId = await taskActivity.recordCreated(
          tx,
          tasksRepo.insertQuery(tx, task(statusId, sortOrder)),
          body.title,
        );
        await tasksRepo.addAssignees(tx, taskId, body.assigneeIds ?? []);
        // The new task's own progress came with its insert; a parent takes the mean anew.
        if (parent) await tasksRepo.recomputeProgress(tx, [parent.id]);
        tx.emit({ ...event(taskId), notice: { assigned: body.assigneeIds ?? [] } });
        return taskId;
      }),
    );
    return newTaskDetail(scope, id, (body.assigneeIds ?? []).length > 0);
  }

  /** `detail` of a task just created: it has no subtasks or documents yet, so only its row and assignees are read. */
  async function newTaskDetail(scope: Scope, id: string, assigned: boolean): Promise<TaskDetail> {
    const row = await loadTask(scope, id);
    const assignees = byTask(assigned ? await tasksRepo.assignees(scope, [id]) : []);
    return { ...toTask(row, assignees), subtasks: [], documents: [] };
  }

  return {
    async byList(scope: Scope, taskListId: string, q: TaskListQuery) {
      await loadTaskListRef(scope, taskListId);
      return list(scope, { taskListId }, q);
    },

    async byProject(scope: Scope, projectId: string, q: TaskListQuery) {
      await loadProject(scope, projectId, projectsPolicy.taskReach(scope.actor));
      return list(scope, { projectId }, q);
    },

    /** The project's board: each column's first cards and every column's total. */
    async board(scope: Scope, projectId: string, q: BoardQuery): Promise<BoardPage> {
      await loadProject(scope, projectId, projectsPolicy.taskReach(scope.actor));
      const custom = (await customFieldQuery.resolve(scope, { cf: q.cf })).where;
      const filter = {
        assignee: q.assignee,
        priority: q.priority,
        due: q.due,
        search: q.search,
        labelIds: q.labelIds,
        ...(custom ? { custom } : {}),
      };
      const filtered = hasBoardFilter(filter);
      const [rows, tallies, matches] = await Promise.all([
        tasksRepo.board(scope, projectId, q.perColumn, q.limits, filter),
        talliesRepo.boardColumns(scope, projectId),
        filtered ? tasksRepo.boardCounts(scope, projectId, filter) : null,
      ]);
      const columns = tallies.map((c) => ({
        statusId: c.statusId,
        totalCount: matches ? (matches.get(c.statusId) ?? 0) : c.totalCount,
        unfilteredCount: c.totalCount,
      }));
      const assignees = byTask(
        await tasksRepo.assignees(
          scope,
          rows.map((r) => r.id),
        ),
      );
      return { items: rows.map((row) => toTask(row, assignees)), columns };
    },

    /** Every task assigned to the signed-in user, subtasks included. */
    mine(scope: Scope, q: TaskListQuery) {
      return list(scope, { assignedTo: scope.actor.userId }, q);
    },

    /**
     * All Tasks: every task the reader may see (the route needs `task:read:all`, which reaches
     * every project), subtasks included, with My Tasks' filters, sorts and page sizes.
     */
    all(scope: Scope, q: TaskListQuery) {
      return list(scope, { all: true }, q);
    },

    get: detail,

    /** The task a key names (`APL-42`), as GET /Tasks/{id} answers it; 404 when none the reader may see. */
    async byKey(scope: Scope, key: string) {
      const row = await tasksRepo.byKey(scope, key, projectsPolicy.taskReach(scope.actor));
      if (!row) throw notFound('Task');
      return detailOf(scope, row);
    },

    async create(scope: Scope, taskListId: string, body: CreateTaskBody) {
      return create(scope, await loadTaskListRef(scope, taskListId), null, body);
    },

    /** A subtask lives in its parent's list; subtasks do not nest. */
    async createSubtask(scope: Scope, parentId: string, body: CreateTaskBody) {
      const parent = await loadTask(scope, parentId);
      if (parent.parentTaskId) throw badRequest(MESSAGES.tasks.noNestedSubtasks);
      return create(scope, { id: parent.taskListId, projectId: parent.projectId }, parent, body);
    },

    async update(scope: Scope, id: string, sent: UpdateTaskBody): Promise<TaskDetail> {
      const row = await loadTask(scope, id);
      const body = await withStatusId(scope, sent);
      if (body.statusId) await assertStatus(scope, body.statusId, MESSAGES.projects.statusNotInCompany);
      await assertPriority(scope, body.priorityId);
      await assertAssignees(scope, row.projectId, body.assigneeIds);
      const start = body.startDate === undefined ? row.startDate : body.startDate;
      const due = body.dueDate === undefined ? row.dueDate : body.dueDate;
      if (start && due && due < start) throw fieldError('dueDate', DUE_BEFORE_START);
      const newListId = body.taskListId !== row.taskListId ? body.taskListId : undefined;
      if (newListId) {
        const target = await taskListsReads.byId(scope, newListId, projectsPolicy.taskReach(scope.actor));
        if (!target || target.projectId !== row.projectId || row.parentTaskId)
          throw fieldError('taskListId', MESSAGES.tasks.listNotInProject);
      }
      const statusChanges = body.statusId !== undefined && body.statusId !== row.statusId;
      // The row loaded above is the task before the change; only its assignees are read again.
      // The answer's subtasks and documents are read now when this write cannot change them (a
      // new list moves the subtasks: read after), not after the transaction: in a tenant request
      // that is still the request's transaction, whose column lock (a move's) would be held
      // through that read too (issue 28).
      const [assignedBefore, parts] = await Promise.all([
        tasksRepo.assignees(scope, [id]),
        newListId ? undefined : partsOf(scope, row),
      ]);
      const before: TaskState = { ...row, assignees: assignedBefore.map(personName) };
      const doneBefore = row.statusDone;

      const { changed, assignedAfter } = await retryTransaction((attempt) =>
        scope.transaction(async (tx) => {
          await tasksRepo.update(tx, id, {
            title: body.title,
            description: body.description,
            statusId: body.statusId,
            priorityId: body.priorityId,
            startDate: body.startDate,
            dueDate: body.dueDate,
            estimatedHours: hours(body.estimatedHours),
            actualHours: hours(body.actualHours),
            taskListId: newListId,
          });
          // Its assignees again only if they changed.
          let assigned = assignedBefore;
          if (body.assigneeIds) {
            await tasksRepo.setAssignees(tx, id, body.assigneeIds);
            assigned = await tasksRepo.assignees(tx, [id]);
          }
          if (newListId) await tasksRepo.moveSubtasksToList(tx, id, newListId);
          if (statusChanges) await tasksRepo.recomputeProgress(tx, [id]);
          // The task after the change (names of a new status, list or priority, its progress):
          // the answer is made of it, so the task is not read again after the commit.
          const row = await tasksRepo.byId(tx, id, null);
          if (!row) throw notFound('Task');
          const after: TaskState = { ...row, assignees: assigned.map(personName) };
          tx.emit({
            type: 'task',
            action: 'updated',
            id,
            projectId: row.projectId,
            taskId: row.parentTaskId,
            fields: taskChanges(before, after),
            notice: {
              assigned: (body.assigneeIds ?? []).filter((u) => !assignedBefore.some((a) => a.userId === u)),
              task: {
                projectId: row.projectId,
                projectName: row.projectName,
                title: row.title,
                createdBy: row.createdBy,
                assigneeIds: assigned.map((a) => a.userId),
                recurring: row.recurring,
                completed: row.completedAt !== null,
              },
            },
          });
          // Issue 26: done or reopened, what it blocks is told; a due date moved later moves the
          // tasks that wait for it (auto-scheduling).
          if (row.statusDone !== doneBefore && row.blockingCount > 0)
            await dependencyStatus.doneChanged(tx, [id]);
          if (row.blockingCount > 0) await dependencySchedule.follow(tx, id, before.dueDate, row.dueDate);
          // The place last, so the column's lock (shared for a placement with room, exclusive for a
          // renumbering or a retried attempt) is held only from there to the commit.
          const key = await placeOf(tx, row, body, statusChanges, attempt > 1);
          const placed = key === undefined ? undefined : await tasksRepo.setSortOrder(tx, id, key);
          return { changed: placed ? { ...row, ...placed } : row, assignedAfter: assigned };
        }),
      );
      return detailOf(scope, changed, assignedAfter, parts);
    },

    /** One action on up to 100 tasks, all or nothing (tasks.bulk.ts). */
    bulk(scope: Scope, body: TaskBulkBody) {
      return bulkTasks(scope, body, removeFiles);
    },

    /** Its subtasks and documents go with it; a parent's progress follows; then the files. */
    async remove(scope: Scope, id: string) {
      const row = await loadTask(scope, id);
      const keys = await scope.transaction(async (tx) => {
        const k = await workDocuments.keysOfTasks(tx, await tasksRepo.withSubtaskIds(tx, id));
        await tasksRepo.delete(tx, id);
        if (row.parentTaskId) await tasksRepo.recomputeProgress(tx, [row.parentTaskId]);
        tx.emit({ type: 'task', action: 'deleted', id, projectId: row.projectId, taskId: row.parentTaskId });
        return k;
      });
      await removeFiles(keys);
      return { taskId: id, parentTaskId: row.parentTaskId };
    },

    async addDocument(scope: Scope, id: string, req: FastifyRequest) {
      const task = await loadTask(scope, id);
      const file = await storage.receive(req, 'document');
      try {
        const row = await scope.transaction(async (tx) => {
          const doc = await workDocuments.insert(
            tx,
            { taskId: id },
            { ...file, uploadedBy: tx.actor.userId },
          );
          tx.emit({
            type: 'task',
            action: 'updated',
            id,
            projectId: task.projectId,
            taskId: task.parentTaskId,
            fields: [{ field: 'document', from: null, to: doc.fileName }],
          });
          return doc;
        });
        return toTaskDocument(id, row);
      } catch (err) {
        await storage.remove(file.storageKey);
        throw err;
      }
    },

    async document(scope: Scope, id: string, documentId: string) {
      await loadTask(scope, id);
      const doc = await workDocuments.ofTask(scope, id, documentId);
      if (!doc) throw notFound('Document');
      return doc;
    },

    async removeDocument(scope: Scope, id: string, documentId: string) {
      const task = await loadTask(scope, id);
      const doc = await workDocuments.ofTask(scope, id, documentId);
      if (!doc) throw notFound('Document');
      await scope.transaction(async (tx) => {
        await workDocuments.delete(tx, doc.id);
        tx.emit({
          type: 'task',
          action: 'updated',
          id,
          projectId: task.projectId,
          taskId: task.parentTaskId,
          fields: [{ field: 'document', from: doc.fileName, to: null }],
        });
      });
      await removeFiles([doc.storageKey]);
    },
  };
}

export type TasksService = ReturnType<typeof tasksService>;
