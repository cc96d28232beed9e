/**
 * Issue 28, live updates at scale: `npm run bench:streams` (root) or `npm run streams -w @taskhive/bench`.
 *
 * 1. Starts the bench server (src/server.ts: one process, the large tenant's data) and asks it for
 *    users of the project with the most tasks: readers (members, or holders of a read-all right)
 *    and non-readers, each with a session of their own (src/audience.ts).
 * 2. Opens 1,000 `GET /api/events` streams on that ONE app process with plain `http` (a keep-alive
 *    agent, a socket each): 100 of readers, 900 of non-readers (several streams a user when the
 *    tenant has fewer users), and waits for every `ready` frame.
 * 3. Memory per idle stream: the server process's RSS and heap after a full collection, before
 *    the streams open and once all have idled 32 s (each has run its first heartbeat and re-check),
 *    the difference over the stream count (stated, no budget).
 * 4. 20 writes, one every 500 ms: `PUT /api/Tasks/{id}` renaming a task of that project, as the
 *    tenant's admin. Each reader stream must get the write's `change` frame (matched by the change
 *    ids the answer names in `taskhive-change-ids`): latency from the write's answer (its headers
 *    received) to the frame, p95 over every delivery <= 300 ms (also shown from the request's
 *    start). A reader stream without the frame 3 s after the last write is a miss; a frame about
 *    the project at any non-reader stream is a leak. Misses and leaks fail the run, as does a
 *    stream that ends early.
 *
 *   --smoke         tiny data (the smoke tenant's users are nearly all members of every project: 20
 *                   employees of no project are added as non-readers), the latency budget reported,
 *                   not enforced
 *   --port <n>      the app's port (default 3600); the bare server takes the next
 *   --streams <n>   streams in all (default 1000); a tenth are readers' (at most 100)
 *   DATABASE_URL    PostgreSQL (database BENCH_DB_NAME, default taskhive_bench), else PGlite
 *
 * Needs about 1,100 open files in this process and as many in the server's (`ulimit -n`): it
 * stops with that message when the limit is lower. Writes bench/results/streams.json; exits 1
 * when the latency budget fails (not in --smoke) or on any miss, leak, early end or failed write
 * (also in --smoke).
 */
import { readFileSync } from 'node:fs';
import http from 'node:http';
import { cpus, loadavg } from 'node:os';
import { setTimeout as sleep } from 'node:timers/promises';
import { LIVE_CHANGE_IDS_HEADER, LIVE_EVENTS_PATH, LIVE_FRAME, LIVE_RECHECK_MS } from '@taskhive/contract';
import type { StreamUser } from './src/audience.ts';
import { writeResults } from './src/results.ts';
import { forkServer } from './src/fork.ts';

const flag = (name: string) => process.argv.includes(`--${name}`);
const option = (name: string, fallback: number) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? Number(process.argv[i + 1]) : fallback;
};
const smoke = flag('smoke');
const appPort = option('port', 3600);
const STREAMS = option('streams', 1000);
const READER_STREAMS = Math.min(100, Math.round(STREAMS / 10));
const WRITES = 20;
const WRITE_EVERY_MS = 500;
/** How long after the last write a frame may still come before it counts as missing (the feed polls every 2 s). */
const GRACE_MS = 3000;
const READY_TIMEOUT_MS = 60_000;
const OPEN_AT_ONCE = 50;
const P95_BUDGET_MS = 300;
/**
 * How long the open streams idle before the memory is read: past the app's first heartbeat (25 s)
 * and re-check (30 s, two queries a stream) of every stream, so the figure is of a stream that has
 * run its timers, not of one just opened.
 */
const IDLE_MS = LIVE_RECHECK_MS + 2000;

