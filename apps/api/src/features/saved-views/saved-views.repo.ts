import { and, asc, count, desc, eq, or, type SQL, sql } from 'drizzle-orm';
import { savedViews, users } from '../../db/schema/index.ts';
import type { Scope } from '../../lib/scope.ts';

export type SavedViewRow = {
  id: string;
  ownerId: string;
  ownerFirstName: string | null;
  ownerLastName: string | null;
  projectId: string | null;
  page: string | null;
  name: string;
  layout: string;
  query: string;
  shared: boolean;
  createdAt: Date;
  updatedAt: Date;
};

/** Where a view lives: a project, or one of the pages (my-tasks, all-tasks, calendar). */
export type Place = { projectId: string; page: null } | { projectId: null; page: string };

export type SavedViewPatch = {
  name?: string | undefined;
  layout?: string | undefined;
  query?: string | undefined;
  shared?: boolean | undefined;
};

const placeIs = (place: Place): SQL =>
  place.projectId !== null ? eq(savedViews.projectId, place.projectId) : eq(savedViews.page, place.page);

function select(scope: Scope) {
  return scope.db
    .select({
      id: savedViews.id,
      ownerId: savedViews.ownerId,
      ownerFirstName: users.firstName,
      ownerLastName: users.lastName,
      projectId: savedViews.projectId,
      page: savedViews.page,
      name: savedViews.name,
      layout: savedViews.layout,
      query: savedViews.query,
      shared: savedViews.shared,
      createdAt: savedViews.createdAt,
      updatedAt: savedViews.updatedAt,
    })
    .from(savedViews)
    .leftJoin(users, and(eq(users.companyId, savedViews.companyId), eq(users.id, savedViews.ownerId)));
}

/** The only place that touches `saved_views`. */
export const savedViewsRepo = {
  /**
   * The reader's views of a place and the shared ones of others (a project's), the reader's first,
   * each group by name: one statement over the place's unique index.
   */
  async list(scope: Scope, place: Place): Promise<SavedViewRow[]> {
    const me = scope.actor.userId;
    const mine = eq(savedViews.ownerId, me);
    return select(scope)
      .where(
        scope.own(savedViews, placeIs(place), place.projectId !== null ? or(mine, savedViews.shared) : mine),
      )
      .orderBy(
        desc(sql`${savedViews.ownerId} = ${me}`),
        asc(sql`lower(${savedViews.name})`),
        asc(savedViews.id),
      );
  },

  async byId(scope: Scope, id: string): Promise<SavedViewRow | undefined> {
    const [row] = await select(scope).where(scope.own(savedViews, eq(savedViews.id, id)));
    return row;
  },

  /** How many views the reader keeps for the place (the per-place limit). */
  async countMine(scope: Scope, place: Place): Promise<number> {
    const [row] = await scope.db
      .select({ n: count() })
      .from(savedViews)
      .where(scope.own(savedViews, placeIs(place), eq(savedViews.ownerId, scope.actor.userId)));
    return row?.n ?? 0;
  },

  async insert(
    scope: Scope,
    row: Place & { name: string; layout: string; query: string; shared: boolean },
  ): Promise<string> {
    const [created] = await scope.db
      .insert(savedViews)
      .values(scope.values({ ...row, ownerId: scope.actor.userId }))
      .returning({ id: savedViews.id });
    if (!created) throw new Error('unreachable: insert returned no row');
    return created.id;
  },

  async update(scope: Scope, id: string, patch: SavedViewPatch): Promise<boolean> {
    const rows = await scope.db
      .update(savedViews)
      .set({ ...patch, updatedAt: new Date() })
      .where(scope.own(savedViews, eq(savedViews.id, id)))
      .returning({ id: savedViews.id });
    return rows.length > 0;
  },

  async delete(scope: Scope, id: string): Promise<boolean> {
    const rows = await scope.db
      .delete(savedViews)
      .where(scope.own(savedViews, eq(savedViews.id, id)))
      .returning({ id: savedViews.id });
    return rows.length > 0;
  },
};
