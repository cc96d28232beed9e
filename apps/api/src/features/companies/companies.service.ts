import {
  type Company,
  type CompanyDetail,
  type CompanyListQuery,
  type CompanyStatusBody,
  type CreateCompanyBody,
  type DashboardStats,
  type EmployeeListQuery,
  MESSAGES,
  type Paged,
  resolvePage,
  type UpdateCompanyBody,
  type UserProfile,
} from '@taskhive/contract';
import type { FastifyBaseLogger, FastifyRequest } from 'fastify';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { conflict, notFound, uniqueViolation } from '../../lib/errors.ts';
import type { Mailer } from '../../lib/mailer.ts';
import { hashPassword } from '../../lib/passwords.ts';
import type { Actor } from '../../plugins/auth.ts';
import { assertAcceptablePassword } from '../auth/auth.service.ts';
import { toCompanyRole } from '../company-roles/company-roles.mapper.ts';
import { companyRolesRepo } from '../company-roles/company-roles.repo.ts';
import { documentsRepo, toDocument } from '../files/documents.repo.ts';
import type { FileStorage } from '../files/files.storage.ts';
import { createInvitation, sendInvitation } from '../users/invitations.ts';
import { projectsRepo } from '../projects/projects.repo.ts';
import { toUserProfile } from '../users/users.mapper.ts';
import { countActiveUsersOfActiveCompanies, usersRepo } from '../users/users.repo.ts';
import { type CompanyRow, companiesRepo } from './companies.repo.ts';
import { provisionCompany } from './provision.service.ts';

export type CompaniesDeps = {
  db: Db;
  config: Config;
  mailer: Mailer;
  storage: FileStorage;
  log: FastifyBaseLogger;
};

const logoUrl = (c: { id: string; updatedAt: Date }) =>
  `/api/Companies/${c.id}/logo?v=${c.updatedAt.getTime()}`;
const documentUrl = (companyId: string, documentId: string) =>
  `/api/Companies/${companyId}/documents/${documentId}`;

function toCompany(row: CompanyRow): Company {
  return {
    companyId: row.id,
    name: row.name,
    email: row.email,
    phone: row.phone,
    website: row.website,
    address: row.address,
    industry: row.industry,
    description: row.description,
    isActive: row.isActive,
    isApproved: row.isApproved,
    approvedAt: row.approvedAt?.toISOString() ?? null,
    companyLogoUrl: row.logoPath ? logoUrl(row) : null,
    userCount: row.userCount,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** The last `n` months as YYYY-MM (UTC), oldest first, ending with the current one. */
export function lastMonths(n: number, now = new Date()): string[] {
  const out: string[] = [];
  for (let i = n - 1; i >= 0; i--) {
    const d = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - i, 1));
    out.push(`${d.getUTCFullYear()}-${String(d.getUTCMonth() + 1).padStart(2, '0')}`);
  }
  return out;
}

/**
 * Companies. Super Admin (company:read:all) reads and manages all tenants; a company user reads
 * and updates only its own company: any other id answers 404. Delete deactivates and keeps data.
 */
