import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, type App } from '../app.ts';
import { testConfig, workerDatabase } from '../test/build-app.ts';
import { bearer, buildCompany, buildUser, login } from '../test/factories.ts';

// A build as `npm run build` leaves it: hashed assets with .br and .gz copies, index.html too.
const script = `console.log(${JSON.stringify('x'.repeat(4000))});`;
const html = `<!doctype html><title>Taskhive</title>${'<!-- padding -->'.repeat(100)}`;

let app: App;

beforeAll(async () => {
  const dist = mkdtempSync(join(tmpdir(), 'taskhive-web-'));
  mkdirSync(join(dist, 'assets'));
  for (const [file, body] of [
    ['index.html', html],
    ['assets/app-1a2b3c.js', script],
  ] as const) {
    writeFileSync(join(dist, file), body);
    writeFileSync(join(dist, `${file}.br`), brotliCompressSync(body));
    writeFileSync(join(dist, `${file}.gz`), gzipSync(body));
  }
  const database = await workerDatabase();
  app = await buildApp({ db: database.db, config: testConfig({ webDistDir: dist }), logger: false });
  await app.ready();
});
afterAll(() => app.close());

describe('API responses', () => {
  it('over 1 KB are compressed by Accept-Encoding (gzip first, brotli when only it is accepted)', async () => {
    const database = await workerDatabase();
    const company = await buildCompany(database.db);
    for (let i = 0; i < 30; i++) await buildUser(database.db, company, { firstName: `Person${i}` });
    const s = await login(app, company.adminEmail);
    const url = '/api/CompanyUsers/details?pageSize=50';
    const plain = await app.inject({ url, headers: bearer(s) });
    expect(plain.statusCode).toBe(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.rawPayload.length).toBeGreaterThan(1024);

    const br = await app.inject({ url, headers: { ...bearer(s), 'accept-encoding': 'br' } });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.rawPayload.length).toBeLessThan(plain.rawPayload.length / 3);
    expect(JSON.parse(brotliDecompressSync(br.rawPayload).toString())).toEqual(plain.json());

    const gz = await app.inject({ url, headers: { ...bearer(s), 'accept-encoding': 'br, gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gz.rawPayload.length).toBeLessThan(plain.rawPayload.length / 3);
    expect(JSON.parse(gunzipSync(gz.rawPayload).toString())).toEqual(plain.json());
  });

  it('under 1 KB go as they are', async () => {
    const res = await app.inject({ url: '/healthz', headers: { 'accept-encoding': 'br, gzip' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBeUndefined();
  });
});

describe('static files', () => {
  it('are served precompressed, with a year-long immutable cache for hashed assets', async () => {
    const url = '/assets/app-1a2b3c.js';
    const br = await app.inject({ url, headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['content-type']).toContain('javascript');
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(br.headers.vary).toContain('Accept-Encoding');
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(script);

    const gz = await app.inject({ url, headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString()).toBe(script);

    const plain = await app.inject({ url });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(script);
  });

  it('keep index.html no-cache, for the root and for deep links, compressed too', async () => {
    for (const url of ['/', '/app/projects']) {
      const res = await app.inject({ url, headers: { 'accept-encoding': 'br' } });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toContain('text/html');
      expect(res.headers['cache-control']).toBe('no-cache');
      expect(res.headers['content-encoding']).toBe('br');
      expect(brotliDecompressSync(res.rawPayload).toString()).toBe(html);
    }
  });
});
