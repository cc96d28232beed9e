import { describe, expect, it } from 'vitest';
import {
  DEFAULT_ROLE_PERMISSIONS,
  PERMISSIONS,
  PLATFORM_ONLY,
  RESOURCES,
  accessLevelAllows,
  isPermission,
  isSuperAdmin,
  moduleOf,
  satisfies,
} from './permissions.ts';

describe('permission catalogue', () => {
  it('holds every permission string the spec names', () => {
    for (const p of [
      'project:read',
      'task:read',
      'report:read',
      'employee:read',
      'employee:read:all',
      'company:read',
      'company:read:all',
      'companyrole:read',
      'companyrole:read:all',
      'department:read',
      'department:read:all',
    ]) {
      expect(isPermission(p), p).toBe(true);
    }
  });

  it('has create, update and delete for every resource but the read-only audit log and timesheets, and no duplicates', () => {
    for (const r of RESOURCES.filter((r) => r !== 'audit' && r !== 'timesheet'))
      for (const a of ['read', 'create', 'update', 'delete']) expect(PERMISSIONS).toContain(`${r}:${a}`);
    expect(PERMISSIONS.filter((p) => p.startsWith('audit:'))).toEqual(['audit:read']);
    expect(new Set(PERMISSIONS).size).toBe(PERMISSIONS.length);
  });

  it('puts every permission in a module', () => {
    for (const p of PERMISSIONS) expect(() => moduleOf(p)).not.toThrow();
  });

  it('never gives a company role a platform-only permission', () => {
    for (const perms of Object.values(DEFAULT_ROLE_PERMISSIONS)) {
      for (const p of perms) expect(PLATFORM_ONLY).not.toContain(p);
    }
    expect(DEFAULT_ROLE_PERMISSIONS.Employee).not.toContain('employee:read:all');
  });

  it('gives the audit log to the Company Admin only, in the Company Profile module', () => {
    expect(moduleOf('audit:read')).toBe('company');
    expect(DEFAULT_ROLE_PERMISSIONS['Company Admin']).toContain('audit:read');
    expect(DEFAULT_ROLE_PERMISSIONS.Manager).not.toContain('audit:read');
    expect(DEFAULT_ROLE_PERMISSIONS.Employee).not.toContain('audit:read');
  });
});

describe('timesheets (issue 25)', () => {
  it('are two named permissions, updates of Time Tracking, held by the Company Admin and not the Manager', () => {
    expect(PERMISSIONS.filter((p) => p.startsWith('timesheet:'))).toEqual([
      'timesheet:approve:all',
      'timesheet:unlock',
    ]);
    for (const p of ['timesheet:approve:all', 'timesheet:unlock'] as const) {
      expect(moduleOf(p)).toBe('time-tracking');
      expect(accessLevelAllows('write', p)).toBe(true);
      expect(accessLevelAllows('read', p)).toBe(false);
      expect(DEFAULT_ROLE_PERMISSIONS['Company Admin']).toContain(p);
      expect(DEFAULT_ROLE_PERMISSIONS.Manager).not.toContain(p);
      expect(DEFAULT_ROLE_PERMISSIONS.Employee).not.toContain(p);
    }
  });
});

describe('satisfies', () => {
  it('lets any signed-in user through an empty anyOf', () => {
    expect(satisfies([], { anyOf: [] })).toBe(true);
  });
  it('needs one of anyOf and all of allOf', () => {
    expect(satisfies(['company:read'], { anyOf: ['employee:read:all', 'company:read'] })).toBe(true);
    expect(satisfies(['company:read'], { allOf: ['employee:read:all', 'company:read'] })).toBe(false);
    expect(
      satisfies(['company:read', 'employee:read:all'], { allOf: ['employee:read:all', 'company:read'] }),
    ).toBe(true);
  });
});

describe('access levels', () => {
  it('read allows reads only, write adds creates and updates, full adds deletes', () => {
    expect(accessLevelAllows('read', 'project:read:all')).toBe(true);
    expect(accessLevelAllows('read', 'project:create')).toBe(false);
    expect(accessLevelAllows('write', 'project:update')).toBe(true);
    expect(accessLevelAllows('write', 'project:delete')).toBe(false);
    expect(accessLevelAllows('full', 'project:delete')).toBe(true);
  });
});

describe('isSuperAdmin', () => {
  it('matches role or roleName', () => {
    expect(isSuperAdmin({ role: 'Super Admin' })).toBe(true);
    expect(isSuperAdmin({ roleName: 'Super Admin' })).toBe(true);
    expect(isSuperAdmin({ role: 'Company Admin', roleName: 'Company Admin' })).toBe(false);
    expect(isSuperAdmin(null)).toBe(false);
  });
});

describe('assigning roles', () => {
  it('is its own permission, in the People module, held by the seeded Company Admin only', () => {
    expect(isPermission('companyrole:assign')).toBe(true);
    expect(moduleOf('companyrole:assign')).toBe('company-roles');
    expect(accessLevelAllows('write', 'companyrole:assign')).toBe(true);
    expect(accessLevelAllows('read', 'companyrole:assign')).toBe(false);
    expect(DEFAULT_ROLE_PERMISSIONS['Company Admin']).toContain('companyrole:assign');
    expect(DEFAULT_ROLE_PERMISSIONS.Manager).not.toContain('companyrole:assign');
    expect(DEFAULT_ROLE_PERMISSIONS.Employee).not.toContain('companyrole:assign');
  });
});
