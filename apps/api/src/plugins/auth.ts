import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import {
  IMPERSONATION_MESSAGES,
  LIVE_CHANGE_IDS_HEADER,
  MESSAGES,
  PASSWORD_CHANGE_REQUIRED_CODE,
  type Permission,
  type PermissionRequirement,
  PROFILE_MESSAGES,
  satisfies,
} from '@taskhive/contract';
import type { Config } from '../config.ts';
import { sql } from 'drizzle-orm';
import {
  APP_ROLE,
  AUTHZ_CHANNEL,
  type Database,
  type Db,
  type TenantTransaction,
  sideHandle,
  tenantTransaction,
} from '../db/client.ts';
import { isSuperAdminRole } from '../lib/access.ts';
import { type Authorisation, type AuthzCache, authzCache } from '../lib/authz-cache.ts';
import { forbidden, HttpError, unauthorized } from '../lib/errors.ts';
import { type Actor, makeScope, requestScope, type Scope } from '../lib/scope.ts';
import { type AccessClaims, accessTokenVerifier } from '../lib/tokens.ts';

export type { Actor, Scope };

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The permission a route needs: one string, or `{ anyOf }` / `{ allOf }`. `[]`-anyOf: any signed-in user. */
    permission?: Permission | PermissionRequirement;
    /** Reachable without a token. A route must declare `permission` or `public: true`. */
    public?: boolean;
    /**
     * Refused (403) to an impersonation session (issue 24): passwords, two-factor settings,
     * sessions and tokens stay with the account's owner.
     */
    refuseImpersonation?: boolean;
    /**
     * Open to a session that must change its password first (a Company Admin set it, issue 24);
     * every other route answers 403 with code PASSWORD_CHANGE_REQUIRED until it is changed.
     */
    beforePasswordChange?: boolean;
    /**
     * `false`: the request works on the owner's handle, outside a request transaction and
     * row-level security. Only for long-lived routes (the live stream), which would hold a
     * connection and a transaction for hours.
     */
    tenantTransaction?: boolean;
  }
  interface FastifyRequest {
    actor: Actor | null;
    scope: Scope | null;
    /** The tenant request's transaction (PostgreSQL with row-level security), until it ends. */
    tenantTx: TenantTransaction | null;
  }
  interface FastifyInstance {
    /** Every route of the app, with what it declares (walked by a test). */
    declaredRoutes: DeclaredRoute[];
    /** The authorisation cache (lib/authz-cache.ts) and its listener. */
    authz: AuthzHandle;
    /**
     * The actor again, as the auth plugin would build it now: null once the session ended or the
     * user or company went inactive (long-lived streams re-check with it; see features/events).
     */
    reauthorize(actor: Actor): Promise<Actor | null>;
  }
}

export type AuthzHandle = {
  cache: AuthzCache;
  /** Resolves once every authorisation change committed before the call has reached the cache. */
  sync(): Promise<void>;
};

type RouteDeclaration = { permission?: unknown; public?: boolean };
export type DeclaredRoute = {
  method: string;
  url: string;
  permission: unknown;
  public: boolean;
  /** The route's response schemas by status code (lib/serializer.ts writes with them). */
  responses: Record<string, unknown>;
};

/**
 * Records every route registered from now on, whatever registers it and wherever the auth plugin
 * is: buildApp calls this first, so a route added ahead of the auth plugin (which its start-up
 * check would not see, and its guard would let through) still shows up in the walk. Each entry
 * reads the route's config when walked, after every onRoute hook has run.
 */
export function recordRoutes(app: FastifyInstance) {
  const routes: DeclaredRoute[] = [];
  app.decorate('declaredRoutes', routes);
  app.addHook('onRoute', (route) => {
    const cfg = () => (route.config ?? {}) as RouteDeclaration;
    for (const method of [route.method].flat()) {
      routes.push({
        method,
        url: route.url,
        get permission() {
          return cfg().permission;
        },
        get public() {
          return cfg().public === true;
        },
        get responses() {
          return (route.schema?.response ?? {}) as Record<string, unknown>;
        },
      });
    }
  });
}

/** The /api routes that declare neither a permission nor `public: true` (there must be none). */
export function undeclaredApiRoutes(app: FastifyInstance): DeclaredRoute[] {
  return app.declaredRoutes.filter(
    (r) => r.url.startsWith('/api/') && !r.public && r.permission === undefined,
  );
}

