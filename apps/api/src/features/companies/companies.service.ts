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
  ROLES,
  type UpdateCompanyBody,
  type UserProfile,
} from '@taskhive/contract';
import type { FastifyBaseLogger, FastifyRequest } from 'fastify';
import { conflict, notFound, uniqueViolation } from '../../lib/errors.ts';
import { toPaged } from '../../lib/list.ts';
import { assertAcceptablePassword, hashPassword } from '../../lib/passwords.ts';
import { type Scope, scopeForCompany } from '../../lib/scope.ts';
import { toCompanyRole, companyRolesReads } from '../company-roles/index.ts';
import { toDocument, companyDocuments, type FileStorage } from '../files/index.ts';
import { platformReads } from '../platform/index.ts';
import { enqueueInvitation, listEmployees } from '../users/index.ts';
import { audited } from '../../lib/live-events.ts';
import { documentUrl, logoUrl, toCompany } from './companies.mapper.ts';
import { type CompanyRow, companiesRepo } from './companies.repo.ts';
import { provisionCompany } from './provision.service.ts';

export type CompaniesDeps = {
  storage: FileStorage;
  log: FastifyBaseLogger;
};

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
export function companiesService({ storage, log }: CompaniesDeps) {
  /**
   * The company named in the path, with the scope to work in it: the actor's own company, or any
   * for the Super Admin (`scopeForCompany`); anything else answers 404.
   */
  async function visible(scope: Scope, companyId: string): Promise<{ row: CompanyRow; company: Scope }> {
    const company = scopeForCompany(scope, companyId);
    const row = await companiesRepo.detail(scope.db, companyId);
    if (!row) throw notFound('Company');
    return { row, company };
  }

  /** A tenant company a Super Admin acts on (never the platform's own). */
  async function tenant(scope: Scope, companyId: string): Promise<CompanyRow> {
    const row = await companiesRepo.detail(scope.db, companyId);
    if (!row || row.isPlatform) throw notFound('Company');
    return row;
  }

  async function detailOf(company: Scope, row: CompanyRow): Promise<CompanyDetail> {
    const [docs, roles] = await Promise.all([
      companyDocuments.listForCompany(company),
      companyRolesReads.list(company, { sortBy: 'roleName', sortOrder: 'asc' }),
    ]);
    return {
      ...toCompany(row),
      documents: docs.map((d) => toDocument(d, documentUrl(row.id, d.id))),
      companyRoles: roles.rows.map(toCompanyRole),
    };
  }

  return {
    async list(scope: Scope, q: CompanyListQuery): Promise<Paged<Company>> {
      return toPaged(q, await companiesRepo.list(scope.db, q), toCompany);
    },

    async stats(scope: Scope, now = new Date()): Promise<DashboardStats> {
      const months = lastMonths(12, now);
      const since = new Date(`${months[0]}-01T00:00:00Z`);
      const [{ totals, byMonth }, totalActiveUsers] = await Promise.all([
        companiesRepo.stats(scope.db, since),
        platformReads.activeUsersOfActiveCompanies(scope.db),
      ]);
      const counts = new Map(byMonth.map((m) => [m.month, m.count]));
      return {
        totalActiveUsers,
        ...totals,
        companiesByMonth: months.map((month) => ({ month, count: counts.get(month) ?? 0 })),
      };
    },

    async get(scope: Scope, companyId: string) {
      const { row, company } = await visible(scope, companyId);
      return detailOf(company, row);
    },

    /** Super Admin: one tenant's employees, with the same filters as the company's own list. */
    async users(scope: Scope, companyId: string, q: EmployeeListQuery): Promise<Paged<UserProfile>> {
      await tenant(scope, companyId);
      return listEmployees(scopeForCompany(scope, companyId), q);
    },

    /** The company, its statuses, roles, General department, modules and Company Admin, in one transaction. */
    async create(scope: Scope, body: CreateCompanyBody) {
      const { admin, ...company } = body;
      if (admin.password) assertAcceptablePassword(admin.password, 'admin.password');
      const passwordHash = admin.password ? await hashPassword(admin.password) : null;
      let created;
      try {
        created = await scope.transaction(async (tx) => {
          const p = await provisionCompany(tx.db, company, {
            email: admin.email,
            firstName: admin.firstName,
            lastName: admin.lastName,
            passwordHash,
            status: passwordHash ? 'active' : 'invited',
          });
          const created = scopeForCompany(tx, p.companyId);
          const invited = passwordHash === null;
          if (invited) await enqueueInvitation(created, p.adminUserId);
          // The admin is the new company's first change; an invitation goes to its audit log, made
          // by the platform admin.
          created.emit({
            type: 'employee',
            action: 'created',
            id: p.adminUserId,
            userIds: [p.adminUserId],
            ...(invited
              ? audited({
                  kind: 'user.invited',
                  subjectUserId: p.adminUserId,
                  details: { role: ROLES.companyAdmin },
                })
              : {}),
          });
          return { p, invited };
        });
      } catch (err) {
        if (uniqueViolation(err) === 'users_email_uq') {
          throw conflict(MESSAGES.auth.emailTaken, { 'admin.email': [MESSAGES.auth.emailTaken] });
        }
        throw err;
      }
      const row = await tenant(scope, created.p.companyId);
      return {
        ...(await detailOf(scopeForCompany(scope, row.id), row)),
        id: row.id,
        adminUserId: created.p.adminUserId,
        // The invitation's email is a job enqueued with the company: it goes out after the commit.
        invitationSent: created.invited,
      };
    },

    async update(scope: Scope, companyId: string, body: UpdateCompanyBody) {
      await visible(scope, companyId);
      await companiesRepo.update(scope.db, companyId, body);
      const { row, company } = await visible(scope, companyId);
      return detailOf(company, row);
    },

    /** Super Admin: deactivates (users can no longer sign in; their tokens stop working at once) and keeps every record. */
    async deactivate(scope: Scope, companyId: string) {
      await tenant(scope, companyId);
      await companiesRepo.update(scope.db, companyId, { isActive: false });
    },

    async setStatus(scope: Scope, companyId: string, body: CompanyStatusBody) {
      const row = await tenant(scope, companyId);
      const approving = body.isApproved === true && !row.isApproved;
      await companiesRepo.update(scope.db, companyId, {
        isActive: body.isActive,
        isApproved: body.isApproved,
        ...(approving ? { approvedAt: new Date() } : body.isApproved === false ? { approvedAt: null } : {}),
      });
      return toCompany(await tenant(scope, companyId));
    },

    /** Stores the new logo, then points the company at it and drops the old file. */
    async uploadLogo(scope: Scope, companyId: string, req: FastifyRequest) {
      const { row: before } = await visible(scope, companyId);
      const file = await storage.receive(req, 'image');
      try {
        await companiesRepo.update(scope.db, companyId, { logoPath: file.storageKey });
      } catch (err) {
        await storage.remove(file.storageKey);
        throw err;
      }
      await storage
        .remove(before.logoPath)
        .catch((err: unknown) => log.warn({ err }, 'old logo not removed'));
      const { row: after } = await visible(scope, companyId);
      const url = logoUrl(after);
      return { logoUrl: url, companyLogoUrl: url, updatedAt: after.updatedAt.toISOString() };
    },

    async logo(scope: Scope, companyId: string) {
      const { row } = await visible(scope, companyId);
      if (!row.logoPath) throw notFound('Logo');
      return { storageKey: row.logoPath, fileName: `logo-${row.id}` };
    },

    /** Stores the file, then its row; a failed insert removes the file (no orphan either way). */
    async addDocument(scope: Scope, companyId: string, req: FastifyRequest) {
      const { company } = await visible(scope, companyId);
      const file = await storage.receive(req, 'document');
      try {
        const row = await companyDocuments.insertCompanyDocument(company, {
          ...file,
          uploadedBy: scope.actor.userId,
        });
        return toDocument(row, documentUrl(companyId, row.id));
      } catch (err) {
        await storage.remove(file.storageKey);
        throw err;
      }
    },

    async document(scope: Scope, companyId: string, documentId: string) {
      const { company } = await visible(scope, companyId);
      const doc = await companyDocuments.companyDocument(company, documentId);
      if (!doc) throw notFound('Document');
      return doc;
    },

    async removeDocument(scope: Scope, companyId: string, documentId: string) {
      const { company } = await visible(scope, companyId);
      const doc = await companyDocuments.companyDocument(company, documentId);
      if (!doc) throw notFound('Document');
      await companyDocuments.delete(company, documentId);
      await storage
        .remove(doc.storageKey)
        .catch((err: unknown) => log.warn({ err }, 'document file not removed'));
    },
  };
}

export type CompaniesService = ReturnType<typeof companiesService>;