export function companiesService({ db, config, mailer, storage, log }: CompaniesDeps) {
  const companies = companiesRepo(db);

  /** The company if the actor may see it: their own, or any for the Super Admin. */
  async function visible(actor: Actor, companyId: string): Promise<CompanyRow> {
    if (!actor.isSuperAdmin && actor.companyId !== companyId) throw notFound('Company');
    const row = await companies.detail(companyId);
    if (!row) throw notFound('Company');
    return row;
  }

  /** A tenant company a Super Admin acts on (never the platform's own). */
  async function tenant(companyId: string): Promise<CompanyRow> {
    const row = await companies.detail(companyId);
    if (!row || row.isPlatform) throw notFound('Company');
    return row;
  }

  async function detailOf(row: CompanyRow): Promise<CompanyDetail> {
    const [docs, roles] = await Promise.all([
      documentsRepo(db, row.id).listForCompany(),
      companyRolesRepo(db, row.id).list({ sortBy: 'roleName', sortOrder: 'asc' }),
    ]);
    return {
      ...toCompany(row),
      documents: docs.map((d) => toDocument(d, documentUrl(row.id, d.id))),
      companyRoles: roles.rows.map(toCompanyRole),
    };
  }

  return {
    async list(q: CompanyListQuery): Promise<Paged<Company>> {
      const page = resolvePage(q);
      const { rows, total } = await companies.list(q, page);
      return {
        items: rows.map(toCompany),
        totalCount: total,
        pageNumber: page,
        pageSize: q.pageSize,
        totalPages: Math.ceil(total / q.pageSize),
      };
    },

    async stats(now = new Date()): Promise<DashboardStats> {
      const months = lastMonths(12, now);
      const since = new Date(`${months[0]}-01T00:00:00Z`);
      const [{ totals, byMonth }, totalActiveUsers] = await Promise.all([
        companies.stats(since),
        countActiveUsersOfActiveCompanies(db),
      ]);
      const counts = new Map(byMonth.map((m) => [m.month, m.count]));
      return {
        totalActiveUsers,
        ...totals,
        companiesByMonth: months.map((month) => ({ month, count: counts.get(month) ?? 0 })),
      };
    },

    get: async (actor: Actor, companyId: string) => detailOf(await visible(actor, companyId)),

    /** Super Admin: one tenant's employees, with the same filters as the company's own list. */
    async users(companyId: string, q: EmployeeListQuery): Promise<Paged<UserProfile>> {
      await tenant(companyId);
      const page = resolvePage(q);
      const onlyUserIds = q.memberUserId
        ? projectsRepo(db, companyId).coMemberIds(q.memberUserId)
        : undefined;
      const { rows, total } = await usersRepo(db, companyId).list({ ...q, onlyUserIds }, page, q.pageSize);
      return {
        items: rows.map(toUserProfile),
        totalCount: total,
        pageNumber: page,
        pageSize: q.pageSize,
        totalPages: Math.ceil(total / q.pageSize),
      };
    },

    /** The company, its statuses, roles, General department, modules and Company Admin, in one transaction. */
    async create(body: CreateCompanyBody) {
      const { admin, ...company } = body;
      if (admin.password) assertAcceptablePassword(admin.password, 'admin.password');
      const passwordHash = admin.password ? await hashPassword(admin.password) : null;
      let created;
      try {
        created = await db.transaction(async (tx) => {
          const p = await provisionCompany(tx, company, {
            email: admin.email,
            firstName: admin.firstName,
            lastName: admin.lastName,
            passwordHash,
            status: passwordHash ? 'active' : 'invited',
          });
          const mail = passwordHash
            ? null
            : await createInvitation(
                tx,
                config,
                {
                  companyId: p.companyId,
                  userId: p.adminUserId,
                  email: admin.email,
                  firstName: admin.firstName,
                },
                company.name,
              );
          return { p, mail };
        });
      } catch (err) {
        if (uniqueViolation(err) === 'users_email_uq') {
          throw conflict(MESSAGES.auth.emailTaken, { 'admin.email': [MESSAGES.auth.emailTaken] });
        }
        throw err;
      }
      const invitationSent = created.mail ? await sendInvitation(mailer, log, created.mail) : false;
      const row = await tenant(created.p.companyId);
      return { ...(await detailOf(row)), id: row.id, adminUserId: created.p.adminUserId, invitationSent };
    },

    async update(actor: Actor, companyId: string, body: UpdateCompanyBody) {
      await visible(actor, companyId);
      await companies.update(companyId, body);
      return detailOf(await visible(actor, companyId));
    },

    /** Super Admin: deactivates (users can no longer sign in; their tokens stop working at once) and keeps every record. */
    async deactivate(companyId: string) {
      await tenant(companyId);
      await companies.update(companyId, { isActive: false });
    },

    async setStatus(companyId: string, body: CompanyStatusBody) {
      const row = await tenant(companyId);
      const approving = body.isApproved === true && !row.isApproved;
      await companies.update(companyId, {
        isActive: body.isActive,
        isApproved: body.isApproved,
        ...(approving ? { approvedAt: new Date() } : body.isApproved === false ? { approvedAt: null } : {}),
      });
      return toCompany(await tenant(companyId));
    },

    /** Stores the new logo, then points the company at it and drops the old file. */
    async uploadLogo(actor: Actor, companyId: string, req: FastifyRequest) {
      const before = await visible(actor, companyId);
      const file = await storage.receive(req, 'image');
      try {
        await companies.update(companyId, { logoPath: file.storageKey });
      } catch (err) {
        await storage.remove(file.storageKey);
        throw err;
      }
      await storage
        .remove(before.logoPath)
        .catch((err: unknown) => log.warn({ err }, 'old logo not removed'));
      const after = await visible(actor, companyId);
      const url = logoUrl(after);
      return { logoUrl: url, companyLogoUrl: url, updatedAt: after.updatedAt.toISOString() };
    },

    async logo(actor: Actor, companyId: string) {
      const row = await visible(actor, companyId);
      if (!row.logoPath) throw notFound('Logo');
      return { storageKey: row.logoPath, fileName: `logo-${row.id}` };
    },

    /** Stores the file, then its row; a failed insert removes the file (no orphan either way). */
    async addDocument(actor: Actor, companyId: string, req: FastifyRequest) {
      await visible(actor, companyId);
      const file = await storage.receive(req, 'document');
      try {
        const row = await documentsRepo(db, companyId).insertCompanyDocument({
          ...file,
          uploadedBy: actor.userId,
        });
        return toDocument(row, documentUrl(companyId, row.id));
      } catch (err) {
        await storage.remove(file.storageKey);
        throw err;
      }
    },

    async document(actor: Actor, companyId: string, documentId: string) {
      await visible(actor, companyId);
      const doc = await documentsRepo(db, companyId).companyDocument(documentId);
      if (!doc) throw notFound('Document');
      return doc;
    },

    async removeDocument(actor: Actor, companyId: string, documentId: string) {
      await visible(actor, companyId);
      const docs = documentsRepo(db, companyId);
      const doc = await docs.companyDocument(documentId);
      if (!doc) throw notFound('Document');
      await docs.delete(documentId);
      await storage
        .remove(doc.storageKey)
        .catch((err: unknown) => log.warn({ err }, 'document file not removed'));
    },
  };
}

export type CompaniesService = ReturnType<typeof companiesService>;
