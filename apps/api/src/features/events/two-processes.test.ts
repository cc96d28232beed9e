import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Database, openPostgres } from '../../db/client.ts';
import { buildCompany, buildProject, TEST_PASSWORD } from '../../test/factories.ts';
import { isChange, type LiveClient, openLive } from '../../test/live-client.ts';
import {
  cleanUpProcesses,
  freshDatabase,
  PG_URL as DATABASE_URL,
  type ServerProcess,
  startServer,
  tempDir,
} from '../../test/processes.ts';

/**
 * Two real API processes on one PostgreSQL, joined by Redis: a write answered by process A reaches
 * an event stream held by process B. Needs DATABASE_URL and REDIS_URL (skipped, visibly, without).
 * Ports 3311 and 3312 (this suite's range).
 */
const REDIS_URL = process.env.REDIS_URL;
const PORTS = [3311, 3312] as const;

let servers: ServerProcess[] = [];
let database: Database | undefined;
let stream: LiveClient | undefined;

async function signIn(port: number, email: string): Promise<string> {
  const res = await fetch(`http://127.0.0.1:${port}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: TEST_PASSWORD }),
  });
  expect(res.status).toBe(200);
  return ((await res.json()) as { data: { token: string } }).data.token;
}

describe.skipIf(!DATABASE_URL || !REDIS_URL)(
  'live events across two API processes (PostgreSQL + Redis)',
  () => {
    beforeAll(async () => {
      const dataDir = tempDir('taskhive-live-two');
      const databaseUrl = await freshDatabase('taskhive_live_two');
      const env = { JWT_SECRET: 'two-processes-share-this-secret-long-enough-for-hs256', LOG_LEVEL: 'warn' };
      // A migrates the fresh database; B starts on the migrated one.
      for (const port of PORTS)
        servers.push(
          await startServer({ port, dataDir, databaseUrl, redisUrl: REDIS_URL, env, stdio: 'inherit' }),
        );
      database = await openPostgres(databaseUrl, 2);
    }, 120_000);

    afterAll(async () => {
      stream?.close();
      await Promise.all(servers.map((s) => s.stop()));
      servers = [];
      await database?.close();
      await cleanUpProcesses();
    }, 60_000);

    it('a write on process A reaches an SSE client of process B', async () => {
      if (!database) throw new Error('no database');
      const company = await buildCompany(database.db, { name: 'Acme' });
      const { projectId } = await buildProject(database.db, company, { name: 'Across' });
      const [onA, onB] = [PORTS[0], PORTS[1]];
      stream = await openLive(`http://127.0.0.1:${onB}`, await signIn(onB, company.adminEmail));
      const tokenA = await signIn(onA, company.adminEmail);
      const res = await fetch(`http://127.0.0.1:${onA}/api/Project/${projectId}/comments`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${tokenA}` },
        body: JSON.stringify({ body: 'from process A' }),
      });
      expect(res.status).toBe(201);
      const commentId = ((await res.json()) as { data: { commentId: string } }).data.commentId;
      const frame = await stream.next(isChange({ type: 'comment', id: commentId }), 5000);
      expect(frame.data).toEqual({
        type: 'comment',
        action: 'created',
        id: commentId,
        projectId,
        taskId: null,
      });
    }, 60_000);
  },
);
