import type { FastifyBaseLogger, FastifyRequest } from 'fastify';
import {
  type CreateProjectBody,
  END_BEFORE_START,
  MESSAGES,
  type Paged,
  type Project,
  type ProjectDetail,
  PROJECT_MEMBER_PREVIEW,
  type ProjectListQuery,
  type UpdateProjectBody,
} from '@taskhive/contract';
import { conflict, fieldError, notFound, uniqueViolation } from '../../lib/errors.ts';
import { toPaged } from '../../lib/list.ts';
import type { Scope } from '../../lib/scope.ts';
import { personName, projectChanges } from '../comments/index.ts';
import { workDocuments, type FileStorage } from '../files/index.ts';
import { taskListsReads, toTaskList } from '../task-lists/index.ts';
import { taskStatusesReads, withStatusId } from '../task-statuses/index.ts';
import { taskTallies, tasksWrites } from '../tasks/index.ts';
import { usersReads } from '../users/index.ts';
import { toProject, toProjectDocument, toProjectMember } from './projects.mapper.ts';
import { projectsPolicy } from './projects.policy.ts';
import { projectsRepo } from './projects.repo.ts';

const codeTaken = () => conflict(MESSAGES.projects.codeTaken, { code: [MESSAGES.projects.codeTaken] });

async function saving<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (err) {
    if (uniqueViolation(err) === 'projects_company_code_uq') throw codeTaken();
    throw err;
  }
}

/** A project within the actor's reach, or 404 (another company's, or one they may not see). */
export async function loadProject(
  scope: Scope,
  id: string,
  reach = projectsPolicy.projectReach(scope.actor),
) {
  const row = await projectsRepo.byId(scope, id, reach);
  if (!row) throw notFound('Project');
  return row;
}

/** A status of this company, or a field error that does not say whose it is. */
export async function assertStatus(scope: Scope, statusId: string, message: string) {
  const status = await taskStatusesReads.lookup(scope, statusId);
  if (!status) throw fieldError('statusId', message);
  return status;
}

/** Every id must be an employee of this company who is not deactivated. */
async function assertEmployees(scope: Scope, field: string, userIds: string[]) {
  const found = await usersReads.notDeactivatedAmong(scope, userIds);
  if (userIds.some((id) => !found.has(id))) throw fieldError(field, MESSAGES.projects.memberNotEmployee);
}

/**
 * Projects of the scope's company: codes unique per company, the end not before the start,
 * members who are its employees. Files go through the shared storage; a file is removed only
 * after its row is gone (and a failed insert removes the file it had stored).
 */
