import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  atLeastOneField,
  MESSAGES,
  createEmployeeBodySchema,
  directoryQuerySchema,
  employeeDetailSchema,
  employeeListQuerySchema,
  envelope,
  idParam,
  paged,
  personSchema,
  profilePhotoResultSchema,
  PROFILE_MESSAGES,
  setPasswordBodySchema,
  celebrationsSchema,
  updateEmployeeBodySchema,
  userProfileSchema,
} from '@taskhive/contract';
import type { FileStorage } from '../files/index.ts';
import { scopeOf, SIGNED_IN } from '../../plugins/auth.ts';
import { ok } from '../../plugins/envelope.ts';
import type { UsersService } from './users.service.ts';

const tags = ['employees'];
const profile = envelope(userProfileSchema);

export async function usersRoutes(app: FastifyInstance, opts: { users: UsersService; storage: FileStorage }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { users, storage } = opts;

  r.get(
    '/api/CompanyUsers/details',
    {
      config: { permission: 'employee:read:all' },
      schema: {
        tags,
        summary: 'Employees: filter, search, sort, page (50)',
        querystring: employeeListQuerySchema,
        response: { 200: envelope(paged(userProfileSchema)) },
      },
    },
    async (req, reply) => ok(reply, await users.list(scopeOf(req), req.query)),
  );

  r.get(
    '/api/CompanyUsers/directory',
    {
      // Whoever may comment may mention the company's active people: no employee:read needed.
      config: { permission: { anyOf: ['comment:create', 'comment:read'] } },
      schema: {
        tags,
        summary: "The company's active people by name (id, name, photo): the mention picker",
        querystring: directoryQuerySchema,
        response: { 200: envelope(z.array(personSchema)) },
      },
    },
    async (req, reply) => ok(reply, await users.directory(scopeOf(req), req.query)),
  );

  r.get(
    '/api/CompanyUsers/celebrations',
    {
      // The dashboard's widget: everyone of the company, when the company opted in.
      config: { permission: SIGNED_IN },
      schema: {
        tags,
        summary: "This month's work anniversaries and birthdays (empty unless the company opted in)",
        response: { 200: envelope(celebrationsSchema) },
      },
    },
    async (req, reply) => ok(reply, await users.celebrations(scopeOf(req))),
  );

  r.get(
    '/api/CompanyUsers/details/user/:id',
    {
      // Self is always allowed; anyone else needs employee:read (usersPolicy.assertCanRead).
      config: { permission: SIGNED_IN },
      schema: {
        tags,
        summary: 'An employee profile with projects and recent time logs',
        params: idParam,
        response: { 200: envelope(employeeDetailSchema) },
      },
    },
    async (req, reply) => ok(reply, await users.detail(scopeOf(req), req.params.id)),
  );

  r.post(
    '/api/CompanyUsers',
    {
      config: { permission: 'employee:create' },
      schema: {
        tags,
        summary: 'Invite an employee (email with a link to set a password)',
        body: createEmployeeBodySchema,
        response: { 201: profile },
      },
    },
    async (req, reply) => ok(reply, await users.create(scopeOf(req), req.body), MESSAGES.users.created, 201),
  );

  r.put(
    '/api/CompanyUsers/user/:id',
    {
      config: { permission: 'employee:update' },
      schema: {
        tags,
        summary: 'Update an employee',
        params: idParam,
        body: atLeastOneField(updateEmployeeBodySchema),
        response: { 200: profile },
      },
    },
    async (req, reply) =>
      ok(reply, await users.update(scopeOf(req), req.params.id, req.body), MESSAGES.users.updated),
  );

  r.delete(
    '/api/CompanyUsers/user/:id',
    {
      config: { permission: 'employee:delete' },
      schema: {
        tags,
        summary: 'Deactivate an employee and end their sessions',
        params: idParam,
        response: { 200: envelope(z.null()) },
      },
    },
    async (req, reply) => {
      await users.remove(scopeOf(req), req.params.id);
      return ok(reply, null, MESSAGES.users.deleted);
    },
  );

  r.post(
    '/api/CompanyUsers/upload-profile-photo/:id',
    {
      // Own photo always; someone else's needs employee:update (usersPolicy.assertCanChangePhoto).
      config: { permission: SIGNED_IN },
      schema: {
        tags,
        summary: 'Upload a profile photo (png, jpeg, webp; 5 MB)',
        consumes: ['multipart/form-data'],
        params: idParam,
        response: { 200: envelope(profilePhotoResultSchema) },
      },
    },
    async (req, reply) =>
      ok(reply, await users.uploadPhoto(scopeOf(req), req.params.id, req), MESSAGES.users.photoUploaded),
  );

  r.post(
    '/api/CompanyUsers/user/:id/password',
    {
      // A Company Admin's: employee:update and company:update (usersService.setPassword's rules);
      // never from an impersonation session (issue 24: impersonation changes no password).
      config: { permission: { allOf: ['employee:update', 'company:update'] }, refuseImpersonation: true },
      schema: {
        tags,
        summary: "Set an employee's password; they must change it at their next sign-in",
        params: idParam,
        body: setPasswordBodySchema,
        response: { 200: envelope(z.null()) },
      },
    },
    async (req, reply) => {
      await users.setPassword(scopeOf(req), req.params.id, req.body);
      return ok(reply, null, PROFILE_MESSAGES.passwordSet);
    },
  );

  r.delete(
    '/api/CompanyUsers/photo/:id',
    {
      // Own photo always; someone else's needs employee:update (usersPolicy.assertCanChangePhoto).
      config: { permission: SIGNED_IN },
      schema: {
        tags,
        summary: 'Remove a profile photo',
        params: idParam,
        response: { 200: envelope(z.null()) },
      },
    },
    async (req, reply) => {
      await users.removePhoto(scopeOf(req), req.params.id);
      return ok(reply, null, PROFILE_MESSAGES.photoRemoved);
    },
  );

  r.get(
    '/api/CompanyUsers/photo/:id',
    {
      config: { permission: SIGNED_IN },
      schema: { tags, summary: 'A profile photo (same company only)', params: idParam },
    },
    async (req, reply) => storage.send(reply, await users.photo(scopeOf(req), req.params.id), 'inline'),
  );
}