/** The soft limit on open files: the streams' sockets on each side. */
function openFilesLimit(): number {
  const line = readFileSync('/proc/self/limits', 'utf8')
    .split('\n')
    .find((l) => l.startsWith('Max open files'));
  const soft = line?.split(/\s{2,}/)[1];
  return soft === undefined || soft === 'unlimited' ? Infinity : Number(soft);
}
const needFiles = STREAMS + 200;
if (openFilesLimit() < needFiles) {
  console.error(
    `Open files: the limit is ${openFilesLimit()}, ${STREAMS} streams need about ${needFiles} in this process and ` +
      `as many in the server's. Raise it first (ulimit -n 4096).`,
  );
  process.exit(1);
}

type Frame = { at: number; event: string; id?: string; data: Record<string, unknown> };
type Stream = {
  index: number;
  reader: boolean;
  userId: string;
  frames: Frame[];
  ended?: string;
  ready: Promise<void>;
  close: () => void;
};

const agent = new http.Agent({ keepAlive: true, maxSockets: STREAMS + 10 });

/** Opens one stream and parses its Server-Sent Events frames as they come. */
function openStream(index: number, user: StreamUser, reader: boolean): Stream {
  const frames: Frame[] = [];
  const stream: Stream = {
    index,
    reader,
    userId: user.userId,
    frames,
    ready: Promise.resolve(),
    close: () => {},
  };
  stream.ready = new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`stream ${index}: no ready frame`)), READY_TIMEOUT_MS);
    const req = http.get(
      {
        host: '127.0.0.1',
        port: appPort,
        path: LIVE_EVENTS_PATH,
        agent,
        headers: { authorization: `Bearer ${user.token}`, accept: 'text/event-stream' },
      },
      (res) => {
        if (res.statusCode !== 200) {
          clearTimeout(timer);
          reject(new Error(`stream ${index}: answered ${res.statusCode}`));
          res.resume();
          return;
        }
        res.setEncoding('utf8');
        let buffer = '';
        res.on('data', (chunk: string) => {
          const at = performance.now();
          buffer += chunk;
          let cut: number;
          while ((cut = buffer.indexOf('\n\n')) >= 0) {
            const block = buffer.slice(0, cut);
            buffer = buffer.slice(cut + 2);
            const f: Frame = { at, event: 'message', data: {} };
            for (const line of block.split('\n')) {
              if (line.startsWith('id: ')) f.id = line.slice(4);
              else if (line.startsWith('event: ')) f.event = line.slice(7);
              else if (line.startsWith('data: '))
                f.data = JSON.parse(line.slice(6)) as Record<string, unknown>;
            }
            if (block.startsWith(':')) continue;
            frames.push(f);
            if (f.event === LIVE_FRAME.ready) {
              clearTimeout(timer);
              resolve();
            } else if (f.event === LIVE_FRAME.end) stream.ended = String(f.data.reason);
          }
        });
        res.on('close', () => {
          stream.ended ??= 'closed';
          clearTimeout(timer);
          reject(new Error(`stream ${index}: closed before ready`));
        });
      },
    );
    req.on('error', (err) => {
      stream.ended ??= `error: ${err.message}`;
      clearTimeout(timer);
      reject(err);
    });
    stream.close = () => req.destroy();
  });
  // A stream that fails after its batch was awaited must not end the process unhandled.
  stream.ready.catch(() => {});
  return stream;
}

const percentile = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length ? (s[Math.min(s.length - 1, Math.ceil((p / 100) * s.length) - 1)] ?? 0) : NaN;
};
const mib = (bytes: number) => bytes / 1024 / 1024;

/** `hard`: a correctness check (a miss, a leak, an early end), failing the run even with --smoke. */
type Row = { name: string; value: string; budget: string; ok: boolean; hard?: boolean };

