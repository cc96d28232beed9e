/**
 * The permission catalogue: the one list of permission strings that the API's route guards,
 * the seed, the web menu and the web route guards all use.
 *
 * Every string is `<resource>:<action>`; `:all` widens a read from "my own / my scope" to the
 * whole company (or, for `company:read:all`, the whole platform).
 */
// The checks the web's sign-in route needs live apart, so its bundle does not carry the catalogue.
export { ROLES, isSuperAdmin, satisfies, type PermissionRequirement } from './permission-rules.ts';

export const RESOURCES = [
  'project',
  'task',
  'tasklist',
  'timelog',
  'report',
  'employee',
  'company',
  'companyrole',
  'department',
  'package',
  'module',
  'permission',
  'role',
  'comment',
  'audit',
  'timesheet',
] as const;
export type Resource = (typeof RESOURCES)[number];

/** Resources whose reads come in an own/scoped form and a company-wide `:all` form. */
const READ_ALL: readonly Resource[] = [
  'project',
  'task',
  'timelog',
  'report',
  'employee',
  'company',
  'companyrole',
  'department',
];
/** Resources whose writes also come in an `:all` form (act on other people's records). */
const WRITE_ALL: readonly Resource[] = ['timelog'];
/**
 * Resources whose deletes also come in an `:all` form: deleting anyone's record, not only your
 * own (`comment:delete:all`, held by the Company Admin, lets a moderator remove any comment).
 */
const DELETE_ALL: readonly Resource[] = ['comment'];
/**
 * Resources that are only read: the audit log is written by the app itself, in the same
 * transaction as each change it records, and never changed afterwards (`audit:read` only).
 */
const READ_ONLY: readonly Resource[] = ['audit'];

/**
 * Timesheets (issue 25) have only named permissions, no read/create/update/delete: every member
 * reads and submits their own week, the person's department manager approves it. Approving anyone's
 * week and changing locked time are these two, stored as `update`s, carried by Time Tracking.
 */
export const TIMESHEET_ONLY = ['timesheet:approve:all', 'timesheet:unlock'] as const;

/**
 * Giving someone a role is its own permission, apart from `employee:update`: editing a profile
 * must not be enough to hand out (or take away) what a role carries. Stored as an `update`.
 */
export const ASSIGN_ROLE = 'companyrole:assign' as const;

type Action = 'read' | 'read:all' | 'create' | 'update' | 'update:all' | 'delete' | 'delete:all';

function catalogue(): string[] {
  const out: string[] = [];
  for (const r of RESOURCES) {
    if (r === 'timesheet') {
      out.push(...TIMESHEET_ONLY);
      continue;
    }
    if (READ_ONLY.includes(r)) {
      out.push(`${r}:read`);
      continue;
    }
    const actions: Action[] = ['read'];
    if (READ_ALL.includes(r)) actions.push('read:all');
    actions.push('create', 'update');
    if (WRITE_ALL.includes(r)) actions.push('update:all');
    actions.push('delete');
    if (WRITE_ALL.includes(r) || DELETE_ALL.includes(r)) actions.push('delete:all');
    for (const a of actions) out.push(`${r}:${a}`);
    if (r === 'companyrole') out.push(ASSIGN_ROLE);
  }
  return out;
}

export const PERMISSIONS = catalogue() as readonly Permission[];

export type Permission =
  | `${Exclude<Resource, 'audit' | 'timesheet'>}:${'read' | 'create' | 'update' | 'delete'}`
  | 'audit:read'
  | `${'project' | 'task' | 'timelog' | 'report' | 'employee' | 'company' | 'companyrole' | 'department'}:read:all`
  | `timelog:${'update' | 'delete'}:all`
  | 'comment:delete:all'
  | typeof ASSIGN_ROLE
  | (typeof TIMESHEET_ONLY)[number];

export function isPermission(value: string): value is Permission {
  return (PERMISSIONS as readonly string[]).includes(value);
}

export function permissionParts(p: Permission): { resource: Resource; action: string } {
  const [resource, ...rest] = p.split(':');
  return { resource: resource as Resource, action: rest.join(':') };
}

/** read | create | update | delete: the `permissionType` stored with each permission. */
export function permissionType(p: Permission): 'read' | 'create' | 'update' | 'delete' {
  if (p === ASSIGN_ROLE || p.startsWith('timesheet:')) return 'update';
  return permissionParts(p).action.split(':')[0] as 'read' | 'create' | 'update' | 'delete';
}

