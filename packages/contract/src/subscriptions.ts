import { z } from 'zod';
import { PAGE_SIZE } from './constants.ts';
import { isoDate, pageQuery } from './envelope.ts';
import { ACCESS_LEVELS } from './permissions.ts';
import { text } from './text.ts';

/** The subscription model: modules, packages that combine them, purchases and company grants. */

export const ACTIVE_STATUSES = ['active', 'inactive'] as const;
export const MODULE_TYPES = ['core', 'addon', 'platform'] as const;
export const PACKAGE_TYPES = ['free', 'standard', 'premium', 'enterprise'] as const;
export const BILLING_CYCLES = ['monthly', 'yearly'] as const;
export const PURCHASE_STATUSES = ['active', 'cancelled', 'expired'] as const;

/** Optional free text: '' reads as null. */
const optionalText = (max: number) =>
  text()
    .trim()
    .max(max)
    .transform((v) => (v === '' ? null : v))
    .nullable()
    .optional();
/** A price as a number of at most 2 decimals (answers carry it as a number too). */
const price = z.coerce
  .number()
  .min(0)
  .max(99_999_999)
  .refine((v) => Math.abs(v * 100 - Math.round(v * 100)) < 1e-6, 'At most 2 decimals');

export const moduleSchema = z.object({
  moduleId: z.uuid(),
  key: z.string(),
  name: z.string(),
  description: z.string().nullable(),
  moduleType: z.string(),
  category: z.string(),
  status: z.enum(ACTIVE_STATUSES),
  permissionCount: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Module = z.infer<typeof moduleSchema>;

export const MODULE_SORT_FIELDS = ['name', 'category', 'createdAt', 'updatedAt'] as const;
export const moduleListQuerySchema = pageQuery(PAGE_SIZE.modules).extend({
  sortBy: z.enum(MODULE_SORT_FIELDS).default('name'),
  status: z.enum(ACTIVE_STATUSES).optional(),
  moduleType: z.enum(MODULE_TYPES).optional(),
  category: text().trim().max(100).optional(),
  packageId: z.uuid().optional(),
  createdDateFrom: isoDate.optional(),
  createdDateTo: isoDate.optional(),
});
export type ModuleListQuery = z.infer<typeof moduleListQuerySchema>;

const moduleName = text().trim().min(1, 'Module name is required').max(100);
export const createModuleBodySchema = z.object({
  name: moduleName,
  /** A stable key (lower-case letters, digits, dashes); derived from the name when left out. */
  key: text()
    .trim()
    .regex(/^[a-z0-9][a-z0-9-]{0,49}$/, 'Lower-case letters, digits and dashes')
    .optional(),
  description: optionalText(500),
  moduleType: z.enum(MODULE_TYPES).default('addon'),
  category: text().trim().min(1, 'Category is required').max(100),
  status: z.enum(ACTIVE_STATUSES).default('active'),
});
export type CreateModuleBody = z.infer<typeof createModuleBodySchema>;
export const updateModuleBodySchema = z.object({
  name: moduleName.optional(),
  description: optionalText(500),
  moduleType: z.enum(MODULE_TYPES).optional(),
  category: text().trim().min(1, 'Category is required').max(100).optional(),
  status: z.enum(ACTIVE_STATUSES).optional(),
});
export type UpdateModuleBody = z.infer<typeof updateModuleBodySchema>;

export const packageSchema = z.object({
  packageId: z.uuid(),
  name: z.string(),
  description: z.string().nullable(),
  monthlyPrice: z.number(),
  yearlyPrice: z.number(),
  trialDays: z.number().int(),
  currency: z.string(),
  packageType: z.string(),
  status: z.enum(ACTIVE_STATUSES),
  purchaseCount: z.number().int(),
  moduleCount: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Package = z.infer<typeof packageSchema>;

export const PACKAGE_SORT_FIELDS = ['name', 'monthlyPrice', 'purchaseCount', 'createdAt'] as const;
export const packageListQuerySchema = pageQuery(PAGE_SIZE.packages).extend({
  sortBy: z.enum(PACKAGE_SORT_FIELDS).default('monthlyPrice'),
  status: z.enum(ACTIVE_STATUSES).optional(),
  packageType: z.enum(PACKAGE_TYPES).optional(),
  priceFrom: z.coerce.number().min(0).optional(),
  priceTo: z.coerce.number().min(0).optional(),
  createdDateFrom: isoDate.optional(),
  createdDateTo: isoDate.optional(),
});
export type PackageListQuery = z.infer<typeof packageListQuerySchema>;

const packageName = text().trim().min(1, 'Package name is required').max(100);
const trialDays = z.coerce.number().int().min(0).max(365);
export const createPackageBodySchema = z.object({
  name: packageName,
  description: optionalText(1000),
  monthlyPrice: price,
  yearlyPrice: price,
  trialDays: trialDays.default(0),
  packageType: z.enum(PACKAGE_TYPES).default('standard'),
  status: z.enum(ACTIVE_STATUSES).default('active'),
  /** Modules the package carries from the start. */
  moduleIds: z.array(z.uuid()).max(100).optional(),
});
export type CreatePackageBody = z.infer<typeof createPackageBodySchema>;
export const updatePackageBodySchema = z.object({
  name: packageName.optional(),
  description: optionalText(1000),
  monthlyPrice: price.optional(),
  yearlyPrice: price.optional(),
  trialDays: trialDays.optional(),
  packageType: z.enum(PACKAGE_TYPES).optional(),
  status: z.enum(ACTIVE_STATUSES).optional(),
});
export type UpdatePackageBody = z.infer<typeof updatePackageBodySchema>;

/** What DELETE /api/Package/{id} did: erased, or kept as inactive because it was purchased. */
export const deletePackageResultSchema = z.object({
  packageId: z.uuid(),
  outcome: z.enum(['deleted', 'deactivated']),
});

export const packageModuleParams = z.object({ id: z.uuid(), moduleId: z.uuid() });

export const purchaseSchema = z.object({
  purchaseId: z.uuid(),
  companyId: z.uuid(),
  companyName: z.string(),
  packageId: z.uuid(),
  packageName: z.string(),
  amount: z.number(),
  billingCycle: z.enum(BILLING_CYCLES),
  paymentStatus: z.literal('paid'),
  status: z.enum(PURCHASE_STATUSES),
  purchasedAt: z.string(),
});
export type Purchase = z.infer<typeof purchaseSchema>;

export const purchaseParams = z.object({ companyId: z.uuid(), packageId: z.uuid() });
/** Optional: an empty body buys monthly. */
export const purchaseBodySchema = z
  .object({ billingCycle: z.enum(BILLING_CYCLES).default('monthly') })
  .nullish()
  .transform((v) => v ?? { billingCycle: 'monthly' as const });
export type PurchaseBody = z.infer<typeof purchaseBodySchema>;

export const purchaseListQuerySchema = pageQuery(PAGE_SIZE.packages).extend({
  companyId: z.uuid().optional(),
  packageId: z.uuid().optional(),
  purchaseDateFrom: isoDate.optional(),
  purchaseDateTo: isoDate.optional(),
  status: z.enum(PURCHASE_STATUSES).optional(),
});
export type PurchaseListQuery = z.infer<typeof purchaseListQuerySchema>;

export const companyModuleSchema = z.object({
  companyId: z.uuid(),
  moduleId: z.uuid(),
  key: z.string(),
  name: z.string(),
  category: z.string(),
  status: z.enum(ACTIVE_STATUSES),
  accessLevel: z.enum(ACCESS_LEVELS),
  assignedAt: z.string(),
});
export type CompanyModule = z.infer<typeof companyModuleSchema>;

export const companyModuleListQuerySchema = z.object({
  accessLevel: z.enum(ACCESS_LEVELS).optional(),
  assignedDateFrom: isoDate.optional(),
  assignedDateTo: isoDate.optional(),
});
export type CompanyModuleListQuery = z.infer<typeof companyModuleListQuerySchema>;
export const companyModuleParams = z.object({ id: z.uuid(), moduleId: z.uuid() });
export const companyModuleBodySchema = z.object({ accessLevel: z.enum(ACCESS_LEVELS) });
/** Optional: an empty body assigns full access. */
export const assignCompanyModuleBodySchema = z
  .object({ accessLevel: z.enum(ACCESS_LEVELS).default('full') })
  .nullish()
  .transform((v) => v ?? { accessLevel: 'full' as const });
