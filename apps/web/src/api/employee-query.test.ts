import { describe, expect, it } from 'vitest';
import { changeListQuery } from '../hooks/use-list-query';
import { DEFAULT_EMPLOYEE_QUERY, employeeQueryParams } from './employee-query';

describe('changeListQuery on the employee query', () => {
  const onPage3 = { ...DEFAULT_EMPLOYEE_QUERY, page: 3 };

  it('keeps the other fields when only the page changes', () => {
    expect(changeListQuery(onPage3, { page: 4 })).toEqual({ ...onPage3, page: 4 });
  });

  it.each([
    ['search', { search: 'ada' }],
    ['statusNames', { statusNames: ['active' as const] }],
    ['roleNames', { roleNames: ['Manager'] }],
    ['departmentNames', { departmentNames: ['Design'] }],
    ['sortBy', { sortBy: 'email' as const }],
    ['sortOrder', { sortOrder: 'desc' as const }],
    ['pageSize', { pageSize: 25 }],
    ['memberUserId', { memberUserId: '00000000-0000-4000-8000-000000000009' }],
  ])('goes back to page 1 when %s changes', (_field, patch) => {
    expect(changeListQuery(onPage3, patch)).toEqual({ ...onPage3, ...patch, page: 1 });
  });

  it('starts at page 1 with 50 to a page and no member filter', () => {
    expect(DEFAULT_EMPLOYEE_QUERY).toMatchObject({ page: 1, pageSize: 50, memberUserId: null });
  });
});

describe('employeeQueryParams', () => {
  it('sends lists comma-separated and leaves out empty fields', () => {
    expect(
      employeeQueryParams({
        ...DEFAULT_EMPLOYEE_QUERY,
        search: '  ada ',
        statusNames: ['active', 'invited'],
        roleNames: ['Company Admin'],
      }),
    ).toEqual({
      page: 1,
      pageSize: 50,
      sortBy: 'firstName',
      sortOrder: 'asc',
      search: 'ada',
      statusNames: 'active,invited',
      roleNames: 'Company Admin',
    });
  });
});
