/**
 * The texts the sign-in route itself shows (a failed sign-in, an expired session, the fallback
 * error), in a module of their own: the web app's first load carries these without the rest of
 * MESSAGES (messages.ts), which lazy screens load with themselves (the sign-in bundle budget,
 * apps/web/scripts/check-bundle.mjs). MESSAGES.auth and MESSAGES.generic are these same texts.
 */
export const GENERIC_MESSAGE = 'An unexpected error occurred';

export const AUTH_MESSAGES = {
  loginFailed: 'Login Failed. Please check your credentials.',
  forgotPasswordFailed: 'Forgot Password Request Failed',
  resetPasswordFailed: 'Reset Password Failed',
  sessionExpired: 'Your session has expired. Please log in again.',
  loggedIn: 'Login successful',
  loggedOut: 'Logged out',
  registered: 'Company registered successfully',
  emailTaken: 'An account with this email already exists',
  userInactive: 'Your account is inactive. Please contact your administrator.',
  companyInactive: 'Your company account is inactive. Please contact support.',
  forgotPasswordSent: 'If an account exists for this email, a reset link has been sent.',
  resetLinkExpired: 'This reset link has expired or has already been used.',
  passwordReset: 'Your password has been reset. You can sign in now.',
  passwordUpdated: 'Password Updated Successfully',
  passwordUpdateFailed: 'Failed to update password.',
  currentPasswordWrong: 'The current password is incorrect',
  passwordsDoNotMatch: 'Passwords do not match',
  passwordTooCommon: 'This password is too common. Choose another one.',
  refreshFailed: 'Your session has expired. Please log in again.',
  tokenRefreshed: 'Token refreshed',
  refreshTokenRequired: 'Refresh token is required',
} as const;
