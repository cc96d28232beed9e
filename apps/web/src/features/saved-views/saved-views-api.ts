import type { CreateSavedViewBody, SavedView, SavedViewList, UpdateSavedViewBody } from '@taskhive/contract';
import { baseApi } from '../../api/base-api';

/**
 * Saved views (issue 26). A place's list is tagged under `Project` (as the dependencies' lists are
 * under `Task`: no tag type of their own), per place; every write refetches the place's list.
 */
const tag = (place: string) => ({ type: 'Project' as const, id: `SAVED-VIEWS-${place}` });

export const savedViewsApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    savedViews: build.query<SavedViewList, string>({
      query: (place) => ({ url: 'SavedViews', params: { place } }),
      providesTags: (_r, _e, place) => [tag(place)],
    }),
    createSavedView: build.mutation<SavedView, CreateSavedViewBody>({
      query: (body) => ({ url: 'SavedViews', method: 'POST', body }),
      invalidatesTags: (r) => (r ? [tag(r.place)] : []),
    }),
    updateSavedView: build.mutation<SavedView, { viewId: string; body: UpdateSavedViewBody }>({
      query: ({ viewId, body }) => ({ url: `SavedViews/${encodeURIComponent(viewId)}`, method: 'PUT', body }),
      invalidatesTags: (r) => (r ? [tag(r.place)] : []),
    }),
    deleteSavedView: build.mutation<{ viewId: string }, { viewId: string; place: string }>({
      query: ({ viewId }) => ({ url: `SavedViews/${encodeURIComponent(viewId)}`, method: 'DELETE' }),
      invalidatesTags: (r, _e, { place }) => (r ? [tag(place)] : []),
    }),
  }),
});

export const {
  useSavedViewsQuery,
  useCreateSavedViewMutation,
  useUpdateSavedViewMutation,
  useDeleteSavedViewMutation,
} = savedViewsApi;
