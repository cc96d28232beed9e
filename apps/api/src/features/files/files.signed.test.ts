import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { App } from '../../app.ts';
import { buildTestApp } from '../../test/build-app.ts';
import { startS3 } from '../../test/s3.ts';
import { bearer, buildCompany, login, type Session, type TestCompany } from '../../test/factories.ts';
import { multipart, PDF, PNG } from '../../test/files.fixtures.ts';
import { contentDisposition } from './files.storage.ts';

/**
 * Signed short-lived download URLs (SIGNED_DOWNLOADS=on, issue 27) on both drivers: the route that
 * checks the reader answers 302 to a URL that serves the same bytes with the same headers for the
 * TTL; the disk's URLs are this API's signed route, the bucket's its presigned GETs.
 */
const TTL = 300;

describe.each(['disk', 's3'] as const)('signed downloads (%s driver)', (driver) => {
  let app: App;
  let acme: TestCompany;
  let other: TestCompany;
  let admin: Session;
  let outsider: Session;
  let s3: Awaited<ReturnType<typeof startS3>> | undefined;
  let docId: string;

  beforeAll(async () => {
    let database;
    if (driver === 's3') {
      s3 = await startS3();
      ({ app, database } = await buildTestApp({ s3: s3.settings, signedDownloads: { ttlSeconds: TTL } }));
    } else {
      ({ app, database } = await buildTestApp({ signedDownloads: { ttlSeconds: TTL } }));
    }
    acme = await buildCompany(database.db, { name: `Signed ${driver}` });
    other = await buildCompany(database.db, { name: `Other ${driver}` });
    admin = await login(app, acme.adminEmail);
    outsider = await login(app, other.adminEmail);
    const m = multipart({ name: 'résumé v2.pdf', content: PDF });
    const doc = await app.inject({
      method: 'POST',
      url: docUrl(),
      payload: m.payload,
      headers: { ...bearer(admin), ...m.headers },
    });
    expect(doc.statusCode).toBe(201);
    docId = doc.json().data.documentId ?? doc.json().data.id;
    const l = multipart({ name: 'logo.png', content: PNG });
    const logo = await app.inject({
      method: 'POST',
      url: `/api/Companies/${acme.companyId}/upload-logo`,
      payload: l.payload,
      headers: { ...bearer(admin), ...l.headers },
    });
    expect(logo.statusCode).toBeLessThan(300);
  });
  afterAll(async () => {
    await app.close();
    await s3?.close();
  });
  afterEach(() => vi.useRealTimers());

  const docUrl = () => `/api/Companies/${acme.companyId}/documents`;
  const logoUrl = () => `/api/Companies/${acme.companyId}/logo`;

  /** GETs a signed URL: this app's route (disk), or the bucket over HTTP (S3), without any token. */
  async function follow(location: string) {
    if (location.startsWith('/')) {
      const res = await app.inject({ method: 'GET', url: location });
      return { status: res.statusCode, headers: res.headers as Record<string, string>, body: res.rawPayload };
    }
    const res = await fetch(location);
    return {
      status: res.status,
      headers: Object.fromEntries(res.headers.entries()),
      body: Buffer.from(await res.arrayBuffer()),
    };
  }

  it('answers 302 to a short-lived URL that serves the same bytes with the same headers', async () => {
    const res = await app.inject({ method: 'GET', url: `${docUrl()}/${docId}`, headers: bearer(admin) });
    expect(res.statusCode).toBe(302);
    expect(res.headers['cache-control']).toBe('private, no-store');
    expect(res.body).toBe('');
    const location = String(res.headers.location);
    if (driver === 'disk') expect(location).toMatch(/^\/api\/Files\/signed\?token=[\w-]+\.[\w-]+$/);
    else {
      expect(location.startsWith(`${s3?.settings.endpoint}/`)).toBe(true);
      expect(new URL(location).searchParams.get('X-Amz-Expires')).toBe(String(TTL));
    }
    // The URL names no file name, type or key in clear on the bucket's side either way.
    const got = await follow(location);
    expect(got.status).toBe(200);
    expect(got.body.equals(PDF)).toBe(true);
    expect(got.headers['content-type']).toBe('application/pdf');
    expect(got.headers['content-disposition']).toBe(contentDisposition('attachment', 'résumé v2.pdf'));
    expect(got.headers['cache-control']).toBe('private, no-store');
    if (driver === 'disk') {
      expect(got.headers['x-content-type-options']).toBe('nosniff');
      expect(got.headers['content-security-policy']).toBe("default-src 'none'; sandbox");
      expect(got.headers['content-length']).toBe(String(PDF.length));
    }
  });

  it('a logo: typed by its own bytes, inline', async () => {
    const res = await app.inject({ method: 'GET', url: logoUrl(), headers: bearer(admin) });
    expect(res.statusCode).toBe(302);
    const got = await follow(String(res.headers.location));
    expect(got.status).toBe(200);
    expect(got.body.equals(PNG)).toBe(true);
    expect(got.headers['content-type']).toBe('image/png');
    expect(got.headers['content-disposition']).toMatch(/^inline; /);
  });

  it('with X-Download-Link: 1 the same URL comes as JSON (a browser fetch cannot read a redirect)', async () => {
    const before = Date.now();
    const res = await app.inject({
      method: 'GET',
      url: `${docUrl()}/${docId}`,
      headers: { ...bearer(admin), 'x-download-link': '1' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['x-download-link']).toBe('1');
    expect(res.headers['cache-control']).toBe('private, no-store');
    const { url, expiresAt } = res.json().data as { url: string; expiresAt: string };
    const ttl = (Date.parse(expiresAt) - before) / 1000;
    expect(ttl).toBeGreaterThan(TTL - 2);
    expect(ttl).toBeLessThanOrEqual(TTL + 1);
    const got = await follow(url);
    expect(got.status).toBe(200);
    expect(got.body.equals(PDF)).toBe(true);
  });

  it('authorisation stays on the route: 401 without a token, 404 for another tenant, no URL either way', async () => {
    const anon = await app.inject({ method: 'GET', url: `${docUrl()}/${docId}` });
    expect(anon.statusCode).toBe(401);
    expect(anon.headers.location).toBeUndefined();
    const foreign = await app.inject({
      method: 'GET',
      url: `${docUrl()}/${docId}`,
      headers: bearer(outsider),
    });
    expect(foreign.statusCode).toBe(404);
    expect(foreign.headers.location).toBeUndefined();
    const foreignLogo = await app.inject({ method: 'GET', url: logoUrl(), headers: bearer(outsider) });
    expect(foreignLogo.statusCode).toBe(404);
    expect(foreignLogo.headers.location).toBeUndefined();
  });

  it('a URL no longer works once its time is up', async () => {
    if (driver === 'disk') {
      const res = await app.inject({ method: 'GET', url: `${docUrl()}/${docId}`, headers: bearer(admin) });
      const location = String(res.headers.location);
      vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + (TTL - 5) * 1000 });
      expect((await follow(location)).status).toBe(200);
      vi.setSystemTime(Date.now() + 10_000);
      const late = await app.inject({ method: 'GET', url: location });
      expect(late.statusCode).toBe(403);
      expect(late.body).not.toContain('pdf');
      expect(late.body).not.toContain('sum');
      expect(late.headers['content-disposition']).toBeUndefined();
    } else {
      // The bucket checks the expiry against its own clock: sign as if TTL + 10 s ago.
      vi.useFakeTimers({ toFake: ['Date'], now: Date.now() - (TTL + 10) * 1000 });
      const res = await app.inject({ method: 'GET', url: `${docUrl()}/${docId}`, headers: bearer(admin) });
      vi.useRealTimers();
      expect(res.statusCode).toBe(302);
      const late = await follow(String(res.headers.location));
      expect(late.status).toBe(403);
      expect(late.body.includes(PDF.subarray(0, 8))).toBe(false);
    }
  });

  it('a URL changed in any part is refused without saying why', async () => {
    const res = await app.inject({ method: 'GET', url: `${docUrl()}/${docId}`, headers: bearer(admin) });
    const location = String(res.headers.location);
    if (driver === 'disk') {
      const token = new URL(location, 'http://x').searchParams.get('token') ?? '';
      const [payload = '', signature = ''] = token.split('.');
      const claims = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8'));
      const forge = (changes: Record<string, unknown>) =>
        `${Buffer.from(JSON.stringify({ ...claims, ...changes })).toString('base64url')}.${signature}`;
      const tampered = [
        forge({ n: 'page.html', t: 'text/html' }),
        forge({ d: 'i' }),
        forge({ e: claims.e + 86_400 }),
        `${payload}.${signature.slice(0, -2)}AA`,
        `${payload}.`,
        payload,
        `${payload}.${signature}.x`,
        'not-a-token',
      ];
      for (const t of tampered) {
        const bad = await app.inject({
          method: 'GET',
          url: `/api/Files/signed?token=${encodeURIComponent(t)}`,
        });
        expect(bad.statusCode, t).toBe(404);
        expect(bad.body).not.toContain(claims.k);
        expect(bad.headers['content-disposition']).toBeUndefined();
      }
      expect(
        (await app.inject({ method: 'GET', url: `/api/Files/signed?token=${'a'.repeat(3000)}` })).statusCode,
      ).toBe(400);
    } else {
      // s3rver does not check SigV4 signatures (its source says so; it checks the expiry, above),
      // so a changed URL cannot be shown refused here: S3 refuses it (403 SignatureDoesNotMatch)
      // because the query, the response-* overrides included, is what the signature covers.
      const q = new URL(location).searchParams;
      expect(q.get('X-Amz-Algorithm')).toBe('AWS4-HMAC-SHA256');
      expect(q.get('X-Amz-Signature')).toMatch(/^[0-9a-f]{64}$/);
      expect(q.get('response-content-type')).toBe('application/pdf');
      expect(q.get('response-content-disposition')).toBe(contentDisposition('attachment', 'résumé v2.pdf'));
      expect(q.get('response-cache-control')).toBe('private, no-store');
    }
  });

  it('a file gone from the store answers 404, not a URL', async () => {
    const doc = await app.inject({
      method: 'POST',
      url: docUrl(),
      ...(() => {
        const m = multipart({ name: 'gone.pdf', content: PDF });
        return { payload: m.payload, headers: { ...bearer(admin), ...m.headers } };
      })(),
    });
    const id = doc.json().data.documentId ?? doc.json().data.id;
    const first = await app.inject({ method: 'GET', url: `${docUrl()}/${id}`, headers: bearer(admin) });
    expect(first.statusCode).toBe(302);
    const del = await app.inject({ method: 'DELETE', url: `${docUrl()}/${id}`, headers: bearer(admin) });
    expect(del.statusCode).toBeLessThan(300);
    // The URL handed out before the delete no longer serves the file.
    expect((await follow(String(first.headers.location))).status).toBeGreaterThanOrEqual(400);
  });
});

