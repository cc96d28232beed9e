import { and, desc, eq, like, or, type SQL, sql } from 'drizzle-orm';
import type { AuditFilters, AuditKind, AuditListQuery } from '@taskhive/contract';
import { auditEvents } from '../../db/schema/index.ts';
import { countAll, type ListResult, pageWindow, totalOf } from '../../lib/list.ts';
import type { Scope } from '../../lib/scope.ts';

export type AuditRow = typeof auditEvents.$inferSelect;

export type NewAuditRow = {
  kind: AuditKind;
  actorId: string | null;
  actorName: string | null;
  actorEmail: string | null;
  actorIsPlatformAdmin: boolean;
  onBehalfOfId: string | null;
  onBehalfOfName: string | null;
  onBehalfOfEmail: string | null;
  subjectUserId: string | null;
  subjectName: string | null;
  subjectEmail: string | null;
  ip: string | null;
  userAgent: string | null;
  details: Record<string, unknown>;
};

/** Rows the CSV export reads per query: it never holds more than this many. */
export const EXPORT_BATCH_SIZE = 1000;

const dayStart = (day: string) => new Date(`${day}T00:00:00.000Z`);
const DAY_MS = 24 * 60 * 60 * 1000;

/** The filters of the list and the export, and-ed with the company condition. */
export function auditWhere(scope: Scope, f: AuditFilters): SQL {
  const t = auditEvents;
  return scope.own(
    t,
    f.userId ? or(eq(t.actorId, f.userId), eq(t.subjectUserId, f.userId)) : undefined,
    // A group (`role`) is every kind under it; the contract admits only known kinds and groups.
    f.kind ? (f.kind.includes('.') ? eq(t.kind, f.kind) : like(t.kind, `${f.kind}.%`)) : undefined,
    f.from ? sql`${t.at} >= ${dayStart(f.from)}` : undefined,
    f.to ? sql`${t.at} < ${new Date(dayStart(f.to).getTime() + DAY_MS)}` : undefined,
  );
}

/**
 * The only place that touches `audit_events`: it inserts and reads, nothing else (the table
 * refuses UPDATE and DELETE, see migration 0007).
 */
export const auditRepo = {
  async insert(scope: Scope, row: NewAuditRow): Promise<void> {
    await scope.db.insert(auditEvents).values(scope.values(row));
  },

  /** One page, newest first, and the total. */
  async list(scope: Scope, q: AuditListQuery): Promise<ListResult<AuditRow>> {
    const where = auditWhere(scope, q);
    const { limit, offset } = pageWindow(q);
    const [rows, total] = await Promise.all([
      scope.db
        .select()
        .from(auditEvents)
        .where(where)
        .orderBy(desc(auditEvents.at), desc(auditEvents.id))
        .limit(limit)
        .offset(offset),
      totalOf(scope.db.select({ n: countAll() }).from(auditEvents).where(where)),
    ]);
    return { rows, total };
  },

  /** The filtered events, newest first, in keyset pages of EXPORT_BATCH_SIZE. */
  async *batches(scope: Scope, where: SQL): AsyncGenerator<AuditRow[]> {
    // The cursor keeps `at` as Postgres prints it: a JS Date would drop its microseconds.
    const key = sql<string>`${auditEvents.at}::text`;
    let after: { at: string; id: string } | null = null;
    for (;;) {
      const page = await scope.db
        .select({ row: auditEvents, key })
        .from(auditEvents)
        .where(
          and(
            where,
            after === null
              ? undefined
              : sql`(${auditEvents.at}, ${auditEvents.id}) < (${after.at}::timestamptz, ${after.id}::uuid)`,
          ),
        )
        .orderBy(desc(auditEvents.at), desc(auditEvents.id))
        .limit(EXPORT_BATCH_SIZE);
      if (page.length > 0) yield page.map((p) => p.row);
      const last = page.at(-1);
      if (!last || page.length < EXPORT_BATCH_SIZE) return;
      after = { at: last.key, id: last.row.id };
    }
  },
};
