import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import fastifyStatic from '@fastify/static';

/**
 * Serves the built web app from the API's origin: its files, and index.html for every other
 * non-/api GET (SPA fallback), so deep links work. /api paths that match nothing stay a JSON 404.
 */
export const webPlugin = fp(async (app: FastifyInstance, opts: { distDir: string }) => {
  const indexFile = join(opts.distDir, 'index.html');
  if (!existsSync(indexFile)) {
    app.log.warn(`no built web app at ${opts.distDir}: run "npm run build" (the API still serves /api)`);
    return;
  }
  await app.register(fastifyStatic, {
    root: opts.distDir,
    wildcard: false,
    index: false,
    cacheControl: false,
    // The build writes .br and .gz beside each asset (apps/web/scripts/precompress.mjs).
    preCompressed: true,
    setHeaders: (res, path) => {
      // The body was chosen by Accept-Encoding (precompressed copies), so caches must key on it.
      res.setHeader('vary', 'Accept-Encoding');
      res.setHeader(
        'cache-control',
        path.includes('/assets/') ? 'public, max-age=31536000, immutable' : 'no-cache',
      );
    },
  });
  app.get('/', { config: { public: true }, schema: { hide: true } }, (_req, reply) =>
    reply.sendFile('index.html'),
  );
  app.get('/*', { config: { public: true }, schema: { hide: true } }, (req, reply) => {
    const path = req.url.split('?')[0] ?? '/';
    if (path.toLowerCase().startsWith('/api/') || path.toLowerCase() === '/api') {
      return reply.code(404).send({
        status: 'error',
        statusCode: 404,
        message: `Route ${req.method} ${path} not found`,
        data: null,
        requestId: String(req.id),
      });
    }
    const file = path.replace(/^\/+/, '');
    if (file && !file.includes('..') && existsSync(join(opts.distDir, file))) return reply.sendFile(file);
    return reply.type('text/html').sendFile('index.html');
  });
});
