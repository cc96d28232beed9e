import { randomBytes } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { z } from 'zod';
import { type S3Settings, s3SettingsFromEnv } from './features/files/blob-store.ts';
import type { JobsConfig } from './lib/jobs.ts';

/** The only reader of process.env. Parsed once; a bad value stops the process naming the variable. */
const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default('0.0.0.0'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// or postgresql:// URL')
    .optional(),
  DATA_DIR: z.string().min(1).default('./data'),
  JWT_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  PUBLIC_URL: z.url().optional(),
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, 'must be an smtp:// or smtps:// URL')
    .optional(),
  MAIL_FROM: z.string().min(3).default('Taskhive <no-reply@taskhive.test>'),
  REDIS_URL: z
    .string()
    .regex(/^rediss?:\/\//, 'must be a redis:// URL')
    .optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** Failed sign-ins per account, and forgot-password requests per account, in each window. */
  RATE_LIMIT_AUTH_MAX: z.coerce.number().int().min(1).default(10),
  /**
   * Failed sign-ins per client address in each window (successes never count, so an office behind
   * one address signs in freely), and register/forgot/reset requests per address.
   */
  RATE_LIMIT_AUTH_IP_MAX: z.coerce.number().int().min(1).default(100),
  RATE_LIMIT_AUTH_WINDOW_MS: z.coerce
    .number()
    .int()
    .min(1000)
    .default(15 * 60 * 1000),
  /** Seed demo data on the first start of an empty database (never in production). */
  SEED_DEMO: z
    .enum(['true', 'false'])
    .transform((v) => v === 'true')
    .optional(),
  WEB_DIST_DIR: z.string().optional(),
  /** Jobs (mail, periodic work) this process runs at once; 0: none (a process that only answers). */
  JOB_CONCURRENCY: z.coerce.number().int().min(0).max(100).default(2),
  /** The job worker and scheduler start this long after the server is ready (the crash test holds them off). */
  JOB_START_DELAY_MS: z.coerce.number().int().min(0).default(0),
  /** How often an idle worker looks for due jobs (on PostgreSQL a new job also wakes it at once). */
  JOB_POLL_MS: z.coerce.number().int().min(50).default(1000),
  /**
   * On SIGTERM, how long the process keeps answering (readiness already 503) before it stops
   * listening: a balancer's health checks take it out of rotation meanwhile. Behind one, at least
   * twice its check interval; 0 (the default) stops at once.
   */
  SHUTDOWN_DRAIN_MS: z.coerce.number().int().min(0).max(120_000).default(0),
  /** The bearer token of GET /metrics (Prometheus); without one the route does not exist. */
  METRICS_TOKEN: z.string().min(16, 'must be at least 16 characters').optional(),
  /**
   * `on`: a download route answers 302 to a short-lived signed URL (the bucket's presigned GET, or
   * this API's signed route on the disk) instead of streaming the file itself.
   */
  SIGNED_DOWNLOADS: z.enum(['on', 'off']).default('off'),
  /** How long a signed download URL is valid (S3 allows at most 7 days). */
  SIGNED_DOWNLOAD_TTL_SECONDS: z.coerce.number().int().min(10).max(604_800).default(300),
  /** `on` (or an OTLP endpoint below) starts OpenTelemetry traces (lib/tracing.ts); `off` wins over an endpoint. */
  OTEL_TRACES: z.enum(['on', 'off']).optional(),
  /** Where traces go over OTLP HTTP (the SDK adds /v1/traces), e.g. a collector's http://otel:4318. */
  OTEL_EXPORTER_OTLP_ENDPOINT: z.url({ protocol: /^https?$/ }).optional(),
  /** The traces' own endpoint, used as it is (the SDK's variable; it wins over the one above). */
  OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: z.url({ protocol: /^https?$/ }).optional(),
  OTEL_SERVICE_NAME: z.string().min(1).default('taskhive-api'),
  /** The SDK's standard switch: `true` turns tracing off whatever else says. */
  OTEL_SDK_DISABLED: z.enum(['true', 'false']).optional(),
  /**
   * Row-level security (PostgreSQL): a tenant request works as the role taskhive_app, which sees
   * only its company's rows (migration 0031). On by default with DATABASE_URL; `off` disables it.
   */
  RLS: z.enum(['on', 'off']).optional(),
  /** When the prune of dead jobs runs (crontab: minute hour day month weekday, UTC). */
  JOB_PRUNE_SCHEDULE: z
    .string()
    .regex(/^\S+( \S+){4}$/, 'must be a crontab pattern of 5 fields')
    .default('17 3 * * *'),
});

