import { Readable } from 'node:stream';
import { stringify } from 'csv-stringify';
import type { AuditEvent, AuditFilters, AuditListQuery, Paged } from '@taskhive/contract';
import { toPaged } from '../../lib/list.ts';
import type { Scope } from '../../lib/scope.ts';
import { CSV_COLUMNS, toAuditEvent, toCsvRecord } from './audit.mapper.ts';
import { auditRepo, auditWhere } from './audit.repo.ts';

/** The company audit log: read and exported by holders of `audit:read`; written by `auditLog.record`. */
export const auditService = {
  async list(scope: Scope, q: AuditListQuery): Promise<Paged<AuditEvent>> {
    return toPaged(q, await auditRepo.list(scope, q), toAuditEvent);
  },

  /** The filtered events as a CSV stream, read in keyset pages so memory stays flat. */
  exportCsv(scope: Scope, q: AuditFilters): Readable {
    const where = auditWhere(scope, q);
    async function* records() {
      for await (const page of auditRepo.batches(scope, where)) {
        for (const row of page) yield toCsvRecord(row);
      }
    }
    const csv = stringify({ header: true, columns: CSV_COLUMNS, bom: true });
    const source = Readable.from(records());
    source.on('error', (err) => csv.destroy(err));
    return source.pipe(csv);
  },
};

export type AuditService = typeof auditService;
