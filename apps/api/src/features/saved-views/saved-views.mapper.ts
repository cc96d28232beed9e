import type { SavedView } from '@taskhive/contract';
import { SAVED_VIEW_LAYOUTS } from '@taskhive/contract';
import type { Actor } from '../../lib/scope.ts';
import { savedViewsPolicy } from './saved-views.policy.ts';
import type { SavedViewRow } from './saved-views.repo.ts';

const layoutOf = (value: string) => SAVED_VIEW_LAYOUTS.find((l) => l === value) ?? 'list';

/** A view as the reader gets it: whose it is and whether they may change it. */
export function toSavedView(row: SavedViewRow, actor: Actor): SavedView {
  return {
    viewId: row.id,
    place: row.projectId ?? row.page ?? '',
    name: row.name,
    layout: layoutOf(row.layout),
    query: row.query,
    shared: row.shared,
    ownerId: row.ownerId,
    ownerName: [row.ownerFirstName, row.ownerLastName].filter(Boolean).join(' ') || 'Former employee',
    mine: row.ownerId === actor.userId,
    canEdit: savedViewsPolicy.canEdit(actor, row),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}
