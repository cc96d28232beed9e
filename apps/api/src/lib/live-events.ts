/**
 * Live events: what changed, said after the change committed, for the open screens of everyone
 * who may see it (issue 13). A service says `scope.emit({...})` where it writes; the events of a
 * transaction reach the request's list only when it commits (see `makeScope`), and the request's
 * list is published only when the answer succeeded (`app.ts`, onResponse), so a failed write
 * announces nothing.
 *
 * The bus carries events between the writers and the streams: in process here (the embedded
 * database is one process); with `REDIS_URL` a Redis pub/sub bus crosses API processes.
 */
import { EventEmitter } from 'node:events';
import type { ActivityField, AuditKind } from '@taskhive/contract';
import { Redis } from 'ioredis';

export const LIVE_EVENT_TYPES = [
  'task',
  'project',
  'tasklist',
  'comment',
  'timelog',
  'notification',
  /** A session ended (logout, password change, deactivation): its streams close. */
  'session',
  'taskstatus',
  'employee',
  'companyrole',
  'department',
  'subscription',
  /** A personal to-do (issue 24): its owner only (`userIds`). */
  'todo',
  /** A timesheet week (issue 25): its person (`userIds`) and their approvers; no person: the settings. */
  'timesheet',
  /**
   * Issue 26: whether a task is blocked changed (`id`: the blocked task, `taskId`: the blocker): a
   * dependency added or removed, or its blocker done or reopened. Heard by whoever reads the blocked task.
   */
  'dependency',
  /** Issue 26: a company's label created, renamed, recoloured or deleted (`id`: the label). Heard by everyone. */
  'label',
  /** Issue 26: a custom field's definition or order (heard by everyone), or a project's enabled fields (its readers). */
  'customfield',
  /** Issue 26: a saved view: shared, the project's readers; personal, its owner only (`userIds`). */
  'savedview',
] as const;
export type LiveEventType = (typeof LIVE_EVENT_TYPES)[number];

export type LiveEvent = {
  companyId: string;
  type: LiveEventType;
  action: 'created' | 'updated' | 'deleted' | 'ended';
  /** The record's id (for `session`: the session id, or '*' for every session of `userIds`). */
  id: string;
  /** The project the record belongs to (tasks, task lists, comments, time logs, projects). */
  projectId?: string | null;
  /** The task the record belongs to (comments, time logs, subtasks' parent). */
  taskId?: string | null;
  /** Whose it is: a time log's owner, a notification's recipient, a session's user. */
  userIds?: string[];
  /** What changed in it, field by field (the record's history, `activities`, is made of these). */
  fields?: ChangeField[];
  /** Who changed it (their own other tabs still get it). */
  actorId: string;
  /** The session that made it (the streams of that session mark the change as theirs). */
  sessionId?: string;
  /** ISO time of the change. */
  at: string;
  /** The change log row (lib/changes.ts), once the writing transaction flushed it; absent for a notice. */
  changeId?: string;
  /** The writing transaction's id, the change log's reading order. */
  tx?: string;
  /**
   * What the change's subscribers (change-subscribers.ts) need that its row does not keep: read in
   * the writing transaction, never stored, never published.
   */
  notice?: ChangeNotice;
};

/** See `LiveEvent.notice`. */
export type ChangeNotice = {
  /** A task's newly assigned users. */
  assigned?: readonly string[];
  /** A task as its writer read it in the transaction, so its subscribers need not read it again. */
  task?: TaskNotice;
  /** A comment's words, and (an edit) its words before. */
  body?: string;
  bodyBefore?: string;
  /** A time entry as it was before its deletion. */
  entry?: TimeEntryNotice;
  /** Issue 26 (a `dependency` change): its blocker is done and no open blocker is left. */
  unblocked?: UnblockedNotice;
  /**
   * What the change means for the company's audit log: the audit subscriber
   * (features/audit/audit-log.ts `fromChanges`) writes one entry for each, by the change's actor.
   */
  audit?: readonly AuditNotice[];
};

/** A change's part that says what it means for the audit log: `tx.emit({ ...change, ...audited(entry) })`. */
export const audited = (...audit: AuditNotice[]): { notice?: ChangeNotice } =>
  audit.length ? { notice: { audit } } : {};

/** One audit log entry a change calls for: its kind, whom it is about, what it changed. */
export type AuditNotice = {
  kind: AuditKind;
  /** The user the change is about (of the change's company). */
  subjectUserId?: string | null;
  /** From/to, names of the role, permission, module or package, as they were at the time. */
  details?: Record<string, unknown>;
};

