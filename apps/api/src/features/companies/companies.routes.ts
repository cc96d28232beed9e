import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  assignCompanyModuleBodySchema,
  atLeastOneField,
  companyModuleBodySchema,
  companyModuleListQuerySchema,
  companyModuleParams,
  companyModuleSchema,
  IDEMPOTENCY_KEY_HEADER,
  IDEMPOTENCY_KEY_TTL_HOURS,
  IDEMPOTENT_REPLAYED_HEADER,
  idempotentHeadersSchema,
  IMPERSONATION_MESSAGES,
  impersonateBodySchema,
  impersonationSessionSchema,
  MESSAGES,
  purchaseBodySchema,
  purchaseParams,
  purchaseSchema,
  companyDetailSchema,
  companyListQuerySchema,
  companyLogoResultSchema,
  companySchema,
  companyStatusBodySchema,
  createCompanyBodySchema,
  createCompanyResultSchema,
  dashboardStatsSchema,
  documentParams,
  documentSchema,
  employeeListQuerySchema,
  envelope,
  idParam,
  paged,
  updateCompanyBodySchema,
  userProfileSchema,
} from '@taskhive/contract';
import type { CompanyModulesService } from '../company-modules/index.ts';
import type { FileStorage } from '../files/index.ts';
import type { ImpersonationService } from '../impersonation/index.ts';
import type { PackagesService } from '../packages/index.ts';
import { scopeOf, SIGNED_IN } from '../../plugins/auth.ts';
import { ok } from '../../plugins/envelope.ts';
import type { CompaniesService } from './companies.service.ts';

const tags = ['companies'];
const nothing = envelope(z.null());
/** Platform-only actions: company:read:all is never granted through a company's modules. */
const SUPER_ADMIN_UPDATE = { allOf: ['company:read:all', 'company:update'] } as const;
const companyModuleTags = ['company modules'];
const impersonationTags = ['impersonation'];
const packageTags = ['packages'];

/**
 * Every route under /api/Companies (one routes file per URL prefix): the companies' own, and a
 * company's module grants, impersonation and purchases, each calling its own feature's service.
 */
