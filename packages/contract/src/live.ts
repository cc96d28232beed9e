/**
 * Live updates (issue 13): what the event stream `GET /api/events` (Server-Sent Events) sends.
 * A message names what changed, never its contents: the client refetches through the normal
 * reads, so the rights check on the record stays the one source of truth.
 */
export const LIVE_EVENTS_PATH = '/api/events';

export type LiveMessageType =
  | 'task'
  | 'project'
  | 'tasklist'
  | 'comment'
  | 'timelog'
  | 'notification'
  | 'session'
  /** A company's task statuses (create, rename, reorder, delete). */
  | 'taskstatus'
  /** An employee: profile, role, status, department, photo, direct grants (`id` and `userIds`: the user). */
  | 'employee'
  /** A company role, or the permissions a role carries (`id`: the role). */
  | 'companyrole'
  | 'department'
  /** What the company holds: a purchase, a module granted, changed or revoked. */
  | 'subscription'
  /** A personal to-do (issue 24): sent to its owner only. */
  | 'todo'
  /** A person's timesheet week (issue 25; `id`: the week, or the company for its settings): the person and their approvers. */
  | 'timesheet'
  /** Issue 26: whether a task is blocked changed (`id`: the blocked task, `taskId`: its blocker). */
  | 'dependency'
  /** Issue 26: a company's label (created, renamed, recoloured, deleted; `id`: the label). */
  | 'label'
  /**
   * Issue 26: a company's custom field defined, changed, reordered or deleted (`id`: the field, or
   * the company for an order), or a project's enabled fields (`id` and `projectId`: the project).
   */
  | 'customfield'
  /**
   * Issue 26: a saved view (`id`: the view; `projectId`: its project). A shared view's readers
   * hear of it; a personal view's owner only.
   */
  | 'savedview';

/** One `data:` line of the stream (JSON). */
export type LiveMessage = {
  type: LiveMessageType;
  action: 'created' | 'updated' | 'deleted' | 'ended';
  id: string;
  projectId: string | null;
  taskId: string | null;
  /** Made by this reader's own session (a tab of theirs that already updated its screens). */
  mine?: boolean;
};

/**
 * SSE event names: `ready` once the stream listens, `change` per event, `end` before it closes.
 * A change recorded in the change log carries its id in the frame's `id:` field; a client that
 * reconnects sends the last one as `Last-Event-ID` and gets what it missed.
 */
export const LIVE_FRAME = { ready: 'ready', change: 'change', end: 'end' } as const;

/**
 * The response header of a write that recorded changes: their change ids, comma-separated (the
 * last `LIVE_CHANGE_IDS_MAX`). The tab that made the write knows by them which stream frames are
 * its own echo (their `id:`), and skips those its cache already holds: the other tabs, even of
 * the same session, still refetch.
 */
export const LIVE_CHANGE_IDS_HEADER = 'taskhive-change-ids';
export const LIVE_CHANGE_IDS_MAX = 50;

/**
 * The `ready` frame's data. `resumed: true`: the stream sent every change since the client's
 * `Last-Event-ID` right after it, so nothing needs refetching; otherwise (no id, or it was too far
 * back) the client refetches what it shows.
 */
export type LiveReady = { resumed?: boolean };

/** How far back a reconnecting stream resumes: at most this many changes, this long ago. */
export const LIVE_RESUME_MAX_CHANGES = 1_000;
export const LIVE_RESUME_MAX_AGE_MS = 10 * 60_000;
/** Each API process reads the change log this often besides the wake-ups, so a lost wake-up delays at most this long. */
export const LIVE_POLL_MS = 2_000;

/** A comment line keeps proxies and the client's idle timer from ending a quiet stream. */
export const LIVE_HEARTBEAT_MS = 25_000;
/** How often a stream re-checks its session and the reader's rights (besides session events). */
export const LIVE_RECHECK_MS = 30_000;
/** The client waits this long before its first reconnect, doubling up to the maximum (with jitter). */
export const LIVE_RECONNECT_MIN_MS = 1_000;
export const LIVE_RECONNECT_MAX_MS = 30_000;
/** With no byte (not even a heartbeat) for this long, the client takes the stream for dead. */
export const LIVE_STALE_MS = 2 * LIVE_HEARTBEAT_MS + 5_000;
