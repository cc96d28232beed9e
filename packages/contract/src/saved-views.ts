import { z } from 'zod';
import { text } from './text.ts';

/**
 * Saved views (issue 26, planning). A view is a place (a project, My Tasks, All Tasks or the
 * calendar), its layout and the URL query the place's screen keeps its state in (filters, sort,
 * grouping, visible columns): opening a view navigates to that address, so a link reproduces it
 * and filters added to a screen later are covered without a change here. Personal views are
 * their owner's; a project's view can be shared with everyone who can see the project. Routes:
 * `GET/POST /api/SavedViews`, `PUT/DELETE /api/SavedViews/{viewId}`.
 */

/** The places that are no project: My Tasks, All Tasks, the calendar. */
export const SAVED_VIEW_PAGES = ['my-tasks', 'all-tasks', 'calendar'] as const;
export type SavedViewPage = (typeof SAVED_VIEW_PAGES)[number];

export const SAVED_VIEW_LAYOUTS = ['list', 'board', 'timeline', 'calendar'] as const;
export type SavedViewLayout = (typeof SAVED_VIEW_LAYOUTS)[number];

/** The longest query a view keeps (the address after `?`). */
export const SAVED_VIEW_QUERY_MAX = 2000;
export const SAVED_VIEW_NAME_MAX = 80;
/** How many views one person keeps for one place. */
export const SAVED_VIEWS_PER_PLACE = 50;

/** The texts of saved views (kept out of MESSAGES, which the sign-in route loads whole). */
export const SAVED_VIEW_MESSAGES = {
  views: 'Views',
  myViews: 'My views',
  sharedViews: 'Shared with the project',
  none: 'No saved views here yet',
  save: 'Save view',
  saveAs: 'Save as new view',
  update: 'Update with current filters',
  rename: 'Rename',
  delete: 'Delete view',
  modified: 'modified',
  shareLabel: 'Share with the project',
  shareHint: 'Everyone who can see this project can open it',
  created: 'View saved',
  updated: 'View updated',
  renamed: 'View renamed',
  deleted: 'View deleted',
  saveFailed: 'Could not save the view',
  deleteFailed: 'Could not delete the view',
  fetchFailed: 'Could not load the saved views',
  nameTaken: 'You already have a view with this name here',
  tooMany: `You can keep at most ${SAVED_VIEWS_PER_PLACE} views here`,
  sharedOnlyInProjects: 'Only a project’s views can be shared',
  queryInvalid: 'Not a query of this screen',
  notYours: 'Only its owner or a project manager can change this view',
  shareOwnerOnly: 'Only its owner can share this view or stop sharing it',
} as const;

/** A project id, or one of the pages. */
export const savedViewPlaceSchema = z.union([z.enum(SAVED_VIEW_PAGES), z.uuid()], {
  error: 'A project id, my-tasks, all-tasks or calendar',
});

/** The address's query without `?`: URL-encoded `key=value` pairs, no fragment, no spaces. */
export const savedViewQuerySchema = text()
  .max(SAVED_VIEW_QUERY_MAX)
  .regex(/^[^?#\s][^#\s]*$|^$/, SAVED_VIEW_MESSAGES.queryInvalid);

const name = text().trim().min(1, 'Name the view').max(SAVED_VIEW_NAME_MAX);

export const savedViewSchema = z.object({
  viewId: z.uuid(),
  place: z.string(),
  name: z.string(),
  layout: z.enum(SAVED_VIEW_LAYOUTS),
  query: z.string(),
  shared: z.boolean(),
  ownerId: z.uuid(),
  ownerName: z.string(),
  /** The reader made it. */
  mine: z.boolean(),
  /** The reader may rename, update or delete it (its owner; for a shared view, a project manager too). */
  canEdit: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type SavedView = z.infer<typeof savedViewSchema>;

/** GET /api/SavedViews?place=: the reader's views of the place, then those shared with it, by name. */
export const savedViewsQuerySchema = z.object({ place: savedViewPlaceSchema });
export const savedViewListSchema = z.object({
  place: z.string(),
  items: z.array(savedViewSchema),
});
export type SavedViewList = z.infer<typeof savedViewListSchema>;

export const createSavedViewBodySchema = z.object({
  place: savedViewPlaceSchema,
  name,
  layout: z.enum(SAVED_VIEW_LAYOUTS),
  query: savedViewQuerySchema,
  shared: z.boolean().optional(),
});
export type CreateSavedViewBody = z.infer<typeof createSavedViewBodySchema>;

/** PUT /api/SavedViews/{viewId}: rename, take the current query, share or stop sharing. */
export const updateSavedViewBodySchema = z
  .object({
    name: name.optional(),
    layout: z.enum(SAVED_VIEW_LAYOUTS).optional(),
    query: savedViewQuerySchema.optional(),
    shared: z.boolean().optional(),
  })
  .refine((b) => Object.values(b).some((v) => v !== undefined), { message: 'Nothing to change' });
export type UpdateSavedViewBody = z.infer<typeof updateSavedViewBodySchema>;

export const savedViewParams = z.object({ viewId: z.uuid() });
export const deleteSavedViewResultSchema = z.object({ viewId: z.uuid() });