export type Config = {
  env: 'development' | 'production' | 'test';
  port: number;
  host: string;
  databaseUrl: string | undefined;
  dataDir: string;
  jwtSecret: Uint8Array;
  publicUrl: string;
  smtpUrl: string | undefined;
  mailFrom: string;
  redisUrl: string | undefined;
  logLevel: string;
  rateLimit: { authMax: number; authIpMax: number; authWindowMs: number };
  seedDemo: boolean;
  webDistDir: string;
  /** The job worker of this process (lib/jobs.ts). */
  jobs: JobsConfig;
  /** Live stream timings (features/events); tests shorten them, the defaults come from the contract. */
  liveStream?: { heartbeatMs?: number; recheckMs?: number; pollMs?: number };
  /** How long an impersonation lasts (features/impersonation); tests shorten it, the default is the contract's. */
  impersonation?: { ttlSeconds?: number };
  /** GET /metrics answers with this bearer token only; undefined: no /metrics route. */
  metricsToken?: string | undefined;
  /** On SIGTERM: answer this long with readiness 503 before closing (server.ts). */
  shutdownDrainMs?: number;
  /**
   * Tenant requests as taskhive_app under row-level security (PostgreSQL only; plugins/auth.ts).
   * Undefined: on when `databaseUrl` is set.
   */
  rls?: boolean;
  /** Uploads in an S3-compatible bucket (S3_URL or S3_BUCKET...), else on the disk under DATA_DIR/uploads. */
  s3?: S3Settings | null;
  /** SIGNED_DOWNLOADS=on: downloads answer 302 to a URL valid this long (features/files); null: they stream. */
  signedDownloads?: { ttlSeconds: number } | null;
  /** OpenTelemetry traces (lib/tracing.ts, started by server.ts); null: off, nothing of the SDK loaded. */
  tracing?: { serviceName: string } | null;
};

export class ConfigError extends Error {}

function loadOrCreateSecret(dataDir: string): string {
  const file = join(dataDir, 'jwt-secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  const secret = randomBytes(48).toString('base64url');
  writeFileSync(file, secret, { mode: 0o600, flag: 'wx' });
  chmodSync(file, 0o600);
  return secret;
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`Invalid environment configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  let s3: S3Settings | null;
  try {
    s3 = s3SettingsFromEnv(env);
  } catch (err) {
    throw new ConfigError(`Invalid environment configuration:\n  S3_URL: ${(err as Error).message}`);
  }
  // npm runs workspace scripts in the workspace folder; INIT_CWD is where the user typed the command.
  const dataDir = resolve(env.INIT_CWD ?? process.cwd(), e.DATA_DIR);
  mkdirSync(dataDir, { recursive: true });
  const secret = e.JWT_SECRET ?? loadOrCreateSecret(dataDir);
  return {
    env: e.NODE_ENV,
    port: e.PORT,
    host: e.HOST,
    databaseUrl: e.DATABASE_URL,
    dataDir,
    jwtSecret: new TextEncoder().encode(secret),
    publicUrl: (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, ''),
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    redisUrl: e.REDIS_URL,
    logLevel: e.LOG_LEVEL,
    rateLimit: {
      authMax: e.RATE_LIMIT_AUTH_MAX,
      authIpMax: e.RATE_LIMIT_AUTH_IP_MAX,
      authWindowMs: e.RATE_LIMIT_AUTH_WINDOW_MS,
    },
    seedDemo: e.SEED_DEMO ?? (e.NODE_ENV !== 'production' && !e.DATABASE_URL),
    webDistDir: resolve(e.WEB_DIST_DIR ?? new URL('../../web/dist', import.meta.url).pathname),
    jobs: {
      concurrency: e.JOB_CONCURRENCY,
      startDelayMs: e.JOB_START_DELAY_MS,
      pollMs: e.JOB_POLL_MS,
      pruneSchedule: e.JOB_PRUNE_SCHEDULE,
    },
    s3,
    shutdownDrainMs: e.SHUTDOWN_DRAIN_MS,
    metricsToken: e.METRICS_TOKEN,
    signedDownloads: e.SIGNED_DOWNLOADS === 'on' ? { ttlSeconds: e.SIGNED_DOWNLOAD_TTL_SECONDS } : null,
    tracing:
      e.OTEL_SDK_DISABLED !== 'true' &&
      e.OTEL_TRACES !== 'off' &&
      (e.OTEL_TRACES === 'on' || e.OTEL_EXPORTER_OTLP_ENDPOINT || e.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT)
        ? { serviceName: e.OTEL_SERVICE_NAME }
        : null,
    rls: e.RLS === undefined ? Boolean(e.DATABASE_URL) : e.RLS === 'on',
  };
}
