import { request } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IMAGE_MAX_BYTES, MESSAGES } from '@taskhive/contract';
import type { App } from '../../app.ts';
import type { Database } from '../../db/client.ts';
import { buildTestApp, workerDataDir } from '../../test/build-app.ts';
import { startS3 } from '../../test/s3.ts';
import { bearer, buildCompany, login, type Session, type TestCompany } from '../../test/factories.ts';
import { EXE, JPEG, multipart, OLE, PDF, PNG, WEBP, ZIP } from '../../test/files.fixtures.ts';
import { type BlobStore, diskStore, s3Store } from './blob-store.ts';
import { contentDisposition, contentTypeOf, fileStorage, safeFileName, sniff } from './files.storage.ts';

describe('type detection by content', () => {
  it('recognises the accepted signatures and nothing else', () => {
    expect(sniff(PNG)).toBe('png');
    expect(sniff(JPEG)).toBe('jpeg');
    expect(sniff(WEBP)).toBe('webp');
    expect(sniff(PDF)).toBe('pdf');
    expect(sniff(ZIP)).toBe('zip');
    expect(sniff(OLE)).toBe('ole');
    expect(sniff(EXE)).toBeNull();
    expect(sniff(Buffer.from('hello'))).toBeNull();
  });

  it('maps bytes and name to a type: images by bytes, containers and text only under their own names', () => {
    expect(contentTypeOf('image', 'png', 'jpg', false)).toBe('image/png');
    expect(contentTypeOf('image', 'pdf', 'png', false)).toBeNull();
    expect(contentTypeOf('image', null, 'png', true)).toBeNull();
    expect(contentTypeOf('document', 'zip', 'docx', false)).toContain('wordprocessingml');
    expect(contentTypeOf('document', 'zip', 'jar', false)).toBeNull();
    expect(contentTypeOf('document', 'ole', 'xls', false)).toBe('application/vnd.ms-excel');
    expect(contentTypeOf('document', 'ole', 'msi', false)).toBeNull();
    expect(contentTypeOf('document', null, 'txt', true)).toBe('text/plain');
    expect(contentTypeOf('document', null, 'png', true)).toBeNull();
    expect(contentTypeOf('document', null, 'html', true)).toBeNull();
    expect(contentTypeOf('document', null, 'txt', false)).toBeNull();
  });

  it('keeps client file names harmless', () => {
    expect(safeFileName('../../etc/passwd')).toBe('passwd');
    expect(safeFileName('C:\\temp\\report.pdf')).toBe('report.pdf');
    expect(safeFileName('a\u0000b\r\n.txt')).toBe('ab.txt');
    expect(safeFileName('..')).toBe('file');
    expect(contentDisposition('attachment', 'résumé "v2".pdf')).toBe(
      `attachment; filename="r_sum_ _v2_.pdf"; filename*=UTF-8''r%C3%A9sum%C3%A9%20%22v2%22.pdf`,
    );
  });
});

