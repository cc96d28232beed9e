import { skipToken } from '@reduxjs/toolkit/query/react';
import { MAX_PAGE_SIZE, type UserProfile } from '@taskhive/contract';
import type { EmployeeListArgs } from './employee-query';
import { useListEmployeesQuery } from './users-api';

/** The company's active people to pick from: one page of the largest size (as the manager picker asks). */
export const PEOPLE_OPTIONS: EmployeeListArgs = {
  page: 1,
  pageSize: MAX_PAGE_SIZE,
  statusNames: ['active'],
  sortBy: 'firstName',
};

const NONE: UserProfile[] = [];

/** The people to pick project members from (the user list needs `employee:read:all`). */
export function usePeopleOptions(enabled: boolean) {
  return useListEmployeesQuery(enabled ? PEOPLE_OPTIONS : skipToken, {
    selectFromResult: ({ data, isLoading }) => ({ people: data?.items ?? NONE, isLoading }),
  });
}
