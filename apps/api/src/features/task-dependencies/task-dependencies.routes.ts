import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  createDependencyBodySchema,
  DEPENDENCY_MESSAGES,
  dependencyCandidatesQuerySchema,
  dependencyCandidatesSchema,
  dependencyParams,
  envelope,
  projectIdParam,
  projectScheduleBodySchema,
  projectScheduleSchema,
  taskDependenciesQuerySchema,
  taskDependenciesSchema,
} from '@taskhive/contract';
import { scopeOf } from '../../plugins/auth.ts';
import { ok } from '../../plugins/envelope.ts';
import type { DependenciesService } from './task-dependencies.service.ts';

const tags = ['tasks'];

/**
 * Task dependencies (issue 26), their own prefix `/api/TaskDependencies`. Reading needs `task:read`
 * (and the task in reach); adding or removing one is an edit of the blocked task (`task:update`);
 * the project's auto-schedule switch is a project setting (`project:read`, `project:update`).
 */
export async function taskDependenciesRoutes(
  app: FastifyInstance,
  opts: { dependencies: DependenciesService },
) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { dependencies } = opts;
  const read = { permission: 'task:read' } as const;
  const write = { permission: 'task:update' } as const;
  const response = { 200: envelope(taskDependenciesSchema) };

  r.get(
    '/api/TaskDependencies',
    {
      config: read,
      schema: {
        tags,
        summary: 'What blocks a task and what it blocks (the tasks the reader may read)',
        querystring: taskDependenciesQuerySchema,
        response,
      },
    },
    async (req, reply) => ok(reply, await dependencies.list(scopeOf(req), req.query.taskId)),
  );

  r.get(
    '/api/TaskDependencies/candidates',
    {
      config: read,
      schema: {
        tags,
        summary: 'Tasks the reader may read whose title or key matches (the dependency picker)',
        querystring: dependencyCandidatesQuerySchema,
        response: { 200: envelope(dependencyCandidatesSchema) },
      },
    },
    async (req, reply) =>
      ok(reply, await dependencies.candidates(scopeOf(req), req.query.taskId, req.query.search)),
  );

  r.post(
    '/api/TaskDependencies',
    {
      config: write,
      schema: {
        tags,
        summary: 'Make a task block another (finish-to-start); a cycle is refused',
        body: createDependencyBodySchema,
        response: { 201: envelope(taskDependenciesSchema) },
      },
    },
    async (req, reply) =>
      ok(reply, await dependencies.create(scopeOf(req), req.body), DEPENDENCY_MESSAGES.added, 201),
  );

  r.delete(
    '/api/TaskDependencies/:blockerTaskId/:blockedTaskId',
    {
      config: write,
      schema: { tags, summary: 'Remove a dependency', params: dependencyParams, response },
    },
    async (req, reply) =>
      ok(
        reply,
        await dependencies.remove(scopeOf(req), req.params.blockerTaskId, req.params.blockedTaskId),
        DEPENDENCY_MESSAGES.removed,
      ),
  );

  const schedule = { 200: envelope(projectScheduleSchema) };
  r.get(
    '/api/TaskDependencies/projects/:projectId/schedule',
    {
      config: { permission: 'project:read' },
      schema: {
        tags,
        summary: "A project's auto-schedule switch",
        params: projectIdParam,
        response: schedule,
      },
    },
    async (req, reply) => ok(reply, await dependencies.schedule(scopeOf(req), req.params.projectId)),
  );

  r.put(
    '/api/TaskDependencies/projects/:projectId/schedule',
    {
      config: { permission: 'project:update' },
      schema: {
        tags,
        summary: "Turn a project's auto-schedule on or off",
        params: projectIdParam,
        body: projectScheduleBodySchema,
        response: schedule,
      },
    },
    async (req, reply) =>
      ok(
        reply,
        await dependencies.setSchedule(scopeOf(req), req.params.projectId, req.body.autoSchedule),
        DEPENDENCY_MESSAGES.autoScheduleSaved,
      ),
  );
}
