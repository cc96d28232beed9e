import { z } from 'zod';
import { text } from './text.ts';
import { emailSchema, passwordSchema } from './auth.ts';
import { companyRoleSchema } from './company-roles.ts';
import { PAGE_SIZE } from './constants.ts';
import { documentSchema } from './documents.ts';
import { pageQuery } from './envelope.ts';
import { optionalText } from './users.ts';
import { companyProfileBodyFields, companyProfileFields } from './profiles.ts';

/** A company as the API shows it (never the logo's path on disk). */
export const companySchema = z.object({
  companyId: z.uuid(),
  name: z.string(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  website: z.string().nullable(),
  address: z.string().nullable(),
  industry: z.string().nullable(),
  description: z.string().nullable(),
  isActive: z.boolean(),
  isApproved: z.boolean(),
  approvedAt: z.string().nullable(),
  /** The authenticated logo route, or null when there is no logo. */
  companyLogoUrl: z.string().nullable(),
  userCount: z.number().int(),
  /** The profile (issue 24): vision, mission, goals, core values, size, and the dashboard opt-in. */
  ...companyProfileFields,
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Company = z.infer<typeof companySchema>;

export const companyDetailSchema = companySchema.extend({
  documents: z.array(documentSchema),
  companyRoles: z.array(companyRoleSchema),
});
export type CompanyDetail = z.infer<typeof companyDetailSchema>;

export const COMPANY_SORT_FIELDS = ['name', 'createdAt', 'updatedAt', 'isActive', 'isApproved'] as const;

/** Search matches name or email (case-insensitive contains). */
export const companyListQuerySchema = pageQuery(PAGE_SIZE.companies).extend({
  sortBy: z.enum(COMPANY_SORT_FIELDS).default('name'),
});
export type CompanyListQuery = z.infer<typeof companyListQuerySchema>;

const companyFields = {
  name: text().trim().min(1, 'Company name is required').max(200),
  email: z
    .union([emailSchema, z.literal('')])
    .transform((v) => (v === '' ? null : v))
    .nullable()
    .optional(),
  phone: optionalText(40),
  website: optionalText(300),
  address: optionalText(500),
  industry: optionalText(100),
  description: optionalText(2000),
};

/**
 * A company with its Company Admin account. Without a password the admin is invited: an email
 * with a link to set one (valid 7 days).
 */
export const createCompanyBodySchema = z.object({
  ...companyFields,
  isActive: z.boolean().default(true),
  isApproved: z.boolean().default(true),
  admin: z.object({
    firstName: text().trim().min(1, 'First name is required').max(100),
    lastName: text().trim().min(1, 'Last name is required').max(100),
    email: emailSchema,
    password: passwordSchema.optional(),
  }),
});
export type CreateCompanyBody = z.infer<typeof createCompanyBodySchema>;

export const createCompanyResultSchema = companyDetailSchema.extend({
  /** The same as companyId (the spec's create result names it id). */
  id: z.uuid(),
  adminUserId: z.uuid(),
  /** true when the admin was invited by email instead of given a password. */
  invitationSent: z.boolean(),
});

export const updateCompanyBodySchema = z.object({
  name: companyFields.name.optional(),
  email: companyFields.email,
  phone: companyFields.phone,
  website: companyFields.website,
  address: companyFields.address,
  industry: companyFields.industry,
  description: companyFields.description,
  ...companyProfileBodyFields,
});
export type UpdateCompanyBody = z.infer<typeof updateCompanyBodySchema>;

/** Super Admin: activate/deactivate and approve/unapprove. */
export const companyStatusBodySchema = z
  .object({ isActive: z.boolean().optional(), isApproved: z.boolean().optional() })
  .refine((b) => b.isActive !== undefined || b.isApproved !== undefined, {
    message: 'Give isActive or isApproved',
    path: ['isActive'],
  });
export type CompanyStatusBody = z.infer<typeof companyStatusBodySchema>;

export const companyLogoResultSchema = z.object({
  logoUrl: z.string(),
  companyLogoUrl: z.string(),
  updatedAt: z.string(),
});

export const dashboardStatsSchema = z.object({
  totalActiveUsers: z.number().int(),
  totalCompanies: z.number().int(),
  activeCompanies: z.number().int(),
  approvedCompanies: z.number().int(),
  /** Companies created per month, the last 12 months oldest first (months with none included). */
  companiesByMonth: z.array(z.object({ month: z.string(), count: z.number().int() })),
});
export type DashboardStats = z.infer<typeof dashboardStatsSchema>;
