import { sql } from 'drizzle-orm';
import { boolean, foreignKey, index, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { id } from './common.ts';
import { companies } from './tenancy.ts';

/**
 * The company audit log: sign-ins, failed sign-ins, role, permission and module changes,
 * invitations, deactivations, purchases. Append-only: the app has no update or delete path and the
 * trigger audit_events_append_only (src/db/sql/audit.sql) refuses UPDATE and DELETE. People are kept as ids AND as the names and
 * emails they had at the time (no foreign keys to users: the Super Admin acting on a company is
 * another company's user, and a row must read true after a rename).
 */
export const auditEvents = pgTable(
  'audit_events',
  {
    id: id(),
    companyId: uuid('company_id').notNull(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    kind: text('kind').notNull(),
    actorId: uuid('actor_id'),
    actorName: text('actor_name'),
    actorEmail: text('actor_email'),
    actorIsPlatformAdmin: boolean('actor_is_platform_admin').notNull().default(false),
    /** Whom the actor acted for: the Company Admin a Super Admin impersonated (migration 0020). */
    onBehalfOfId: uuid('on_behalf_of_id'),
    onBehalfOfName: text('on_behalf_of_name'),
    onBehalfOfEmail: text('on_behalf_of_email'),
    subjectUserId: uuid('subject_user_id'),
    subjectName: text('subject_name'),
    subjectEmail: text('subject_email'),
    ip: text('ip'),
    userAgent: text('user_agent'),
    details: jsonb('details')
      .$type<Record<string, unknown>>()
      .notNull()
      .default(sql`'{}'::jsonb`),
  },
  (t) => [
    foreignKey({ name: 'audit_events_company_fk', columns: [t.companyId], foreignColumns: [companies.id] }),
    index('audit_events_at_idx').on(t.companyId, t.at.desc(), t.id.desc()),
    index('audit_events_kind_idx').on(t.companyId, t.kind, t.at),
    index('audit_events_actor_idx').on(t.companyId, t.actorId, t.at),
    index('audit_events_subject_idx').on(t.companyId, t.subjectUserId, t.at),
  ],
);