describe('signed downloads off (the default)', () => {
  let app: App;
  let admin: Session;
  let acme: TestCompany;
  beforeAll(async () => {
    let database;
    ({ app, database } = await buildTestApp());
    acme = await buildCompany(database.db, { name: 'Unsigned' });
    admin = await login(app, acme.adminEmail);
  });
  afterAll(() => app.close());

  it('streams as before (also with X-Download-Link), and the signed route answers 404 to every token', async () => {
    const m = multipart({ name: 'brief.pdf', content: PDF });
    const doc = await app.inject({
      method: 'POST',
      url: `/api/Companies/${acme.companyId}/documents`,
      payload: m.payload,
      headers: { ...bearer(admin), ...m.headers },
    });
    const id = doc.json().data.documentId ?? doc.json().data.id;
    for (const extra of [{}, { 'x-download-link': '1' }]) {
      const got = await app.inject({
        method: 'GET',
        url: `/api/Companies/${acme.companyId}/documents/${id}`,
        headers: { ...bearer(admin), ...extra },
      });
      expect(got.statusCode).toBe(200);
      expect(got.headers.location).toBeUndefined();
      expect(got.headers['x-download-link']).toBeUndefined();
      expect(got.rawPayload.equals(PDF)).toBe(true);
      expect(got.headers['content-disposition']).toBe(contentDisposition('attachment', 'brief.pdf'));
    }
    expect((await app.inject({ method: 'GET', url: '/api/Files/signed?token=abc.def' })).statusCode).toBe(
      404,
    );
  });
});
