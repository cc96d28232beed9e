import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  atLeastOneField,
  MESSAGES,
  createDepartmentBodySchema,
  deleteDepartmentResultSchema,
  departmentDetailSchema,
  departmentListQuerySchema,
  departmentSchema,
  envelope,
  idParam,
  paged,
  updateDepartmentBodySchema,
} from '@taskhive/contract';
import { scopeOf } from '../../plugins/auth.ts';
import { ok } from '../../plugins/envelope.ts';
import type { DepartmentsService } from './departments.service.ts';

const tags = ['departments'];

export async function departmentsRoutes(app: FastifyInstance, opts: { departments: DepartmentsService }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { departments } = opts;

  r.get(
    '/api/Department',
    {
      config: { permission: 'department:read' },
      schema: {
        tags,
        summary: 'Departments, paged (25 by default)',
        querystring: departmentListQuerySchema,
        response: { 200: envelope(paged(departmentSchema)) },
      },
    },
    async (req, reply) => ok(reply, await departments.list(scopeOf(req), req.query)),
  );

  r.post(
    '/api/Department',
    {
      config: { permission: 'department:create' },
      schema: {
        tags,
        summary: 'Create a department',
        body: createDepartmentBodySchema,
        response: { 201: envelope(departmentSchema) },
      },
    },
    async (req, reply) =>
      ok(reply, await departments.create(scopeOf(req), req.body), MESSAGES.departments.created, 201),
  );

  r.get(
    '/api/Department/:id',
    {
      config: { permission: 'department:read' },
      schema: {
        tags,
        summary: 'A department with its members',
        params: idParam,
        response: { 200: envelope(departmentDetailSchema) },
      },
    },
    async (req, reply) => ok(reply, await departments.get(scopeOf(req), req.params.id)),
  );

  r.put(
    '/api/Department/:id',
    {
      config: { permission: 'department:update' },
      schema: {
        tags,
        summary: 'Update a department',
        params: idParam,
        body: atLeastOneField(updateDepartmentBodySchema),
        response: { 200: envelope(departmentSchema) },
      },
    },
    async (req, reply) =>
      ok(
        reply,
        await departments.update(scopeOf(req), req.params.id, req.body),
        MESSAGES.departments.updated,
      ),
  );

  r.delete(
    '/api/Department/:id',
    {
      config: { permission: 'department:delete' },
      schema: {
        tags,
        summary: 'Delete a department; its members move to no department',
        params: idParam,
        response: { 200: envelope(deleteDepartmentResultSchema) },
      },
    },
    async (req, reply) => {
      const result = await departments.remove(scopeOf(req), req.params.id);
      const moved = result.unassignedMembers;
      const note = `. ${moved} member${moved === 1 ? '' : 's'} moved to no department.`;
      return ok(
        reply,
        result,
        moved === 0 ? MESSAGES.departments.deleted : `${MESSAGES.departments.deleted}${note}`,
      );
    },
  );
}
