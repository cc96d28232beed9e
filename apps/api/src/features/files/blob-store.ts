import { createReadStream, createWriteStream, mkdirSync } from 'node:fs';
import { open, readdir, rm, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { PassThrough, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadBucketCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  NoSuchKey,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';

/** The headers a presigned GET makes the store answer with (S3's `response-*` overrides). */
export type SignedGet = { contentType: string; contentDisposition: string; cacheControl: string };

/**
 * Where uploaded bytes live (issue 27): one interface, two drivers. `disk` keeps them under
 * `DATA_DIR/uploads` (the default: one process, or a shared volume); `s3` keeps them in a bucket
 * of any S3-compatible store, so API processes keep nothing of their own and any of them serves
 * any file. Both stream in and out: an upload never sits whole in memory (S3 buffers at most one
 * 5 MB part per upload), and a download is piped from the store to the socket. The checks (size,
 * type by content, names, headers) stay in files.storage.ts, above either driver.
 */
export type BlobStore = {
  readonly driver: 'disk' | 's3';
  /** Streams `body` in under `key`. Rejects when the body errors; then nothing is kept. */
  put(key: string, body: Readable): Promise<void>;
  /** Bytes the server made itself (the demo seed). */
  write(key: string, content: Buffer | string): Promise<void>;
  /** The object's size and a stream of it, or null when there is none. */
  get(key: string): Promise<{ size: number; stream: Readable } | null>;
  /** The first `bytes` bytes (fewer for a shorter object), or null when there is none. */
  head(key: string, bytes: number): Promise<Buffer | null>;
  /** Whether the object is there (a signed download is only handed out for a file that exists). */
  exists(key: string): Promise<boolean>;
  /**
   * S3 only: a presigned GET of the object, valid `expiresIn` seconds, whose answer carries
   * `headers` (signed downloads, files.storage.ts). Made locally: no request to the store.
   */
  signedGetUrl?(key: string, expiresIn: number, headers: SignedGet): Promise<string>;
  /** Deletes; a missing object is not an error. */
  remove(key: string): Promise<void>;
  /** Every key (tests and diagnostics). */
  list(): Promise<string[]>;
  /** Whether the store answers (readiness). */
  ping(): Promise<void>;
  close(): void;
};

export function diskStore(root: string): BlobStore & { root: string } {
  mkdirSync(root, { recursive: true, mode: 0o700 });
  const pathOf = (key: string) => join(root, key);
  return {
    driver: 'disk',
    root,
    async put(key, body) {
      const out = createWriteStream(pathOf(key), { flags: 'wx', mode: 0o600 });
      try {
        await pipeline(body, out);
      } catch (err) {
        // The file may still be opening when the pipeline fails: wait for it to close, then delete it.
        if (!out.closed) await new Promise<void>((resolve) => out.once('close', () => resolve()));
        await rm(pathOf(key), { force: true });
        throw err;
      }
    },
    async write(key, content) {
      await writeFile(pathOf(key), content, { flag: 'wx', mode: 0o600 });
    },
    async get(key) {
      const info = await stat(pathOf(key)).catch(() => null);
      if (!info?.isFile()) return null;
      return { size: info.size, stream: createReadStream(pathOf(key)) };
    },
    async head(key, bytes) {
      const fh = await open(pathOf(key), 'r').catch(() => null);
      if (!fh) return null;
      try {
        const { buffer, bytesRead } = await fh.read(Buffer.alloc(bytes), 0, bytes, 0);
        return buffer.subarray(0, bytesRead);
      } finally {
        await fh.close();
      }
    },
    async exists(key) {
      return (await stat(pathOf(key)).catch(() => null))?.isFile() === true;
    },
    async remove(key) {
      await rm(pathOf(key), { force: true });
    },
    list: () => readdir(root),
    async ping() {
      await stat(root);
    },
    close() {},
  };
}

export type S3Settings = {
  bucket: string;
  region: string;
  /** An S3-compatible server's address (MinIO, Ceph, a test server); absent: AWS itself. */
  endpoint?: string | undefined;
  /** Absent: the SDK's usual chain (AWS_ACCESS_KEY_ID..., an instance role). */
  accessKeyId?: string | undefined;
  secretAccessKey?: string | undefined;
  /** `host/bucket/key` instead of `bucket.host/key` (what most self-run servers want). */
  forcePathStyle: boolean;
  /** Keys are stored under this prefix ('' or ending in '/'). */
  prefix: string;
};

/** 5 MB, the smallest part S3 accepts: the most an upload holds in memory at once. */
const PART_BYTES = 5 * 1024 * 1024;

const missing = (err: unknown) =>
  err instanceof NoSuchKey ||
  (err instanceof S3ServiceException &&
    (err.name === 'NotFound' || err.name === 'NoSuchKey' || err.$metadata.httpStatusCode === 404));

export function s3Store(settings: S3Settings): BlobStore {
  const client = new S3Client({
    region: settings.region,
    forcePathStyle: settings.forcePathStyle,
    ...(settings.endpoint ? { endpoint: settings.endpoint } : {}),
    ...(settings.accessKeyId && settings.secretAccessKey
      ? { credentials: { accessKeyId: settings.accessKeyId, secretAccessKey: settings.secretAccessKey } }
      : {}),
  });
  const Bucket = settings.bucket;
  const Key = (key: string) => `${settings.prefix}${key}`;
  return {
    driver: 's3',
    async put(key, body) {
      // The body is piped through a PassThrough the upload owns, so an error of the source reaches it.
      const pass = new PassThrough();
      body.once('error', (err) => pass.destroy(err));
      body.pipe(pass);
      const upload = new Upload({
        client,
        params: { Bucket, Key: Key(key), Body: pass },
        partSize: PART_BYTES,
        queueSize: 1,
        leavePartsOnError: false,
      });
      try {
        await upload.done();
      } catch (err) {
        await upload.abort().catch(() => undefined);
        await client.send(new DeleteObjectCommand({ Bucket, Key: Key(key) })).catch(() => undefined);
        throw err;
      }
    },
    async write(key, content) {
      await client.send(new PutObjectCommand({ Bucket, Key: Key(key), Body: content }));
    },
    async get(key) {
      try {
        const res = await client.send(new GetObjectCommand({ Bucket, Key: Key(key) }));
        if (!res.Body) return null;
        return { size: Number(res.ContentLength ?? 0), stream: res.Body as Readable };
      } catch (err) {
        if (missing(err)) return null;
        throw err;
      }
    },
    async head(key, bytes) {
      try {
        const res = await client.send(
          new GetObjectCommand({ Bucket, Key: Key(key), Range: `bytes=0-${bytes - 1}` }),
        );
        return res.Body ? Buffer.from(await res.Body.transformToByteArray()) : null;
      } catch (err) {
        if (missing(err)) return null;
        throw err;
      }
    },
    async exists(key) {
      try {
        await client.send(new HeadObjectCommand({ Bucket, Key: Key(key) }));
        return true;
      } catch (err) {
        if (missing(err)) return false;
        throw err;
      }
    },
    signedGetUrl(key, expiresIn, headers) {
      const command = new GetObjectCommand({
        Bucket,
        Key: Key(key),
        ResponseContentType: headers.contentType,
        ResponseContentDisposition: headers.contentDisposition,
        ResponseCacheControl: headers.cacheControl,
      });
      return getSignedUrl(client, command, { expiresIn });
    },
    async remove(key) {
      await client.send(new DeleteObjectCommand({ Bucket, Key: Key(key) }));
    },
    async list() {
      const keys: string[] = [];
      let token: string | undefined;
      do {
        const res = await client.send(
          new ListObjectsV2Command({ Bucket, Prefix: settings.prefix, ContinuationToken: token }),
        );
        for (const o of res.Contents ?? []) if (o.Key) keys.push(o.Key.slice(settings.prefix.length));
        token = res.IsTruncated ? res.NextContinuationToken : undefined;
      } while (token);
      return keys;
    },
    async ping() {
      await client.send(new HeadBucketCommand({ Bucket }));
    },
    close() {
      client.destroy();
    },
  };
}

/**
 * S3 settings from the environment, or null for the disk. `S3_URL` names it all in one:
 * `http(s)://KEY:SECRET@host:port/bucket[/prefix]?region=eu-west-1` (path-style unless
 * `?forcePathStyle=false`); or the separate `S3_BUCKET`, `S3_ENDPOINT`, `S3_REGION`,
 * `S3_ACCESS_KEY_ID`, `S3_SECRET_ACCESS_KEY`, `S3_FORCE_PATH_STYLE`, `S3_PREFIX`.
 */
export function s3SettingsFromEnv(env: Record<string, string | undefined>): S3Settings | null {
  if (env.S3_URL) {
    const url = new URL(env.S3_URL);
    const [bucket, ...rest] = url.pathname.replace(/^\/+/, '').split('/').filter(Boolean);
    if (!bucket) throw new Error('S3_URL names no bucket (http://KEY:SECRET@host:port/bucket)');
    const prefix = rest.length ? `${rest.join('/')}/` : '';
    return {
      bucket,
      region: url.searchParams.get('region') ?? env.S3_REGION ?? 'us-east-1',
      endpoint: `${url.protocol}//${url.host}`,
      accessKeyId: url.username ? decodeURIComponent(url.username) : undefined,
      secretAccessKey: url.password ? decodeURIComponent(url.password) : undefined,
      forcePathStyle: url.searchParams.get('forcePathStyle') !== 'false',
      prefix,
    };
  }
  if (!env.S3_BUCKET) return null;
  const prefix = (env.S3_PREFIX ?? '').replace(/^\/+|\/+$/g, '');
  return {
    bucket: env.S3_BUCKET,
    region: env.S3_REGION ?? env.AWS_REGION ?? 'us-east-1',
    endpoint: env.S3_ENDPOINT,
    accessKeyId: env.S3_ACCESS_KEY_ID,
    secretAccessKey: env.S3_SECRET_ACCESS_KEY,
    forcePathStyle:
      env.S3_FORCE_PATH_STYLE === 'true' ||
      (env.S3_ENDPOINT !== undefined && env.S3_FORCE_PATH_STYLE !== 'false'),
    prefix: prefix ? `${prefix}/` : '',
  };
}

/**
 * The origins a presigned GET of this bucket points at (the web's CSP lets images load from them
 * when signed downloads are on): the endpoint itself with path-style addressing, else the
 * bucket's virtual host; on AWS both forms (the SDK falls back to path-style for dotted names).
 */
export function s3DownloadOrigins(settings: S3Settings): string[] {
  if (settings.endpoint) {
    const url = new URL(settings.endpoint);
    return [settings.forcePathStyle ? url.origin : `${url.protocol}//${settings.bucket}.${url.host}`];
  }
  const host = `s3.${settings.region}.amazonaws.com`;
  return [`https://${settings.bucket}.${host}`, `https://${host}`];
}
