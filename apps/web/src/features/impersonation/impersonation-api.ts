import type { ImpersonateBody, Impersonation, ImpersonationSession, OwnSession } from '@taskhive/contract';
import { baseApi } from '../../api/base-api';

/** Impersonation (issue 24): the Super Admin acting as a company's admin, and back. */
export const impersonationApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    startImpersonation: build.mutation<ImpersonationSession, { companyId: string } & ImpersonateBody>({
      query: ({ companyId, reason }) => ({
        url: `Companies/${encodeURIComponent(companyId)}/impersonate`,
        method: 'POST',
        body: { reason },
      }),
    }),
    getImpersonation: build.query<Impersonation | null, void>({
      query: () => 'auth/impersonation',
    }),
    endImpersonation: build.mutation<OwnSession, void>({
      query: () => ({ url: 'auth/impersonation/end', method: 'POST' }),
    }),
  }),
});

export const { useStartImpersonationMutation, useGetImpersonationQuery, useEndImpersonationMutation } =
  impersonationApi;

/**
 * The `imp` claim's end (seconds) of an access token, or null for a token that is no impersonation.
 * Only the claim's presence and end are read here; what it is comes from GET /auth/impersonation.
 */
export function impersonationEnd(token: string | null): number | null {
  const payload = token?.split('.')[1];
  if (!payload) return null;
  try {
    const claims = JSON.parse(atob(payload.replace(/-/g, '+').replace(/_/g, '/'))) as {
      imp?: { exp?: unknown };
    };
    return typeof claims.imp?.exp === 'number' ? claims.imp.exp : null;
  } catch {
    return null;
  }
}
