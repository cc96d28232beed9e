import { mkdtempSync, readFileSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.ts';

const dir = () => mkdtempSync(join(tmpdir(), 'taskhive-config-'));

describe('loadConfig', () => {
  it('has working defaults: port 3000, PGlite in DATA_DIR, a public URL', () => {
    const c = loadConfig({ DATA_DIR: dir() });
    expect(c.port).toBe(3000);
    expect(c.databaseUrl).toBeUndefined();
    expect(c.publicUrl).toBe('http://localhost:3000');
    expect(c.seedDemo).toBe(true);
  });

  it('generates the JWT secret once, kept in DATA_DIR with mode 0600', () => {
    const d = dir();
    const a = loadConfig({ DATA_DIR: d });
    const file = join(d, 'jwt-secret');
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(readFileSync(file, 'utf8').length).toBeGreaterThanOrEqual(64);
    const b = loadConfig({ DATA_DIR: d });
    expect(Buffer.from(b.jwtSecret).equals(Buffer.from(a.jwtSecret))).toBe(true);
  });

  it('stops with a message naming the bad variable', () => {
    expect(() => loadConfig({ DATA_DIR: dir(), PORT: 'eighty' })).toThrow(ConfigError);
    expect(() => loadConfig({ DATA_DIR: dir(), PORT: 'eighty' })).toThrow(/PORT/);
    expect(() => loadConfig({ DATA_DIR: dir(), DATABASE_URL: 'mysql://x' })).toThrow(/DATABASE_URL/);
    expect(() => loadConfig({ DATA_DIR: dir(), JWT_SECRET: 'short' })).toThrow(/JWT_SECRET/);
    expect(() => loadConfig({ DATA_DIR: dir(), LOG_LEVEL: 'loud' })).toThrow(/LOG_LEVEL/);
  });

  it('row-level security: on with DATABASE_URL unless RLS=off; off on the embedded database', () => {
    const url = 'postgres://app@db/taskhive';
    expect(loadConfig({ DATA_DIR: dir() }).rls).toBe(false);
    expect(loadConfig({ DATA_DIR: dir(), DATABASE_URL: url }).rls).toBe(true);
    expect(loadConfig({ DATA_DIR: dir(), DATABASE_URL: url, RLS: 'off' }).rls).toBe(false);
    expect(loadConfig({ DATA_DIR: dir(), DATABASE_URL: url, RLS: 'on' }).rls).toBe(true);
    expect(() => loadConfig({ DATA_DIR: dir(), RLS: 'maybe' })).toThrow(/RLS/);
  });

  it('never seeds demo data in production', () => {
    expect(loadConfig({ DATA_DIR: dir(), NODE_ENV: 'production' }).seedDemo).toBe(false);
  });

  it('signed downloads: off unless SIGNED_DOWNLOADS=on, 300 s by default, the TTL bounded', () => {
    expect(loadConfig({ DATA_DIR: dir() }).signedDownloads).toBeNull();
    expect(loadConfig({ DATA_DIR: dir(), SIGNED_DOWNLOADS: 'off' }).signedDownloads).toBeNull();
    expect(loadConfig({ DATA_DIR: dir(), SIGNED_DOWNLOADS: 'on' }).signedDownloads).toEqual({
      ttlSeconds: 300,
    });
    expect(
      loadConfig({ DATA_DIR: dir(), SIGNED_DOWNLOADS: 'on', SIGNED_DOWNLOAD_TTL_SECONDS: '60' })
        .signedDownloads,
    ).toEqual({ ttlSeconds: 60 });
    expect(() => loadConfig({ DATA_DIR: dir(), SIGNED_DOWNLOADS: 'yes' })).toThrow(/SIGNED_DOWNLOADS/);
    expect(() => loadConfig({ DATA_DIR: dir(), SIGNED_DOWNLOAD_TTL_SECONDS: '5' })).toThrow(
      /SIGNED_DOWNLOAD_TTL_SECONDS/,
    );
    expect(() => loadConfig({ DATA_DIR: dir(), SIGNED_DOWNLOAD_TTL_SECONDS: '604801' })).toThrow(
      /SIGNED_DOWNLOAD_TTL_SECONDS/,
    );
  });

  it('traces: off by default; on with an OTLP endpoint or OTEL_TRACES=on; off wins', () => {
    const d = dir();
    expect(loadConfig({ DATA_DIR: d }).tracing).toBeNull();
    expect(loadConfig({ DATA_DIR: d, OTEL_EXPORTER_OTLP_ENDPOINT: 'http://otel:4318' }).tracing).toEqual({
      serviceName: 'taskhive-api',
    });
    expect(
      loadConfig({ DATA_DIR: d, OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: 'http://otel:4318/v1/traces' }).tracing,
    ).not.toBeNull();
    expect(loadConfig({ DATA_DIR: d, OTEL_TRACES: 'on', OTEL_SERVICE_NAME: 'api-2' }).tracing).toEqual({
      serviceName: 'api-2',
    });
    expect(
      loadConfig({ DATA_DIR: d, OTEL_TRACES: 'off', OTEL_EXPORTER_OTLP_ENDPOINT: 'http://otel:4318' })
        .tracing,
    ).toBeNull();
    expect(
      loadConfig({ DATA_DIR: d, OTEL_SDK_DISABLED: 'true', OTEL_EXPORTER_OTLP_ENDPOINT: 'http://otel:4318' })
        .tracing,
    ).toBeNull();
    expect(() => loadConfig({ DATA_DIR: d, OTEL_EXPORTER_OTLP_ENDPOINT: 'otel:4318' })).toThrow(
      /OTEL_EXPORTER_OTLP_ENDPOINT/,
    );
  });
});
