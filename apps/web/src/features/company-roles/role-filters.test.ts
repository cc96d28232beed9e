import type { CompanyRole } from '@taskhive/contract';
import { describe, expect, it } from 'vitest';
import {
  applyRoleQuery,
  DEFAULT_ROLE_QUERY,
  filterRoles,
  paginate,
  sortRoles,
  type RoleQuery,
} from './role-filters';

let n = 0;
function role(over: Partial<CompanyRole>): CompanyRole {
  n += 1;
  return {
    companyRoleId: `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
    roleName: `Role ${n}`,
    description: null,
    isActive: true,
    defaultRole: false,
    isProtected: false,
    userCount: 0,
    permissions: [],
    createdAt: '2026-01-01T00:00:00.000Z',
    updatedAt: '2026-01-01T00:00:00.000Z',
    ...over,
  };
}

const admin = role({
  roleName: 'Company Admin',
  isProtected: true,
  userCount: 1,
  permissions: [],
  createdAt: '2025-03-01T10:00:00.000Z',
});
const employee = role({
  roleName: 'employee',
  defaultRole: true,
  userCount: 13,
  permissions: [],
  createdAt: '2026-02-01T09:00:00.000Z',
});
const manager = role({
  roleName: 'Manager',
  userCount: 2,
  permissions: [],
  createdAt: '2025-12-31T23:59:59.000Z',
  description: 'Leads',
});
const contractor = role({ roleName: 'Contractor', isActive: false, createdAt: '2026-01-15T00:00:00.000Z' });
const ROLES = [manager, contractor, admin, employee];

const names = (rs: CompanyRole[]) => rs.map((r) => r.roleName);
const query = (over: Partial<RoleQuery>): RoleQuery => ({ ...DEFAULT_ROLE_QUERY, ...over });

describe('filterRoles', () => {
  it('matches roleName case-insensitively, as a substring, ignoring surrounding blanks', () => {
    expect(names(filterRoles(ROLES, query({ search: 'AGE' })))).toEqual(['Manager']);
    expect(names(filterRoles(ROLES, query({ search: '  company ' })))).toEqual(['Company Admin']);
    expect(names(filterRoles(ROLES, query({ search: 'o' })))).toEqual([
      'Contractor',
      'Company Admin',
      'employee',
    ]);
  });

  it('searches roleName only, not the description', () => {
    expect(filterRoles(ROLES, query({ search: 'leads' }))).toEqual([]);
  });

  it('matches isActive as a string and leaves every role with an empty filter', () => {
    expect(names(filterRoles(ROLES, query({ isActive: 'false' })))).toEqual(['Contractor']);
    expect(filterRoles(ROLES, query({ isActive: 'true' }))).toHaveLength(3);
    expect(filterRoles(ROLES, query({ isActive: '' }))).toHaveLength(4);
    expect(filterRoles(ROLES, query({ isActive: 'TRUE' }))).toEqual([]);
  });

  it('matches defaultRole by equality; null means no filter', () => {
    expect(names(filterRoles(ROLES, query({ defaultRole: true })))).toEqual(['employee']);
    expect(filterRoles(ROLES, query({ defaultRole: false }))).toHaveLength(3);
    expect(filterRoles(ROLES, query({ defaultRole: null }))).toHaveLength(4);
  });

  it('combines the search and both filters', () => {
    expect(names(filterRoles(ROLES, query({ search: 'a', isActive: 'true', defaultRole: false })))).toEqual([
      'Manager',
      'Company Admin',
    ]);
  });
});

describe('sortRoles', () => {
  it('sorts strings ignoring case (default roleName ascending)', () => {
    expect(names(sortRoles(ROLES, 'roleName', 'asc'))).toEqual([
      'Company Admin',
      'Contractor',
      'employee',
      'Manager',
    ]);
    expect(names(sortRoles(ROLES, 'roleName', 'desc'))).toEqual([
      'Manager',
      'employee',
      'Contractor',
      'Company Admin',
    ]);
  });

  it('sorts dates as dates, not as text', () => {
    const a = role({ roleName: 'a', createdAt: '2026-01-02T00:00:00+05:00' });
    const b = role({ roleName: 'b', createdAt: '2026-01-01T20:00:00.000Z' });
    // As text the order would be c, b, a; as instants a is 2026-01-01T19:00Z, between c and b.
    const c = role({ roleName: 'c', createdAt: '2026-01-01T18:00:00.000Z' });
    expect(names(sortRoles([a, b, c], 'createdAt', 'asc'))).toEqual(['c', 'a', 'b']);
    expect(names(sortRoles(ROLES, 'createdAt', 'desc'))).toEqual([
      'employee',
      'Contractor',
      'Manager',
      'Company Admin',
    ]);
  });

  it('sorts numbers and booleans by value', () => {
    expect(names(sortRoles(ROLES, 'userCount', 'desc'))).toEqual([
      'employee',
      'Manager',
      'Company Admin',
      'Contractor',
    ]);
    expect(names(sortRoles(ROLES, 'isActive', 'asc'))[0]).toBe('Contractor');
    expect(names(sortRoles(ROLES, 'defaultRole', 'desc'))[0]).toBe('employee');
  });

  it('keeps empty values last in both directions and does not change the input', () => {
    const before = [...ROLES];
    expect(names(sortRoles(ROLES, 'description', 'asc'))[0]).toBe('Manager');
    expect(names(sortRoles(ROLES, 'description', 'desc'))[0]).toBe('Manager');
    expect(ROLES).toEqual(before);
  });
});

describe('paginate and applyRoleQuery', () => {
  const many = Array.from({ length: 23 }, (_v, i) => role({ roleName: `R${String(i).padStart(2, '0')}` }));

  it('pages locally: page 1 holds the first 10, the last page the rest', () => {
    expect(names(paginate(many, 1, 10))).toEqual(names(many.slice(0, 10)));
    expect(paginate(many, 3, 10)).toHaveLength(3);
    expect(paginate(many, 4, 10)).toEqual([]);
  });

  it('filters, then sorts, then pages, and counts every match', () => {
    const result = applyRoleQuery(many, query({ search: 'r1', sortOrder: 'desc' }));
    expect(result.total).toBe(10);
    expect(names(result.rows)).toEqual([
      'R19',
      'R18',
      'R17',
      'R16',
      'R15',
      'R14',
      'R13',
      'R12',
      'R11',
      'R10',
    ]);
    const page2 = applyRoleQuery(many, query({ page: 2 }));
    expect(page2.total).toBe(23);
    expect(names(page2.rows)[0]).toBe('R10');
  });

  it('starts from page 1, size 10, roleName ascending', () => {
    expect(DEFAULT_ROLE_QUERY).toMatchObject({ page: 1, pageSize: 10, sortBy: 'roleName', sortOrder: 'asc' });
  });
});
