import type { AuditKind } from '@taskhive/contract';
import type { LiveEvent } from '../../lib/live-events.ts';
import { makeScope, type Scope } from '../../lib/scope.ts';
import { usersReads } from '../users/index.ts';
import { auditRepo } from './audit.repo.ts';

/** A person as the log keeps them: id, and name and email as they were at the time. */
export type AuditPerson = { id: string; name: string; email: string };

export type AuditEntry = {
  kind: AuditKind;
  /** The user the event is about (the one invited, signed in, given a role...), of the scope's company. */
  subjectUserId?: string | null;
  /** What changed: from/to, the names of the role, permission, module or package. */
  details?: Record<string, unknown>;
  /**
   * Who did it, for work without a signed-in actor (a sign-in: the person signing in; `null`: the
   * system). Left out, it is the scope's actor.
   */
  actor?: AuditPerson | null;
  /** Where the request came from, when the scope's actor does not carry it (a sign-in). */
  client?: { ip?: string | undefined; userAgent?: string | undefined };
};

/** A user agent is kept short: enough to tell a browser, not a fingerprint store. */
export const USER_AGENT_MAX = 200;

/** The system's scope (systemScope) has no user behind it. */
const isSystem = (scope: Scope) => scope.actor.role === 'system';

/**
 * The scope's actor as a person. The Super Admin working on another company is a user of the
 * platform's company, so the look-up goes through the actor's own company. An impersonation
 * session's actor is the Super Admin behind it, acting for the session's user.
 */
async function actorOf(scope: Scope): Promise<{ actor: AuditPerson | null; onBehalfOf: AuditPerson | null }> {
  if (isSystem(scope)) return { actor: null, onBehalfOf: null };
  const { actor } = scope;
  const own = makeScope(scope.db, actor);
  if (!actor.impersonation) return { actor: await usersReads.person(own, actor.userId), onBehalfOf: null };
  const { by, byCompanyId } = actor.impersonation;
  return {
    // The Super Admin is a user of the platform's company: read on the owner's handle (row-level
    // security keeps a tenant request's own handle in the impersonated company).
    actor: await usersReads.person(makeScope(scope.platformDb, actor, byCompanyId), by),
    onBehalfOf: await usersReads.person(own, actor.userId),
  };
}

/**
 * Records one event in the scope's company. Call it with the scope of the transaction that makes
 * the change, so the event stands or falls with it.
 */
export const auditLog = {
  async record(scope: Scope, entry: AuditEntry, by?: Awaited<ReturnType<typeof actorOf>>): Promise<void> {
    const { actor, onBehalfOf } =
      entry.actor !== undefined ? { actor: entry.actor, onBehalfOf: null } : (by ?? (await actorOf(scope)));
    const subject = entry.subjectUserId ? await usersReads.person(scope, entry.subjectUserId) : null;
    const client = entry.client ?? scope.actor.client;
    await auditRepo.insert(scope, {
      kind: entry.kind,
      actorId: actor?.id ?? null,
      actorName: actor?.name ?? null,
      actorEmail: actor?.email ?? null,
      actorIsPlatformAdmin:
        entry.actor === undefined &&
        !isSystem(scope) &&
        (scope.actor.isSuperAdmin || scope.actor.impersonation !== undefined),
      onBehalfOfId: onBehalfOf?.id ?? null,
      onBehalfOfName: onBehalfOf?.name ?? null,
      onBehalfOfEmail: onBehalfOf?.email ?? null,
      subjectUserId: entry.subjectUserId ?? null,
      subjectName: subject?.name ?? null,
      subjectEmail: subject?.email ?? null,
      ip: client?.ip ?? null,
      userAgent: client?.userAgent?.slice(0, USER_AGENT_MAX) ?? null,
      details: entry.details ?? {},
    });
  },

  /**
   * The audit subscriber (change-subscribers.ts): each change that says what it means for the
   * audit log (`notice.audit`) gets its entries, in its own company, by the transaction's actor,
   * at the end of the writing transaction. Services record the change; they do not call the log.
   * Sign-ins and the start and end of an impersonation are events, not changes of a record: their
   * services record them with `record`.
   */
  async fromChanges(tx: Scope, changes: readonly LiveEvent[]): Promise<void> {
    let by: Awaited<ReturnType<typeof actorOf>> | undefined;
    for (const change of changes) {
      if (!change.notice?.audit?.length) continue;
      by ??= await actorOf(tx);
      const scope = change.companyId === tx.companyId ? tx : tx.forCompany(change.companyId);
      for (const entry of change.notice.audit) await auditLog.record(scope, entry, by);
    }
  },
};

/** `{ field: { from, to } }` for each field of `after` that is given and differs from `before`. */
export function auditChanges<T extends Record<string, unknown>>(
  before: T,
  after: { [K in keyof T]?: T[K] | undefined },
): Record<string, { from: unknown; to: unknown }> {
  const out: Record<string, { from: unknown; to: unknown }> = {};
  for (const key of Object.keys(after) as (keyof T & string)[]) {
    const to = after[key];
    if (to !== undefined && to !== before[key]) out[key] = { from: before[key], to };
  }
  return out;
}
