import { randomUUID } from 'node:crypto';
import { execFile } from 'node:child_process';
import {
  chmodSync,
  closeSync,
  existsSync,
  linkSync,
  lstatSync,
  mkdirSync,
  openSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  writeFileSync,
  writeSync,
} from 'node:fs';
import { readFile, writeFile } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { PGlite } from '@electric-sql/pglite';
import type { Database } from '../client.ts';
import { openPglite } from '../client.ts';

/**
 * Backup and restore of the embedded database (no DATABASE_URL): one `.tar` holding
 * `backup.json`, `pglite.tar.gz` (PGlite's `dumpDataDir()`) and `uploads/` (the disk driver's
 * files). ARCHITECTURE "Scale-out (issue 27)", "Backup and restore".
 */

const run = promisify(execFile);

/** Where the CLI asks a running server for a snapshot: one folder per request, inside DATA_DIR. */
export const REQUESTS_DIR = 'backup-requests';
export const BACKUP_FORMAT = 1;
/** The file in REQUESTS_DIR where a server that answers requests writes its pid. */
const ANSWERING = 'server.pid';

const pgliteDir = (dataDir: string) => join(dataDir, 'pglite');
const uploadsDir = (dataDir: string) => join(dataDir, 'uploads');

/** The pid of the live process holding the embedded database's lock (db/client.ts), if any. */
export function lockHolder(dataDir: string): number | undefined {
  let pid: number;
  try {
    pid = Number(readFileSync(`${pgliteDir(dataDir)}.lock`, 'utf8').trim());
  } catch {
    return undefined;
  }
  if (!pid) return undefined;
  try {
    process.kill(pid, 0);
    return pid;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM' ? pid : undefined;
  }
}

/** Hard links of every file under `from` into `to` (same file system: instant, no copy). */
function linkTree(from: string, to: string): number {
  if (!existsSync(from)) return 0;
  let n = 0;
  for (const entry of readdirSync(from, { withFileTypes: true })) {
    const src = join(from, entry.name);
    const dst = join(to, entry.name);
    if (entry.isDirectory()) {
      mkdirSync(dst, { recursive: true });
      n += linkTree(src, dst);
    } else if (entry.isFile()) {
      mkdirSync(to, { recursive: true });
      linkSync(src, dst);
      n++;
    }
  }
  return n;
}

/**
 * Writes a consistent snapshot into `staging`: PGlite's data directory as a tar.gz and hard links
 * of the uploads. Both happen while PGlite's transaction lock is held, so no transaction is open
 * during the dump (the dump itself also holds the query lock) and none commits a row referring to
 * a file, or removes one, between the dump and the links. Requests wait meanwhile.
 */
export async function snapshotInto(client: PGlite, dataDir: string, staging: string): Promise<void> {
  mkdirSync(join(staging, 'uploads'), { recursive: true, mode: 0o700 });
  await client._runExclusiveTransaction(async () => {
    const dump = await client.dumpDataDir('gzip');
    await writeFile(join(staging, 'pglite.tar.gz'), Buffer.from(await dump.arrayBuffer()), { mode: 0o600 });
    linkTree(uploadsDir(dataDir), join(staging, 'uploads'));
  });
  writeFileSync(
    join(staging, 'backup.json'),
    JSON.stringify({ format: BACKUP_FORMAT, kind: 'pglite', createdAt: new Date().toISOString() }),
  );
}

/** The PGlite client under a Drizzle database opened by `openPglite`. */
export function pgliteClient(database: Database): PGlite {
  return (database.db as unknown as { $client: PGlite }).$client;
}

type Log = { info(msg: string): void; error(obj: unknown, msg?: string): void };

/**
 * Server side: on SIGUSR2, answers every pending request folder in `DATA_DIR/backup-requests`
 * with a snapshot (`done`, or `failed` holding the message). Only a process that may signal the
 * server (same user, or root) and write in DATA_DIR can ask; nothing leaves DATA_DIR.
 * Returns the function that removes the handler.
 */