/** The tenant scope of a guarded route: database, company and actor of this request. */
export function scopeOf(req: FastifyRequest): Scope {
  if (!req.scope) throw unauthorized();
  return req.scope;
}

/** Where the auth plugin leaves a request's actor on that request's own logger. */
const LOG_ACTOR = Symbol('taskhive.logActor');
type ActorLogger = { [LOG_ACTOR]?: Pick<Actor, 'companyId' | 'userId'> };

/**
 * pino's `mixin` (app.ts): a line written by an admitted request's logger, or a child of it, names
 * the request's company and user (after its request id); any other line, nothing. Read only when a
 * line is written, so a request that writes none pays nothing for it.
 */
export function actorLogFields(logger: object): { companyId?: string; userId?: string } {
  const actor = (logger as ActorLogger)[LOG_ACTOR];
  return actor ? { companyId: actor.companyId, userId: actor.userId } : {};
}

/** The OpenAPI UI and document (registered by @fastify/swagger-ui) are public. */
const DOCS_PREFIX = '/api/docs';

/**
 * The caching headers of every answer to a guarded route, its errors included: it was made for
 * one user, so no cache (browser, proxy, CDN) keeps it, and a cache that ignores no-store still
 * keys it on the token. A route may narrow them (file downloads: `private, no-store`), never widen
 * them; security/cache.test.ts walks the route table to check.
 */
export const PRIVATE_ANSWER = Object.freeze({ 'cache-control': 'no-store', vary: 'Authorization' });

/**
 * Stops the start when row-level security is on but the database user cannot act as taskhive_app
 * (a managed database whose administrator has not granted the role yet: DEPLOY.md).
 */
async function checkAppRole(db: Db) {
  const probe = tenantTransaction(db, '00000000-0000-0000-0000-000000000000');
  if (!probe) return;
  try {
    await probe.db.execute(sql`select 1`);
  } catch (err) {
    const reason = (err as { cause?: Error }).cause?.message ?? (err as Error).message;
    throw new Error(
      `Row-level security is on (RLS) but the database user cannot act as ${APP_ROLE}: ${reason}. ` +
        `An administrator runs GRANT ${APP_ROLE} TO <the user of DATABASE_URL> (DEPLOY.md), or set RLS=off.`,
      { cause: err },
    );
  } finally {
    await probe.end(false).catch(() => {});
  }
}

const isStream = (payload: unknown) =>
  typeof payload === 'object' &&
  payload !== null &&
  typeof (payload as { pipe?: unknown }).pipe === 'function';

/** `permission: []` in a route's config as a readable name: any signed-in user. */
export const SIGNED_IN: PermissionRequirement = { anyOf: [] };

/**
 * Ends each tenant request's transaction (see the auth plugin). Registered by buildApp ahead of the
 * compression plugin: its onSend hook turns a large answer into a stream, and the transaction must
 * end before the answer leaves, whatever its encoding.
 */
export function endRequestTransactions(app: FastifyInstance) {
  // The request's transaction ends before its answer leaves: committed for an answer below 400
  // (a commit that fails turns the answer into a 500: nothing is answered 2xx that did not
  // commit), rolled back otherwise, with the changes it would have announced.
  app.addHook('onSend', (req, reply, payload, done) => {
    const tx = req.tenantTx;
    if (!tx) return done(null, payload);
    req.tenantTx = null;
    const commit = reply.statusCode < 400;
    if (commit && isStream(payload)) {
      // A streamed answer (a CSV export) reads while it is sent: its transaction ends with the
      // answer (committed once it was sent whole; such answers only read).
      reply.raw.once('close', () => {
        tx.end(reply.raw.writableFinished).catch((err: unknown) =>
          req.log.warn({ err }, 'end of a streamed request transaction failed'),
        );
      });
      return done(null, payload);
    }
    // A request that sent no statement (the cheapest authorised routes) ends here, no promise.
    // Not a stream: its statements may not have been sent yet (above).
    if (tx.endUnused()) return done(null, payload);
    const forget = () => {
      const events = req.scope?.events as unknown[] | undefined;
      if (events) events.length = 0;
      reply.removeHeader(LIVE_CHANGE_IDS_HEADER);
    };
    tx.end(commit).then(
      () => {
        if (!commit) forget();
        done(null, payload);
      },
      (err: unknown) => {
        forget();
        if (commit) return done(err as Error);
        req.log.warn({ err }, 'rollback of the request transaction failed');
        done(null, payload);
      },
    );
  });
  // Every answer passes onSend; should one not (a route that hijacks its reply and forgot
  // `tenantTransaction: false`), its transaction is rolled back once the answer is done.
  app.addHook('onResponse', (req, _reply, done) => {
    const tx = req.tenantTx;
    if (!tx) return done();
    req.tenantTx = null;
    req.log.warn('a request transaction was still open after the answer: rolled back');
    tx.end(false).then(
      () => done(),
      () => done(),
    );
  });
}

