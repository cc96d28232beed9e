import type { AuditEvent, Paged } from '@taskhive/contract';
import { baseApi } from '../../api/base-api';

/** The list's filters as the page holds them ('' = no filter). */
export interface AuditFilterValues {
  userId: string;
  kind: string;
  from: string;
  to: string;
}

export interface AuditListArgs extends AuditFilterValues {
  page: number;
  pageSize: number;
}

/** The query string of the list and the export: the filters set, nothing empty. */
export function auditParams(q: Partial<AuditListArgs>): Record<string, string | number> {
  const params: Record<string, string | number> = {};
  for (const [k, v] of Object.entries(q)) if (v !== '' && v !== undefined) params[k] = v;
  return params;
}

/** The company audit log (read-only: the server writes it as things happen). */
export const auditApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    listAudit: build.query<Paged<AuditEvent>, AuditListArgs>({
      query: (q) => ({ url: 'Audit', params: auditParams(q) }),
      // Always re-read when the page opens again: new events arrive all the time.
      keepUnusedDataFor: 0,
    }),
  }),
});

export const { useListAuditQuery } = auditApi;
