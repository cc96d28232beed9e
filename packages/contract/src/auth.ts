import { z } from 'zod';
import { text } from './text.ts';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from './constants.ts';
import { MESSAGES } from './messages.ts';

export const emailSchema = z.email('Enter a valid email address').trim().toLowerCase().max(254);

/** Length rules; the API also refuses passwords found in its shipped list of common ones. */
export const passwordSchema = text()
  .min(PASSWORD_MIN_LENGTH, `Password must be at least ${PASSWORD_MIN_LENGTH} characters`)
  .max(PASSWORD_MAX_LENGTH, `Password must be at most ${PASSWORD_MAX_LENGTH} characters`);

const name = (label: string) => text().trim().min(1, `${label} is required`).max(100);

export const loginBodySchema = z.object({
  email: emailSchema,
  password: text().min(1, 'Password is required').max(PASSWORD_MAX_LENGTH),
});
export type LoginBody = z.infer<typeof loginBodySchema>;

export const registerBodySchema = z
  .object({
    companyName: name('Company name'),
    firstName: name('First name'),
    lastName: name('Last name'),
    email: emailSchema,
    password: passwordSchema,
    confirmPassword: text(),
  })
  .refine((b) => b.password === b.confirmPassword, {
    message: MESSAGES.auth.passwordsDoNotMatch,
    path: ['confirmPassword'],
  });
export type RegisterBody = z.infer<typeof registerBodySchema>;

/**
 * An API client sends its refresh token here; the web app sends none, its token travels in the
 * HttpOnly cookie (one of the two is needed).
 */
export const refreshBodySchema = z.object({
  token: text().optional(),
  refreshToken: text().min(1, MESSAGES.auth.refreshTokenRequired).optional(),
});

export const forgotPasswordBodySchema = z.object({ email: emailSchema });

export const resetPasswordBodySchema = z
  .object({
    email: emailSchema,
    token: text().min(1, 'Token is required').max(200),
    newPassword: passwordSchema,
    confirmPassword: text(),
  })
  .refine((b) => b.newPassword === b.confirmPassword, {
    message: MESSAGES.auth.passwordsDoNotMatch,
    path: ['confirmPassword'],
  });
export type ResetPasswordBody = z.infer<typeof resetPasswordBodySchema>;

export const changePasswordBodySchema = z
  .object({
    currentPassword: text().min(1, 'Current password is required').max(PASSWORD_MAX_LENGTH),
    newPassword: passwordSchema,
    confirmPassword: text(),
  })
  .refine((b) => b.newPassword === b.confirmPassword, {
    message: MESSAGES.auth.passwordsDoNotMatch,
    path: ['confirmPassword'],
  });
export type ChangePasswordBody = z.infer<typeof changePasswordBodySchema>;

export const sessionUserSchema = z.object({
  userId: z.uuid(),
  email: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  role: z.string(),
  roleName: z.string(),
  roleId: z.uuid().nullable(),
  companyId: z.uuid(),
  companyName: z.string(),
  departmentName: z.string().nullable(),
  profilePhotoUrl: z.string().nullable(),
  /** A Company Admin set the password: the app shows only the change-password screen until it is changed. */
  mustChangePassword: z.boolean(),
});
export type SessionUser = z.infer<typeof sessionUserSchema>;

export const loginResultSchema = z.object({
  token: z.string(),
  accessToken: z.string(),
  refreshToken: z.string(),
  user: sessionUserSchema,
  permissions: z.array(z.string()),
});
export type LoginResult = z.infer<typeof loginResultSchema>;

export const refreshResultSchema = z.object({
  token: z.string(),
  accessToken: z.string(),
  refreshToken: z.string(),
});
export type RefreshResult = z.infer<typeof refreshResultSchema>;

export const meResultSchema = z.object({ user: sessionUserSchema, permissions: z.array(z.string()) });
export type MeResult = z.infer<typeof meResultSchema>;

/** The reason code the API gives a reset link that is expired or used; the web maps it to /reset-expired. */
export const RESET_EXPIRED_CODE = 'RESET_TOKEN_EXPIRED';