export function answerBackupRequests(database: Database, dataDir: string, log: Log): () => void {
  const client = pgliteClient(database);
  const root = join(dataDir, REQUESTS_DIR);
  let busy: Promise<void> = Promise.resolve();
  const handle = () => {
    busy = busy.then(async () => {
      if (!existsSync(root)) return;
      for (const name of readdirSync(root)) {
        const dir = join(root, name);
        if (name === ANSWERING) continue;
        const st = lstatSync(dir);
        if (!st.isDirectory() || st.uid !== process.getuid?.()) continue; // no symlinks, our own only
        if (
          !existsSync(join(dir, 'request')) ||
          existsSync(join(dir, 'done')) ||
          existsSync(join(dir, 'failed'))
        )
          continue;
        const started = Date.now();
        try {
          await snapshotInto(client, dataDir, join(dir, 'snapshot'));
          writeFileSync(join(dir, 'done'), '');
          log.info(`backup: snapshot taken in ${Date.now() - started} ms`);
        } catch (err) {
          writeFileSync(join(dir, 'failed'), (err as Error).message);
          log.error(err, 'backup: snapshot failed');
        }
      }
    });
  };
  process.on('SIGUSR2', handle);
  // The CLI signals only a server that wrote this: SIGUSR2's default action ends a process, so a
  // server started from an older version must not get it.
  mkdirSync(root, { recursive: true, mode: 0o700 });
  writeFileSync(join(root, ANSWERING), String(process.pid));
  return () => {
    process.off('SIGUSR2', handle);
    if (answering(dataDir) === process.pid) rmSync(join(root, ANSWERING), { force: true });
  };
}

/** The pid of the server that answers backup requests in `dataDir`, as it wrote it. */
function answering(dataDir: string): number | undefined {
  try {
    return Number(readFileSync(join(dataDir, REQUESTS_DIR, ANSWERING), 'utf8').trim()) || undefined;
  } catch {
    return undefined;
  }
}

