import type { Paged, Person, Task, TaskDetail } from '@taskhive/contract';
import { baseApi } from '../../api/base-api';

/** How many of each kind the palette lists. */
export const PALETTE_PAGE = 5;

/**
 * The palette's reads (issue 23): tasks from All Tasks or My Tasks (their search also matches a
 * key), one task by its key, and the lean people directory. Short-lived: each search asks afresh.
 */
export const paletteApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    paletteTasks: build.query<Paged<Task>, { all: boolean; search: string }>({
      query: ({ all, search }) => ({
        url: all ? 'Tasks/all' : 'Tasks/users/mytasks',
        params: { page: 1, pageSize: PALETTE_PAGE, sortBy: 'updatedAt', sortOrder: 'desc', search },
      }),
      keepUnusedDataFor: 15,
    }),
    paletteTaskByKey: build.query<TaskDetail, string>({
      query: (key) => `Tasks/key/${encodeURIComponent(key)}`,
      keepUnusedDataFor: 15,
    }),
    palettePeople: build.query<Person[], string>({
      query: (search) => ({ url: 'CompanyUsers/directory', params: { search, limit: PALETTE_PAGE } }),
      keepUnusedDataFor: 15,
    }),
  }),
});

export const { usePaletteTasksQuery, usePaletteTaskByKeyQuery, usePalettePeopleQuery } = paletteApi;
