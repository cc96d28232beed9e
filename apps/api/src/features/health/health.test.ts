import { connect, createServer, type Socket } from 'node:net';
import { afterAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '@taskhive/contract';
import { sql } from 'drizzle-orm';
import { rowsOf } from '../../db/client.ts';
import { documents } from '../../db/schema/index.ts';
import { buildTestApp } from '../../test/build-app.ts';
import { bearer, buildCompany, login } from '../../test/factories.ts';
import { PDF, multipart } from '../../test/files.fixtures.ts';
import { freePort } from '../../test/free-port.ts';
import { startS3 } from '../../test/s3.ts';

/**
 * Readiness (issue 27): a balancer takes a process out of rotation while anything every request
 * may need is unreachable: the database, and, when configured, Redis and the file bucket.
 */
describe('GET /readyz', () => {
  const closing: (() => Promise<unknown>)[] = [];
  afterAll(async () => {
    for (const close of closing.reverse()) await close();
  });

  // Through a TCP proxy to the real Redis, which the test cuts and restores.
  it.runIf(!!process.env.REDIS_URL)(
    '503 naming Redis while it is unreachable; ready again once it answers',
    async () => {
      const target = new URL(process.env.REDIS_URL ?? '');
      const sockets = new Set<Socket>();
      const proxy = () =>
        createServer((client) => {
          const upstream = connect(Number(target.port || 6379), target.hostname);
          for (const s of [client, upstream]) {
            sockets.add(s);
            s.on('error', () => s.destroy());
            s.on('close', () => sockets.delete(s));
          }
          client.pipe(upstream).pipe(client);
        });
      const port = await freePort();
      let server = proxy();
      await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
      const cut = () =>
        new Promise<void>((resolve) => {
          server.close(() => resolve());
          for (const s of sockets) s.destroy();
        });
      const { app } = await buildTestApp({ redisUrl: `redis://127.0.0.1:${port}${target.pathname}` });
      closing.push(
        () => app.close(),
        () => cut(),
      );
      expect((await app.inject({ url: '/readyz' })).json()).toEqual({ status: 'ready' });

      await cut();
      const down = await app.inject({ url: '/readyz' });
      expect(down.statusCode).toBe(503);
      expect(down.json()).toEqual({ status: 'redis-unavailable' });

      server = proxy();
      await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
      await expect
        .poll(async () => (await app.inject({ url: '/readyz' })).statusCode, {
          timeout: 15_000,
          interval: 250,
        })
        .toBe(200);
    },
  );

  it('503 naming the storage while the bucket is unreachable; an upload then fails with 500 and keeps nothing', async () => {
    const s3 = await startS3();
    const { app, database } = await buildTestApp({ s3: s3.settings });
    closing.push(() => app.close());
    expect((await app.inject({ url: '/readyz' })).json()).toEqual({ status: 'ready' });
    const acme = await buildCompany(database.db, { name: 'Acme storage down' });
    const admin = await login(app, acme.adminEmail);
    await s3.close();

    const down = await app.inject({ url: '/readyz' });
    expect(down.statusCode).toBe(503);
    expect(down.json()).toEqual({ status: 'storage-unavailable' });

    const m = multipart({ name: 'brief.pdf', content: PDF });
    const res = await app.inject({
      method: 'POST',
      url: `/api/Companies/${acme.companyId}/documents`,
      payload: m.payload,
      headers: { ...bearer(admin), ...m.headers },
    });
    expect(res.statusCode).toBe(500);
    expect(res.json().message).not.toBe(MESSAGES.unsupportedMediaType);
    const [row] = rowsOf<{ n: number }>(
      await database.db.execute(
        sql`select count(*)::int as n from ${documents} where ${documents.companyId} = ${acme.companyId}`,
      ),
    );
    expect(row?.n).toBe(0);
  });
});
