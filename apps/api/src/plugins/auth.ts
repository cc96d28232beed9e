import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { MESSAGES, type Permission, type PermissionRequirement, satisfies } from '@taskhive/contract';
import type { Config } from '../config.ts';
import { AUTHZ_CHANNEL, type Database, type Db } from '../db/client.ts';
import { isSuperAdminRole } from '../lib/access.ts';
import { type AuthzCache, authzCache } from '../lib/authz-cache.ts';
import { forbidden, unauthorized } from '../lib/errors.ts';
import { type Actor, makeScope, type Scope } from '../lib/scope.ts';
import { accessTokenVerifier } from '../lib/tokens.ts';

export type { Actor, Scope };

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The permission a route needs: one string, or `{ anyOf }` / `{ allOf }`. `[]`-anyOf: any signed-in user. */
    permission?: Permission | PermissionRequirement;
    /** Reachable without a token. A route must declare `permission` or `public: true`. */
    public?: boolean;
  }
  interface FastifyRequest {
    actor: Actor | null;
    scope: Scope | null;
  }
  interface FastifyInstance {
    /** Every route of the app, with what it declares (walked by a test). */
    declaredRoutes: DeclaredRoute[];
    /** The authorisation cache (lib/authz-cache.ts) and its listener. */
    authz: AuthzHandle;
  }
}

export type AuthzHandle = {
  cache: AuthzCache;
  /** Resolves once every authorisation change committed before the call has reached the cache. */
  sync(): Promise<void>;
};

type RouteDeclaration = { permission?: unknown; public?: boolean };
export type DeclaredRoute = { method: string; url: string; permission: unknown; public: boolean };

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

/** The OpenAPI UI and document (registered by @fastify/swagger-ui) are public. */
const DOCS_PREFIX = '/api/docs';

/** `permission: []` in a route's config as a readable name: any signed-in user. */
export const SIGNED_IN: PermissionRequirement = { anyOf: [] };

function requirement(p: Permission | PermissionRequirement): PermissionRequirement {
  return typeof p === 'string' ? { anyOf: [p] } : p;
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

    app.addHook('onRequest', async (req) => {
      const cfg = req.routeOptions.config;
      if (cfg.public || cfg.permission === undefined) return;
      const header = req.headers.authorization;
      const token = header?.startsWith('Bearer ') ? header.slice(7).trim() : undefined;
      if (!token) throw unauthorized();
      const claims = await verifyToken(token);
      if (!claims) throw unauthorized(MESSAGES.auth.sessionExpired);
      const found = await authz.authorise(claims.sessionId, claims.userId);
      const live = found?.state;
      if (!found || !live || live.companyId !== claims.companyId)
        throw unauthorized(MESSAGES.auth.sessionExpired);
      if (live.userStatus !== 'active') throw unauthorized(MESSAGES.auth.userInactive);
      if (!live.companyActive) throw unauthorized(MESSAGES.auth.companyInactive);
      const superAdmin = isSuperAdminRole(live.roleName, live.roleType);
      const { permissions } = found;
      req.actor = {
        userId: live.userId,
        companyId: live.companyId,
        sessionId: claims.sessionId,
        role: live.roleName ?? '',
        isSuperAdmin: superAdmin,
        permissions,
        client: { ip: req.ip, userAgent: req.headers['user-agent'] },
      };
      req.scope = makeScope(opts.db, req.actor);
      if (!satisfies([...permissions], requirement(cfg.permission))) throw forbidden();
    });
  },
);
