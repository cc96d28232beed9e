import { and, eq, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Db } from '../db/client.ts';
import { notFound } from './errors.ts';
import { followingChanges, reactToChanges } from '../change-subscribers.ts';
import { flushChanges } from './changes.ts';
import type { LiveChange, LiveEvent } from './live-events.ts';

/** Who is asking: set by the auth plugin from the verified token and the live session. */
export type Actor = {
  userId: string;
  companyId: string;
  sessionId: string;
  role: string;
  isSuperAdmin: boolean;
  permissions: ReadonlySet<string>;
  /** Where the request came from (the audit log records it); absent for the system. */
  client?: { ip?: string; userAgent?: string };
  /** Set when a Super Admin acts as this user (issue 24): from the token's `imp` claim. */
  impersonation?: ActorImpersonation;
};

/** Who is really acting, why, and until when (seconds since the epoch, as a token's `exp`). */
export type ActorImpersonation = {
  by: string;
  byCompanyId: string;
  bySessionId: string;
  reason: string;
  exp: number;
};

/** A table that belongs to a tenant: it has a `company_id` column. */
export type TenantTable = PgTable & { companyId: PgColumn };

/**
 * The tenant a request works in: one database handle, one company, one actor. The auth plugin
 * builds one per request; services and repositories take it and never a loose company id.
 * Repositories filter with `own(table)` and insert with `values(row)`, so the company condition
 * has one spelling (and the test-suite guard in `test/tenant-guard.ts` fails any tenant-table
 * statement without it).
 */
export type Scope = {
  readonly db: Db;
  /**
   * The owner's handle, outside row-level security: the same as `db` but in a tenant request on
   * PostgreSQL, where `db` is the request's transaction as `taskhive_app` (ARCHITECTURE.md,
   * Tenancy). Only for the platform's few reads across tenants that a tenant request makes (the
   * Super Admin behind an impersonation) and its reference data kept per database (the task
   * priorities); never for the company's own rows.
   */
  readonly platformDb: Db;
  readonly companyId: string;
  readonly actor: Actor;
  /** `table.company_id = <this company>`, and-ed with any further conditions given. */
  own(table: TenantTable, ...more: (SQL | undefined)[]): SQL;
  /** The row with this company's id set (overriding any the caller put there). */
  values<R extends object>(row: R): R & { companyId: string };
  /** The same tenant and actor on another handle (a transaction). */
  on(db: Db): Scope;
  /**
   * Runs `work` in a transaction with a scope bound to it. The changes it emits are written to the
   * change log in that transaction, just before it commits, with what follows from them
   * (change-subscribers.ts), in one statement (lib/changes.ts), and join this scope's events once
   * it has committed. A transaction
   * inside a transaction is a savepoint whose changes join the outer one's. In a tenant request on
   * PostgreSQL the scope's own handle is already the request's transaction (plugins/auth.ts): the
   * scope's outermost `transaction` is then a savepoint of it that still writes its changes as
   * described (they commit with the request), and a retry (lib/retry.ts) rolls back to it.
   */
  transaction<T>(work: (scope: Scope) => Promise<T>): Promise<T>;
  /**
   * Says that a record changed: in a transaction, a change row written before it commits (the
   * live streams read those, lib/changes.ts); published after the request succeeds. Outside a
   * transaction there is nothing to write it with: that is a programming error (it throws).
   */
  emit(change: LiveChange): void;
  /** Whether this scope's handle is a transaction (its emits are written to the change log). */
  readonly inTransaction: boolean;
  /** Adds a change that a statement of the caller's already wrote to the change log. */
  recorded(event: LiveEvent): void;
  /** The same actor and handle, working in another company (see `scopeForCompany`). */
  forCompany(companyId: string): Scope;
  /** The events emitted so far (the auth plugin publishes the request's after a success). */
  readonly events: readonly LiveEvent[];
};

/** A transaction's changes waiting for its flush. */
type Pending = { events: LiveEvent[] };

/**
 * A scope is made for every request: its methods live on the class, so making one allocates one
 * object (closures per request showed in the profile of the cheapest authenticated route).
 */
class TenantScope implements Scope {
  /** The handle, once known: a request scope's (`requestScope`) is asked of its source when first used. */
  private handle: Db | undefined;
  private source: { readonly db: Db } | undefined;
  constructor(
    db: Db,
    readonly actor: Actor,
    readonly companyId: string,
    readonly events: LiveEvent[],
    private readonly pending: Pending | null = null,
    readonly platformDb: Db = db,
  ) {
    this.handle = db;
  }

