/**
 * The change log (issue 22): what a write changed is a row of `changes`, inserted in the writing
 * transaction, and the live streams read committed rows, not a list kept in memory.
 *
 * - Writing: a service says `tx.emit(change)` in its transaction; `lib/scope.ts` flushes the
 *   transaction's changes (and what follows from them: change-subscribers.ts, activity rows) in ONE
 *   statement just before the commit (`flushChanges`). A rolled-back write leaves no change; a
 *   committed one cannot lose it.
 * - Reading: `changeFeed` keeps, per company with an open stream in this process, a cursor
 *   (tx, id) and reads the rows after it whose transaction id is below the oldest transaction
 *   still running (`HORIZON`): those transactions have all ended, and every later change will
 *   have a larger transaction id, so nothing that commits late (a smaller change id committed
 *   after a larger one) is ever skipped. Transactions of the server's other databases do not
 *   count (they cannot write this change log). The bus (memory, or Redis
 *   between processes) only wakes the feed; a poll every few seconds catches a wake that was lost
 *   (a writer that died after its commit, Redis out of reach).
 * - Held back: a wake whose change the read did not reach (a write transaction of the database
 *   server that began before it was still running: another request's, a job's, another
 *   database's) is read for again soon (`HELD_RETRY_MS`, doubling to `HELD_RETRY_MAX_MS`) until it
 *   is delivered, for at most the poll's interval: the poll alone made such a change wait up to
 *   `pollMs` (issue 28: on a busy machine 4 board moves of 20 reached the streams 0.3 to 1.5 s
 *   after the write's answer, as the 2 s poll would).
 * - Resuming: a stream reconnecting with `Last-Event-ID` gets every change after that id
 *   (`backlog`), at most `LIVE_RESUME_MAX_CHANGES` and `LIVE_RESUME_MAX_AGE_MS` back, else it is
 *   told to refetch everything.
 */
import { LIVE_RESUME_MAX_AGE_MS, LIVE_RESUME_MAX_CHANGES } from '@taskhive/contract';
import { sql, type SQL } from 'drizzle-orm';
import { type Db, rowsOf } from '../db/client.ts';
import type { LiveBus, LiveEvent, LiveEventType } from './live-events.ts';

/** How long a change is kept: well past how far a stream resumes. */
const KEEP_CHANGES_MS = 60 * 60 * 1000;
/** A read of the feed takes at most this many rows, then reads again. */
const READ_BATCH = 500;
/**
 * A woken change the read did not reach (an older transaction still running) is read for again
 * after this wait, doubling up to the maximum, while the poll's interval lasts: one indexed read of
 * the company's new changes per try, one chase per company at a time (later wakes join it).
 */
export const HELD_RETRY_MS = 20;
export const HELD_RETRY_MAX_MS = 250;

/**
 * Below it, every transaction that may have written a change row has ended, as of the statement's
 * snapshot: the oldest transaction the snapshot still sees running, leaving out those known to
 * belong to another database of the server (`pg_stat_activity`; a backend's database never
 * changes). A data generator's hour-long insert in another database held every live update back
 * until it ended (issue 28, a shared bench server); `pg_snapshot_xmin` counted it. Telling another
 * database's transaction takes a role that sees other sessions' `backend_xid` (superuser,
 * pg_read_all_stats); without it they count, as before.
 */
const HORIZON = sql.raw(`(select coalesce(min(x), pg_snapshot_xmax(pg_current_snapshot()))
  from pg_snapshot_xip(pg_current_snapshot()) as x
  where not exists (select 1 from pg_stat_activity a
    where a.backend_xid is not null and a.datname is distinct from current_database()
      and a.backend_xid::text::bigint = x::text::bigint % 4294967296))`);

type ChangeRow = {
  id: string;
  tx: string;
  company_id: string;
  type: LiveEventType;
  action: LiveEvent['action'];
  entity_id: string;
  project_id: string | null;
  task_id: string | null;
  user_ids: string[] | string | null;
  actor_id: string;
  session_id: string | null;
  created_at: Date | string;
};

const COLUMNS = sql.raw(
  'seq::text as id, tx::text as tx, company_id, type, action, entity_id, project_id, task_id, user_ids, actor_id, session_id, created_at',
);

/** PGlite answers a uuid[] as an array, node-postgres may answer its text form. */
function uuidList(v: ChangeRow['user_ids']): string[] | undefined {
  if (v === null) return undefined;
  if (Array.isArray(v)) return v;
  const inner = v.replace(/^\{|\}$/g, '');
  return inner ? inner.split(',') : [];
}

function toEvent(r: ChangeRow): LiveEvent {
  const userIds = uuidList(r.user_ids);
  return {
    companyId: r.company_id,
    type: r.type,
    action: r.action,
    id: r.entity_id,
    projectId: r.project_id,
    taskId: r.task_id,
    ...(userIds ? { userIds } : {}),
    actorId: r.actor_id,
    ...(r.session_id ? { sessionId: r.session_id } : {}),
    at: new Date(r.created_at).toISOString(),
    changeId: r.id,
    tx: r.tx,
  };
}

