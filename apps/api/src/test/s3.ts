import { mkdtempSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import S3rver from 's3rver';
import type { S3Settings } from '../features/files/blob-store.ts';

/**
 * A local S3-compatible server for the storage driver's tests (issue 27): s3rver, in this
 * process, on a free port, keeping its objects in a temporary folder; one bucket.
 */
export async function startS3(
  bucket = 'taskhive-test',
): Promise<{ settings: S3Settings; close(): Promise<void> }> {
  const directory = mkdtempSync(join(tmpdir(), 'taskhive-s3-'));
  const server = new S3rver({
    port: 0,
    address: '127.0.0.1',
    silent: true,
    directory,
    configureBuckets: [{ name: bucket }],
  });
  const { port } = (await server.run()) as AddressInfo;
  return {
    settings: {
      bucket,
      region: 'us-east-1',
      endpoint: `http://127.0.0.1:${port}`,
      accessKeyId: 'S3RVER',
      secretAccessKey: 'S3RVER',
      forcePathStyle: true,
      prefix: 'uploads/',
    },
    async close() {
      await server.close();
      rmSync(directory, { recursive: true, force: true });
    },
  };
}
