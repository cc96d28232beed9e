import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as contract from '@taskhive/contract';
import type { App } from './app.ts';
import { buildTestApp } from './test/build-app.ts';

/**
 * One routes file per URL prefix (issue 22, ARCHITECTURE.md "Structure"): every path under
 * `/api/<Prefix>/...` is registered in one file, the one named for the prefix's resource, so a
 * newcomer looking for `/api/Tasks/...` finds all of it in `tasks.routes.ts`. The prefix is the first
 * segment after /api, compared case-insensitively (the router is case-insensitive).
 *
 * The files are read as text (a route's registration names its path as a string literal or as a
 * constant of @taskhive/contract), and the scan is checked against the built app's route table, so
 * a route registered in a way the scan misses, or in a file it does not read, fails here too.
 */
const src = fileURLToPath(new URL('.', import.meta.url));

/** Prefix (lower case) → the one file that registers its routes, relative to src/. Complete and exact. */
const PREFIX_FILES: Record<string, string> = {
  audit: 'features/audit/audit.routes.ts',
  auth: 'features/auth/auth.routes.ts',
  calendar: 'features/calendar/calendar.routes.ts',
  labels: 'features/labels/labels.routes.ts',
  comments: 'features/comments/comments.routes.ts',
  companies: 'features/companies/companies.routes.ts',
  companyroles: 'features/company-roles/company-roles.routes.ts',
  companyusers: 'features/users/users.routes.ts',
  customfields: 'features/custom-fields/custom-fields.routes.ts',
  dashboard: 'features/reports/reports.routes.ts',
  department: 'features/departments/departments.routes.ts',
  dev: 'features/dev/outbox.routes.ts',
  docs: 'plugins/openapi.ts',
  events: 'features/events/events.routes.ts',
  files: 'features/files/files.routes.ts',
  modules: 'features/modules/modules.routes.ts',
  notifications: 'features/notifications/notifications.routes.ts',
  package: 'features/packages/packages.routes.ts',
  packagepurchases: 'features/packages/packages.routes.ts',
  permissions: 'features/permissions/permissions.routes.ts',
  platform: 'features/jobs/jobs.routes.ts',
  project: 'features/projects/projects.routes.ts',
  roles: 'features/roles/roles.routes.ts',
  savedviews: 'features/saved-views/saved-views.routes.ts',
  tasklists: 'features/task-lists/task-lists.routes.ts',
  taskdependencies: 'features/task-dependencies/task-dependencies.routes.ts',
  taskrecurrence: 'features/task-recurrence/task-recurrence.routes.ts',
  taskpriorities: 'features/task-statuses/task-statuses.routes.ts',
  taskreports: 'features/reports/reports.routes.ts',
  tasks: 'features/tasks/tasks.routes.ts',
  taskstatuses: 'features/task-statuses/task-statuses.routes.ts',
  timeline: 'features/timeline/timeline.routes.ts',
  timelogs: 'features/time-logs/time-logs.routes.ts',
  timesheets: 'features/timesheets/timesheets.routes.ts',
  todos: 'features/todos/todos.routes.ts',
  // A user's roles and direct permissions: the access administration's file (users.routes.ts is
  // the employee records under /api/CompanyUsers).
  users: 'features/roles/roles.routes.ts',
};

/** Every file that registers routes: the features' routes files and the few outside them. */
function routeFiles(): string[] {
  const features = readdirSync(`${src}features`, { withFileTypes: true })
    .filter((d) => d.isDirectory())
    .flatMap((d) =>
      readdirSync(`${src}features/${d.name}`)
        .filter((f) => f.endsWith('.routes.ts'))
        .map((f) => `features/${d.name}/${f}`),
    );
  return [
    ...features,
    'features/health/health.routes.ts',
    'lib/metrics.ts',
    'plugins/web.ts',
    'plugins/openapi.ts',
  ]
    .filter((f, i, all) => all.indexOf(f) === i)
    .sort();
}

type Registration = { file: string; method: string; url: string };

const REGISTRATION =
  /\.(get|post|put|patch|delete|head|options)(?:<[^()]*?>)?\(\s*(?:'([^']*)'|"([^"]*)"|`([^`]*)`|([A-Z][A-Z0-9_]*))\s*,/g;
const ROUTE_PREFIX = /\broutePrefix:\s*'([^']*)'/g;

/** The registrations a file's text holds, and the URL prefixes it hands to a plugin (swagger-ui). */
function scan(file: string, text: string): { routes: Registration[]; prefixes: string[] } {
  const routes: Registration[] = [];
  for (const m of text.matchAll(REGISTRATION)) {
    const constant = m[5];
    const value = constant ? (contract as Record<string, unknown>)[constant] : (m[2] ?? m[3] ?? m[4]);
    if (typeof value !== 'string') throw new Error(`${file}: cannot read the path ${constant ?? m[0]}`);
    routes.push({ file, method: (m[1] ?? '').toUpperCase(), url: value });
  }
  return { routes, prefixes: [...text.matchAll(ROUTE_PREFIX)].map((m) => m[1] ?? '') };
}

