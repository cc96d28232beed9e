import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  createSavedViewBodySchema,
  deleteSavedViewResultSchema,
  envelope,
  SAVED_VIEW_MESSAGES,
  savedViewListSchema,
  savedViewParams,
  savedViewSchema,
  savedViewsQuerySchema,
  updateSavedViewBodySchema,
} from '@taskhive/contract';
import { scopeOf } from '../../plugins/auth.ts';
import { ok } from '../../plugins/envelope.ts';
import type { SavedViewsService } from './saved-views.service.ts';

const tags = ['tasks'];

/**
 * Saved views (issue 26), their own prefix `/api/SavedViews`. Every route needs `task:read` (a
 * view shows tasks); the place and the view's owner or sharing decide the rest (the policy).
 */
export async function savedViewsRoutes(app: FastifyInstance, opts: { views: SavedViewsService }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { views } = opts;
  const config = { permission: 'task:read' } as const;
  const one = { 200: envelope(savedViewSchema) };

  r.get(
    '/api/SavedViews',
    {
      config,
      schema: {
        tags,
        summary: "A place's views: the reader's own, then those shared with the project",
        querystring: savedViewsQuerySchema,
        response: { 200: envelope(savedViewListSchema) },
      },
    },
    async (req, reply) => ok(reply, await views.list(scopeOf(req), req.query.place)),
  );

  r.post(
    '/api/SavedViews',
    {
      config,
      schema: {
        tags,
        summary: 'Save a view (a place, its layout and URL query), personal or shared with the project',
        body: createSavedViewBodySchema,
        response: { 201: envelope(savedViewSchema) },
      },
    },
    async (req, reply) =>
      ok(reply, await views.create(scopeOf(req), req.body), SAVED_VIEW_MESSAGES.created, 201),
  );

  r.put(
    '/api/SavedViews/:viewId',
    {
      config,
      schema: {
        tags,
        summary: "Rename a view, take the screen's current query, share it or stop sharing it",
        params: savedViewParams,
        body: updateSavedViewBodySchema,
        response: one,
      },
    },
    async (req, reply) =>
      ok(reply, await views.update(scopeOf(req), req.params.viewId, req.body), SAVED_VIEW_MESSAGES.updated),
  );

  r.delete(
    '/api/SavedViews/:viewId',
    {
      config,
      schema: {
        tags,
        summary: 'Delete a view',
        params: savedViewParams,
        response: { 200: envelope(deleteSavedViewResultSchema) },
      },
    },
    async (req, reply) =>
      ok(reply, await views.remove(scopeOf(req), req.params.viewId), SAVED_VIEW_MESSAGES.deleted),
  );
}
