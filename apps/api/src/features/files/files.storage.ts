import { createHmac, randomUUID, timingSafeEqual } from 'node:crypto';
import { extname, join } from 'node:path';
import { PassThrough, Transform, type TransformCallback } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { DOCUMENT_MAX_BYTES, IMAGE_MAX_BYTES, MESSAGES } from '@taskhive/contract';
import { fieldError, forbidden, HttpError, notFound } from '../../lib/errors.ts';
import { ok } from '../../plugins/envelope.ts';
import { type BlobStore, diskStore } from './blob-store.ts';

export type UploadKind = 'image' | 'document';
export type StoredFile = { storageKey: string; fileName: string; mimeType: string; sizeBytes: number };

export const UPLOAD_LIMITS: Record<UploadKind, number> = {
  image: IMAGE_MAX_BYTES,
  document: DOCUMENT_MAX_BYTES,
};
/** Room for the multipart boundaries and part headers around the file itself. */
const MULTIPART_OVERHEAD_BYTES = 64 * 1024;
const SNIFF_BYTES = 16;

/**
 * Refusals mid-upload leave the rest of the body unread: `connection: close` lets Node drop the
 * socket once the answer is out instead of keeping a half-read request open.
 */
const closing = { connection: 'close' };
const payloadTooLarge = () =>
  new HttpError(413, MESSAGES.payloadTooLarge, { code: 'FILE_TOO_LARGE', headers: closing });
const unsupportedType = () =>
  new HttpError(415, MESSAGES.unsupportedMediaType, { code: 'UNSUPPORTED_FILE_TYPE', headers: closing });

/** RFC 2046: a multipart boundary is 1 to 70 characters. */
const MAX_BOUNDARY_LENGTH = 70;
const malformed = () => new HttpError(400, MESSAGES.malformedUpload, { headers: closing });

/** The boundary named in a multipart Content-Type, or null when there is none. */
function boundaryOf(contentType: string | undefined): string | null {
  const m = /;\s*boundary=(?:"([^"]*)"|([^;\s]*))/i.exec(contentType ?? '');
  return m?.[1] ?? m?.[2] ?? null;
}

/**
 * What the multipart parser throws on a broken body (no end, a bad part header) is the client's
 * fault: 400. Errors of the system (a disk full: they carry `syscall`) and our own stay as they are.
 */
function asClientError(err: unknown): unknown {
  if (err instanceof HttpError) return err;
  const e = err as { statusCode?: number; syscall?: string };
  if (e.syscall || (e.statusCode !== undefined && e.statusCode !== 500)) return err;
  return malformed();
}

type Signature = 'png' | 'jpeg' | 'webp' | 'pdf' | 'zip' | 'ole';

