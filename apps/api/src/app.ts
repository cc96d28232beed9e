import { randomUUID } from 'node:crypto';
import Fastify, { type FastifyInstance, LogController } from 'fastify';
import compress from '@fastify/compress';
import cookie from '@fastify/cookie';
import multipart from '@fastify/multipart';
import rateLimit from '@fastify/rate-limit';
import { Redis } from 'ioredis';
import {
  DOCUMENT_MAX_BYTES,
  LIVE_CHANGE_IDS_HEADER,
  LIVE_CHANGE_IDS_MAX,
  LIVE_POLL_MS,
} from '@taskhive/contract';
import type { Config } from './config.ts';
import { type Database, databaseAnswers, type Db } from './db/client.ts';
import { authRoutes } from './features/auth/auth.routes.ts';
import { authService, passwordResetMail, RESET_MAIL } from './features/auth/auth.service.ts';
import { companiesRoutes } from './features/companies/companies.routes.ts';
import { impersonationService } from './features/impersonation/index.ts';
import { companiesService } from './features/companies/companies.service.ts';
import { companyRolesRoutes } from './features/company-roles/company-roles.routes.ts';
import { companyRolesService } from './features/company-roles/company-roles.service.ts';
import { departmentsRoutes } from './features/departments/departments.routes.ts';
import { departmentsService } from './features/departments/departments.service.ts';
import { join } from 'node:path';
import { type BlobStore, diskStore, s3DownloadOrigins, s3Store } from './features/files/blob-store.ts';
import { filesRoutes } from './features/files/files.routes.ts';
import { fileStorage } from './features/files/files.storage.ts';
import { projectsRoutes } from './features/projects/projects.routes.ts';
import { projectsService } from './features/projects/projects.service.ts';
import { commentsRoutes } from './features/comments/comments.routes.ts';
import { auditRoutes } from './features/audit/audit.routes.ts';
import { auditService } from './features/audit/audit.service.ts';
import { commentsService } from './features/comments/comments.service.ts';
import { taskListsRoutes } from './features/task-lists/task-lists.routes.ts';
import { taskListsService } from './features/task-lists/task-lists.service.ts';
import { taskStatusesRoutes } from './features/task-statuses/task-statuses.routes.ts';
import { taskStatusesService } from './features/task-statuses/task-statuses.service.ts';
import { tasksRoutes } from './features/tasks/tasks.routes.ts';
import { tasksService } from './features/tasks/tasks.service.ts';
import { todosRoutes } from './features/todos/todos.routes.ts';
import { todosService } from './features/todos/todos.service.ts';
import { reportsRoutes } from './features/reports/reports.routes.ts';
import { reportsService } from './features/reports/reports.service.ts';
import { timeLogsRoutes } from './features/time-logs/time-logs.routes.ts';
import { timesheetsRoutes } from './features/timesheets/timesheets.routes.ts';
import {
  TIMESHEET_REMINDERS,
  timesheetReminders,
  timesheetReports,
  timesheetsService,
} from './features/timesheets/index.ts';
import { timeLogsService } from './features/time-logs/time-logs.service.ts';
import { usersRoutes } from './features/users/users.routes.ts';
import { usersService } from './features/users/users.service.ts';
import { INVITATION_MAIL, invitationMail } from './features/users/invitations.ts';
import { jobsRoutes } from './features/jobs/jobs.routes.ts';
import { outboxRoutes } from './features/dev/outbox.routes.ts';
import { DUE_SOON_REMINDERS, dueSoonReminders } from './features/notifications/due-soon.ts';
import { NOTIFICATION_MAIL, notificationMail } from './features/notifications/notification-mails.ts';
import { notificationsRoutes } from './features/notifications/notifications.routes.ts';
import { notificationsService } from './features/notifications/notifications.service.ts';
import { watchersService } from './features/watchers/watchers.service.ts';
import { taskDependenciesRoutes } from './features/task-dependencies/task-dependencies.routes.ts';
import { dependenciesService } from './features/task-dependencies/task-dependencies.service.ts';
import { taskRecurrenceRoutes } from './features/task-recurrence/task-recurrence.routes.ts';
import {
  RECURRENCE_NEXT,
  RECURRENCE_ROUND,
  recurrenceJobs,
  recurrenceService,
} from './features/task-recurrence/task-recurrence.service.ts';
import { customFieldsRoutes } from './features/custom-fields/custom-fields.routes.ts';
import { customFieldsService } from './features/custom-fields/custom-fields.service.ts';
import { eventsRoutes } from './features/events/events.routes.ts';
import { calendarRoutes } from './features/calendar/calendar.routes.ts';
import { calendarService } from './features/calendar/calendar.service.ts';
import { timelineRoutes } from './features/timeline/timeline.routes.ts';
import { timelineService } from './features/timeline/timeline.service.ts';
import { labelsRoutes } from './features/labels/labels.routes.ts';
import { labelsService } from './features/labels/labels.service.ts';
import { savedViewsRoutes } from './features/saved-views/saved-views.routes.ts';
import { savedViewsService } from './features/saved-views/saved-views.service.ts';
import { createMetrics, metricsRoutes, type PoolStats, timeRequests } from './lib/metrics.ts';
import { traceLogFields } from './lib/tracing.ts';
import { healthRoutes } from './features/health/health.routes.ts';
import { companyModulesService } from './features/company-modules/company-modules.service.ts';
import { modulesRoutes } from './features/modules/modules.routes.ts';
import { modulesService } from './features/modules/modules.service.ts';
import { packagesRoutes } from './features/packages/packages.routes.ts';
import { packagesService } from './features/packages/packages.service.ts';
import { permissionsRoutes } from './features/permissions/permissions.routes.ts';
import { permissionsService } from './features/permissions/permissions.service.ts';
import { rolesRoutes } from './features/roles/roles.routes.ts';
import { rolesService } from './features/roles/roles.service.ts';
import { background, type Background } from './lib/background.ts';
import { type ChangeFeed, changeFeed } from './lib/changes.ts';
import { type LiveBus, memoryBus, redisBus } from './lib/live-events.ts';
import { createJobs, type Jobs, periodOf, PRUNE_DEAD_JOBS } from './lib/jobs.ts';
import { createMailer, type Mailer } from './lib/mailer.ts';
import { memoryCounter, redisCounter } from './lib/rate-limit.ts';
import { responseSerializer } from './lib/serializer.ts';
import { actorLogFields, authPlugin, endRequestTransactions, recordRoutes } from './plugins/auth.ts';
import { envelopePlugin } from './plugins/envelope.ts';
import { openapiPlugin } from './plugins/openapi.ts';
import { securityHeadersPlugin } from './plugins/security-headers.ts';
import { strictValidatorCompiler } from './plugins/validation.ts';
import { webPlugin } from './plugins/web.ts';

