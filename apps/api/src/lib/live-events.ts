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

export const LIVE_EVENT_TYPES = [
  'task',
  'project',
  'tasklist',
  'comment',
  'timelog',
  'notification',
  /** A session ended (logout, password change, deactivation): its streams close. */
  'session',
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
  /** Who changed it (their own other tabs still get it). */
  actorId: string;
  /** ISO time of the change. */
  at: string;
};

/** What a service passes to `scope.emit`: the scope adds company, actor and time. */
export type LiveChange = Omit<LiveEvent, 'companyId' | 'actorId' | 'at'>;

export type LiveBus = {
  publish(events: LiveEvent[]): void;
  /** Every event of one company (the stream filters by the reader's rights). */
  subscribe(companyId: string, listener: (event: LiveEvent) => void): () => void;
  close(): Promise<void>;
};

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
    async close() {
      emitter.removeAllListeners();
    },
  };
}