// The same suite on both storage drivers (issue 27): the disk under DATA_DIR/uploads, and an
// S3-compatible server (s3rver, started by the test).
describe.each(['disk', 's3'] as const)('uploads through the API (%s driver)', (driver) => {
  let app: App;
  let database: Database;
  let acme: TestCompany;
  let admin: Session;
  let store: BlobStore;
  let s3: Awaited<ReturnType<typeof startS3>> | undefined;
  const files = () => store.list();

  beforeAll(async () => {
    if (driver === 's3') {
      s3 = await startS3();
      store = s3Store(s3.settings);
      ({ app, database } = await buildTestApp({ s3: s3.settings }));
    } else {
      store = diskStore(fileStorage(workerDataDir()).root);
      ({ app, database } = await buildTestApp());
    }
    acme = await buildCompany(database.db, { name: `Acme ${driver}` });
    admin = await login(app, acme.adminEmail);
  });
  afterAll(async () => {
    await app.close();
    store.close();
    await s3?.close();
  });

  const upload = (
    url: string,
    file: Parameters<typeof multipart>[0],
    headers: Record<string, string> = {},
  ) => {
    const m = multipart(file);
    return app.inject({
      method: 'POST',
      url,
      payload: m.payload,
      headers: { ...bearer(admin), ...m.headers, ...headers },
    });
  };
  const docUrl = () => `/api/Companies/${acme.companyId}/documents`;
  const logoUrl = () => `/api/Companies/${acme.companyId}/upload-logo`;

  it('accepts each document kind and stores it under a random name', async () => {
    for (const [name, content, type] of [
      ['brief.pdf', PDF, 'application/pdf'],
      ['plan.docx', ZIP, 'application/vnd.openxmlformats-officedocument.wordprocessingml.document'],
      ['old.xls', OLE, 'application/vnd.ms-excel'],
      ['notes.txt', 'Plain notes, ünïcödé\n', 'text/plain'],
      ['photo.webp', WEBP, 'image/webp'],
    ] as const) {
      const before = (await files()).length;
      const res = await upload(docUrl(), { name, content });
      expect(res.statusCode, name).toBe(201);
      expect(res.json().data).toMatchObject({ fileName: name, mimeType: type });
      expect(res.json().data).not.toHaveProperty('storageKey');
      expect((await files()).length).toBe(before + 1);
    }
    expect((await files()).some((f) => f.includes('brief') || f.endsWith('.pdf'))).toBe(false);
  });

  it('downloads what was uploaded, byte for byte, with its type; a logo is typed by its own bytes', async () => {
    const doc = await upload(docUrl(), { name: 'brief.pdf', content: PDF });
    expect(doc.statusCode).toBe(201);
    const docId = doc.json().data.documentId ?? doc.json().data.id;
    const got = await app.inject({ method: 'GET', url: `${docUrl()}/${docId}`, headers: bearer(admin) });
    expect(got.statusCode).toBe(200);
    expect(got.headers['content-type']).toBe('application/pdf');
    expect(got.headers['content-length']).toBe(String(PDF.length));
    expect(got.rawPayload.equals(PDF)).toBe(true);

    expect((await upload(logoUrl(), { name: 'logo.png', content: PNG })).statusCode).toBeLessThan(300);
    const logo = await app.inject({
      method: 'GET',
      url: `/api/Companies/${acme.companyId}/logo`,
      headers: bearer(admin),
    });
    expect(logo.statusCode).toBe(200);
    expect(logo.headers['content-type']).toBe('image/png');
    expect(logo.rawPayload.equals(PNG)).toBe(true);
  });

  it('names the download with the extension of the type the bytes show', async () => {
    for (const [name, content, stored] of [
      ['invoice.html', PNG, 'invoice.png'],
      ['scan', JPEG, 'scan.jpg'],
      ['photo.JPEG', JPEG, 'photo.JPEG'],
      ['report.txt', PDF, 'report.pdf'],
      ['brief.pdf', PDF, 'brief.pdf'],
    ] as const) {
      const res = await upload(docUrl(), { name, content });
      expect(res.statusCode, name).toBe(201);
      expect(res.json().data.fileName, name).toBe(stored);
    }
  });

  it('415 for spoofed types, leaving nothing on disk', async () => {
    const before = (await files()).length;
    const cases = [
      [logoUrl(), { name: 'logo.png', content: 'just text, not a picture', type: 'image/png' }],
      [logoUrl(), { name: 'logo.png', content: EXE, type: 'image/png' }],
      [logoUrl(), { name: 'logo.png', content: PDF, type: 'image/png' }],
      [docUrl(), { name: 'setup.exe', content: EXE }],
      [docUrl(), { name: 'invoice.pdf', content: EXE, type: 'application/pdf' }],
      [docUrl(), { name: 'picture.png', content: 'text pretending to be an image', type: 'image/png' }],
      [docUrl(), { name: 'page.html', content: '<script>alert(1)</script>', type: 'text/plain' }],
      [docUrl(), { name: 'app.jar', content: ZIP }],
      [docUrl(), { name: 'notes.txt', content: Buffer.from([0x68, 0x69, 0xc3, 0x28, 0x0a]) }],
    ] as const;
    for (const [url, file] of cases) {
      const res = await upload(url, file);
      expect(res.statusCode, file.name).toBe(415);
      expect(res.json().message).toBe(MESSAGES.unsupportedMediaType);
    }
    expect((await files()).length).toBe(before);
  });

  it('leaves no file behind when many refused uploads race the file opening', async () => {
    const before = (await files()).length;
    const results = await Promise.all(
      Array.from({ length: 20 }, () => upload(docUrl(), { name: 'setup.exe', content: EXE })),
    );
    expect(results.every((r) => r.statusCode === 415)).toBe(true);
    expect((await files()).length).toBe(before);
  });

  it('413 for an oversize image while streaming, leaving no partial file', async () => {
    const before = (await files()).length;
    const big = Buffer.concat([PNG, Buffer.alloc(IMAGE_MAX_BYTES, 7)]);
    const res = await upload(logoUrl(), { name: 'huge.png', content: big });
    expect(res.statusCode).toBe(413);
    expect(res.json().message).toBe(MESSAGES.payloadTooLarge);
    expect((await files()).length).toBe(before);
  });

  it('413 at once from Content-Length, before any of the body is read', async () => {
    const res = await upload(
      docUrl(),
      { name: 'small.txt', content: 'x' },
      { 'content-length': String(30 * 1024 * 1024) },
    );
    expect(res.statusCode).toBe(413);
  });

  it('answers 413 on a real socket while the client is still sending', async () => {
    await app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = app.server.address() as AddressInfo;
    const boundary = 'xxBOUNDARYxx';
    const head = Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="big.png"\r\nContent-Type: image/png\r\n\r\n`,
    );
    const status = await new Promise<number>((resolve, reject) => {
      const req = request(
        {
          port,
          host: '127.0.0.1',
          method: 'POST',
          path: logoUrl(),
          headers: {
            ...bearer(admin),
            'content-type': `multipart/form-data; boundary=${boundary}`,
            'transfer-encoding': 'chunked',
          },
        },
        (res) => {
          res.resume();
          resolve(res.statusCode ?? 0);
          req.destroy();
        },
      );
      req.on('error', (err) =>
        err.message.includes('socket hang up') || (err as NodeJS.ErrnoException).code === 'EPIPE'
          ? undefined
          : reject(err),
      );
      req.write(head);
      req.write(PNG);
      // Send 6 MB of a declared-unbounded body, then stop and wait: the answer must come anyway.
      const chunk = Buffer.alloc(1024 * 1024, 1);
      for (let i = 0; i < 6; i++) req.write(chunk);
    });
    expect(status).toBe(413);
  });
});