/** The first segment after /api, lower case; undefined for a path outside /api. */
function prefixOf(url: string): string | undefined {
  const m = /^\/api\/([^/]+)/i.exec(url);
  return m?.[1]?.toLowerCase();
}

/** Prefix → the files registering paths under it. */
function filesByPrefix(found: { file: string; url: string }[]): Map<string, Set<string>> {
  const byPrefix = new Map<string, Set<string>>();
  for (const { file, url } of found) {
    const prefix = prefixOf(url);
    if (!prefix) continue;
    byPrefix.set(prefix, (byPrefix.get(prefix) ?? new Set()).add(file));
  }
  return byPrefix;
}

/** Prefix → its files, as the table spells it. */
function tableOf(found: { file: string; url: string }[]): Record<string, string> {
  return Object.fromEntries(
    [...filesByPrefix(found)]
      .map(([prefix, files]) => [prefix, [...files].sort().join(', ')] as const)
      .sort(([a], [b]) => a.localeCompare(b)),
  );
}

const scanned = routeFiles().map((file) => ({ file, ...scan(file, readFileSync(`${src}${file}`, 'utf8')) }));
const registrations = scanned.flatMap((s) => s.routes);
const pluginPrefixes = scanned.flatMap((s) => s.prefixes.map((url) => ({ file: s.file, url })));

let app: App;
beforeAll(async () => {
  ({ app } = await buildTestApp());
});
afterAll(() => app.close());

describe('one routes file per URL prefix', () => {
  it("reads every /api route of the app's route table, and only those", () => {
    const underPlugin = (url: string) =>
      pluginPrefixes.some((p) => url === p.url || url.startsWith(`${p.url}/`));
    const inApp = app.declaredRoutes
      .filter((r) => prefixOf(r.url) && !underPlugin(r.url) && r.method !== 'HEAD')
      .map((r) => `${r.method} ${r.url}`)
      .sort();
    const read = registrations
      .filter((r) => prefixOf(r.url))
      .map((r) => `${r.method} ${r.url}`)
      .sort();
    expect(read.length).toBeGreaterThan(100);
    expect(read).toEqual(inApp);
    // The OpenAPI UI's routes are found through its routePrefix.
    expect(app.declaredRoutes.some((r) => r.url === '/api/docs/json')).toBe(true);
    expect(pluginPrefixes.map((p) => p.url)).toEqual(['/api/docs']);
  });

  it('no two files register paths under the same first segment after /api', () => {
    const shared = [...filesByPrefix([...registrations, ...pluginPrefixes])]
      .filter(([, files]) => files.size > 1)
      .map(([prefix, files]) => `/api/${prefix}: ${[...files].sort().join(', ')}`)
      .sort();
    expect(shared, "move them into the prefix's file (its routes call the other feature's service)").toEqual(
      [],
    );
  });

  it("each prefix's routes are in the file the table names for its resource, and the table is exact", () => {
    expect(
      tableOf([...registrations, ...pluginPrefixes]),
      'a new prefix adds its line to PREFIX_FILES (and to ARCHITECTURE.md, Structure, Routes)',
    ).toEqual(PREFIX_FILES);
  });

  it('the scan tells a shared prefix and a file the table does not name (a probe)', () => {
    const probe = scan(
      'features/watchers/watchers.routes.ts',
      "app.get(\n    '/api/tasks/:id/watchers',\n    { config },\n  );\n  app.post(LIVE_EVENTS_PATH, {});",
    );
    expect(probe.routes).toEqual([
      { file: 'features/watchers/watchers.routes.ts', method: 'GET', url: '/api/tasks/:id/watchers' },
      { file: 'features/watchers/watchers.routes.ts', method: 'POST', url: contract.LIVE_EVENTS_PATH },
    ]);
    const both = filesByPrefix([...registrations, ...probe.routes]);
    expect([...(both.get('tasks') ?? [])]).toContain('features/watchers/watchers.routes.ts');
    expect(both.get('tasks')?.size).toBeGreaterThan(1);
    // A prefix the table does not name, and a prefix moved to another file, both differ from it.
    const found = [...registrations, ...pluginPrefixes];
    expect(
      tableOf([...found, { file: 'features/widgets/widgets.routes.ts', url: '/api/Widgets' }]),
    ).not.toEqual(tableOf(found));
    const moved = found.map((r) =>
      prefixOf(r.url) === 'todos' ? { ...r, file: 'features/tasks/tasks.routes.ts' } : r,
    );
    expect(tableOf(moved).todos).toBe('features/tasks/tasks.routes.ts');
    expect(tableOf(moved)).not.toEqual(tableOf(found));
  });
});
