import { MAX_PAGE_SIZE, type Paged, type UserProfile } from '@taskhive/contract';
import { baseApi } from './base-api';

/**
 * The company's active people to pick from (project members, the member filter): one page of the
 * largest size, the same call as the department manager picker. Needs `employee:read:all`.
 */
export const peopleApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    listPeopleOptions: build.query<UserProfile[], void>({
      query: () => ({
        url: 'CompanyUsers/details',
        params: { page: 1, pageSize: MAX_PAGE_SIZE, statusNames: 'active', sortBy: 'firstName' },
      }),
      transformResponse: (res: { data: Paged<UserProfile> }) => res.data.items,
      providesTags: [{ type: 'Employee', id: 'LIST' }],
    }),
  }),
});

export const { useListPeopleOptionsQuery } = peopleApi;
