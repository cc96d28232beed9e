/**
 * What the load runner measures, one row per endpoint, in order. Add a route here and it is
 * measured and checked in the same run. `server` picks where it is served: the app, or the bare
 * Fastify server the suite starts beside it (the reference the ratios divide by).
 *
 * `ratio`: this row's requests/s over `of`'s must be at least `min` (ratios hold across runs on a
 * noisy machine, absolute numbers do not). `p99Ms`: a latency budget at 10 connections.
 * `p99Ratio`: this row's p99 over `of`'s must be at most `max` (a tail against its raw twin's).
 *
 * Paths and bodies may name the large tenant's ids as `{placeholders}` (see `Ids`): src/server.ts
 * resolves them after generating the data.
 */
export type Endpoint = {
  name: string;
  server: 'app' | 'bare' | 'app-rls-off';
  path: string;
  /** Sends the large tenant admin's bearer token. */
  auth?: boolean;
  headers?: Record<string, string>;
  ratio?: { of: string; min: number };
  p99Ms?: number;
  /** This row's p99 over `of`'s must be at most `max` (issue 28: a read's tail against its raw twin's). */
  p99Ratio?: { of: string; max: number };
  /** Budgets that only mean something on PostgreSQL (PGlite serves one query at a time). */
  postgresOnly?: boolean;
  /** A write: each request's method and body (`i` counts the requests of the run). */
  write?: Write;
  /** The method of a request without a body (default GET): the raw writes' POST. */
  method?: 'POST';
  /** Requests/s the row must reach (writes). */
  minRps?: number;
  /** Seconds of load for this row, whatever `--duration` says (not in smoke mode). */
  seconds?: number;
  /**
   * Issue 27, row-level security's cost: this row is a read on the same app without row-level
   * security (RLS=off); `on`'s requests/s over this row's must be at least `min`. PostgreSQL only.
   */
  rlsCost?: { on: string; min: number };
  /** One of the main reads: measured again by `--growth`. */
  read?: boolean;
};

/** The large tenant's ids src/server.ts resolves after generating the data. */
export type Ids = {
  /** The project with the most tasks (its board, detail and first list are read). */
  projectId: string;
  taskListId: string;
  /** The busiest employee (the user report's subject). */
  userId: string;
  /** A list of another project, where the create-task load writes. */
  writeTaskListId: string;
  /** The first two statuses of the company's board. */
  statusIds: string[];
  /** Tasks of the board's project (the move-a-card load cycles through them). */
  taskIds: string[];
  /** The company's users (the log-time load spreads its entries over them). */
  userIds: string[];
  /** Issue 26: the large tenant's Severity field (a single select), its High option, a priority's name. */
  customFieldId: string;
  customOptionId: string;
  priorityName: string;
  /** Today (UTC) and 90 days before it: the ranges of the time-log filters and reports. */
  today: string;
  from: string;
  /** 364 days before today: a report's longest range but a day (issue 28: long report ranges). */
  yearAgo: string;
  /** 41 days before today: a month view's six weeks (the calendar's read). */
  sixWeeksAgo: string;
};

/** Fills `{name}` placeholders from the string ids. */
export function fill(path: string, ids: Ids): string {
  return path.replace(/\{(\w+)\}/g, (whole, key: string) => {
    const v = (ids as Record<string, unknown>)[key];
    return typeof v === 'string' ? v : whole;
  });
}

/** The main reads: each is measured on the app and, through the driver, as its raw SQL. */
export const READS: { key: string; name: string; path: string }[] = [
  { key: 'employees', name: 'employee list', path: '/api/CompanyUsers/details?pageSize=50' },
  { key: 'projects', name: 'project list', path: '/api/Project?pageNumber=1&pageSize=10' },
  { key: 'project', name: 'project detail', path: '/api/Project/{projectId}' },
  {
    key: 'list-tasks',
    name: "a task list's tasks",
    path: '/api/Tasks/tasklists/{taskListId}/tasks?page=1&pageSize=5',
  },
  { key: 'my-tasks', name: 'my tasks', path: '/api/Tasks/users/mytasks?page=1&pageSize=200' },
  // What the web board asks: each status's first 50 cards and every column's total.
  { key: 'board', name: 'board (50 cards a column)', path: '/api/Tasks/projects/{projectId}/board' },
  {
    key: 'time-logs',
    name: 'time logs, filtered',
    path: '/api/Timelogs?pageNumber=1&pageSize=10&projectId={projectId}&loggedAtFrom={from}&loggedAtTo={today}',
  },
  {
    key: 'user-report',
    name: 'user report',
    path: '/api/taskreports/user-tasks-by-status/{userId}?startDateTo={from}&endDateTo={today}',
  },
  {
    key: 'company-report',
    name: 'company report',
    path: '/api/taskreports/company-hours?startDateTo={from}&endDateTo={today}',
  },
  { key: 'dashboard', name: 'dashboard figures', path: '/api/dashboard/me' },
  // Issue 28, growth: the company report over a year (what a long range reads grows with the
  // company's people and projects, not with the range's 90 days).
  {
    key: 'company-report-year',
    name: 'company report, a year',
    path: '/api/taskreports/company-hours?startDateTo={yearAgo}&endDateTo={today}',
  },
];

