import type { ListQueryBase } from '../hooks/use-list-query';
import { DEFAULT_PAGE, PAGE_SIZE, type EMPLOYEE_SORT_FIELDS, type UserStatus } from '@taskhive/contract';

export type EmployeeSortField = (typeof EMPLOYEE_SORT_FIELDS)[number];

/** The employee list query of spec section 3 (page 1, size 50, memberUserId null by default). */
export interface EmployeeQuery extends ListQueryBase<EmployeeSortField> {
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

/**
 * The arguments of the one user-list endpoint: the employees page sends a whole query, other
 * readers (the dashboard's count, a department's manager picker) only the fields they need.
 */
export type EmployeeListArgs = Partial<EmployeeQuery>;

/** The query string: lists comma-separated, empty and absent fields left out. */
export function employeeQueryParams(q: EmployeeListArgs): Record<string, string | number> {
  const params: Record<string, string | number> = {};
  if (q.page !== undefined) params.page = q.page;
  if (q.pageSize !== undefined) params.pageSize = q.pageSize;
  if (q.sortBy) params.sortBy = q.sortBy;
  if (q.sortOrder) params.sortOrder = q.sortOrder;
  if (q.search?.trim()) params.search = q.search.trim();
  if (q.statusNames?.length) params.statusNames = q.statusNames.join(',');
  if (q.roleNames?.length) params.roleNames = q.roleNames.join(',');
  if (q.departmentNames?.length) params.departmentNames = q.departmentNames.join(',');
  if (q.memberUserId) params.memberUserId = q.memberUserId;
  return params;
}
