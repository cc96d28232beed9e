import { z } from 'zod';
import { text } from './text.ts';
import { passwordSchema } from './auth.ts';
import { MESSAGES } from './messages.ts';

/**
 * Profiles (issue 24): a company's profile, the password a Company Admin sets, employees'
 * employment and personal fields, and the dashboard's anniversaries and birthdays. The texts live
 * here, not in MESSAGES, so the sign-in route does not carry them.
 */
export const PROFILE_MESSAGES = {
  companyProfile: 'Company profile',
  vision: 'Vision',
  mission: 'Mission',
  goals: 'Goals',
  coreValues: 'Core values',
  companySize: 'Company size',
  celebrationsWidget: 'Show work anniversaries and birthdays on the dashboard',
  noProfile: 'No vision, mission, goals or core values yet.',
  tooManyCoreValues: 'At most 7 core values',
  coreValueRequired: 'A core value cannot be empty',
  passwordSet: 'Password set. They must change it when they next sign in.',
  setPassword: 'Set password',
  cannotSetOwnPassword: 'Change your own password in Account settings',
  onlyActiveUsers: 'Only an active employee can be given a password',
  passwordChangeRequired: 'Change your password to continue',
  newPasswordSameAsGiven: 'Choose a password other than the one you were given',
  mustChangeTitle: 'Choose a new password',
  mustChangeIntro:
    'An administrator set a password for your account. Choose your own to continue; until then the rest of the app stays closed.',
  photoRemoved: 'Profile photo removed',
  noPhoto: 'There is no profile photo to remove',
  employeeCodeTaken: 'Another employee of the company has this employee code',
  reportsToSelf: 'Someone cannot report to themself',
  reportsToCycle: 'This manager reports, directly or not, to this employee',
  reportsToNotInCompany: 'The manager must be an employee of the company',
  celebrationsTitle: 'This month',
  anniversaries: 'Work anniversaries',
  birthdays: 'Birthdays',
  noCelebrations: 'No anniversaries or birthdays this month.',
  employeeDetailsSaved: 'Employee details saved',
} as const;

/** The code of the 403 a session gets for anything but changing a password an admin set. */
export const PASSWORD_CHANGE_REQUIRED_CODE = 'PASSWORD_CHANGE_REQUIRED';

const dateOnly = z.iso.date('Use a date like 2026-01-31');

const optional = (max: number) =>
  text()
    .trim()
    .max(max)
    .transform((v) => (v === '' ? null : v))
    .nullable()
    .optional();

/* ---------- Company profile ---------- */

/** Company size, as ranges of people. */
export const COMPANY_SIZES = ['1-10', '11-50', '51-200', '201-500', '501-1000', '1001+'] as const;
export type CompanySize = (typeof COMPANY_SIZES)[number];
export const COMPANY_SIZE_LABELS: Record<CompanySize, string> = {
  '1-10': '1–10 people',
  '11-50': '11–50 people',
  '51-200': '51–200 people',
  '201-500': '201–500 people',
  '501-1000': '501–1,000 people',
  '1001+': 'More than 1,000 people',
};

export const CORE_VALUES_MAX = 7;
export const CORE_VALUE_MAX_LENGTH = 100;

/** The profile as the API shows it (part of a company). */
export const companyProfileFields = {
  vision: z.string().nullable(),
  mission: z.string().nullable(),
  goals: z.string().nullable(),
  coreValues: z.array(z.string()),
  companySize: z.enum(COMPANY_SIZES).nullable(),
  celebrationsWidget: z.boolean(),
};

/** The profile as a PUT /Companies/{id} body may change it. */
export const companyProfileBodyFields = {
  vision: optional(1000),
  mission: optional(1000),
  goals: optional(2000),
  coreValues: z
    .array(text().trim().min(1, PROFILE_MESSAGES.coreValueRequired).max(CORE_VALUE_MAX_LENGTH))
    .max(CORE_VALUES_MAX, PROFILE_MESSAGES.tooManyCoreValues)
    .optional(),
  companySize: z.enum(COMPANY_SIZES).nullable().optional(),
  celebrationsWidget: z.boolean().optional(),
};

/* ---------- A password a Company Admin sets ---------- */

