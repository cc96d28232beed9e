import type { CreateSavedViewBody, SavedView, SavedViewList, UpdateSavedViewBody } from '@taskhive/contract';
import { baseApi } from '../../api/base-api';

/**
 * Saved views (issue 26). A place's list is tagged `SavedView` with the place (a project id or a
 * page); every write refetches the place's list, and the live `savedview` change refetches it in
 * the other tabs and browsers that may see the view (api/tags.ts).
 */
const tag = (place: string) => ({ type: 'SavedView' as const, id: place });

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
