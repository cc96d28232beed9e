/**
 * What the load runner measures, one row per endpoint, in order. Add a route here and it is
 * measured and checked in the same run. `server` picks where it is served: the app, or the bare
 * Fastify server the suite starts beside it (the reference the ratios divide by).
 *
 * `ratio`: this row's requests/s over `of`'s must be at least `min` (ratios hold across runs on a
 * noisy machine, absolute numbers do not). `p99Ms`: a latency budget at 10 connections.
 */
export type Endpoint = {
  name: string;
  server: 'app' | 'bare';
  path: string;
  /** Sends the large tenant admin's bearer token. */
  auth?: boolean;
  headers?: Record<string, string>;
  ratio?: { of: string; min: number };
  p99Ms?: number;
  /** Budgets that only mean something on PostgreSQL (PGlite serves one query at a time). */
  postgresOnly?: boolean;
};

/** The app route src/server.ts adds: signed-in users only, no table read. */
export const AUTH_PROBE_PATH = '/api/bench/signed-in';

export const ENDPOINTS: Endpoint[] = [
  { name: 'bare JSON route', server: 'bare', path: '/bare' },
  { name: 'GET /healthz', server: 'app', path: '/healthz', ratio: { of: 'bare JSON route', min: 0.5 } },
  // The cost of authorisation: a route the suite adds to the app, guarded by the real auth plugin
  // (any signed-in user), whose handler reads no table. GET /api/Taskpriorities (served from
  // memory) replaces it once it exists.
  {
    name: 'authenticated, no table',
    server: 'app',
    path: AUTH_PROBE_PATH,
    auth: true,
    ratio: { of: 'GET /healthz', min: 0.9 },
  },
  // Auth plus one read of the user's row; reported against /healthz, no budget of its own.
  {
    name: 'GET /api/auth/me',
    server: 'app',
    path: '/api/auth/me',
    auth: true,
    ratio: { of: 'GET /healthz', min: 0 },
  },
  { name: 'raw pg: employee list SQL', server: 'bare', path: '/raw/employees' },
  {
    name: 'GET /api/CompanyUsers/details?pageSize=50',
    server: 'app',
    path: '/api/CompanyUsers/details?pageSize=50',
    auth: true,
    ratio: { of: 'raw pg: employee list SQL', min: 0.4 },
    p99Ms: 25,
    postgresOnly: true,
  },
  {
    name: 'the same, compressed (gzip)',
    server: 'app',
    path: '/api/CompanyUsers/details?pageSize=50',
    auth: true,
    headers: { 'accept-encoding': 'gzip, deflate, br' },
  },
];

/** The app request whose SQL the bare `/raw/employees` route replays through the driver. */
export const RAW_EMPLOYEES_SOURCE = '/api/CompanyUsers/details?pageSize=50';
