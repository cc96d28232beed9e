import { z } from 'zod';
import { PAGE_SIZE } from './constants.ts';
import { pageQuery } from './envelope.ts';
import { text } from './text.ts';

/**
 * What the company audit log records, one kind per write. The part before the dot is the kind's
 * group (`role`, `user`, ...), which the list also accepts as a filter.
 */
export const AUDIT_KINDS = [
  'signin.succeeded',
  'signin.failed',
  'role.created',
  'role.updated',
  'role.deleted',
  'role.permissions_changed',
  'user.invited',
  'user.role_changed',
  'user.roles_changed',
  'user.permissions_changed',
  'user.deactivated',
  'user.reactivated',
  'user.password_set',
  'module.granted',
  'module.changed',
  'module.revoked',
  'package.purchased',
  'impersonation.started',
  'impersonation.ended',
  'impersonation.action',
  'customfield.created',
  'customfield.updated',
  'customfield.deleted',
  'customfield.reordered',
  'customfield.enabled',
  'customfield.disabled',
] as const;
export type AuditKind = (typeof AUDIT_KINDS)[number];

export const AUDIT_KIND_GROUPS = [
  'signin',
  'role',
  'user',
  'module',
  'package',
  'impersonation',
  'customfield',
] as const;
export type AuditKindGroup = (typeof AUDIT_KIND_GROUPS)[number];

/** What the web shows for each kind and group. */
export const AUDIT_KIND_LABELS: Record<AuditKind | AuditKindGroup, string> = {
  signin: 'Sign-ins (all)',
  role: 'Roles (all)',
  user: 'Users (all)',
  module: 'Modules (all)',
  package: 'Packages (all)',
  impersonation: 'Impersonation (all)',
  customfield: 'Custom fields (all)',
  'signin.succeeded': 'Signed in',
  'signin.failed': 'Sign-in failed',
  'role.created': 'Role created',
  'role.updated': 'Role updated',
  'role.deleted': 'Role deleted',
  'role.permissions_changed': 'Role permissions changed',
  'user.invited': 'User invited',
  'user.role_changed': 'User role changed',
  'user.roles_changed': 'User additional roles changed',
  'user.permissions_changed': 'User permissions changed',
  'user.deactivated': 'User deactivated',
  'user.reactivated': 'User reactivated',
  'user.password_set': 'Password set by an admin',
  'module.granted': 'Module granted',
  'module.changed': 'Module access changed',
  'module.revoked': 'Module revoked',
  'package.purchased': 'Package purchased',
  'impersonation.started': 'Impersonation started',
  'impersonation.ended': 'Impersonation ended',
  'impersonation.action': 'Done while impersonating',
  'customfield.created': 'Custom field added',
  'customfield.updated': 'Custom field changed',
  'customfield.deleted': 'Custom field deleted',
  'customfield.reordered': 'Custom fields reordered',
  'customfield.enabled': 'Custom field enabled on a project',
  'customfield.disabled': 'Custom field disabled on a project',
};

const KIND_FILTERS: readonly string[] = [...AUDIT_KIND_GROUPS, ...AUDIT_KINDS];

const blank = (v: unknown) => (v === '' || v === 'null' || v === null ? undefined : v);
const day = z.iso.date({ error: 'A date (YYYY-MM-DD) is required' });

const auditFilterFields = {
  userId: z.preprocess(blank, z.uuid().optional()),
  kind: z.preprocess(
    blank,
    text()
      .refine((k) => KIND_FILTERS.includes(k), { message: 'Unknown kind' })
      .optional(),
  ),
  from: z.preprocess(blank, day.optional()),
  to: z.preprocess(blank, day.optional()),
};
const inOrder = (q: { from?: string | undefined; to?: string | undefined }) =>
  !q.from || !q.to || q.from <= q.to;
const outOfOrder = { message: 'The start must not be after the end', path: ['to'] };

/**
 * The filters of the list and the CSV export: `userId` matches the actor or the subject; `kind`
 * is one kind or a group (`role` = every `role.*`); `from`/`to` are UTC days, both inclusive.
 */
export const auditFiltersSchema = z.object(auditFilterFields).refine(inOrder, outOfOrder);
export type AuditFilters = z.infer<typeof auditFiltersSchema>;

/** GET /Audit: newest first, 25 a page by default. */
export const auditListQuerySchema = pageQuery(PAGE_SIZE.audit)
  .omit({ sortOrder: true, search: true })
  .extend(auditFilterFields)
  .refine(inOrder, outOfOrder);
export type AuditListQuery = z.infer<typeof auditListQuerySchema>;

export const auditEventSchema = z.object({
  id: z.uuid(),
  at: z.string(),
  kind: z.enum(AUDIT_KINDS),
  /** Null for the system (a sign-in, a link) or someone unknown. */
  actorId: z.uuid().nullable(),
  actorName: z.string().nullable(),
  actorEmail: z.string().nullable(),
  /** True when the platform's Super Admin made the change. */
  actorIsPlatformAdmin: z.boolean(),
  /** Whom the actor acted for: the Company Admin a Super Admin was impersonating; else null. */
  onBehalfOfId: z.uuid().nullable(),
  onBehalfOfName: z.string().nullable(),
  onBehalfOfEmail: z.string().nullable(),
  subjectUserId: z.uuid().nullable(),
  subjectName: z.string().nullable(),
  subjectEmail: z.string().nullable(),
  ip: z.string().nullable(),
  userAgent: z.string().nullable(),
  /** What changed: from/to, names of the role, permission, module or package. */
  details: z.record(z.string(), z.unknown()),
});
export type AuditEvent = z.infer<typeof auditEventSchema>;
