import { DEFAULT_PAGE, PAGE_SIZE, type EMPLOYEE_SORT_FIELDS, type UserStatus } from '@taskhive/contract';

export type EmployeeSortField = (typeof EMPLOYEE_SORT_FIELDS)[number];

/** The employee list query of spec section 3 (page 1, size 50, memberUserId null by default). */
export interface EmployeeQuery {
  page: number;
  pageSize: number;
  sortBy: EmployeeSortField;
  sortOrder: 'asc' | 'desc';
  search: string;
  statusNames: UserStatus[];
  roleNames: string[];
  departmentNames: string[];
  memberUserId: string | null;
}

export const DEFAULT_EMPLOYEE_QUERY: EmployeeQuery = {
  page: DEFAULT_PAGE,
  pageSize: PAGE_SIZE.users,
  sortBy: 'firstName',
  sortOrder: 'asc',
  search: '',
  statusNames: [],
  roleNames: [],
  departmentNames: [],
  memberUserId: null,
};

/** Spec section 4: changing any query field but the page sends the list back to page 1. */
export function changeEmployeeQuery(query: EmployeeQuery, patch: Partial<EmployeeQuery>): EmployeeQuery {
  const next = { ...query, ...patch };
  const onlyPage = Object.keys(patch).every((k) => k === 'page');
  return onlyPage ? next : { ...next, page: patch.page ?? DEFAULT_PAGE };
}

/** The query string: lists comma-separated, empty fields left out. */
export function employeeQueryParams(q: EmployeeQuery): Record<string, string | number> {
  const params: Record<string, string | number> = {
    page: q.page,
    pageSize: q.pageSize,
    sortBy: q.sortBy,
    sortOrder: q.sortOrder,
  };
  if (q.search.trim()) params.search = q.search.trim();
  if (q.statusNames.length) params.statusNames = q.statusNames.join(',');
  if (q.roleNames.length) params.roleNames = q.roleNames.join(',');
  if (q.departmentNames.length) params.departmentNames = q.departmentNames.join(',');
  if (q.memberUserId) params.memberUserId = q.memberUserId;
  return params;
}