export async function companiesRoutes(
  app: FastifyInstance,
  opts: {
    companies: CompaniesService;
    storage: FileStorage;
    grants: CompanyModulesService;
    impersonation: ImpersonationService;
    packages: PackagesService;
  },
) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { companies, storage, grants, impersonation, packages } = opts;

  r.get(
    '/api/Companies',
    {
      config: { permission: 'company:read:all' },
      schema: {
        tags,
        summary: 'Tenant companies: search, sort, page (5)',
        querystring: companyListQuerySchema,
        response: { 200: envelope(paged(companySchema)) },
      },
    },
    async (req, reply) => ok(reply, await companies.list(scopeOf(req), req.query)),
  );

  r.get(
    '/api/Companies/dashboard-stats',
    {
      config: { permission: 'company:read:all' },
      schema: {
        tags,
        summary: 'Super Admin dashboard figures and companies per month',
        response: { 200: envelope(dashboardStatsSchema) },
      },
    },
    async (req, reply) => ok(reply, await companies.stats(scopeOf(req))),
  );

  r.post(
    '/api/Companies',
    {
      config: { permission: 'company:create' },
      schema: {
        tags,
        summary: 'Create a company with its Company Admin',
        body: createCompanyBodySchema,
        response: { 201: envelope(createCompanyResultSchema) },
      },
    },
    async (req, reply) =>
      ok(reply, await companies.create(scopeOf(req), req.body), MESSAGES.companies.created, 201),
  );

  r.get(
    '/api/Companies/:id',
    {
      config: { permission: 'company:read' },
      schema: {
        tags,
        summary: 'A company with its documents and roles (own company, or any for the Super Admin)',
        params: idParam,
        response: { 200: envelope(companyDetailSchema) },
      },
    },
    async (req, reply) => ok(reply, await companies.get(scopeOf(req), req.params.id)),
  );

  r.get(
    '/api/Companies/:id/users',
    {
      config: { permission: 'company:read:all' },
      schema: {
        tags,
        summary: "Super Admin: a company's employees (the filters of /CompanyUsers/details)",
        params: idParam,
        querystring: employeeListQuerySchema,
        response: { 200: envelope(paged(userProfileSchema)) },
      },
    },
    async (req, reply) => ok(reply, await companies.users(scopeOf(req), req.params.id, req.query)),
  );

  r.put(
    '/api/Companies/:id',
    {
      config: { permission: 'company:update' },
      schema: {
        tags,
        summary: "Update a company's details",
        params: idParam,
        body: atLeastOneField(updateCompanyBodySchema),
        response: { 200: envelope(companyDetailSchema) },
      },
    },
    async (req, reply) =>
      ok(reply, await companies.update(scopeOf(req), req.params.id, req.body), MESSAGES.companies.updated),
  );

  r.delete(
    '/api/Companies/:id',
    {
      config: { permission: 'company:delete' },
      schema: {
        tags,
        summary: 'Deactivate a company (its data is kept; its users can no longer sign in)',
        params: idParam,
        response: { 200: nothing },
      },
    },
    async (req, reply) => {
      await companies.deactivate(scopeOf(req), req.params.id);
      return ok(reply, null, MESSAGES.companies.deleted);
    },
  );

  r.post(
    '/api/Companies/:id/approve',
    {
      config: { permission: SUPER_ADMIN_UPDATE },
      schema: {
        tags,
        summary: 'Approve a company',
        params: idParam,
        response: { 200: envelope(companySchema) },
      },
    },
    async (req, reply) =>
      ok(
        reply,
        await companies.setStatus(scopeOf(req), req.params.id, { isApproved: true }),
        MESSAGES.companies.approved,
      ),
  );

  r.put(
    '/api/Companies/:id/status',
    {
      config: { permission: SUPER_ADMIN_UPDATE },
      schema: {
        tags,
        summary: 'Activate/deactivate, approve/unapprove a company',
        params: idParam,
        body: companyStatusBodySchema,
        response: { 200: envelope(companySchema) },
      },
    },
    async (req, reply) =>
      ok(
        reply,
        await companies.setStatus(scopeOf(req), req.params.id, req.body),
        MESSAGES.companies.statusUpdated,
      ),
  );

  r.post(
    '/api/Companies/:id/upload-logo',
    {
      config: { permission: 'company:update' },
      schema: {
        tags,
        summary: 'Upload the logo (png, jpeg, webp; 5 MB)',
        consumes: ['multipart/form-data'],
        params: idParam,
        response: { 200: envelope(companyLogoResultSchema) },
      },
    },
    async (req, reply) =>
      ok(
        reply,
        await companies.uploadLogo(scopeOf(req), req.params.id, req),
        MESSAGES.companies.logoUploaded,
      ),
  );

  r.get(
    '/api/Companies/:id/logo',
    {
      config: { permission: SIGNED_IN },
      schema: { tags, summary: "The company's logo (its own users, or the Super Admin)", params: idParam },
    },
    async (req, reply) => storage.send(reply, await companies.logo(scopeOf(req), req.params.id), 'inline'),
  );

  r.post(
    '/api/Companies/:id/documents',
    {
      config: { permission: 'company:update' },
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
        await companies.addDocument(scopeOf(req), req.params.id, req),
        MESSAGES.companies.documentUploaded,
        201,
      ),
  );

  r.get(
    '/api/Companies/:id/documents/:docId',
    {
      config: { permission: 'company:read' },
      schema: { tags, summary: 'Download a document', params: documentParams },
    },
    async (req, reply) =>
      storage.send(
        reply,
        await companies.document(scopeOf(req), req.params.id, req.params.docId),
        'attachment',
      ),
  );

  r.delete(
    '/api/Companies/:id/documents/:docId',
    {
      config: { permission: 'company:update' },
      schema: { tags, summary: 'Delete a document', params: documentParams, response: { 200: nothing } },
    },
    async (req, reply) => {
      await companies.removeDocument(scopeOf(req), req.params.id, req.params.docId);
      return ok(reply, null, MESSAGES.companies.documentDeleted);
    },
  );

  // A company's module grants: its own people read them; the Super Admin (module:update) changes them. The company-modules feature's service.
  r.get(
    '/api/Companies/:id/modules',
    {
      config: { permission: 'company:read' },
      schema: {
        tags: companyModuleTags,
        summary: "A company's modules with their access levels",
        params: idParam,
        querystring: companyModuleListQuerySchema,
        response: { 200: envelope(z.array(companyModuleSchema)) },
      },
    },
    async (req, reply) => ok(reply, await grants.list(scopeOf(req), req.params.id, req.query)),
  );

  r.post(
    '/api/Companies/:id/modules/:moduleId',
    {
      config: { permission: 'module:update' },
      schema: {
        tags: companyModuleTags,
        summary: 'Assign a module to a company (full access unless told)',
        params: companyModuleParams,
        body: assignCompanyModuleBodySchema,
        response: { 201: envelope(companyModuleSchema) },
      },
    },
    async (req, reply) =>
      ok(
        reply,
        await grants.assign(scopeOf(req), req.params.id, req.params.moduleId, req.body.accessLevel),
        MESSAGES.modules.assigned,
        201,
      ),
  );

  r.put(
    '/api/Companies/:id/modules/:moduleId',
    {
      config: { permission: 'module:update' },
      schema: {
        tags: companyModuleTags,
        summary: "Change a company's access level to a module",
        params: companyModuleParams,
        body: companyModuleBodySchema,
        response: { 200: envelope(companyModuleSchema) },
      },
    },
    async (req, reply) =>
      ok(
        reply,
        await grants.setLevel(scopeOf(req), req.params.id, req.params.moduleId, req.body.accessLevel),
        MESSAGES.modules.accessUpdated,
      ),
  );

  r.delete(
    '/api/Companies/:id/modules/:moduleId',
    {
      config: { permission: 'module:update' },
      schema: {
        tags: companyModuleTags,
        summary: 'Revoke a module from a company',
        params: companyModuleParams,
        response: { 200: envelope(z.object({ companyId: z.uuid(), moduleId: z.uuid() })) },
      },
    },
    async (req, reply) =>
      ok(
        reply,
        await grants.revoke(scopeOf(req), req.params.id, req.params.moduleId),
        MESSAGES.modules.revoked,
      ),
  );

  // Impersonation: the impersonation feature's service.
  r.post(
    '/api/Companies/:id/impersonate',
    {
      // The platform-wide company permission, and the Super Admin role (checked by the service).
      config: { permission: 'company:read:all' },
      schema: {
        tags: impersonationTags,
        summary: "Super Admin: act as the company's Company Admin, for a reason and a limited time",
        params: idParam,
        body: impersonateBodySchema,
        response: { 201: envelope(impersonationSessionSchema) },
      },
    },
    async (req, reply) =>
      ok(
        reply.header('cache-control', 'no-store'),
        await impersonation.start(scopeOf(req), req.params.id, req.body.reason),
        IMPERSONATION_MESSAGES.started,
        201,
      ),
  );

  // A company's purchases: the packages feature's service.
  r.post(
    '/api/Companies/:companyId/packages/:packageId/purchase',
    {
      config: { permission: 'company:update' },
      schema: {
        tags: packageTags,
        summary: "Buy a package for a company (recorded as paid; grants the package's modules)",
        description:
          'A company holding the package (an active purchase whose month or year has not ended) gets 409. ' +
          `With an \`Idempotency-Key\` header, the same key and request within ${IDEMPOTENCY_KEY_TTL_HOURS} hours ` +
          'answer the first purchase again (`Idempotent-Replayed: true`); the same key with another request, 422.',
        params: purchaseParams,
        headers: idempotentHeadersSchema,
        body: purchaseBodySchema,
        response: { 201: envelope(purchaseSchema) },
      },
    },
    async (req, reply) => {
      const { purchase, replayed } = await packages.purchase(
        scopeOf(req),
        req.params.companyId,
        req.params.packageId,
        req.body,
        req.headers[IDEMPOTENCY_KEY_HEADER],
      );
      if (replayed) reply.header(IDEMPOTENT_REPLAYED_HEADER, 'true');
      return ok(reply, purchase, MESSAGES.packages.purchased, 201);
    },
  );

  r.get(
    '/api/Companies/:id/packages',
    {
      config: { permission: 'company:read' },
      schema: {
        tags: packageTags,
        summary: "A company's purchases, newest first",
        params: idParam,
        response: { 200: envelope(z.array(purchaseSchema)) },
      },
    },
    async (req, reply) => ok(reply, await packages.ofCompany(scopeOf(req), req.params.id)),
  );
}
