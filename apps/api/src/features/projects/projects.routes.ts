import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  atLeastOneField,
  MESSAGES,
  addProjectMemberBodySchema,
  commentBodySchema,
  commentListQuerySchema,
  commentSchema,
  createProjectBodySchema,
  deleteProjectResultSchema,
  documentParams,
  documentSchema,
  envelope,
  idParam,
  paged,
  projectDetailSchema,
  projectListQuerySchema,
  projectMemberParams,
  projectMemberSchema,
  projectSchema,
  removeProjectMemberResultSchema,
  updateProjectBodySchema,
} from '@taskhive/contract';
import { scopeOf } from '../../plugins/auth.ts';
import { ok } from '../../plugins/envelope.ts';
import type { CommentsService } from '../comments/index.ts';
import type { FileStorage } from '../files/index.ts';
import type { ProjectsService } from './projects.service.ts';

const tags = ['projects'];
const nothing = envelope(z.null());
const commentTags = ['comments'];
const commentCreated = { 201: envelope(commentSchema) };
const commentList = {
  querystring: commentListQuerySchema,
  response: { 200: envelope(paged(commentSchema)) },
};

/** Every route under /api/Project (one routes file per URL prefix): the projects' and their comments'. */
export async function projectsRoutes(
  app: FastifyInstance,
  opts: { projects: ProjectsService; storage: FileStorage; comments: CommentsService },
) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { projects, storage, comments } = opts;

  r.get(
    '/api/Project',
    {
      config: { permission: 'project:read' },
      schema: {
        tags,
        summary: 'Projects, paged (5 by default): every project with project:read:all, else my projects',
        querystring: projectListQuerySchema,
        response: { 200: envelope(paged(projectSchema)) },
      },
    },
    async (req, reply) => ok(reply, await projects.list(scopeOf(req), req.query)),
  );

  r.post(
    '/api/Project',
    {
      config: { permission: 'project:create' },
      schema: {
        tags,
        summary: "Create a project in the signed-in user's company (a companyId in the body is ignored)",
        body: createProjectBodySchema,
        response: { 201: envelope(projectSchema) },
      },
    },
    async (req, reply) =>
      ok(reply, await projects.create(scopeOf(req), req.body), MESSAGES.projects.created, 201),
  );

  r.get(
    '/api/Project/:id',
    {
      config: { permission: 'project:read' },
      schema: {
        tags,
        summary: 'A project with its members, documents and task lists',
        params: idParam,
        response: { 200: envelope(projectDetailSchema) },
      },
    },
    async (req, reply) => ok(reply, await projects.get(scopeOf(req), req.params.id)),
  );

  r.put(
    '/api/Project/:id',
    {
      config: { permission: 'project:update' },
      schema: {
        tags,
        summary: 'Update a project (the fields sent)',
        params: idParam,
        body: atLeastOneField(updateProjectBodySchema),
        response: { 200: envelope(projectSchema) },
      },
    },
    async (req, reply) =>
      ok(reply, await projects.update(scopeOf(req), req.params.id, req.body), MESSAGES.projects.updated),
  );

  r.delete(
    '/api/Project/:id',
    {
      config: { permission: 'project:delete' },
      schema: {
        tags,
        summary: 'Delete a project with its task lists, tasks and documents',
        params: idParam,
        response: { 200: envelope(deleteProjectResultSchema) },
      },
    },
    async (req, reply) =>
      ok(reply, await projects.remove(scopeOf(req), req.params.id), MESSAGES.projects.deleted),
  );

  r.post(
    '/api/Project/:id/members',
    {
      config: { permission: 'project:update' },
      schema: {
        tags,
        summary: 'Add an employee of the company to the project',
        params: idParam,
        body: addProjectMemberBodySchema,
        response: { 201: envelope(projectMemberSchema) },
      },
    },
    async (req, reply) =>
      ok(
        reply,
        await projects.addMember(scopeOf(req), req.params.id, req.body.userId),
        MESSAGES.projects.memberAdded,
        201,
      ),
  );

  r.delete(
    '/api/Project/:id/members/:userId',
    {
      config: { permission: 'project:update' },
      schema: {
        tags,
        summary: "Remove a member (they stop being assigned to the project's tasks)",
        params: projectMemberParams,
        response: { 200: envelope(removeProjectMemberResultSchema) },
      },
    },
    async (req, reply) =>
      ok(
        reply,
        await projects.removeMember(scopeOf(req), req.params.id, req.params.userId),
        MESSAGES.projects.memberRemoved,
      ),
  );

  r.post(
    '/api/Project/:id/documents',
    {
      config: { permission: 'project:update' },
      schema: {
        tags,
        summary: 'Upload a document (pdf, office, image, text, zip; 25 MB)',
        consumes: ['multipart/form-data'],
        params: idParam,
        response: { 201: envelope(documentSchema) },
      },
    },
    async (req, reply) =>
      ok(
        reply,
        await projects.addDocument(scopeOf(req), req.params.id, req),
        MESSAGES.projects.documentUploaded,
        201,
      ),
  );

  r.get(
    '/api/Project/:id/documents/:docId',
    {
      config: { permission: 'project:read' },
      schema: { tags, summary: 'Download a document', params: documentParams },
    },
    async (req, reply) =>
      storage.send(
        reply,
        await projects.document(scopeOf(req), req.params.id, req.params.docId),
        'attachment',
      ),
  );

  r.delete(
    '/api/Project/:id/documents/:docId',
    {
      config: { permission: 'project:update' },
      schema: { tags, summary: 'Delete a document', params: documentParams, response: { 200: nothing } },
    },
    async (req, reply) => {
      await projects.removeDocument(scopeOf(req), req.params.id, req.params.docId);
      return ok(reply, null, MESSAGES.projects.documentDeleted);
    },
  );

  // A project's comments: the comments feature's service.
  r.get(
    '/api/Project/:id/comments',
    {
      config: { permission: 'comment:read' },
      schema: {
        tags: commentTags,
        summary: "A project's comments, newest page first, each page oldest first",
        params: idParam,
        ...commentList,
      },
    },
    async (req, reply) =>
      ok(reply, await comments.list(scopeOf(req), { projectId: req.params.id }, req.query)),
  );

  r.post(
    '/api/Project/:id/comments',
    {
      config: { permission: 'comment:create' },
      schema: {
        tags: commentTags,
        summary: 'Comment on a project (Markdown; mention with @[userId])',
        params: idParam,
        body: commentBodySchema,
        response: commentCreated,
      },
    },
    async (req, reply) =>
      ok(
        reply,
        await comments.create(scopeOf(req), { projectId: req.params.id }, req.body),
        MESSAGES.comments.created,
        201,
      ),
  );
}
