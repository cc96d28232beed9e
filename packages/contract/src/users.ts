import { z } from 'zod';
import { text } from './text.ts';
import { emailSchema } from './auth.ts';
import { PAGE_SIZE } from './constants.ts';
import { csvList, pageQuery } from './envelope.ts';
import { employeeProfileBodyFields, employmentSchema, personalDetailsSchema } from './profiles.ts';

export const USER_STATUSES = ['active', 'inactive', 'invited'] as const;
export type UserStatus = (typeof USER_STATUSES)[number];

/** Optional free text: trimmed, '' becomes null. */
export const optionalText = (max: number) =>
  text()
    .trim()
    .max(max)
    .transform((v) => (v === '' ? null : v))
    .nullable()
    .optional();

/** The zones a person may choose: the runtime's IANA names plus 'UTC' (the default). */
export function timeZoneNames(): string[] {
  const names = typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : [];
  return names.includes('UTC') ? [...names] : ['UTC', ...names];
}

let knownZones: Set<string> | undefined;
/** Whether `name` is an IANA time zone this runtime knows (an alias of one counts: 'Asia/Kolkata'). */
export function isTimeZone(name: string): boolean {
  knownZones ??= new Set(timeZoneNames());
  if (knownZones.has(name)) return true;
  try {
    return knownZones.has(new Intl.DateTimeFormat('en-US', { timeZone: name }).resolvedOptions().timeZone);
  } catch {
    return false;
  }
}

/** A person's time zone (issue 25): an IANA name such as 'Europe/Berlin', or 'UTC'. */
export const timeZoneSchema = z
  .string()
  .trim()
  .min(1, 'Unknown time zone')
  .max(64, 'Unknown time zone')
  .refine(isTimeZone, 'Unknown time zone');

/** An employee as the API shows them (never the password hash or tokens). */
export const userProfileSchema = z.object({
  userId: z.uuid(),
  companyId: z.uuid(),
  email: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  phone: z.string().nullable(),
  jobTitle: z.string().nullable(),
  status: z.enum(USER_STATUSES),
  roleId: z.uuid().nullable(),
  roleName: z.string().nullable(),
  departmentId: z.uuid().nullable(),
  departmentName: z.string().nullable(),
  profilePhotoUrl: z.string().nullable(),
  /** Their IANA time zone ('UTC' until someone chooses): which day is their today. */
  timeZone: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type UserProfile = z.infer<typeof userProfileSchema>;

/** What a signed-in user may change about themself (account settings). */
export const updateOwnProfileBodySchema = z.object({
  firstName: text().trim().min(1, 'First name is required').max(100),
  lastName: text().trim().min(1, 'Last name is required').max(100),
  phone: optionalText(40),
  jobTitle: optionalText(100),
  timeZone: timeZoneSchema.optional(),
});
export type UpdateOwnProfileBody = z.infer<typeof updateOwnProfileBodySchema>;

export const profilePhotoResultSchema = z.object({ profilePhotoUrl: z.string() });

export const EMPLOYEE_SORT_FIELDS = [
  'firstName',
  'lastName',
  'email',
  'createdAt',
  'status',
  'roleName',
  'departmentName',
] as const;

/** `null`, '' or absent: no filter (the web sends memberUserId=null by default). */
const optionalUuid = z.preprocess(
  (v) => (v === '' || v === 'null' || v === null ? undefined : v),
  z.uuid().optional(),
);

/** GET /CompanyUsers/details. Search: first name, last name, full name or email, case-insensitive contains. */
export const employeeListQuerySchema = pageQuery(PAGE_SIZE.users).extend({
  sortBy: z.enum(EMPLOYEE_SORT_FIELDS).default('firstName'),
  statusNames: csvList.pipe(z.array(z.enum(USER_STATUSES)).optional()),
  roleNames: csvList,
  departmentNames: csvList,
  /** Only users who share at least one project with this user. */
  memberUserId: optionalUuid,
});
export type EmployeeListQuery = z.infer<typeof employeeListQuerySchema>;

/** How many people the mention picker's directory answers at most, and by default. */
export const DIRECTORY_LIMIT = { default: 10, max: 25 } as const;

/**
 * GET /CompanyUsers/directory: the company's active people for whoever may comment (the mention
 * picker). `search` matches the start of the full name or of the last name, case-insensitive.
 */
export const directoryQuerySchema = z.object({
  search: text().trim().max(100).optional(),
  limit: z.coerce.number().int().min(1).max(DIRECTORY_LIMIT.max).default(DIRECTORY_LIMIT.default),
});
export type DirectoryQuery = z.infer<typeof directoryQuerySchema>;

const personName = (label: string) => text().trim().min(1, `${label} is required`).max(100);

/** An invited employee: no password; the invitation email carries a link to set one. */
export const createEmployeeBodySchema = z.object({
  firstName: personName('First name'),
  lastName: personName('Last name'),
  email: emailSchema,
  phone: optionalText(40),
  jobTitle: optionalText(100),
  /** The company's default role when absent. */
  roleId: z.uuid().nullable().optional(),
  departmentId: z.uuid().nullable().optional(),
});
export type CreateEmployeeBody = z.infer<typeof createEmployeeBodySchema>;

export const updateEmployeeBodySchema = z.object({
  firstName: personName('First name').optional(),
  lastName: personName('Last name').optional(),
  phone: optionalText(40),
  jobTitle: optionalText(100),
  roleId: z.uuid().optional(),
  departmentId: z.uuid().nullable().optional(),
  /** 'invited' is not set by hand: it ends when the user sets a password. */
  status: z.enum(['active', 'inactive']).optional(),
  /** Their time zone (issue 25): a Company Admin may set it for them. */
  timeZone: timeZoneSchema.optional(),
  /** Employment and personal fields (issue 24). */
  ...employeeProfileBodyFields,
});
export type UpdateEmployeeBody = z.infer<typeof updateEmployeeBodySchema>;

export const employeeDetailSchema = userProfileSchema.extend({
  ...employmentSchema.shape,
  /** null: the reader may not see them (see personalDetailsSchema). */
  personal: personalDetailsSchema.nullable(),
  projects: z.array(z.object({ projectId: z.uuid(), name: z.string() })),
  recentTimeLogs: z.array(
    z.object({
      timeLogId: z.uuid(),
      projectId: z.uuid(),
      projectName: z.string(),
      taskId: z.uuid().nullable(),
      taskTitle: z.string().nullable(),
      description: z.string().nullable(),
      loggedAt: z.string(),
      durationMinutes: z.number().int(),
    }),
  ),
});
export type EmployeeDetail = z.infer<typeof employeeDetailSchema>;