async function main() {
  const server = await forkServer(
    {
      mode: smoke ? 'smoke' : 'default',
      appPort,
      barePort: appPort + 1,
      logLevel: process.env.LOG_LEVEL ?? 'warn',
      streams: { readers: READER_STREAMS, others: STREAMS - READER_STREAMS },
    },
    true,
  );
  const streams: Stream[] = [];
  try {
    const { ready } = server;
    const audience = ready.streams;
    if (!audience || audience.readers.length === 0 || audience.others.length === 0)
      throw new Error('the bench server found no readers or no non-readers of the project');
    const base = `http://127.0.0.1:${appPort}`;
    console.log(
      `${ready.database}, ${smoke ? 'smoke' : 'default'} data (generated in ${ready.generateSeconds.toFixed(1)} s); ` +
        `project ${audience.projectId}: ${audience.readers.length} reader users, ${audience.others.length} non-reader users` +
        (audience.addedOutsiders ? ` (${audience.addedOutsiders} employees of no project added)` : ''),
    );

    await sleep(1000);
    const before = await server.memory();

    // 100 streams of readers, 900 of non-readers, round robin over each group's users.
    const t0 = performance.now();
    for (let i = 0; i < STREAMS; i++) {
      const reader = i < READER_STREAMS;
      const users = reader ? audience.readers : audience.others;
      const k = reader ? i : i - READER_STREAMS;
      const user = users[k % users.length];
      if (!user) throw new Error('no user for a stream');
      streams.push(openStream(i, user, reader));
      if (streams.length % OPEN_AT_ONCE === 0)
        await Promise.all(streams.slice(-OPEN_AT_ONCE).map((s) => s.ready));
    }
    await Promise.all(streams.map((s) => s.ready));
    const openSeconds = (performance.now() - t0) / 1000;
    console.log(`${STREAMS} streams ready in ${openSeconds.toFixed(1)} s`);

    await sleep(IDLE_MS);
    const idle = await server.memory();
    const rssPerStream = (idle.rss - before.rss) / STREAMS;
    const heapPerStream = (idle.heapUsed - before.heapUsed) / STREAMS;

    // The writes: the admin renames a task of the project every 500 ms.
    const writes: { taskId: string; start: number; answered: number; changeIds: string[]; status: number }[] =
      [];
    for (let i = 0; i < WRITES; i++) {
      const taskId = audience.taskIds[i % audience.taskIds.length];
      if (!taskId) throw new Error('the project has no task');
      const start = performance.now();
      const res = await fetch(`${base}/api/Tasks/${taskId}`, {
        method: 'PUT',
        headers: { authorization: `Bearer ${ready.token}`, 'content-type': 'application/json' },
        body: JSON.stringify({ title: `Streams bench ${i} ${Date.now()}` }),
      });
      const answered = performance.now();
      await res.arrayBuffer();
      const changeIds = (res.headers.get(LIVE_CHANGE_IDS_HEADER) ?? '').split(',').filter(Boolean);
      writes.push({ taskId, start, answered, changeIds, status: res.status });
      if (!res.ok) console.error(`write ${i} answered ${res.status}`);
      await sleep(Math.max(0, start + WRITE_EVERY_MS - performance.now()));
    }
    await sleep(GRACE_MS);

    const fromAnswer: number[] = [];
    const fromStart: number[] = [];
    let missing = 0;
    let leaks = 0;
    const writeTasks = new Set(writes.map((w) => w.taskId));
    const allChangeIds = new Set(writes.flatMap((w) => w.changeIds));
    for (const s of streams) {
      const changes = s.frames.filter((f) => f.event === LIVE_FRAME.change);
      if (s.reader) {
        for (const w of writes) {
          const f = changes.find((c) => c.id !== undefined && w.changeIds.includes(c.id));
          if (!f) {
            missing++;
            continue;
          }
          fromAnswer.push(f.at - w.answered);
          fromStart.push(f.at - w.start);
        }
      } else {
        leaks += changes.filter(
          (c) =>
            (c.id !== undefined && allChangeIds.has(c.id)) ||
            c.data.projectId === audience.projectId ||
            writeTasks.has(String(c.data.id)) ||
            writeTasks.has(String(c.data.taskId)),
        ).length;
      }
    }
    const ended = streams.filter((s) => s.ended !== undefined);
    const failedWrites = writes.filter((w) => w.status !== 200 || w.changeIds.length === 0).length;
    const p95 = percentile(fromAnswer, 95);
    const expected = WRITES * READER_STREAMS;

    const rows: Row[] = [
      {
        name: 'streams open on one process',
        value: `${STREAMS} (${READER_STREAMS} readers')`,
        budget: '',
        ok: true,
      },
      {
        name: 'time to open them all (ready frames)',
        value: `${openSeconds.toFixed(1)} s`,
        budget: '',
        ok: true,
      },
      {
        name: 'server RSS before -> with the streams idle',
        value: `${mib(before.rss).toFixed(1)} -> ${mib(idle.rss).toFixed(1)} MiB`,
        budget: '',
        ok: true,
      },
      {
        name: 'server heap used before -> idle',
        value: `${mib(before.heapUsed).toFixed(1)} -> ${mib(idle.heapUsed).toFixed(1)} MiB`,
        budget: '',
        ok: true,
      },
      {
        name: 'memory per idle stream: RSS',
        value: `${(rssPerStream / 1024).toFixed(1)} KiB`,
        budget: 'stated',
        ok: true,
      },
      {
        name: 'memory per idle stream: heap',
        value: `${(heapPerStream / 1024).toFixed(1)} KiB`,
        budget: 'stated',
        ok: true,
      },
      {
        name: `delivery after the write's answer, p50 / p95 / max`,
        value: `${percentile(fromAnswer, 50).toFixed(0)} / ${p95.toFixed(0)} / ${percentile(fromAnswer, 100).toFixed(0)} ms`,
        budget: `p95 <= ${P95_BUDGET_MS}`,
        ok: p95 <= P95_BUDGET_MS,
      },
      {
        name: `delivery after the write's start, p50 / p95 / max`,
        value: `${percentile(fromStart, 50).toFixed(0)} / ${percentile(fromStart, 95).toFixed(0)} / ${percentile(fromStart, 100).toFixed(0)} ms`,
        budget: '',
        ok: true,
      },
      { name: 'deliveries to readers', value: `${fromAnswer.length} of ${expected}`, budget: '', ok: true },
      { name: 'missing deliveries', value: String(missing), budget: '0', ok: missing === 0, hard: true },
      { name: 'leaks to non-readers', value: String(leaks), budget: '0', ok: leaks === 0, hard: true },
      {
        name: 'streams ended early',
        value: String(ended.length),
        budget: '0',
        ok: ended.length === 0,
        hard: true,
      },
      {
        name: 'writes failed or without change ids',
        value: String(failedWrites),
        budget: '0',
        ok: failedWrites === 0,
        hard: true,
      },
    ];
    const load = loadavg().map((l) => l.toFixed(2));
    console.log(
      `\nlive updates at scale (${ready.database}, ${smoke ? 'smoke' : 'default'} data; load ${load.join(' ')} on ${cpus().length} cores)`,
    );
    for (const r of rows)
      console.log(
        `${r.name.padEnd(52)} ${r.value.padEnd(26)} ${r.budget.padEnd(12)} ${r.ok ? 'ok' : 'FAILS'}`,
      );
    if (!before.gc) console.log('(no --expose-gc in the server: the memory figures include garbage)');
    for (const s of ended.slice(0, 5))
      console.log(`stream ${s.index} (${s.reader ? 'reader' : 'other'}) ended: ${s.ended}`);

    writeResults('streams.json', {
      database: ready.database,
      smoke,
      load: loadavg(),
      streams: STREAMS,
      readerStreams: READER_STREAMS,
      readerUsers: audience.readers.length,
      otherUsers: audience.others.length,
      openSeconds,
      memory: { before, idle, rssPerStream, heapPerStream },
      delivery: {
        fromAnswerMs: { p50: percentile(fromAnswer, 50), p95, max: percentile(fromAnswer, 100) },
        fromStartMs: {
          p50: percentile(fromStart, 50),
          p95: percentile(fromStart, 95),
          max: percentile(fromStart, 100),
        },
        deliveries: fromAnswer.length,
        expected,
        missing,
        leaks,
        endedEarly: ended.length,
      },
      rows,
    });
    if (rows.some((r) => !r.ok && (r.hard || !smoke))) process.exitCode = 1;
  } finally {
    for (const s of streams) s.close();
    agent.destroy();
    server.stop();
  }
}

await main();