const day = (today: string, back: number) =>
  new Date(Date.parse(`${today}T00:00:00Z`) - back * 86_400_000).toISOString().slice(0, 10);
const at = <T>(xs: T[], i: number): T => {
  const x = xs[i % xs.length];
  if (x === undefined) throw new Error('the bench data has no rows to write with');
  return x;
};

/** A write's request: its method, path and JSON body, `i` counting the requests of the run. */
export type Write = {
  method: 'POST' | 'PUT';
  path: (ids: Ids, i: number) => string;
  body: (ids: Ids, i: number) => object;
};

/** The request (`i`) whose statements src/server.ts records for each write's raw twin. */
export const RECORDED_WRITE = 0;

/**
 * Issue 28's writes: each is measured on the app and as its own statements, recorded at start-up
 * for one request (`RECORDED_WRITE`) and replayed by the bare server's `/raw/write-<key>` in one
 * transaction. `vary`: what must differ between replays so that each does the request's work
 * without an error or a wait the app's requests do not have: in every string parameter of the
 * recording, each of `values(ids, RECORDED_WRITE)` becomes `values(ids, n)` (the n-th replay's,
 * same order), and every ISO date moves by `days(ids, n)` days. Ids the app's statements generate
 * (`default` uuids, a task's number, a sort key from a sequence) are the database's own at each
 * replay; a statement that reads by the recorded request's new id reads that same row each time.
 */
export const WRITES: {
  key: string;
  name: string;
  path: string;
  write: Write;
  vary?: { values: (ids: Ids, i: number) => string[]; days?: (ids: Ids, n: number) => number };
  minRps?: number;
}[] = [
  {
    key: 'create-task',
    name: 'write: create task',
    path: '/api/Tasks/tasklists/{writeTaskListId}/tasks',
    write: {
      method: 'POST',
      path: (ids) => `/api/Tasks/tasklists/${ids.writeTaskListId}/tasks`,
      body: (_ids, i) => ({ title: `Bench task ${i}` }),
    },
    minRps: 1000,
  },
  {
    // One minute per entry, each (user, day) in turn over the last 300 days: the 24-hour rule
    // never bites, and no two requests queue on one day's lock.
    key: 'log-time',
    name: 'write: log time',
    path: '/api/Timelogs',
    write: {
      method: 'POST',
      path: () => '/api/Timelogs',
      body: (ids, i) => ({
        taskId: at(ids.taskIds, i),
        userId: at(ids.userIds, i),
        loggedAt: day(ids.today, 1 + (Math.floor(i / ids.userIds.length) % 300)),
        duration: '00:01',
      }),
    },
    // The task and the user as the app's requests; the date moves back a week per round of the
    // users (40 weeks, then again), so the replays spread over users' days like the app's: no
    // replay waits on another's advisory locks (the user's timesheet, the user's day) and no day
    // reaches the 24-hour rule. Whole weeks keep the timesheet-week bounds the statements name.
    vary: {
      values: (ids, i) => [at(ids.taskIds, i), at(ids.userIds, i)],
      days: (ids, n) => -7 * (Math.floor(n / ids.userIds.length) % 40),
    },
    minRps: 1000,
  },
  {
    // The board's drag and drop: PUT { statusId, sortOrder }, the status alternating.
    key: 'move-card',
    name: 'write: move a card',
    path: '/api/Tasks/{taskId}',
    write: {
      method: 'PUT',
      path: (ids, i) => `/api/Tasks/${at(ids.taskIds, i)}`,
      body: (ids, i) => ({
        statusId: at(ids.statusIds, Math.floor(i / ids.taskIds.length)),
        sortOrder: i % 1000,
      }),
    },
    // The task and the target column (its advisory lock's key names it) as the app's requests;
    // the recorded placement (the sort key the recorded move found) replays as it was.
    vary: {
      values: (ids, i) => [at(ids.taskIds, i), at(ids.statusIds, Math.floor(i / ids.taskIds.length))],
    },
    minRps: 1000,
  },
  {
    // A new comment on one of the board's tasks, each request the next task.
    key: 'comment',
    name: 'write: comment',
    path: '/api/Tasks/{taskId}/comments',
    write: {
      method: 'POST',
      path: (ids, i) => `/api/Tasks/${at(ids.taskIds, i)}/comments`,
      body: (_ids, i) => ({ body: `Bench comment ${i}` }),
    },
    vary: { values: (ids, i) => [at(ids.taskIds, i)] },
  },
];