/**
 * Permissions only the platform (Super Admin) may hold: they act across tenants or on the
 * subscription model itself. A company's modules never grant them.
 */
export const PLATFORM_ONLY: readonly Permission[] = [
  'company:read:all',
  'company:create',
  'company:delete',
  'package:create',
  'package:update',
  'package:delete',
  'module:read',
  'module:create',
  'module:update',
  'module:delete',
  'permission:read',
  'permission:create',
  'permission:update',
  'permission:delete',
  'role:read',
  'role:create',
  'role:update',
  'role:delete',
];

/**
 * Modules of the subscription model, and which resources' permissions each one carries.
 * A company granted a module at an access level gets that module's permissions of that level:
 * `read` → read permissions only; `write` → reads, creates and updates; `full` → everything.
 */
export const MODULE_CATALOGUE = [
  { key: 'projects', name: 'Projects', category: 'Work', resources: ['project', 'tasklist'] },
  { key: 'tasks', name: 'Tasks', category: 'Work', resources: ['task', 'comment'] },
  { key: 'time-tracking', name: 'Time Tracking', category: 'Work', resources: ['timelog', 'timesheet'] },
  { key: 'reports', name: 'Reports', category: 'Insight', resources: ['report'] },
  { key: 'employees', name: 'Employees', category: 'Organisation', resources: ['employee'] },
  { key: 'departments', name: 'Departments', category: 'Organisation', resources: ['department'] },
  { key: 'company-roles', name: 'Company Roles', category: 'Organisation', resources: ['companyrole'] },
  {
    key: 'company',
    name: 'Company Profile',
    category: 'Organisation',
    resources: ['company', 'package', 'audit'],
  },
  {
    key: 'platform',
    name: 'Platform Administration',
    category: 'Platform',
    resources: ['module', 'permission', 'role'],
  },
] as const satisfies readonly {
  key: string;
  name: string;
  category: string;
  resources: readonly Resource[];
}[];
export type ModuleKey = (typeof MODULE_CATALOGUE)[number]['key'];

/**
 * Modules of earlier catalogues and the modules that took over their permissions. The reference
 * data sync moves permissions, package links and company grants (at the same access level) from
 * a retired module to its successors, then removes the retired module.
 */
export const RETIRED_MODULES: Readonly<Record<string, readonly ModuleKey[]>> = {
  people: ['employees', 'departments', 'company-roles'],
};

export const ACCESS_LEVELS = ['read', 'write', 'full'] as const;
export type AccessLevel = (typeof ACCESS_LEVELS)[number];

export function accessLevelAllows(level: AccessLevel, p: Permission): boolean {
  const type = permissionType(p);
  if (level === 'full') return true;
  if (level === 'write') return type !== 'delete';
  return type === 'read';
}

export function moduleOf(p: Permission): ModuleKey {
  const { resource } = permissionParts(p);
  const m = MODULE_CATALOGUE.find((mod) => (mod.resources as readonly Resource[]).includes(resource));
  if (!m) throw new Error(`No module carries ${p}`);
  return m.key;
}

const COMPANY_SCOPE = (PERMISSIONS as readonly Permission[]).filter((p) => !PLATFORM_ONLY.includes(p));

/** What the seeded per-company roles hold (before the company's modules limit them). */
export const DEFAULT_ROLE_PERMISSIONS: Record<
  'Company Admin' | 'Manager' | 'Employee',
  readonly Permission[]
> = {
  'Company Admin': COMPANY_SCOPE,
  Manager: COMPANY_SCOPE.filter(
    (p) =>
      !p.startsWith('company:') &&
      !p.startsWith('companyrole:') &&
      !p.startsWith('package:') &&
      !p.startsWith('audit:') &&
      // A manager approves their own department's weeks as its manager, not everyone's.
      !p.startsWith('timesheet:') &&
      !['employee:create', 'employee:delete', 'department:delete', 'comment:delete:all'].includes(p),
  ).concat(['company:read']),
  Employee: [
    'project:read',
    'task:read',
    'task:update',
    'tasklist:read',
    'comment:read',
    'comment:create',
    'comment:update',
    'comment:delete',
    'timelog:read',
    'timelog:create',
    'timelog:update',
    'timelog:delete',
    'report:read',
    'employee:read',
    'department:read',
    'companyrole:read',
  ],
};
