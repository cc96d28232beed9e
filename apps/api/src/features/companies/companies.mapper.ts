import type { Company, CompanySize } from '@taskhive/contract';
import type { CompanyRow } from './companies.repo.ts';

/** Where the web loads a company's logo from, busted by the last change. */
export const logoUrl = (c: { id: string; updatedAt: Date }) =>
  `/api/Companies/${c.id}/logo?v=${c.updatedAt.getTime()}`;

/** Where a company document is downloaded from. */
export const documentUrl = (companyId: string, documentId: string) =>
  `/api/Companies/${companyId}/documents/${documentId}`;

export function toCompany(row: CompanyRow): Company {
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
    vision: row.vision,
    mission: row.mission,
    goals: row.goals,
    coreValues: row.coreValues,
    companySize: row.companySize as CompanySize | null,
    celebrationsWidget: row.celebrationsWidget,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}