export const ENDPOINTS: Endpoint[] = [
  { name: 'bare JSON route', server: 'bare', path: '/bare' },
  { name: 'GET /healthz', server: 'app', path: '/healthz', ratio: { of: 'bare JSON route', min: 0.5 } },
  // The cost of authorisation: the priorities are platform reference data served from memory
  // (read once per database), so the handler touches no table.
  {
    name: 'authenticated, no table (GET /api/Taskpriorities)',
    server: 'app',
    path: '/api/Taskpriorities',
    auth: true,
    ratio: { of: 'GET /healthz', min: 0.9 },
  },
  // Auth plus one read of the user's row; reported against /healthz, no budget of its own.
  {
    name: 'GET /api/auth/me',
    server: 'app',
    path: '/api/auth/me',
    auth: true,
    ratio: { of: 'GET /healthz', min: 0 },
  },
  ...READS.flatMap((r): Endpoint[] => [
    { name: `raw pg: ${r.name}`, server: 'bare', path: `/raw/${r.key}` },
    {
      name: r.name,
      server: 'app',
      path: r.path,
      auth: true,
      ratio: { of: `raw pg: ${r.name}`, min: 0.4 },
      p99Ms: 25,
      p99Ratio: { of: `raw pg: ${r.name}`, max: 1.5 },
      postgresOnly: true,
      read: true,
    },
    // The same read on the app without row-level security (PostgreSQL; issue 27: within 10 %).
    {
      name: `${r.name}, RLS off`,
      server: 'app-rls-off',
      path: r.path,
      auth: true,
      rlsCost: { on: r.name, min: 0.9 },
      postgresOnly: true,
    },
  ]),
  // Issue 26: a project's task list filtered by a custom field (a third of its tasks hold High)
  // against the same list filtered by a priority (a quarter to a third hold it): as fast or nearly.
  {
    name: 'project tasks, filtered by priority',
    server: 'app',
    path: '/api/Tasks/projects/{projectId}/tasks?page=1&pageSize=50&priorityNames={priorityName}',
    auth: true,
  },
  {
    name: 'project tasks, filtered by a custom field',
    server: 'app',
    path: '/api/Tasks/projects/{projectId}/tasks?page=1&pageSize=50&cf={customFieldId}:{customOptionId}',
    auth: true,
    ratio: { of: 'project tasks, filtered by priority', min: 0.8 },
  },
  {
    name: 'employee list, compressed (gzip)',
    server: 'app',
    path: '/api/CompanyUsers/details?pageSize=50',
    auth: true,
    headers: { 'accept-encoding': 'gzip, deflate, br' },
  },
  // Issue 26: the timeline of the project with the most tasks (every task with its dates, the
  // lists, the arrows), compressed as the browser asks for it. Four statements, not one read, so
  // no raw twin; its own p99 budget on PostgreSQL.
  {
    name: 'timeline of the largest project (gzip)',
    server: 'app',
    path: '/api/Timeline?projectId={projectId}',
    auth: true,
    headers: { 'accept-encoding': 'gzip, deflate, br' },
    p99Ms: 250,
    postgresOnly: true,
  },
  // Issue 28: each new feature's screens get a row. Timesheets (issue 25): the signed-in person's
  // week grid, the approvals queue, the workload this week (its first page, 25 people, as the
  // screen asks since 2026-11-28; it was every active person); planning (issue 26): the
  // calendar's month (six weeks) across every project (the timeline's row is above). Several
  // statements each, so no raw twin: the same p99 budget as the timeline.
  ...[
    { name: 'timesheet: my week', path: '/api/Timesheets/weeks/mine' },
    { name: 'timesheet: approvals', path: '/api/Timesheets/approvals' },
    { name: 'timesheet: workload this week', path: '/api/Timesheets/workload' },
    { name: 'calendar: six weeks, every project', path: '/api/Calendar/tasks?from={sixWeeksAgo}&to={today}' },
  ].map((r): Endpoint => ({
    ...r,
    server: 'app',
    auth: true,
    headers: { 'accept-encoding': 'gzip, deflate, br' },
    p99Ms: 250,
    postgresOnly: true,
  })),
  // Issue 28: the machine's floor for a durable write, no app and no app schema (server.ts): a
  // transaction that updates one row all requests share (a gap-free number per project, as a
  // create's task key: such writes commit one at a time) and one insert per transaction. Reported,
  // no budget: the create and log-time rows are read against them.
  {
    name: 'floor: one shared row a transaction',
    server: 'bare',
    path: '/raw/floor-shared-row',
    method: 'POST',
    seconds: 30,
    postgresOnly: true,
  },
  {
    name: 'floor: one insert a transaction',
    server: 'bare',
    path: '/raw/floor-insert',
    method: 'POST',
    seconds: 30,
    postgresOnly: true,
  },
  // Issue 28: each write on the app against its own statements replayed through the driver in one
  // transaction (server.ts), for 30 s with no errors; create task and log time at least 1,000/s
  // on PostgreSQL (issue 12 item 4 asked it of the move too).
  ...WRITES.flatMap((w): Endpoint[] => [
    { name: `raw pg: ${w.name}`, server: 'bare', path: `/raw/write-${w.key}`, method: 'POST', seconds: 30 },
    {
      name: w.name,
      server: 'app',
      path: w.path,
      auth: true,
      write: w.write,
      ratio: { of: `raw pg: ${w.name}`, min: 0.5 },
      ...(w.minRps !== undefined ? { minRps: w.minRps } : {}),
      seconds: 30,
      postgresOnly: true,
    },
  ]),
];