/** A task as a notification tells of it, with who follows it by assignment. */
export type TaskNotice = {
  projectId: string;
  projectName: string;
  title: string;
  createdBy: string | null;
  assigneeIds: readonly string[];
  /** Issue 26: an occurrence of a series, and done (a completion may make the next occurrence). */
  recurring?: boolean;
  completed?: boolean;
};

/** A task its last open blocker left free, as the `task_unblocked` notification tells of it. */
export type UnblockedNotice = { title: string; blockerKey: string; assigneeIds: readonly string[] };

/** A time entry as a notification tells of it. */
export type TimeEntryNotice = {
  userId: string;
  taskId: string | null;
  projectId: string;
  taskTitle: string | null;
  projectName: string;
  loggedAt: Date;
  durationMinutes: number;
};

/** One field of a change, as its history shows it: names, not ids. */
export type ChangeField = { field: ActivityField; from: string | null; to: string | null };

/** What a service passes to `scope.emit`: the scope adds company, actor and time. */
export type LiveChange = Omit<LiveEvent, 'companyId' | 'actorId' | 'at' | 'changeId' | 'tx'>;

export type LiveBus = {
  publish(events: LiveEvent[]): void;
  /** Every event of one company (the stream filters by the reader's rights). */
  subscribe(companyId: string, listener: (event: LiveEvent) => void): () => void;
  /** Resolves once events of the company reach this process's subscribers (Redis: subscribed). */
  ready(companyId: string): Promise<void>;
  close(): Promise<void>;
};

/**
 * The event that closes the streams of a session (id '*': every session of the user). Each stream
 * of the user re-checks its own session on it, so "all but this one" (password change) works too.
 * With `action: 'updated'` the session lives on but the user's rights changed.
 */
export const sessionEnded = (sessionId: string, userId: string): LiveChange => ({
  type: 'session',
  action: 'ended',
  id: sessionId,
  userIds: [userId],
});

/** The in-process bus: one EventEmitter, a channel per company. */
export function memoryBus(): LiveBus {
  const emitter = new EventEmitter();
  emitter.setMaxListeners(0);
  return {
    publish(events) {
      for (const e of events) emitter.emit(e.companyId, e);
    },
    subscribe(companyId, listener) {
      emitter.on(companyId, listener);
      return () => emitter.off(companyId, listener);
    },
    async ready() {},
    async close() {
      emitter.removeAllListeners();
    },
  };
}

const CHANNEL_PREFIX = 'taskhive-live:';

/**
 * Redis pub/sub between API processes: one channel per company, so a process receives only the
 * companies its open streams belong to (it subscribes on a company's first stream and unsubscribes
 * after its last). Two connections (a subscribing connection can do nothing else). Every event,
 * this process's own included, comes back through Redis: one path, one delivery. Pub/sub is
 * at-most-once: an event sent while a process is cut off is lost, which the client's refetch on
 * reconnect covers.
 */
export function redisBus(url: string, log?: { warn(obj: object, msg: string): void }): LiveBus {
  const options = { maxRetriesPerRequest: 1, lazyConnect: false };
  const pub = new Redis(url, options);
  const sub = new Redis(url, options);
  const warn = (err: unknown) => log?.warn({ err }, 'live events: redis');
  pub.on('error', warn);
  sub.on('error', warn);
  const local = new EventEmitter();
  local.setMaxListeners(0);
  const subscribed = new Map<string, Promise<unknown>>();

  sub.on('message', (channel: string, message: string) => {
    if (!channel.startsWith(CHANNEL_PREFIX)) return;
    let event: LiveEvent;
    try {
      event = JSON.parse(message) as LiveEvent;
    } catch (err) {
      warn(err);
      return;
    }
    local.emit(channel.slice(CHANNEL_PREFIX.length), event);
  });

  return {
    publish(events) {
      // A change's notice (a comment's words...) stays in the process that wrote it.
      for (const { notice: _, ...e } of events)
        pub.publish(CHANNEL_PREFIX + e.companyId, JSON.stringify(e)).catch(warn);
    },
    subscribe(companyId, listener) {
      local.on(companyId, listener);
      if (!subscribed.has(companyId))
        subscribed.set(companyId, sub.subscribe(CHANNEL_PREFIX + companyId).catch(warn));
      return () => {
        local.off(companyId, listener);
        if (local.listenerCount(companyId) === 0) {
          subscribed.delete(companyId);
          sub.unsubscribe(CHANNEL_PREFIX + companyId).catch(warn);
        }
      };
    },
    async ready(companyId) {
      await subscribed.get(companyId);
    },
    async close() {
      local.removeAllListeners();
      await Promise.allSettled([pub.quit(), sub.quit()]);
    },
  };
}