  /** A scope whose handle is `source.db`, read when first used (see `requestScope`). */
  static lazy(source: { readonly db: Db }, actor: Actor, platformDb: Db): TenantScope {
    const scope = new TenantScope(platformDb, actor, actor.companyId, [], null, platformDb);
    scope.handle = undefined;
    scope.source = source;
    return scope;
  }

  get db(): Db {
    if (this.handle) return this.handle;
    if (!this.source) throw new Error('unreachable: a scope without a handle');
    this.handle = this.source.db;
    return this.handle;
  }

  /**
   * The platform handle of a scope on `other`: the owner's own handle when it is a separate one (a
   * tenant request's, on PostgreSQL), else `other` itself, as before: on the embedded database,
   * one session, a read outside a running transaction would wait for it forever. A request scope's
   * platform handle is always a separate one (it is not asked for its own to tell).
   */
  private platformOn(other: Db): Db {
    return this.source === undefined && this.platformDb === this.handle ? other : this.platformDb;
  }

  get inTransaction(): boolean {
    return this.pending !== null;
  }

  own(table: TenantTable, ...more: (SQL | undefined)[]): SQL {
    const cond = and(eq(table.companyId, this.companyId), ...more);
    if (!cond) throw new Error('unreachable: and() of a defined condition');
    return cond;
  }

  values<R extends object>(row: R): R & { companyId: string } {
    return { ...row, companyId: this.companyId };
  }

  on(other: Db): Scope {
    return new TenantScope(
      other,
      this.actor,
      this.companyId,
      this.events,
      this.pending,
      this.platformOn(other),
    );
  }

  forCompany(companyId: string): Scope {
    return new TenantScope(this.db, this.actor, companyId, this.events, this.pending, this.platformDb);
  }

  async transaction<T>(work: (scope: Scope) => Promise<T>): Promise<T> {
    const mine: Pending = { events: [] };
    const result = await this.db.transaction(async (tx) => {
      const inner = new TenantScope(tx, this.actor, this.companyId, mine.events, mine, this.platformOn(tx));
      const r = await work(inner);
      // The outermost transaction runs the subscribers that read before they write
      // (notifications), then writes its changes and what follows from them in one statement; a
      // savepoint hands its changes to it.
      if (!this.pending) {
        await reactToChanges(inner, mine.events);
        await flushChanges(tx, mine.events, followingChanges(tx, mine.events));
      }
      return r;
    });
    // In a transaction's scope `events` is that transaction's list, so a savepoint's changes join it.
    this.events.push(...mine.events);
    return result;
  }

  emit(change: LiveChange): void {
    if (!this.pending) throw new Error(`emit outside a transaction (${change.type} ${change.action})`);
    this.events.push({
      ...change,
      companyId: this.companyId,
      actorId: this.actor.userId,
      ...(this.actor.sessionId ? { sessionId: this.actor.sessionId } : {}),
      at: new Date().toISOString(),
    });
  }

  recorded(event: LiveEvent): void {
    this.events.push(event);
  }
}

export function makeScope(
  db: Db,
  actor: Actor,
  companyId: string = actor.companyId,
  events: LiveEvent[] = [],
  platformDb: Db = db,
): Scope {
  return new TenantScope(db, actor, companyId, events, null, platformDb);
}

/**
 * A tenant request's scope (plugins/auth.ts): its handle is `source.db`, the request's
 * transaction, asked for when a statement first needs it, so a request that touches no table never
 * makes one; `platformDb` is the owner's handle on the side pool (`sideHandle`: one statement at a
 * time, never waiting on a main connection while the request holds one). Every statement the scope runs is still on the
 * request's transaction: the scope has no other handle to give but `platformDb`, as any scope.
 */
export function requestScope(source: { readonly db: Db }, actor: Actor, platformDb: Db): Scope {
  return TenantScope.lazy(source, actor, platformDb);
}

/**
 * A scope for work no signed-in user asked for (provisioning a company, the demo seed, signing
 * in, a reset or invitation link once its token has named the company): the actor is the system.
 */
export function systemScope(db: Db, companyId: string): Scope {
  return makeScope(
    db,
    {
      userId: '00000000-0000-0000-0000-000000000000',
      companyId,
      sessionId: '',
      role: 'system',
      isSuperAdmin: false,
      permissions: new Set(),
    },
    companyId,
  );
}

/**
 * The scope for a company named in a request's path: the actor's own scope for their own company,
 * or, for the Super Admin only, the same actor working in the named company. The one place a
 * signed-in request crosses into another tenant; anyone else naming another company gets 404.
 */
export function scopeForCompany(scope: Scope, companyId: string): Scope {
  if (companyId === scope.companyId) return scope;
  if (!scope.actor.isSuperAdmin) throw notFound('Company');
  return scope.forCompany(companyId);
}
