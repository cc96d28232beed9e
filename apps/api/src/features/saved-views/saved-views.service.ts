import {
  type CreateSavedViewBody,
  SAVED_VIEW_MESSAGES,
  SAVED_VIEW_PAGES,
  SAVED_VIEWS_PER_PLACE,
  type SavedView,
  type SavedViewLayout,
  type SavedViewList,
  type UpdateSavedViewBody,
} from '@taskhive/contract';
import { conflict, fieldError, forbidden, HttpError, notFound, uniqueViolation } from '../../lib/errors.ts';
import type { Scope } from '../../lib/scope.ts';
import { loadProject } from '../projects/index.ts';
import { toSavedView } from './saved-views.mapper.ts';
import { savedViewsPolicy } from './saved-views.policy.ts';
import { type Place, type SavedViewRow, savedViewsRepo } from './saved-views.repo.ts';

/** The layouts each kind of place shows (the project page's tabs, My/All Tasks' views, the calendar). */
const LAYOUTS: Record<'project' | (typeof SAVED_VIEW_PAGES)[number], readonly SavedViewLayout[]> = {
  project: ['list', 'board', 'timeline'],
  'my-tasks': ['list', 'board'],
  'all-tasks': ['list', 'board'],
  calendar: ['calendar'],
};

const isPage = (place: string): place is (typeof SAVED_VIEW_PAGES)[number] =>
  (SAVED_VIEW_PAGES as readonly string[]).includes(place);

/**
 * The place a request names: a project within the reader's reach (else 404, as every project
 * read), or a page the reader may open (All Tasks needs `task:read:all`, else 403).
 */
async function placeOf(scope: Scope, place: string): Promise<Place> {
  if (isPage(place)) {
    if (!savedViewsPolicy.canUsePage(scope.actor, place)) throw forbidden();
    return { projectId: null, page: place };
  }
  await loadProject(scope, place);
  return { projectId: place, page: null };
}

const kindOf = (place: Place) =>
  place.projectId !== null ? 'project' : (place.page as keyof typeof LAYOUTS);

function checkShape(place: Place, layout: string | undefined, shared: boolean | undefined) {
  if (layout !== undefined && !LAYOUTS[kindOf(place)].some((l) => l === layout))
    throw fieldError('layout', `This place shows ${LAYOUTS[kindOf(place)].join(', ')}`);
  if (shared && place.projectId === null)
    throw fieldError('shared', SAVED_VIEW_MESSAGES.sharedOnlyInProjects);
}

/** Another view of the owner's in the place has the name (the unique index): 409 on `name`. */
async function naming<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (err) {
    if (uniqueViolation(err))
      throw conflict(SAVED_VIEW_MESSAGES.nameTaken, { name: [SAVED_VIEW_MESSAGES.nameTaken] });
    throw err;
  }
}

/**
 * A view the reader may see, with its place: its project within their reach and the view theirs
 * or shared (the policy); anything else answers 404 like another company's view.
 */
async function loadView(scope: Scope, id: string): Promise<{ row: SavedViewRow; place: Place }> {
  const row = await savedViewsRepo.byId(scope, id);
  if (!row || !savedViewsPolicy.canSee(scope.actor, row)) throw notFound('View');
  if (row.projectId === null) return { row, place: { projectId: null, page: row.page ?? '' } };
  try {
    await loadProject(scope, row.projectId);
  } catch (err) {
    if (err instanceof HttpError && err.statusCode === 404) throw notFound('View');
    throw err;
  }
  return { row, place: { projectId: row.projectId, page: null } };
}

/**
 * A view's change (the `savedview` live kind): heard by the project's readers when the view is
 * shared (or was, before this write: its leaving their menus is news to them), else by its owner
 * alone (`userIds`), so a personal view never reaches anyone else's stream.
 */
function viewChanged(
  tx: Scope,
  action: 'created' | 'updated' | 'deleted',
  id: string,
  view: { ownerId: string; projectId: string | null },
  shared: boolean,
) {
  tx.emit({
    type: 'savedview',
    action,
    id,
    projectId: view.projectId,
    ...(shared && view.projectId ? {} : { userIds: [view.ownerId] }),
  });
}

/**
 * Saved views (issue 26): a place, a layout and the screen's URL query, personal or shared with a
 * project. Each write is a `savedview` change (no history, no audit: a screen preference), so the
 * Views menus that show it refresh live: a shared view's in every reader of the project, a
 * personal view's only in its owner's other tabs (see ARCHITECTURE "Saved views").
 */
export const savedViewsService = {
  async list(scope: Scope, placeName: string): Promise<SavedViewList> {
    const place = await placeOf(scope, placeName);
    const rows = await savedViewsRepo.list(scope, place);
    return { place: placeName, items: rows.map((r) => toSavedView(r, scope.actor)) };
  },

  async create(scope: Scope, body: CreateSavedViewBody): Promise<SavedView> {
    const place = await placeOf(scope, body.place);
    checkShape(place, body.layout, body.shared);
    const id = await naming(() =>
      scope.transaction(async (tx) => {
        if ((await savedViewsRepo.countMine(tx, place)) >= SAVED_VIEWS_PER_PLACE)
          throw conflict(SAVED_VIEW_MESSAGES.tooMany);
        const shared = body.shared ?? false;
        const viewId = await savedViewsRepo.insert(tx, {
          ...place,
          name: body.name,
          layout: body.layout,
          query: body.query,
          shared,
        });
        viewChanged(
          tx,
          'created',
          viewId,
          { ownerId: scope.actor.userId, projectId: place.projectId },
          shared,
        );
        return viewId;
      }),
    );
    const { row } = await loadView(scope, id);
    return toSavedView(row, scope.actor);
  },

  async update(scope: Scope, id: string, body: UpdateSavedViewBody): Promise<SavedView> {
    const { row, place } = await loadView(scope, id);
    if (!savedViewsPolicy.canEdit(scope.actor, row)) throw forbidden(SAVED_VIEW_MESSAGES.notYours);
    if (
      body.shared !== undefined &&
      body.shared !== row.shared &&
      !savedViewsPolicy.canShare(scope.actor, row)
    )
      throw forbidden(SAVED_VIEW_MESSAGES.shareOwnerOnly);
    checkShape(place, body.layout, body.shared);
    await naming(() =>
      scope.transaction(async (tx) => {
        if (!(await savedViewsRepo.update(tx, id, body))) throw notFound('View');
        viewChanged(tx, 'updated', id, row, row.shared || body.shared === true);
      }),
    );
    const updated = await loadView(scope, id);
    return toSavedView(updated.row, scope.actor);
  },

  async remove(scope: Scope, id: string): Promise<{ viewId: string }> {
    const { row } = await loadView(scope, id);
    if (!savedViewsPolicy.canEdit(scope.actor, row)) throw forbidden(SAVED_VIEW_MESSAGES.notYours);
    await scope.transaction(async (tx) => {
      if (!(await savedViewsRepo.delete(tx, id))) throw notFound('View');
      viewChanged(tx, 'deleted', id, row, row.shared);
    });
    return { viewId: id };
  },
};

export type SavedViewsService = typeof savedViewsService;
