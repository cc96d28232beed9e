import type { AuditEvent } from '@taskhive/contract';
import type { AuditRow } from './audit.repo.ts';

export function toAuditEvent(row: AuditRow): AuditEvent {
  return {
    id: row.id,
    at: row.at.toISOString(),
    kind: row.kind as AuditEvent['kind'],
    actorId: row.actorId,
    actorName: row.actorName,
    actorEmail: row.actorEmail,
    actorIsPlatformAdmin: row.actorIsPlatformAdmin,
    onBehalfOfId: row.onBehalfOfId,
    onBehalfOfName: row.onBehalfOfName,
    onBehalfOfEmail: row.onBehalfOfEmail,
    subjectUserId: row.subjectUserId,
    subjectName: row.subjectName,
    subjectEmail: row.subjectEmail,
    ip: row.ip,
    userAgent: row.userAgent,
    details: row.details,
  };
}

/** The CSV columns of an export, in order. */
export const CSV_COLUMNS = [
  'Time (UTC)',
  'Kind',
  'Actor',
  'Actor email',
  'Subject',
  'Subject email',
  'IP',
  'User agent',
  'Details',
];

/**
 * One CSV record. A cell that a spreadsheet would read as a formula (= + - @ tab CR first) is
 * prefixed with an apostrophe; quoting and escaping are csv-stringify's.
 */
export function toCsvRecord(row: AuditRow): string[] {
  const safe = (v: string | null) => (v === null ? '' : /^[=+\-@\t\r]/.test(v) ? `'${v}` : v);
  const platform = row.actorIsPlatformAdmin ? `${row.actorName ?? ''} (platform admin)` : row.actorName;
  const actor = row.onBehalfOfName ? `${platform ?? ''} for ${row.onBehalfOfName}` : platform;
  return [
    row.at.toISOString(),
    row.kind,
    safe(actor),
    safe(row.actorEmail),
    safe(row.subjectName),
    safe(row.subjectEmail),
    safe(row.ip),
    safe(row.userAgent),
    Object.keys(row.details).length === 0 ? '' : safe(JSON.stringify(row.details)),
  ];
}