/** The binary formats we accept, told apart by their first bytes (never by name or declared type). */
export function sniff(head: Buffer): Signature | null {
  const starts = (bytes: number[], at = 0) => bytes.every((b, i) => head[at + i] === b);
  if (starts([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'png';
  if (starts([0xff, 0xd8, 0xff])) return 'jpeg';
  if (head.subarray(0, 4).toString('latin1') === 'RIFF' && head.subarray(8, 12).toString('latin1') === 'WEBP')
    return 'webp';
  if (head.subarray(0, 5).toString('latin1') === '%PDF-') return 'pdf';
  if (starts([0x50, 0x4b, 0x03, 0x04]) || starts([0x50, 0x4b, 0x05, 0x06])) return 'zip';
  if (starts([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1])) return 'ole';
  return null;
}

const IMAGE_TYPES: Partial<Record<Signature, string>> = {
  png: 'image/png',
  jpeg: 'image/jpeg',
  webp: 'image/webp',
};
/** Zip containers and OLE compound files are many things: only these names make them a document. */
const ZIP_TYPES: Record<string, string> = {
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  pptx: 'application/vnd.openxmlformats-officedocument.presentationml.presentation',
  odt: 'application/vnd.oasis.opendocument.text',
  ods: 'application/vnd.oasis.opendocument.spreadsheet',
  odp: 'application/vnd.oasis.opendocument.presentation',
  zip: 'application/zip',
};
const OLE_TYPES: Record<string, string> = {
  doc: 'application/msword',
  xls: 'application/vnd.ms-excel',
  ppt: 'application/vnd.ms-powerpoint',
};
/** Plain UTF-8 text (no NUL bytes) is accepted only under one of these names. */
const TEXT_TYPES: Record<string, string> = {
  txt: 'text/plain',
  log: 'text/plain',
  md: 'text/markdown',
  csv: 'text/csv',
  tsv: 'text/tab-separated-values',
  json: 'application/json',
};

/** The extension a download gets for a type the bytes showed (the first is the usual one). */
const EXTENSIONS: Record<string, readonly string[]> = {
  'image/png': ['png'],
  'image/jpeg': ['jpg', 'jpeg'],
  'image/webp': ['webp'],
  'application/pdf': ['pdf'],
};

/**
 * The client's name with an extension that agrees with the detected type: PNG bytes named
 * `invoice.html` download as `invoice.png`. Types told by their name (zip, OLE, text) keep it.
 */
export function nameForType(fileName: string, mimeType: string): string {
  const allowed = EXTENSIONS[mimeType];
  const ext = extname(fileName);
  if (!allowed || allowed.includes(ext.slice(1).toLowerCase())) return fileName;
  return `${ext ? fileName.slice(0, -ext.length) : fileName}.${allowed[0]}`;
}

/** The content type to store and serve, or null when the bytes are not an accepted kind of file. */
export function contentTypeOf(
  kind: UploadKind,
  signature: Signature | null,
  ext: string,
  isText: boolean,
): string | null {
  const image = signature ? IMAGE_TYPES[signature] : undefined;
  if (kind === 'image') return image ?? null;
  if (image) return image;
  if (signature === 'pdf') return 'application/pdf';
  if (signature === 'zip') return ZIP_TYPES[ext] ?? null;
  if (signature === 'ole') return OLE_TYPES[ext] ?? null;
  if (signature === null && isText) return TEXT_TYPES[ext] ?? null;
  return null;
}

/**
 * Checks the bytes as they pass: decides the type from the first bytes (415 at once when it is
 * not accepted) and, for text, that every chunk is valid UTF-8 without NULs.
 */
function inspector(kind: UploadKind, ext: string, onType: (mime: string) => void) {
  let head = Buffer.alloc(0);
  let decided = false;
  let text = false;
  const decoder = new TextDecoder('utf-8', { fatal: true });
  const textOk = (chunk: Buffer, final: boolean) => {
    if (chunk.includes(0)) return false;
    try {
      decoder.decode(chunk, { stream: !final });
      return true;
    } catch {
      return false;
    }
  };
  const decide = (): Error | null => {
    if (head.length === 0) return fieldError('file', 'The file is empty');
    const signature = sniff(head);
    text = signature === null;
    const mime = contentTypeOf(kind, signature, ext, text && !head.includes(0));
    if (!mime) return unsupportedType();
    onType(mime);
    decided = true;
    return null;
  };
  return new Transform({
    transform(chunk: Buffer, _enc, cb: TransformCallback) {
      if (!decided) {
        head = Buffer.concat([head, chunk]);
        if (head.length < SNIFF_BYTES) return cb();
        const err = decide();
        if (err) return cb(err);
        chunk = head;
        head = Buffer.alloc(0);
      }
      if (text && !textOk(chunk, false)) return cb(unsupportedType());
      cb(null, chunk);
    },
    flush(cb: TransformCallback) {
      if (!decided) {
        const err = decide();
        if (err) return cb(err);
        if (text && !textOk(head, true)) return cb(unsupportedType());
        this.push(head);
        return cb();
      }
      if (text && !textOk(Buffer.alloc(0), true)) return cb(unsupportedType());
      cb();
    },
  });
}

/** A client's file name, kept only as metadata: no folders, no control characters, bounded. */
export function safeFileName(name: string | undefined): string {
  const base = (name ?? '').split(/[/\\]/).pop() ?? '';
  const clean = base
    .replace(/[\p{Cc}\p{Cf}]/gu, '')
    .trim()
    .slice(0, 200)
    // The cut falls between characters: half a surrogate pair would be stored as U+FFFD.
    .replace(/[\ud800-\udbff]$/, '');
  return clean === '' || clean === '.' || clean === '..' ? 'file' : clean;
}

/** Every download's Cache-Control (see `send`), signed or not. */
const CACHE_CONTROL = 'private, no-store';
/** The Content-Type a stored type is served with (text as UTF-8). */
const typeHeader = (mimeType: string) =>
  mimeType.startsWith('text/') ? `${mimeType}; charset=utf-8` : mimeType;

/** `attachment`/`inline` with the original name: an ASCII fallback and the RFC 5987 UTF-8 form. */
export function contentDisposition(type: 'attachment' | 'inline', fileName: string): string {
  const fallback = fileName.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  const encoded = encodeURIComponent(fileName).replace(
    /['()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return `${type}; filename="${fallback}"; filename*=UTF-8''${encoded}`;
}

/** Signed short-lived download URLs (SIGNED_DOWNLOADS=on): how long one lives, and the key they are signed with. */
export type SignedDownloads = { ttlSeconds: number; secret: Uint8Array };

/** The disk driver's signed URLs are answered by this public route (files.routes.ts). */
export const SIGNED_DOWNLOAD_PATH = '/api/Files/signed';
/** A client that cannot read a redirect's Location (a browser's fetch) asks for the link as JSON with this header. */
export const DOWNLOAD_LINK_HEADER = 'x-download-link';

type SignedFile = {
  storageKey: string;
  mimeType: string;
  fileName: string;
  disposition: 'attachment' | 'inline';
};

/**
 * The disk driver's download token: the file (key, type, name, disposition) and an expiry, as
 * base64url JSON, then an HMAC-SHA256 of it with a key derived from the JWT secret (never the
 * secret itself, so a token can never pass for a session or the other way round).
 */
function downloadSigner(secret: Uint8Array) {
  const key = createHmac('sha256', secret).update('taskhive signed downloads v1').digest();
  const mac = (payload: string) => createHmac('sha256', key).update(payload).digest();
  return {
    sign(file: SignedFile, expiresAt: number): string {
      const payload = Buffer.from(
        JSON.stringify({
          k: file.storageKey,
          t: file.mimeType,
          n: file.fileName,
          d: file.disposition === 'inline' ? 'i' : 'a',
          e: expiresAt,
        }),
      ).toString('base64url');
      return `${payload}.${mac(payload).toString('base64url')}`;
    },
    /** The file a token names; 404 for anything not signed by us, 403 for a signed one past its time. */
    verify(token: string, now: number): SignedFile {
      const [payload, signature, ...rest] = token.split('.');
      if (!payload || !signature || rest.length) throw notFound('File');
      const given = Buffer.from(signature, 'base64url');
      const expected = mac(payload);
      if (given.length !== expected.length || !timingSafeEqual(given, expected)) throw notFound('File');
      const body = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as {
        k: string;
        t: string;
        n: string;
        d: 'a' | 'i';
        e: number;
      };
      if (!(now < body.e * 1000)) throw forbidden('This download link has expired');
      return {
        storageKey: body.k,
        mimeType: body.t,
        fileName: body.n,
        disposition: body.d === 'i' ? 'inline' : 'attachment',
      };
    },
  };
}

/**
 * Uploaded files, each under a random name (never the client's, never in the web root), in a
 * blob store (blob-store.ts): DATA_DIR/uploads by default, an S3 bucket when configured. Files
 * reach clients only through authenticated routes that call `send`.
 */
export function fileStorage(
  dataDir: string,
  blobs?: BlobStore,
  options: { signedDownloads?: SignedDownloads | null | undefined } = {},
) {
  const root = join(dataDir, 'uploads');
  const store = blobs ?? diskStore(root);
  const signed = options.signedDownloads ?? null;
  const signer = signed ? downloadSigner(signed.secret) : null;
  const now = () => Date.now();
  const keyOf = (key: string) => {
    if (!/^[A-Za-z0-9-]+(\.[A-Za-z0-9]{1,10})?$/.test(key)) throw new Error(`bad storage key ${key}`);
    return key;
  };
  const stream = async (reply: FastifyReply, file: SignedFile) => {
    const blob = await store.get(file.storageKey);
    if (!blob) throw notFound('File');
    return reply
      .header('content-type', typeHeader(file.mimeType))
      .header('content-length', String(blob.size))
      .header('content-disposition', contentDisposition(file.disposition, file.fileName))
      .header('x-content-type-options', 'nosniff')
      .header('content-security-policy', "default-src 'none'; sandbox")
      .header('cache-control', CACHE_CONTROL)
      .send(blob.stream);
  };

  return {
    /**
     * Streams the one file of a multipart request to disk, checking size and type on the way.
     * Oversize → 413 as soon as the limit is crossed (or at once from Content-Length); wrong
     * type → 415; either way nothing is left on disk.
     */
    async receive(req: FastifyRequest, kind: UploadKind): Promise<StoredFile> {
      const max = UPLOAD_LIMITS[kind];
      const declared = Number(req.headers['content-length']);
      if (Number.isFinite(declared) && declared > max + MULTIPART_OVERHEAD_BYTES) throw payloadTooLarge();
      if (!req.isMultipart()) throw fieldError('file', 'Send the file as multipart/form-data');
      const boundary = boundaryOf(req.headers['content-type']);
      if (!boundary || boundary.length > MAX_BOUNDARY_LENGTH) throw malformed();

      let part;
      try {
        part = await req.file({ limits: { fileSize: max, files: 1 } });
      } catch (err) {
        if ((err as { statusCode?: number }).statusCode === 413) throw payloadTooLarge();
        throw asClientError(err);
      }
      if (!part) throw fieldError('file', 'A file is required');

      const fileName = safeFileName(part.filename);
      const ext = extname(fileName).slice(1).toLowerCase();
      const storageKey = randomUUID();
      let mimeType = '';
      let sizeBytes = 0;
      let tooLarge = false;
      const abort = new AbortController();
      part.file.once('limit', () => {
        tooLarge = true;
        abort.abort();
      });
      const counter = new Transform({
        transform(chunk: Buffer, _enc, cb) {
          sizeBytes += chunk.length;
          cb(null, chunk);
        },
      });
      // The checked bytes flow into the store as they come. What the client sent wrong (a type, a
      // broken body) is told apart from a store that fails (that one stops the upload: a 500).
      let clientError: unknown = null;
      const check = inspector(kind, ext, (m) => (mimeType = m));
      for (const s of [part.file, check]) s.once('error', (err: unknown) => (clientError ??= err));
      const checked = new PassThrough();
      const storing = store.put(storageKey, checked).then(
        () => null,
        (err: unknown) => {
          abort.abort();
          return err;
        },
      );
      let failed: unknown = null;
      try {
        await pipeline(part.file, check, counter, checked, { signal: abort.signal });
      } catch (err) {
        failed = err;
        checked.destroy();
      }
      const storeError = await storing;
      if (failed || storeError || part.file.truncated || tooLarge) {
        await store.remove(storageKey).catch(() => undefined);
        if (tooLarge || part.file.truncated) throw payloadTooLarge();
        if (clientError) throw asClientError(clientError);
        throw storeError ?? asClientError(failed);
      }
      return { storageKey, fileName: nameForType(fileName, mimeType), mimeType, sizeBytes };
    },

    /**
     * Stores bytes the server produced itself (the demo seed) under a random name like every
     * upload (the type lives in the row, never in the name on disk); answers the storage key.
     */
    async write(content: Buffer | string): Promise<string> {
      const storageKey = randomUUID();
      await store.write(storageKey, content);
      return storageKey;
    },

    /** Deletes a stored file; a missing one is not an error. */
    async remove(storageKey: string | null | undefined) {
      if (storageKey) await store.remove(keyOf(storageKey));
    },

    /**
     * Serves a stored file with its type, a safe Content-Disposition and nosniff. Without a stored
     * type (images: logos, photos) the type is read from the file's own first bytes. Every file is
     * read with a bearer token (the web keeps it as a blob), so no cache keeps it: `private,
     * no-store`, as the auth plugin's answers (a document must not stay on a shared computer's disk).
     *
     * With signed downloads on (SIGNED_DOWNLOADS=on), the route that checked the reader answers
     * `302` to a URL that serves the same bytes with the same headers for `ttlSeconds`: the
     * bucket's presigned GET (S3), or this API's signed route (disk). With `X-Download-Link: 1`
     * (a browser's fetch cannot read a redirect) the same URL comes as JSON instead.
     */
    async send(
      reply: FastifyReply,
      file: { storageKey: string; mimeType?: string; fileName: string },
      disposition: 'attachment' | 'inline',
    ) {
      const key = keyOf(file.storageKey);
      let mimeType = file.mimeType;
      // Reading the first bytes also shows the object is there.
      const sniffed = !mimeType;
      if (!mimeType) {
        const head = await store.head(key, SNIFF_BYTES);
        mimeType = head ? (contentTypeOf('image', sniff(head), '', false) ?? undefined) : undefined;
        if (!mimeType) throw notFound('File');
      }
      if (!signed || !signer)
        return stream(reply, { storageKey: key, mimeType, fileName: file.fileName, disposition });

      if (!sniffed && !(await store.exists(key))) throw notFound('File');
      const expiresAt = Math.floor(now() / 1000) + signed.ttlSeconds;
      const url = store.signedGetUrl
        ? await store.signedGetUrl(key, signed.ttlSeconds, {
            contentType: typeHeader(mimeType),
            contentDisposition: contentDisposition(disposition, file.fileName),
            cacheControl: CACHE_CONTROL,
          })
        : `${SIGNED_DOWNLOAD_PATH}?token=${signer.sign({ storageKey: key, mimeType, fileName: file.fileName, disposition }, expiresAt)}`;
      reply.header('cache-control', CACHE_CONTROL).header('referrer-policy', 'no-referrer');
      if (reply.request.headers[DOWNLOAD_LINK_HEADER] === '1')
        return ok(reply.header(DOWNLOAD_LINK_HEADER, '1'), {
          url,
          expiresAt: new Date(expiresAt * 1000).toISOString(),
        });
      return reply.code(302).header('location', url).send();
    },

    /** The disk driver's signed URL (GET /api/Files/signed?token=…): the file it names, streamed as `send` does. */
    async sendSigned(reply: FastifyReply, token: string) {
      if (!signer) throw notFound('File');
      const file = signer.verify(token, now());
      return stream(reply, { ...file, storageKey: keyOf(file.storageKey) });
    },

    /** The blob store behind it (its driver, readiness, listing for tests). */
    store,
    /** For tests and diagnostics: where the disk driver keeps the uploads. */
    root,
  };
}

export type FileStorage = ReturnType<typeof fileStorage>;