const uuidArray = (ids: readonly string[] | undefined): SQL =>
  ids === undefined
    ? sql`null`
    : ids.length === 0
      ? sql`'{}'::uuid[]`
      : sql`array[${sql.join(
          ids.map((u) => sql`${u}::uuid`),
          sql`, `,
        )}]`;

/**
 * Inserts `events` as change rows, with `following` data-modifying statements (the subscribers') in the
 * same statement, and sets each event's `changeId` and `tx`. Called by the scope on the
 * transaction's own handle just before it commits.
 */
export async function flushChanges(db: Db, events: LiveEvent[], following: readonly SQL[]): Promise<void> {
  const writes = following.map((d, i) => sql`${sql.raw(`d${i}`)} as (${d})`);
  if (events.length === 0) {
    for (const d of following) await db.execute(d);
    return;
  }
  const values = sql.join(
    events.map(
      (e) =>
        sql`(${e.companyId}::uuid, ${e.type}, ${e.action}, ${e.id}, ${e.projectId ?? null}::uuid, ${e.taskId ?? null}::uuid, ${uuidArray(e.userIds)}, ${e.actorId}::uuid, ${e.sessionId ?? null}::uuid, ${e.fields?.length ? JSON.stringify(e.fields) : null}::jsonb)`,
    ),
    sql`, `,
  );
  const insert = sql`insert into changes (company_id, type, action, entity_id, project_id, task_id, user_ids, actor_id, session_id, fields)
    values ${values} returning seq, tx`;
  const statement =
    writes.length > 0
      ? sql`with ${sql.join(writes, sql`, `)}, c as (${insert}) select seq::text as id, tx::text as tx from c order by seq`
      : sql`with c as (${insert}) select seq::text as id, tx::text as tx from c order by seq`;
  const rows = rowsOf<{ id: string; tx: string }>(await db.execute(statement));
  // Identity values are drawn in the order the rows are inserted: the i-th smallest is event i.
  rows.sort((a, b) => (BigInt(a.id) < BigInt(b.id) ? -1 : 1));
  events.forEach((e, i) => {
    const row = rows[i];
    if (row) Object.assign(e, { changeId: row.id, tx: row.tx });
  });
}

/** (tx, id) of a change, compared as the feed orders them. */
type Cursor = { tx: string; id: string };
const after = (a: Cursor, b: Cursor) =>
  BigInt(a.tx) > BigInt(b.tx) || (a.tx === b.tx && BigInt(a.id) > BigInt(b.id));

export type ChangeFeed = {
  /**
   * Every change of one company from now on, in (tx, id) order, once each; and the bus's events
   * that are not changes (a company's rights moved), as they come.
   */
  subscribe(companyId: string, listener: (event: LiveEvent) => void): () => void;
  /** Resolves once the company's changes reach this process's listeners. */
  ready(companyId: string): Promise<void>;
  /** The changes after `lastId`, or 'refetch' when they are too many, too old or unknown. */
  backlog(companyId: string, lastId: string): Promise<LiveEvent[] | 'refetch'>;
  /** Reads every company with listeners now (the poll's work; tests call it). */
  poll(): Promise<void>;
  close(): Promise<void>;
};