/** POST /CompanyUsers/user/{id}/password: the member must change it at the next sign-in. */
export const setPasswordBodySchema = z
  .object({ newPassword: passwordSchema, confirmPassword: text() })
  .refine((b) => b.newPassword === b.confirmPassword, {
    message: MESSAGES.auth.passwordsDoNotMatch,
    path: ['confirmPassword'],
  });
export type SetPasswordBody = z.infer<typeof setPasswordBodySchema>;

/* ---------- Employee profile ---------- */

export const GENDERS = ['female', 'male', 'other', 'undisclosed'] as const;
export const BLOOD_GROUPS = ['A+', 'A-', 'B+', 'B-', 'AB+', 'AB-', 'O+', 'O-'] as const;
export const MARITAL_STATUSES = ['single', 'married', 'divorced', 'widowed', 'other'] as const;
export const EMPLOYMENT_TYPES = ['full-time', 'part-time', 'contract', 'intern', 'temporary'] as const;

export const GENDER_LABELS: Record<(typeof GENDERS)[number], string> = {
  female: 'Female',
  male: 'Male',
  other: 'Other',
  undisclosed: 'Prefer not to say',
};
export const MARITAL_STATUS_LABELS: Record<(typeof MARITAL_STATUSES)[number], string> = {
  single: 'Single',
  married: 'Married',
  divorced: 'Divorced',
  widowed: 'Widowed',
  other: 'Other',
};
export const EMPLOYMENT_TYPE_LABELS: Record<(typeof EMPLOYMENT_TYPES)[number], string> = {
  'full-time': 'Full-time',
  'part-time': 'Part-time',
  contract: 'Contract',
  intern: 'Intern',
  temporary: 'Temporary',
};

/** Shown to everyone who may read the employee. */
export const employmentSchema = z.object({
  employeeCode: z.string().nullable(),
  employmentType: z.enum(EMPLOYMENT_TYPES).nullable(),
  joiningDate: z.string().nullable(),
  reportsToId: z.uuid().nullable(),
  reportsToName: z.string().nullable(),
});
export type Employment = z.infer<typeof employmentSchema>;

/**
 * Shown only to the person, their managers (the reports-to chain and their department's manager)
 * and holders of employee:read:all; anyone else gets `personal: null`.
 */
export const personalDetailsSchema = z.object({
  gender: z.enum(GENDERS).nullable(),
  dateOfBirth: z.string().nullable(),
  bloodGroup: z.enum(BLOOD_GROUPS).nullable(),
  maritalStatus: z.enum(MARITAL_STATUSES).nullable(),
  address: z.string().nullable(),
  emergencyContactName: z.string().nullable(),
  emergencyContactRelation: z.string().nullable(),
  emergencyContactPhone: z.string().nullable(),
});
export type PersonalDetails = z.infer<typeof personalDetailsSchema>;

/** What PUT /CompanyUsers/user/{id} may change of them. */
export const employeeProfileBodyFields = {
  employeeCode: optional(50),
  employmentType: z.enum(EMPLOYMENT_TYPES).nullable().optional(),
  joiningDate: dateOnly.nullable().optional(),
  reportsToId: z.uuid().nullable().optional(),
  gender: z.enum(GENDERS).nullable().optional(),
  dateOfBirth: dateOnly.nullable().optional(),
  bloodGroup: z.enum(BLOOD_GROUPS).nullable().optional(),
  maritalStatus: z.enum(MARITAL_STATUSES).nullable().optional(),
  address: optional(500),
  emergencyContactName: optional(100),
  emergencyContactRelation: optional(50),
  emergencyContactPhone: optional(40),
};

/* ---------- The dashboard's anniversaries and birthdays ---------- */

const celebrant = z.object({
  userId: z.uuid(),
  firstName: z.string(),
  lastName: z.string(),
  profilePhotoUrl: z.string().nullable(),
  /** Day of the month (1–31). */
  day: z.number().int(),
});

/** GET /CompanyUsers/celebrations: this month's (UTC) anniversaries and birthdays, when the company opted in. */
export const celebrationsSchema = z.object({
  enabled: z.boolean(),
  /** 'YYYY-MM' */
  month: z.string(),
  /** Years completed this month (1 and up): a joining this month's first year is not an anniversary. */
  anniversaries: z.array(celebrant.extend({ years: z.number().int() })),
  /** Day and month only: the year of birth stays personal. */
  birthdays: z.array(celebrant),
});
export type Celebrations = z.infer<typeof celebrationsSchema>;
