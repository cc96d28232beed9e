import { z } from 'zod';

export const USER_STATUSES = ['active', 'inactive', 'invited'] as const;
export type UserStatus = (typeof USER_STATUSES)[number];

const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max)
    .transform((v) => (v === '' ? null : v))
    .nullable()
    .optional();

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
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type UserProfile = z.infer<typeof userProfileSchema>;

/** What a signed-in user may change about themself (account settings). */
export const updateOwnProfileBodySchema = z.object({
  firstName: z.string().trim().min(1, 'First name is required').max(100),
  lastName: z.string().trim().min(1, 'Last name is required').max(100),
  phone: optionalText(40),
  jobTitle: optionalText(100),
});
export type UpdateOwnProfileBody = z.infer<typeof updateOwnProfileBodySchema>;

export const profilePhotoResultSchema = z.object({ profilePhotoUrl: z.string() });