export function changeFeed(
  db: Db,
  bus: LiveBus,
  opts: { pollMs: number; log: { warn(obj: object, msg: string): void } },
): ChangeFeed {
  type State = {
    listeners: Set<(event: LiveEvent) => void>;
    cursor: Cursor | null;
    start: Promise<void>;
    reading: Promise<void> | null;
    again: boolean;
    unbus: () => void;
    /** The latest woken change not delivered yet, and the chase's next read (see `chase`). */
    held: Cursor | null;
    chase: ReturnType<typeof setTimeout> | null;
  };
  const companies = new Map<string, State>();

  const horizon = async () =>
    rowsOf<{ x: string }>(await db.execute(sql`select ${HORIZON}::text as x`))[0]?.x ?? '0';

  function deliver(st: State, e: LiveEvent) {
    for (const l of [...st.listeners]) l(e);
  }

  async function readOnce(companyId: string, st: State): Promise<number> {
    const c = st.cursor;
    if (!c) return 0;
    const rows = rowsOf<ChangeRow>(
      await db.execute(sql`select ${COLUMNS} from changes
        where company_id = ${companyId} and (tx, seq) > (${c.tx}::xid8, ${c.id}::bigint)
          and tx < ${HORIZON}
        order by tx, seq limit ${READ_BATCH}`),
    );
    for (const r of rows) {
      st.cursor = { tx: r.tx, id: r.id };
      deliver(st, toEvent(r));
    }
    return rows.length;
  }

  /** Reads until caught up; a wake while reading makes it read once more (wakes coalesce). */
  function read(companyId: string, st: State): Promise<void> {
    if (st.reading) {
      st.again = true;
      return st.reading;
    }
    st.reading = (async () => {
      await st.start;
      do {
        st.again = false;
        while ((await readOnce(companyId, st)) === READ_BATCH);
      } while (st.again && companies.get(companyId) === st);
    })()
      .catch((err: unknown) => opts.log.warn({ err, companyId }, 'live feed read failed'))
      .finally(() => {
        st.reading = null;
      });
    return st.reading;
  }

  /** Whether the woken change `st.held` is still to come (then it stays held), else forgets it. */
  function stillHeld(st: State): boolean {
    if (st.held && st.cursor && after(st.held, st.cursor)) return true;
    st.held = null;
    return false;
  }

  /**
   * After a wake's read: while its change is still ahead of the cursor, reads again after a short
   * wait, doubling, until it is delivered or the poll's interval has passed (the poll reads on).
   */
  function chase(companyId: string, st: State) {
    if (st.chase || !stillHeld(st)) return;
    const until = Date.now() + opts.pollMs;
    const step = (ms: number) => {
      st.chase = setTimeout(() => {
        void read(companyId, st).then(() => {
          st.chase = null;
          if (companies.get(companyId) === st && stillHeld(st) && Date.now() < until)
            step(Math.min(ms * 2, HELD_RETRY_MAX_MS));
        });
      }, ms);
      st.chase.unref();
    };
    step(HELD_RETRY_MS);
  }

  const pollTimer = setInterval(() => void feed.poll(), opts.pollMs);
  pollTimer.unref();
  let lastPrune = Date.now();

  const feed: ChangeFeed = {
    subscribe(companyId, listener) {
      let st = companies.get(companyId);
      if (!st) {
        const state: State = {
          listeners: new Set(),
          cursor: null,
          start: Promise.resolve(),
          reading: null,
          again: false,
          unbus: () => {},
          held: null,
          chase: null,
        };
        state.start = horizon().then(
          (x) => {
            state.cursor = { tx: x, id: '0' };
          },
          (err: unknown) => opts.log.warn({ err }, 'live feed start failed'),
        );
        state.unbus = bus.subscribe(companyId, (e) => {
          // A change names a committed row: read the log (again soon while the read did not
          // reach it). Anything else is a notice to pass on.
          if (e.changeId) {
            const woken = e.tx ? { tx: e.tx, id: e.changeId } : null;
            if (woken && (!state.held || after(woken, state.held))) state.held = woken;
            void read(companyId, state).then(() => chase(companyId, state));
          } else deliver(state, e);
        });
        companies.set(companyId, state);
        st = state;
      }
      const state = st;
      state.listeners.add(listener);
      return () => {
        state.listeners.delete(listener);
        if (state.listeners.size === 0 && companies.get(companyId) === state) {
          companies.delete(companyId);
          state.unbus();
          if (state.chase) clearTimeout(state.chase);
        }
      };
    },

    async ready(companyId) {
      await companies.get(companyId)?.start;
      await bus.ready(companyId);
    },

    async backlog(companyId, lastId) {
      if (!/^\d{1,19}$/.test(lastId)) return 'refetch';
      const [last] = rowsOf<{ tx: string; created_at: Date | string }>(
        await db.execute(sql`select tx::text as tx, created_at from changes
          where company_id = ${companyId} and seq = ${lastId}::bigint`),
      );
      if (!last || Date.now() - new Date(last.created_at).getTime() > LIVE_RESUME_MAX_AGE_MS)
        return 'refetch';
      const rows = rowsOf<ChangeRow>(
        await db.execute(sql`select ${COLUMNS} from changes
          where company_id = ${companyId} and (tx, seq) > (${last.tx}::xid8, ${lastId}::bigint)
            and tx < ${HORIZON}
          order by tx, seq limit ${LIVE_RESUME_MAX_CHANGES + 1}`),
      );
      if (rows.length > LIVE_RESUME_MAX_CHANGES) return 'refetch';
      return rows.map(toEvent);
    },

    async poll() {
      await Promise.all([...companies].map(([companyId, st]) => read(companyId, st)));
      if (Date.now() - lastPrune > KEEP_CHANGES_MS / 4) {
        lastPrune = Date.now();
        await db
          .execute(
            sql`delete from changes where created_at < now() - make_interval(secs => ${KEEP_CHANGES_MS / 1000})`,
          )
          .catch((err: unknown) => opts.log.warn({ err }, 'change log prune failed'));
      }
    },

    async close() {
      clearInterval(pollTimer);
      for (const st of companies.values()) {
        st.unbus();
        if (st.chase) clearTimeout(st.chase);
      }
      companies.clear();
    },
  };
  return feed;
}

/** Whether a change comes after the cursor in the feed's order (streams skip what they resumed). */
export function isAfter(e: LiveEvent, cursor: Cursor | null): boolean {
  if (!cursor || !e.changeId || !e.tx) return true;
  return after({ tx: e.tx, id: e.changeId }, cursor);
}