/** gzip's level for API answers: its fastest (1), about 10 % larger than the default 6 at less than half the CPU. */
const GZIP_LEVEL = 1;
/** API responses smaller than this go uncompressed: below it the bytes saved do not pay the CPU. */
export const COMPRESS_THRESHOLD_BYTES = 1024;

export type AppDeps = {
  db: Db;
  config: Config;
  /** Overrides pino's default destination (tests pass `false` to keep output quiet). */
  logger?: boolean;
  /** Where pino writes (tests capture it); stdout by default. */
  logStream?: { write(line: string): void };
  mailer?: Mailer;
  /**
   * The database's change notifications (db/client.ts `Database.listen`). With them, a warm
   * request's authorisation touches no table; without them, every request reads its session.
   */
  listen?: Database['listen'];
  /** The database pool's counts, for the metrics (PostgreSQL; db/client.ts `Database.poolStats`). */
  poolStats?: (() => PoolStats) | undefined;
};

declare module 'fastify' {
  interface FastifyInstance {
    mailer: Mailer;
    /** Work that follows an answer; tests drain it before reading what it wrote. */
    background: Background;
    /** Live events (lib/live-events.ts): published after a request's writes committed. */
    live: LiveBus;
    /** Durable jobs (lib/jobs.ts): mail and periodic work; tests `drain()` them before reading mail. */
    jobs: Jobs;
    /** The change log as the live streams read it (lib/changes.ts): woken by `live`, polled too. */
    liveFeed: ChangeFeed;
    /**
     * Starts the drain before a stop (server.ts, SIGTERM): readiness answers 503 so a balancer
     * takes this process out of rotation, while it keeps answering; every answer then closes its
     * connection, so no keep-alive connection is cut between two requests.
     */
    beginDrain(): void;
  }
}

export type App = FastifyInstance;

