import {
  MODULE_CATALOGUE,
  PERMISSIONS,
  isPermission,
  moduleOf,
  type ModuleKey,
  type Permission,
} from './permissions.ts';

/**
 * Every catalogue permission in words, for every screen that lists permissions (the key is only
 * ever secondary text). A separate export from MESSAGES, so the sign-in route does not carry it.
 */
export const PERMISSION_LABELS: Readonly<Record<Permission, string>> = {
  'project:read': 'Read their own projects',
  'project:read:all': 'Read all projects',
  'project:create': 'Create projects',
  'project:update': 'Edit projects',
  'project:delete': 'Delete projects',
  'task:read': 'Read their own tasks',
  'task:read:all': 'Read all tasks',
  'task:create': 'Create tasks',
  'task:update': 'Edit tasks',
  'task:delete': 'Delete tasks',
  'tasklist:read': 'Read task lists',
  'tasklist:create': 'Create task lists',
  'tasklist:update': 'Edit task lists',
  'tasklist:delete': 'Delete task lists',
  'timelog:read': 'Read their own time logs',
  'timelog:read:all': 'Read all time logs',
  'timelog:create': 'Log time',
  'timelog:update': 'Edit their own time logs',
  'timelog:update:all': "Edit anyone's time logs",
  'timelog:delete': 'Delete their own time logs',
  'timelog:delete:all': "Delete anyone's time logs",
  'report:read': 'Read their own reports',
  'report:read:all': 'Read all reports',
  'report:create': 'Create reports',
  'report:update': 'Edit reports',
  'report:delete': 'Delete reports',
  'employee:read': 'Read the employee directory',
  'employee:read:all': "Read all employees' profiles",
  'employee:create': 'Add employees',
  'employee:update': 'Edit employees',
  'employee:delete': 'Deactivate employees',
  'company:read': 'Read the company profile',
  'company:read:all': 'Read all companies',
  'company:create': 'Create companies',
  'company:update': 'Edit the company profile and buy packages',
  'company:delete': 'Delete companies',
  'companyrole:read': 'Read company roles',
  'companyrole:read:all': 'Read all company roles',
  'companyrole:create': 'Create company roles',
  'companyrole:update': 'Edit company roles and their permissions',
  'companyrole:delete': 'Delete company roles',
  'companyrole:assign': 'Assign roles and permissions to people',
  'department:read': 'Read their own department',
  'department:read:all': 'Read all departments',
  'department:create': 'Create departments',
  'department:update': 'Edit departments',
  'department:delete': 'Delete departments',
  'package:read': 'Read packages',
  'package:create': 'Create packages',
  'package:update': 'Edit packages',
  'package:delete': 'Delete packages',
  'module:read': 'Read modules',
  'module:create': 'Create modules',
  'module:update': 'Edit modules and grant them to companies',
  'module:delete': 'Delete modules',
  'permission:read': 'Read permissions',
  'permission:create': 'Create permissions',
  'permission:update': 'Edit permissions',
  'permission:delete': 'Delete permissions',
  'role:read': 'Read platform roles',
  'role:create': 'Create platform roles',
  'role:update': 'Edit platform roles',
  'role:delete': 'Delete platform roles',
  'comment:read': 'Read comments',
  'comment:create': 'Write comments',
  'comment:update': 'Edit their own comments',
  'comment:delete': 'Delete their own comments',
  'comment:delete:all': "Delete anyone's comments",
  'audit:read': 'Read the audit log',
  'timesheet:approve:all': "Approve anyone's timesheet",
  'timesheet:unlock': 'Change locked time (approved weeks, before the lock date)',
};

/** A permission in words; a name outside the catalogue (one the Super Admin added) reads as itself. */
export function permissionLabel(name: string): string {
  return isPermission(name) ? PERMISSION_LABELS[name] : name;
}

export type PermissionGroup<T> = { moduleKey: ModuleKey | null; moduleName: string; items: T[] };

/**
 * Permissions grouped by the module that carries them, in the catalogue's module order (names
 * outside the catalogue last, under "Other"); within a group, in catalogue order (read, read all,
 * create, update, delete), names outside it last in the order given.
 */
export function groupPermissionsByModule<T>(
  items: readonly T[],
  nameOf: (item: T) => string,
): PermissionGroup<T>[] {
  const groups: PermissionGroup<T>[] = MODULE_CATALOGUE.map((m) => ({
    moduleKey: m.key,
    moduleName: m.name,
    items: [],
  }));
  const other: PermissionGroup<T> = { moduleKey: null, moduleName: 'Other', items: [] };
  for (const item of items) {
    const name = nameOf(item);
    const key = isPermission(name) ? moduleOf(name) : null;
    (groups.find((g) => g.moduleKey === key) ?? other).items.push(item);
  }
  const rank = (item: T) => {
    const i = (PERMISSIONS as readonly string[]).indexOf(nameOf(item));
    return i === -1 ? PERMISSIONS.length : i;
  };
  for (const g of groups) g.items.sort((a, b) => rank(a) - rank(b));
  return [...groups, other].filter((g) => g.items.length > 0);
}

/** Platform Administration's key: the platform's own module, never in a company package nor granted to a tenant. */
export const PLATFORM_MODULE_KEY = 'platform' satisfies ModuleKey;

/** Texts of role permissions and of package modules (kept out of MESSAGES: see above). */
export const ACCESS_MESSAGES = {
  noPermissions: 'No permissions yet: tick what this role may do.',
  permissionsHint: 'You can give only permissions you hold yourself, within your company’s modules.',
  platformModuleInPackage:
    'Platform Administration is never part of a company package: it is the platform’s own module',
} as const;