async function waitFor(dir: string, pid: number, timeoutMs: number): Promise<void> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    if (existsSync(join(dir, 'done'))) return;
    if (existsSync(join(dir, 'failed')))
      throw new Error(`The server could not take the snapshot: ${readFileSync(join(dir, 'failed'), 'utf8')}`);
    if (lockHolder(dirname(dirname(dir))) !== pid)
      throw new Error(`The server (pid ${pid}) stopped during the backup.`);
    if (Date.now() > until)
      throw new Error(`The server (pid ${pid}) did not answer within ${timeoutMs / 1000} s.`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

export type BackupResult = { file: string; via: 'server' | 'direct'; uploads: number };

/**
 * A backup of `dataDir` into `file`: through the running server when one holds the lock, else by
 * opening the database here (which takes the lock, so no server starts meanwhile).
 */
export async function backupEmbedded(
  dataDir: string,
  file: string,
  o: { timeoutMs?: number } = {},
): Promise<BackupResult> {
  const request = join(dataDir, REQUESTS_DIR, randomUUID());
  mkdirSync(request, { recursive: true, mode: 0o700 });
  const staging = join(request, 'snapshot');
  let via: BackupResult['via'];
  try {
    const pid = lockHolder(dataDir);
    if (pid !== undefined) {
      if (answering(dataDir) !== pid)
        throw new Error(
          `The server holding ${pgliteDir(dataDir)} (pid ${pid}) does not answer backup requests ` +
            '(started from an older version?): restart it, or stop it and back up again.',
        );
      via = 'server';
      writeFileSync(join(request, 'request'), String(process.pid));
      process.kill(pid, 'SIGUSR2');
      await waitFor(request, pid, o.timeoutMs ?? 10 * 60_000);
    } else {
      if (!existsSync(pgliteDir(dataDir))) throw new Error(`No embedded database in ${pgliteDir(dataDir)}.`);
      via = 'direct';
      const database = await openPglite(pgliteDir(dataDir));
      try {
        await snapshotInto(pgliteClient(database), dataDir, staging);
      } finally {
        await database.close();
      }
    }
    const target = resolve(file);
    mkdirSync(dirname(target), { recursive: true });
    const partial = `${target}.partial`;
    await run('tar', ['-cf', partial, '-C', staging, 'backup.json', 'pglite.tar.gz', 'uploads']);
    chmodSync(partial, 0o600); // password hashes and sessions: the owner's eyes only
    renameSync(partial, target);
    return { file: target, via, uploads: countFiles(join(staging, 'uploads')) };
  } finally {
    rmSync(request, { recursive: true, force: true });
  }
}

function countFiles(dir: string): number {
  if (!existsSync(dir)) return 0;
  let n = 0;
  for (const e of readdirSync(dir, { withFileTypes: true }))
    n += e.isDirectory() ? countFiles(join(dir, e.name)) : e.isFile() ? 1 : 0;
  return n;
}

export class RestoreRefusedError extends Error {}

/** `previous`: where the replaced directories went (undefined when there were none). */
export type RestoreResult = { previous: string | undefined };

/**
 * Replaces `DATA_DIR/pglite` and `DATA_DIR/uploads` by the backup's. Refuses while a process holds
 * the database's lock, and holds that lock itself meanwhile (no server starts during a restore).
 * The backup is first loaded into a new directory; only once PGlite opened it do the old
 * directories move aside, into `DATA_DIR/before-restore-<time>` (kept: delete it once satisfied).
 */
export async function restoreEmbedded(dataDir: string, file: string): Promise<RestoreResult> {
  if (!existsSync(file)) throw new RestoreRefusedError(`No backup file at ${file}.`);
  const pid = lockHolder(dataDir);
  if (pid !== undefined)
    throw new RestoreRefusedError(
      `The embedded database in ${pgliteDir(dataDir)} is in use by another process (pid ${pid}). Stop the server first.`,
    );
  mkdirSync(dataDir, { recursive: true });
  const lockFile = `${pgliteDir(dataDir)}.lock`;
  rmSync(lockFile, { force: true }); // a dead process's (checked above)
  const fd = openSync(lockFile, 'wx', 0o600);
  writeSync(fd, String(process.pid));
  closeSync(fd);
  const stamp = new Date().toISOString().replace(/[-:]/g, '').replace(/\..*/, '');
  const work = join(dataDir, `restore-${stamp}`);
  try {
    mkdirSync(work, { mode: 0o700 });
    await run('tar', ['-xf', resolve(file), '-C', work]);
    const manifest = JSON.parse(readFileSync(join(work, 'backup.json'), 'utf8')) as {
      format?: number;
      kind?: string;
    };
    if (manifest.format !== BACKUP_FORMAT || manifest.kind !== 'pglite')
      throw new RestoreRefusedError(
        `${file} is not a Taskhive embedded-database backup (format ${BACKUP_FORMAT}).`,
      );
    const restored = join(work, 'pglite');
    const dump = new Blob([await readFile(join(work, 'pglite.tar.gz'))]);
    const client = await PGlite.create({ dataDir: restored, loadDataDir: dump });
    await client.query('select 1');
    await client.close();

    const previous = join(dataDir, `before-restore-${stamp}`);
    const moved: [string, string][] = [];
    try {
      for (const [live, fresh] of [
        [pgliteDir(dataDir), restored],
        [uploadsDir(dataDir), join(work, 'uploads')],
      ] as const) {
        const aside = join(previous, live === pgliteDir(dataDir) ? 'pglite' : 'uploads');
        if (existsSync(live)) {
          mkdirSync(previous, { recursive: true });
          renameSync(live, aside);
          moved.push([aside, live]);
        }
        if (existsSync(fresh)) renameSync(fresh, live);
        else mkdirSync(live);
      }
    } catch (err) {
      // Put the old directories back before reporting.
      for (const [aside, live] of moved.reverse()) {
        rmSync(live, { recursive: true, force: true });
        renameSync(aside, live);
      }
      throw err;
    }
    return { previous: moved.length ? previous : undefined };
  } finally {
    rmSync(work, { recursive: true, force: true });
    rmSync(lockFile, { force: true });
  }
}