/**
 * Authentication and route-level permission checks, in one place. For every non-public route:
 * verify the bearer token, check that its session is still live (logout and password change take
 * effect at once) and that user and company are active, load the effective permissions, and
 * answer 403 when the route's declared permission is not held. Session state and permissions come
 * from memory while the database's change notifications are heard (lib/authz-cache.ts); without
 * `listen` (or while its connection is down) every request reads them from the database.
 */
export const authPlugin = fp(
  async (app: FastifyInstance, opts: { db: Db; config: Config; listen?: Database['listen'] }) => {
    app.decorateRequest('actor', null);
    app.decorateRequest('scope', null);
    app.decorateRequest('tenantTx', null);
    // Row-level security (PostgreSQL): a tenant request works as taskhive_app in one transaction.
    const rls = opts.config.rls ?? Boolean(opts.config.databaseUrl);
    if (rls) await checkAppRole(opts.db);
    const authz = authzCache(opts.db);
    const verifyToken = accessTokenVerifier(opts.config.jwtSecret);
    const listening = opts.listen
      ? await opts.listen(AUTHZ_CHANNEL, { notify: authz.invalidate, state: authz.listening })
      : undefined;
    if (listening) app.addHook('onClose', async () => listening.close());
    app.decorate('authz', { cache: authz, sync: async () => listening?.sync() });

    app.addHook('onRoute', (route) => {
      if (route.url === DOCS_PREFIX || route.url.startsWith(`${DOCS_PREFIX}/`)) {
        route.config = { ...route.config, public: true };
        return;
      }
      const cfg = route.config as RouteDeclaration | undefined;
      if (route.url.startsWith('/api/') && !cfg?.public && cfg?.permission === undefined) {
        throw new Error(`Route ${route.method} ${route.url} declares neither a permission nor public: true`);
      }
    });

    /**
     * The authorisation version each company was last seen at in this process. When it moves (a
     * role, grant or module changed: the triggers bump it), the company's live streams are told to
     * re-check their reader's rights (features/events): from the next request of that company on,
     * as for the permission cache.
     */
    const versions = new Map<string, number>();
    function noteVersion(companyId: string, version: number) {
      const before = versions.get(companyId);
      if (before === version) return;
      versions.set(companyId, version);
      if (before === undefined) return;
      app.live.publish([
        {
          companyId,
          type: 'session',
          action: 'updated',
          id: '*',
          actorId: '00000000-0000-0000-0000-000000000000',
          at: new Date().toISOString(),
        },
      ]);
    }

    /** The actor of a live session, or the message of why it is not one. */
    function actorFrom(
      claims: Pick<AccessClaims, 'sessionId' | 'userId' | 'companyId' | 'imp'>,
      found: Authorisation | null,
      client?: Actor['client'],
    ): Actor | string {
      const live = found?.state;
      if (!found || !live || live.companyId !== claims.companyId) return MESSAGES.auth.sessionExpired;
      noteVersion(live.companyId, live.authzVersion);
      if (live.userStatus !== 'active') return MESSAGES.auth.userInactive;
      if (!live.companyActive) return MESSAGES.auth.companyInactive;
      const actor: Actor = {
        userId: live.userId,
        companyId: live.companyId,
        sessionId: claims.sessionId,
        role: live.roleName ?? '',
        isSuperAdmin: isSuperAdminRole(live.roleName, live.roleType),
        permissions: found.permissions,
      };
      if (client) actor.client = client;
      if (claims.imp) actor.impersonation = claims.imp;
      return actor;
    }

    async function actorOf(
      claims: Pick<AccessClaims, 'sessionId' | 'userId' | 'companyId' | 'imp'>,
      client?: Actor['client'],
    ): Promise<Actor | string> {
      return actorFrom(claims, await authz.authorise(claims.sessionId, claims.userId), client);
    }

    app.decorate('reauthorize', async (actor: Actor) => {
      const next = await actorOf(
        actor.impersonation ? { ...actor, imp: actor.impersonation } : actor,
        actor.client,
      );
      return typeof next === 'string' ? null : next;
    });

    /** Admits the request's actor, or throws 401 or 403. */
    function admit(
      req: FastifyRequest,
      actor: Actor | string,
      need: Permission | PermissionRequirement,
      found: Authorisation | null,
    ) {
      if (typeof actor === 'string') throw unauthorized(actor);
      if (
        found?.state.mustChangePassword &&
        !actor.impersonation &&
        !req.routeOptions.config.beforePasswordChange
      )
        throw new HttpError(403, PROFILE_MESSAGES.passwordChangeRequired, {
          code: PASSWORD_CHANGE_REQUIRED_CODE,
        });
      req.actor = actor;
      // A tenant request's statements run in its own transaction as taskhive_app in its company
      // (opened by its first statement, ended when the answer goes out: the onSend hook below).
      // The Super Admin's requests reach across companies by design (scopeForCompany) and keep
      // the owner's handle, as do long-lived routes; so does the embedded database.
      const tx =
        rls && !actor.isSuperAdmin && req.routeOptions.config.tenantTransaction !== false
          ? tenantTransaction(opts.db, actor.companyId)
          : undefined;
      if (tx) {
        req.tenantTx = tx;
        // The transaction's handle is made when a statement first needs it (requestScope). Its
        // platform reads (the Super Admin behind an impersonation, the priorities) go to the side
        // pool: the request holds a main connection meanwhile (db/client.ts, sideHandle).
        req.scope = requestScope(tx, actor, sideHandle(opts.db));
      } else req.scope = makeScope(opts.db, actor);
      // Every later line of this request names its company and user, beside its request id: the
      // logger's mixin (actorLogFields) reads them when a line is written. A pino child per request
      // cost more than the rest of this hook (each made the request's logger a prototype). Without
      // a logger (logger: false) every request shares the app's, which writes nothing: left alone.
      if (req.log !== app.log) (req.log as ActorLogger)[LOG_ACTOR] = actor;
      const allowed =
        typeof need === 'string' ? actor.permissions.has(need) : satisfies(actor.permissions, need);
      if (!allowed) throw forbidden();
      if (actor.impersonation && req.routeOptions.config.refuseImpersonation)
        throw forbidden(IMPERSONATION_MESSAGES.refused);
    }

    // A callback hook, not an async one: a request whose token and session are in memory (the
    // usual case) is admitted without a promise; otherwise the token is verified and the session
    // read, then the request goes on.
    app.addHook('onRequest', (req, reply, done) => {
      const cfg = req.routeOptions.config;
      const need = cfg.permission;
      if (cfg.public || need === undefined) return done();
      // Set before the token is checked, so the 401, 403 and 404 answers carry it too.
      reply.headers(PRIVATE_ANSWER);
      const header = req.headers.authorization;
      const token = header?.startsWith('Bearer ') ? header.slice(7).trim() : undefined;
      if (!token) return done(unauthorized());
      const client = { ip: req.ip, userAgent: req.headers['user-agent'] };
      const claims = verifyToken.remembered(token);
      const found = claims && authz.cached(claims.sessionId, claims.userId);
      if (claims && found) {
        try {
          admit(req, actorFrom(claims, found, client), need, found);
        } catch (err) {
          return done(err as Error);
        }
        return done();
      }
      void (async () => {
        const verified = claims ?? (await verifyToken(token));
        if (!verified) throw unauthorized(MESSAGES.auth.sessionExpired);
        const authorised = await authz.authorise(verified.sessionId, verified.userId);
        admit(req, actorFrom(verified, authorised, client), need, authorised);
      })().then(() => done(), done);
    });
  },
);
