import { request } from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { buildApp } from './app.ts';
import { appDb, testConfig, workerDatabase } from './test/build-app.ts';

const get = (port: number, path: string) =>
  new Promise<{ status: number; body: string }>((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port, path }, (res) => {
      let body = '';
      res.on('data', (d) => (body += d));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
    });
    req.on('error', reject);
    req.end();
  });

describe('graceful shutdown', () => {
  it('finishes in-flight requests, then stops accepting', async () => {
    const database = await workerDatabase();
    const app = await buildApp({ db: appDb(database), config: testConfig(), logger: false });
    let release = () => {};
    const started = new Promise<void>((resolveStarted) => {
      app.get('/api/slow', { config: { public: true } }, async () => {
        resolveStarted();
        await new Promise<void>((r) => (release = r));
        return { done: true };
      });
    });
    await app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = app.server.address() as AddressInfo;

    const inFlight = get(port, '/api/slow');
    await started;
    const closing = app.close();
    release();
    const res = await inFlight;
    expect(res.status).toBe(200);
    expect(JSON.parse(res.body)).toEqual({ done: true });
    await closing;
    await expect(get(port, '/healthz')).rejects.toThrow();
  });
});
