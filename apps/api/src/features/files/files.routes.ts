import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { text } from '@taskhive/contract';
import type { FileStorage } from './files.storage.ts';

/**
 * A token is a few hundred characters (a 200-character file name at most), too long for a path
 * parameter (Fastify's maxParamLength is 100): it comes in the query. Anything longer is not ours;
 * a NUL or a lone surrogate is refused on the field like any text a client sends.
 */
const tokenQuery = z.object({ token: text().min(1).max(2048) });

/**
 * The disk driver's signed short-lived download URLs (SIGNED_DOWNLOADS=on, files.storage.ts
 * `send`). Public: the token is the authorisation, handed out only by a route that checked the
 * reader, and it names one file for `SIGNED_DOWNLOAD_TTL_SECONDS`. A token that is not ours
 * answers 404, an expired one 403; neither says anything about the file. With signed downloads
 * off it answers 404 to everything.
 */
export async function filesRoutes(app: FastifyInstance, opts: { storage: FileStorage }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(
    '/api/Files/signed',
    {
      config: { public: true },
      schema: {
        tags: ['Files'],
        summary: 'A file through a signed short-lived link (SIGNED_DOWNLOADS=on, disk storage)',
        querystring: tokenQuery,
      },
    },
    async (req, reply) => opts.storage.sendSigned(reply, req.query.token),
  );
}
