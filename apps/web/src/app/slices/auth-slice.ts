import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { LoginResult, SessionUser } from '@taskhive/contract';
import { AUTH_MESSAGES } from '@taskhive/contract';

/**
 * The auth session of spec section 3, but for the refresh token: that one lives in an HttpOnly
 * cookie the app never sees (see ARCHITECTURE.md, Sign-in). The access token stays in memory;
 * only user, role, companyId, permissions and isAuthenticated are persisted (store.ts).
 */
export interface AuthState {
  user: SessionUser | null;
  role: string | null;
  companyId: string | null;
  accessToken: string | null;
  isAuthenticated: boolean;
  isForgotPassword: boolean;
  isResetPassword: boolean;
  authLoading: boolean;
  error: string | null;
  permissions: string[];
  /** Raised when the server refuses a call (403): the held permissions may have changed. */
  permissionsCheck: number;
}

export const initialAuthState: AuthState = {
  user: null,
  role: null,
  companyId: null,
  accessToken: null,
  isAuthenticated: false,
  isForgotPassword: false,
  isResetPassword: false,
  authLoading: false,
  error: null,
  permissions: [],
  permissionsCheck: 0,
};

const signedOut = (error: string | null): AuthState => ({ ...initialAuthState, error });

/** A refresh result; its refreshToken (for API clients) is not kept. */
export interface RefreshedTokens {
  accessToken?: string | undefined;
  token?: string | undefined;
}

const authSlice = createSlice({
  name: 'auth',
  initialState: initialAuthState,
  reducers: {
    loginStarted(state) {
      state.authLoading = true;
      state.error = null;
    },
    loginSucceeded(_state, action: PayloadAction<LoginResult>) {
      const { user, permissions } = action.payload;
      return {
        ...initialAuthState,
        user,
        role: user.roleName || user.role,
        companyId: user.companyId,
        accessToken: action.payload.accessToken || action.payload.token,
        isAuthenticated: true,
        permissions,
      };
    },
    loginFailed(_state, action: PayloadAction<string | undefined>) {
      return signedOut(action.payload ?? AUTH_MESSAGES.loginFailed);
    },
    logoutStarted(state) {
      state.authLoading = true;
    },
    /** Ends the client session; used after logout whatever the server answered. */
    sessionCleared() {
      return signedOut(null);
    },
    /** A refresh failed or no tokens were left: sign out and say why. */
    sessionExpired() {
      return signedOut(AUTH_MESSAGES.sessionExpired);
    },
    /** Restores a session from stored data (spec: "restoring initial auth"). */
    authRestored(_state, action: PayloadAction<Partial<AuthState>>) {
      return { ...initialAuthState, ...action.payload, authLoading: false };
    },
    authCheckFinished(state) {
      state.authLoading = false;
    },
    /** A stored session without its access token (a reload): the refresh cookie is asked first. */
    sessionRestoreStarted(state) {
      state.authLoading = true;
    },
    tokensRefreshed(state, action: PayloadAction<RefreshedTokens>) {
      const access = action.payload.accessToken || action.payload.token;
      if (access) state.accessToken = access;
    },
    /** Sets the user and the access token and marks the user signed in (the refresh token is the cookie's). */
    credentialsSet(state, action: PayloadAction<{ user: SessionUser; accessToken: string }>) {
      state.user = action.payload.user;
      state.role = action.payload.user.roleName || action.payload.user.role;
      state.companyId = action.payload.user.companyId;
      state.accessToken = action.payload.accessToken;
      state.isAuthenticated = true;
    },
    /** The start-up load brought a fresh copy of the signed-in user and their permissions. */
    sessionUserLoaded(state, action: PayloadAction<{ user: SessionUser; permissions: string[] }>) {
      state.user = action.payload.user;
      state.role = action.payload.user.roleName || action.payload.user.role;
      state.companyId = action.payload.user.companyId;
      state.permissions = action.payload.permissions;
    },
    /** A 403 came back: the permissions are read again from /api/auth/me. */
    permissionsMayHaveChanged(state) {
      state.permissionsCheck += 1;
    },
    sessionUserPatched(state, action: PayloadAction<Partial<SessionUser>>) {
      if (state.user) state.user = { ...state.user, ...action.payload };
    },
    forgotPasswordStarted(state) {
      state.error = null;
    },
    forgotPasswordSucceeded(state) {
      state.isForgotPassword = true;
    },
    forgotPasswordCleared(state) {
      state.isForgotPassword = false;
    },
    resetPasswordSucceeded(state) {
      state.isResetPassword = true;
    },
    resetPasswordCleared(state) {
      state.isResetPassword = false;
    },
    authErrorSet(state, action: PayloadAction<string>) {
      state.authLoading = false;
      state.error = action.payload;
    },
    authErrorCleared(state) {
      state.error = null;
    },
  },
});

export const authActions = authSlice.actions;
export const authReducer = authSlice.reducer;
