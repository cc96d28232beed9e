import { DEFAULT_PAGE, PAGE_SIZE, type CompanyRole } from '@taskhive/contract';
import type { ListQueryBase } from '../../hooks/use-list-query';

/**
 * The client-side rules of spec section 5: the whole role list is fetched once and searched,
 * filtered, sorted and paged here.
 */
export type RoleSortField = keyof Pick<
  CompanyRole,
  'roleName' | 'description' | 'isActive' | 'defaultRole' | 'userCount' | 'createdAt' | 'updatedAt'
>;

/** The list query of the roles page; `search`: roleName contains it, ignoring case ('' matches every role). */
export interface RoleQuery extends ListQueryBase<RoleSortField> {
  /** Compared with String(role.isActive): 'true' or 'false'; '' matches every role. */
  isActive: string;
  /** Compared by equality; null matches every role. */
  defaultRole: boolean | null;
}

export const DEFAULT_ROLE_QUERY: RoleQuery = {
  search: '',
  isActive: '',
  defaultRole: null,
  sortBy: 'roleName',
  sortOrder: 'asc',
  page: DEFAULT_PAGE,
  pageSize: PAGE_SIZE.roles,
};

const DATE_FIELDS: readonly RoleSortField[] = ['createdAt', 'updatedAt'];

export function filterRoles(
  roles: readonly CompanyRole[],
  { search, isActive, defaultRole }: Pick<RoleQuery, 'search' | 'isActive' | 'defaultRole'>,
): CompanyRole[] {
  const needle = search.trim().toLowerCase();
  return roles.filter(
    (r) =>
      (needle === '' || r.roleName.toLowerCase().includes(needle)) &&
      (isActive === '' || String(r.isActive) === isActive) &&
      (defaultRole === null || r.defaultRole === defaultRole),
  );
}

/** Compares two values of a column: dates as dates, strings ignoring case, empty values last. */
export function compareRoleField(a: CompanyRole, b: CompanyRole, field: RoleSortField): number {
  const x = a[field];
  const y = b[field];
  if (x === y) return 0;
  if (x === null) return 1;
  if (y === null) return -1;
  if (DATE_FIELDS.includes(field)) {
    return new Date(String(x)).getTime() - new Date(String(y)).getTime();
  }
  if (typeof x === 'string' && typeof y === 'string') {
    const lx = x.toLowerCase();
    const ly = y.toLowerCase();
    return lx < ly ? -1 : lx > ly ? 1 : 0;
  }
  return Number(x) - Number(y);
}

/** A sorted copy; ties keep their order. Empty values stay last in both directions. */
export function sortRoles(
  roles: readonly CompanyRole[],
  sortBy: RoleSortField,
  sortOrder: 'asc' | 'desc',
): CompanyRole[] {
  const sign = sortOrder === 'asc' ? 1 : -1;
  return [...roles].sort((a, b) => {
    if (a[sortBy] === null || b[sortBy] === null) return compareRoleField(a, b, sortBy);
    return sign * compareRoleField(a, b, sortBy);
  });
}

export function paginate<T>(items: readonly T[], page: number, pageSize: number): T[] {
  const start = (Math.max(page, 1) - 1) * pageSize;
  return items.slice(start, start + pageSize);
}

/** Search, filter, sort and page: the rows to show and how many matched in all. */
export function applyRoleQuery(
  roles: readonly CompanyRole[],
  query: RoleQuery,
): { rows: CompanyRole[]; total: number } {
  const matched = sortRoles(filterRoles(roles, query), query.sortBy, query.sortOrder);
  return { rows: paginate(matched, query.page, query.pageSize), total: matched.length };
}