export function projectsService(deps: { storage: FileStorage; log: FastifyBaseLogger }) {
  const { storage, log } = deps;
  const removeFiles = async (keys: string[]) => {
    for (const key of keys)
      await storage.remove(key).catch((err: unknown) => log.warn({ err }, 'document file not removed'));
  };

  async function document(scope: Scope, id: string, documentId: string) {
    await loadProject(scope, id);
    const doc = await workDocuments.ofProject(scope, id, documentId);
    if (!doc) throw notFound('Document');
    return doc;
  }

  async function view(scope: Scope, id: string): Promise<Project> {
    const row = await loadProject(scope, id);
    const [members, figures] = await Promise.all([
      projectsRepo.members(scope, [id]),
      taskTallies.projectFigures(scope, [id]),
    ]);
    return toProject(row, members, figures);
  }

  return {
    async list(scope: Scope, q: ProjectListQuery): Promise<Paged<Project>> {
      const result = await projectsRepo.list(scope, q, projectsPolicy.projectReach(scope.actor));
      const ids = result.rows.map((r) => r.id);
      const [{ members, counts }, figures] = await Promise.all([
        projectsRepo.memberPreview(scope, ids, PROJECT_MEMBER_PREVIEW),
        taskTallies.projectFigures(scope, ids),
      ]);
      return toPaged(q, result, (row) => toProject(row, members, figures, counts));
    },

    /**
     * One project with its members, documents, task lists and, for a reader of time logs, its
     * time against its estimate (`projectsRepo.timeFigures`, the time logs' visibility).
     */
    async get(scope: Scope, id: string): Promise<ProjectDetail> {
      const row = await loadProject(scope, id);
      const p = scope.actor.permissions;
      const readsTime = p.has('timelog:read') || p.has('timelog:read:all');
      const [members, figures, documents, lists, time] = await Promise.all([
        projectsRepo.members(scope, [id]),
        taskTallies.projectFigures(scope, [id]),
        workDocuments.forProjects(scope, [id]),
        taskListsReads.forProject(scope, id),
        readsTime ? projectsRepo.timeFigures(scope, id) : null,
      ]);
      return {
        ...toProject(row, members, figures),
        documents: documents.map((d) => toProjectDocument(id, d)),
        taskLists: lists.map(toTaskList),
        time,
      };
    },

    /** The creator becomes a member; the status is the company's first when none is chosen. */
    async create(scope: Scope, sent: CreateProjectBody): Promise<Project> {
      const body = await withStatusId(scope, sent);
      const statusId = body.statusId
        ? (await assertStatus(scope, body.statusId, MESSAGES.projects.statusNotInCompany)).id
        : await taskStatusesReads.first(scope);
      const memberIds = [...new Set([scope.actor.userId, ...(body.memberUserIds ?? [])])];
      await assertEmployees(scope, 'memberUserIds', body.memberUserIds ?? []);
      const id = await saving(() =>
        scope.transaction(async (tx) => {
          const projectId = await projectsRepo.insert(tx, {
            code: body.code,
            name: body.name,
            description: body.description ?? null,
            statusId,
            startDate: body.startDate ?? null,
            endDate: body.endDate ?? null,
            createdBy: tx.actor.userId,
          });
          await projectsRepo.addMembers(tx, projectId, memberIds);
          tx.emit({
            type: 'project',
            action: 'created',
            id: projectId,
            projectId,
            userIds: memberIds,
            fields: [{ field: 'created', from: null, to: body.name }],
          });
          return projectId;
        }),
      );
      return view(scope, id);
    },

    async update(scope: Scope, id: string, sent: UpdateProjectBody): Promise<Project> {
      const row = await loadProject(scope, id);
      const body = await withStatusId(scope, sent);
      if (body.statusId) await assertStatus(scope, body.statusId, MESSAGES.projects.statusNotInCompany);
      const start = body.startDate === undefined ? row.startDate : body.startDate;
      const end = body.endDate === undefined ? row.endDate : body.endDate;
      if (start && end && end < start) throw fieldError('endDate', END_BEFORE_START);
      await saving(() =>
        scope.transaction(async (tx) => {
          await projectsRepo.update(tx, id, body);
          const fields = projectChanges(row, await loadProject(tx, id, null));
          tx.emit({ type: 'project', action: 'updated', id, projectId: id, fields });
        }),
      );
      return view(scope, id);
    },

    /** Its task lists, tasks, members and documents go with it; then their files. */
    async remove(scope: Scope, id: string) {
      await loadProject(scope, id);
      const keys = await scope.transaction(async (tx) => {
        const k = await workDocuments.keysOfProject(tx, id);
        await projectsRepo.delete(tx, id);
        tx.emit({ type: 'project', action: 'deleted', id, projectId: id });
        return k;
      });
      await removeFiles(keys);
      return { projectId: id };
    },

    async addMember(scope: Scope, id: string, userId: string) {
      await loadProject(scope, id);
      await assertEmployees(scope, 'userId', [userId]);
      if (await projectsRepo.isMember(scope, id, userId))
        throw conflict(MESSAGES.projects.memberAlreadyAdded, {
          userId: [MESSAGES.projects.memberAlreadyAdded],
        });
      const member = await scope.transaction(async (tx) => {
        await projectsRepo.addMembers(tx, id, [userId]);
        const [added] = (await projectsRepo.members(tx, [id])).filter((m) => m.userId === userId);
        if (!added) throw notFound('Member');
        tx.emit({
          type: 'project',
          action: 'updated',
          id,
          projectId: id,
          userIds: [userId],
          fields: [{ field: 'members', from: null, to: personName(added) }],
        });
        return added;
      });
      return toProjectMember(member);
    },

    /** The member also stops being assigned to the project's tasks (assignees are members). */
    async removeMember(scope: Scope, id: string, userId: string) {
      await loadProject(scope, id);
      await scope.transaction(async (tx) => {
        const [leaving] = (await projectsRepo.members(tx, [id])).filter((m) => m.userId === userId);
        if (!leaving || !(await projectsRepo.removeMember(tx, id, userId))) throw notFound('Member');
        await tasksWrites.unassignFromProject(tx, id, userId);
        tx.emit({
          type: 'project',
          action: 'updated',
          id,
          projectId: id,
          userIds: [userId],
          fields: [{ field: 'members', from: personName(leaving), to: null }],
        });
      });
      return { projectId: id, userId };
    },

    async addDocument(scope: Scope, id: string, req: FastifyRequest) {
      await loadProject(scope, id);
      const file = await storage.receive(req, 'document');
      try {
        const row = await scope.transaction(async (tx) => {
          const doc = await workDocuments.insert(
            tx,
            { projectId: id },
            { ...file, uploadedBy: tx.actor.userId },
          );
          tx.emit({
            type: 'project',
            action: 'updated',
            id,
            projectId: id,
            fields: [{ field: 'document', from: null, to: doc.fileName }],
          });
          return doc;
        });
        return toProjectDocument(id, row);
      } catch (err) {
        await storage.remove(file.storageKey);
        throw err;
      }
    },

    document,

    async removeDocument(scope: Scope, id: string, documentId: string) {
      const doc = await document(scope, id, documentId);
      await scope.transaction(async (tx) => {
        await workDocuments.delete(tx, doc.id);
        tx.emit({
          type: 'project',
          action: 'updated',
          id,
          projectId: id,
          fields: [{ field: 'document', from: doc.fileName, to: null }],
        });
      });
      await removeFiles([doc.storageKey]);
    },
  };
}

export type ProjectsService = ReturnType<typeof projectsService>;