/** Builds the whole server with explicit registrations. Nothing listens until server.ts says so. */
export async function buildApp({
  db,
  config,
  logger,
  logStream,
  listen,
  mailer: given,
  poolStats,
}: AppDeps): Promise<App> {
  const app = Fastify({
    logger:
      logger === false
        ? false
        : {
            level: config.logLevel,
            redact: ['req.headers.authorization', 'req.headers.cookie', 'body.password', 'body.newPassword'],
            // A request's lines name its company and user once it is admitted (plugins/auth.ts);
            // with tracing on, each line names the trace and span it was written in too.
            mixin: config.tracing
              ? (_line: object, _level: number, log: object) => ({
                  ...actorLogFields(log),
                  ...traceLogFields(),
                })
              : (_line: object, _level: number, log: object) => actorLogFields(log),
            ...(logStream ? { stream: logStream } : {}),
          },
    genReqId: () => randomUUID(),
    // One log line per request (the onResponse hook below) instead of Fastify's two.
    logController: new LogController({ disableRequestLogging: true }),
    bodyLimit: 1024 * 1024,
    routerOptions: { caseSensitive: false, ignoreTrailingSlash: true },
    forceCloseConnections: 'idle',
  });
  recordRoutes(app);
  app.setValidatorCompiler(strictValidatorCompiler);
  app.setSerializerCompiler(responseSerializer({ check: config.env === 'test' }));

  app.addHook('onResponse', (req, reply, done) => {
    req.log.info(
      { method: req.method, url: req.url, statusCode: reply.statusCode, responseTime: reply.elapsedTime },
      'request completed',
    );
    done();
  });

  let shuttingDown = false;
  // Work started after an answer (a failed sign-in's audit line) finishes before the database closes.
  const later = background(app.log);
  app.decorate('background', later);
  app.addHook('preClose', async () => {
    shuttingDown = true;
    await later.drain();
  });
  app.decorate('beginDrain', () => {
    shuttingDown = true;
  });
  app.addHook('onSend', (_req, reply, payload, done) => {
    if (shuttingDown) reply.header('connection', 'close');
    done(null, payload);
  });

  const mailer =
    given ??
    createMailer({
      smtpUrl: config.smtpUrl,
      from: config.mailFrom,
      dataDir: config.dataDir,
      log: app.log,
    });
  app.decorate('mailer', mailer);
  const redis = config.redisUrl
    ? new Redis(config.redisUrl, { lazyConnect: false, maxRetriesPerRequest: 1 })
    : undefined;
  if (redis) {
    // An unreachable Redis is told by readiness (and each request that needs it), not thrown.
    redis.on('error', (err: Error) => app.log.warn({ err }, 'redis unavailable'));
    app.addHook('onClose', async () => void redis.quit());
  }

  // What a successful request changed goes to the live streams once its answer is out; a failed
  // request (its transaction rolled back) announces nothing.
  // With Redis the events cross API processes; the embedded database is one process.
  const live = config.redisUrl ? redisBus(config.redisUrl, app.log) : memoryBus();
  app.decorate('live', live);
  const liveFeed = changeFeed(db, live, { pollMs: config.liveStream?.pollMs ?? LIVE_POLL_MS, log: app.log });
  app.decorate('liveFeed', liveFeed);
  // A request's events are changes its committed transactions wrote to the change log: they wake
  // the feeds of every process (which read the log), whatever the answer; a rolled-back write has
  // none. The feeds also poll, so a wake-up lost in a crash delays a change, never loses it.
  app.addHook('onResponse', (req, _reply, done) => {
    const events = req.scope?.events;
    if (events?.length) live.publish([...events]);
    done();
  });
  // The writer's tab learns its changes' ids from the answer (LIVE_CHANGE_IDS_HEADER), so it can
  // tell its own echo on the stream from another tab's change.
  app.addHook('onSend', (req, reply, payload, done) => {
    const events = req.scope?.events;
    if (events?.length) {
      const ids = events.flatMap((e) => (e.changeId ? [e.changeId] : [])).slice(-LIVE_CHANGE_IDS_MAX);
      if (ids.length) reply.header(LIVE_CHANGE_IDS_HEADER, ids.join(','));
    }
    done(null, payload);
  });
  app.addHook('onClose', async () => {
    await liveFeed.close();
    await live.close();
  });

  // Mail leaves through durable jobs, enqueued in the transaction that causes it (lib/jobs.ts):
  // this process runs them (unless JOB_CONCURRENCY is 0) once the app is ready, and stops with it.
  const jobs = createJobs({ db, config: config.jobs, log: app.log });
  app.decorate('jobs', jobs);
  // Operations metrics (lib/metrics.ts): every answer timed by its route; GET /metrics with a token.
  const metrics = createMetrics({ jobs, poolStats });
  timeRequests(app, metrics);
  jobs.handle(NOTIFICATION_MAIL, notificationMail({ db, config, mailer }));
  jobs.handle(INVITATION_MAIL, invitationMail({ db, config, mailer }));
  jobs.handle(RESET_MAIL, passwordResetMail({ db, config, mailer }));
  jobs.handle(PRUNE_DEAD_JOBS.task, async (payload) => {
    const pruned = await jobs.prune(PRUNE_DEAD_JOBS.afterDays);
    app.log.info({ pruned, at: periodOf(payload) }, 'pruned dead jobs');
  });
  jobs.schedule(PRUNE_DEAD_JOBS.task, config.jobs.pruneSchedule);
  jobs.handle(DUE_SOON_REMINDERS.task, dueSoonReminders({ db }));
  jobs.schedule(DUE_SOON_REMINDERS.task, DUE_SOON_REMINDERS.schedule);
  jobs.handle(TIMESHEET_REMINDERS.task, timesheetReminders({ db }));
  jobs.schedule(TIMESHEET_REMINDERS.task, TIMESHEET_REMINDERS.schedule);
  jobs.handle(RECURRENCE_NEXT, recurrenceJobs.next({ db }));
  jobs.handle(RECURRENCE_ROUND.task, recurrenceJobs.round({ db }));
  jobs.schedule(RECURRENCE_ROUND.task, RECURRENCE_ROUND.schedule);
  await jobs.prepare();
  app.addHook('onReady', async () => jobs.start());
  app.addHook('onClose', async () => jobs.stop());

  await app.register(envelopePlugin);
  await app.register(securityHeadersPlugin, {
    helmet: {
      contentSecurityPolicy: {
        directives: {
          defaultSrc: ["'self'"],
          scriptSrc: ["'self'"],
          styleSrc: ["'self'", "'unsafe-inline'"],
          // Signed downloads from a bucket: photos and logos load from its presigned URLs.
          imgSrc: [
            "'self'",
            'data:',
            'blob:',
            ...(config.signedDownloads && config.s3 ? s3DownloadOrigins(config.s3) : []),
          ],
          fontSrc: ["'self'", 'data:'],
          connectSrc: ["'self'"],
          objectSrc: ["'none'"],
          frameAncestors: ["'none'"],
          baseUri: ["'self'"],
          formAction: ["'self'"],
          upgradeInsecureRequests: null,
        },
      },
      crossOriginEmbedderPolicy: false,
    },
  });
  // Responses over 1 KB are compressed by Accept-Encoding; static files come precompressed (brotli)
  // from the build. For API JSON gzip comes first: on the employee list at pageSize 50 (23 KB) it
  // saves 91 % in 0.4 ms, where brotli saves 92 % in 1.1 ms (see ARCHITECTURE.md, Performance).
  // At gzip's fastest level (nginx's default too): a project's timeline of 526 tasks (174 KB of
  // JSON) is 25.5 KB in 1.1 ms, against 23.0 KB in 2.7 ms at zlib's default level 6.
  // A tenant request's transaction (row-level security) ends before compression streams its answer.
  endRequestTransactions(app);
  await app.register(compress, {
    threshold: COMPRESS_THRESHOLD_BYTES,
    encodings: ['gzip', 'br'],
    zlibOptions: { level: GZIP_LEVEL },
  });
  await app.register(rateLimit, { global: false, ...(redis ? { redis, nameSpace: 'taskhive-rl:' } : {}) });
  // Parses cookies (the refresh token's, on the auth routes) and sets them on replies.
  await app.register(cookie);
  await app.register(multipart, {
    limits: { fileSize: DOCUMENT_MAX_BYTES, files: 1, fields: 10, fieldSize: 1024 },
  });
  await app.register(authPlugin, { db, config, ...(listen ? { listen } : {}) });
  await app.register(openapiPlugin);

  // Uploads: an S3 bucket when configured (any process serves any file), else DATA_DIR/uploads.
  const blobs: BlobStore = config.s3 ? s3Store(config.s3) : diskStore(join(config.dataDir, 'uploads'));
  app.addHook('onClose', async () => blobs.close());
  if (config.metricsToken) await app.register(metricsRoutes, { metrics, token: config.metricsToken });
  await app.register(healthRoutes, {
    dbReady: () => databaseAnswers(db),
    isShuttingDown: () => shuttingDown,
    // Readiness also needs what every request may need besides the database: Redis (sessions'
    // rate limits, live events across processes) and the bucket, when configured.
    dependencies: [
      ...(redis ? [{ name: 'redis', ready: () => redis.ping().then((pong) => pong === 'PONG') }] : []),
      ...(config.s3
        ? [
            {
              name: 'storage',
              ready: () =>
                blobs.ping().then(
                  () => true,
                  () => false,
                ),
            },
          ]
        : []),
    ],
  });
  const impersonation = impersonationService({ db, config });
  await app.register(authRoutes, {
    auth: authService({ db, config, log: app.log, background: later, live }),
    config,
    counter: redis ? redisCounter(redis) : memoryCounter(),
    impersonation,
  });
  if (mailer.mode === 'outbox' && config.env !== 'production') await app.register(outboxRoutes, { mailer });
  await app.register(jobsRoutes, { jobs });
  const storage = fileStorage(config.dataDir, blobs, {
    signedDownloads: config.signedDownloads ? { ...config.signedDownloads, secret: config.jwtSecret } : null,
  });
  await app.register(filesRoutes, { storage });
  await app.register(companiesRoutes, {
    companies: companiesService({ storage, log: app.log }),
    storage,
    grants: companyModulesService,
    impersonation,
    packages: packagesService,
  });
  await app.register(usersRoutes, {
    users: usersService({ storage, log: app.log }),
    storage,
  });
  await app.register(departmentsRoutes, { departments: departmentsService });
  await app.register(companyRolesRoutes, { roles: companyRolesService });
  await app.register(taskStatusesRoutes, { statuses: taskStatusesService });
  await app.register(projectsRoutes, {
    projects: projectsService({ storage, log: app.log }),
    storage,
    comments: commentsService,
  });
  const taskLists = taskListsService({ storage, log: app.log });
  await app.register(taskListsRoutes, { taskLists });
  await app.register(tasksRoutes, {
    tasks: tasksService({ storage, log: app.log }),
    storage,
    comments: commentsService,
    taskLists,
    watchers: watchersService,
  });
  await app.register(todosRoutes, { todos: todosService });
  await app.register(commentsRoutes, { comments: commentsService });
  await app.register(auditRoutes, { audit: auditService });
  await app.register(timeLogsRoutes, { timeLogs: timeLogsService });
  await app.register(timesheetsRoutes, {
    timesheets: timesheetsService,
    reports: timesheetReports,
    cells: timeLogsService,
  });
  await app.register(reportsRoutes, { reports: reportsService });
  await app.register(notificationsRoutes, { notifications: notificationsService });
  await app.register(taskDependenciesRoutes, { dependencies: dependenciesService });
  await app.register(taskRecurrenceRoutes, { recurrence: recurrenceService });
  await app.register(customFieldsRoutes, { customFields: customFieldsService });
  await app.register(modulesRoutes, { modules: modulesService });
  await app.register(packagesRoutes, { packages: packagesService });
  await app.register(permissionsRoutes, { permissions: permissionsService });
  await app.register(rolesRoutes, { roles: rolesService, permissions: permissionsService });
  await app.register(calendarRoutes, {
    calendar: calendarService({
      db,
      publicUrl: config.publicUrl,
      // A feed has no session: the owner's permissions come from the auth plugin's cache, read at
      // the company's authorisation version like a request's (its expiry is not read).
      permissionsOf: (owner) => app.authz.cache.permissions({ ...owner, expiresAt: new Date() }),
    }),
    config,
  });
  await app.register(timelineRoutes, { timeline: timelineService() });
  await app.register(labelsRoutes, { labels: labelsService });
  await app.register(savedViewsRoutes, { views: savedViewsService });
  await app.register(eventsRoutes, { ...config.liveStream, liveStreams: metrics.liveStreams });

  await app.register(webPlugin, { distDir: config.webDistDir });
  return app;
}
