import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  cleanUpProcesses,
  freshDatabase,
  http,
  PG_URL,
  type ServerProcess,
  startServer,
  tempDir,
  waitFor,
} from '../test/processes.ts';

/**
 * OpenTelemetry traces (issue 27) through the real server process (`src/server.ts`, as an operator
 * starts it): with OTEL_EXPORTER_OTLP_ENDPOINT set, a request's spans reach an OTLP HTTP receiver
 * started by the test; without it, nothing is sent and log lines carry no trace ids. On
 * PostgreSQL (DATABASE_URL) the database spans come from the pg instrumentation, on PGlite from
 * lib/tracing.ts's own.
 */
type OtlpValue = { stringValue?: string; intValue?: string | number };
type OtlpSpan = {
  traceId: string;
  spanId: string;
  parentSpanId?: string;
  name: string;
  kind: number;
  attributes?: { key: string; value: OtlpValue }[];
};
type OtlpExport = {
  resourceSpans?: {
    resource?: { attributes?: { key: string; value: OtlpValue }[] };
    scopeSpans?: { scope?: { name?: string }; spans?: OtlpSpan[] }[];
  }[];
};

const SERVER = 2;
const CLIENT = 3;
const attr = (span: OtlpSpan, key: string) => {
  const v = span.attributes?.find((a) => a.key === key)?.value;
  return v?.stringValue ?? (v?.intValue === undefined ? undefined : String(v.intValue));
};

describe('OpenTelemetry traces', () => {
  let receiver: Server;
  let endpoint: string;
  const exports: OtlpExport[] = [];
  const spans = () =>
    exports.flatMap((e) =>
      (e.resourceSpans ?? []).flatMap((r) => (r.scopeSpans ?? []).flatMap((s) => s.spans ?? [])),
    );
  let traced: ServerProcess;
  let plain: ServerProcess;

  beforeAll(async () => {
    receiver = createServer((req, res) => {
      let body = '';
      req.on('data', (d) => (body += d));
      req.on('end', () => {
        if (req.url === '/v1/traces') exports.push(JSON.parse(body) as OtlpExport);
        res.writeHead(200, { 'content-type': 'application/json' }).end('{}');
      });
    });
    await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
    endpoint = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}`;
    const otel = {
      OTEL_EXPORTER_OTLP_ENDPOINT: endpoint,
      OTEL_SERVICE_NAME: 'taskhive-tracing-test',
      OTEL_BSP_SCHEDULE_DELAY: '100',
    };
    [traced, plain] = await Promise.all([
      startServer({
        dataDir: tempDir('taskhive-tracing'),
        ...(PG_URL ? { databaseUrl: await freshDatabase('taskhive_tracing_on') } : {}),
        env: otel,
        readyTimeoutMs: 120_000,
      }),
      startServer({
        dataDir: tempDir('taskhive-tracing-off'),
        readyTimeoutMs: 120_000,
        ...(PG_URL ? { databaseUrl: await freshDatabase('taskhive_tracing_off') } : {}),
      }),
    ]);
  });
  afterAll(async () => {
    await Promise.all([traced?.stop(), plain?.stop()]);
    await new Promise((resolve) => receiver.close(resolve));
    await cleanUpProcesses();
  });

  it('a request gives a server span named by its route, with the database spans under it', async () => {
    const email = `nobody-${Date.now()}@tracing.test`;
    const res = await http(traced.port, 'POST', '/api/auth/login', { email, password: 'Not-the-password-1' });
    expect(res.status).toBe(401);

    let server: OtlpSpan | undefined;
    await waitFor(
      'the sign-in span',
      () => {
        server = spans().find((s) => s.kind === SERVER && attr(s, 'http.route') === '/api/auth/login');
        return server !== undefined;
      },
      15_000,
    );
    if (!server) throw new Error('unreachable');
    expect(server.name).toBe('POST /api/auth/login');
    expect(attr(server, 'http.response.status_code') ?? attr(server, 'http.status_code')).toBe('401');
    const resource = exports[0]?.resourceSpans?.[0]?.resource?.attributes ?? [];
    expect(resource.find((a) => a.key === 'service.name')?.value.stringValue).toBe('taskhive-tracing-test');

    // The database spans of the same trace, each under the server span (through Fastify's spans).
    const trace = server.traceId;
    let db: OtlpSpan[] = [];
    await waitFor(
      'the database spans',
      () => {
        db = spans().filter((s) => s.traceId === trace && attr(s, 'db.system.name') === 'postgresql');
        return db.length > 0;
      },
      15_000,
    );
    const byId = new Map(spans().map((s) => [s.spanId, s]));
    const ancestors = (s: OtlpSpan) => {
      const chain: string[] = [];
      for (let p = s.parentSpanId; p && byId.has(p); p = byId.get(p)?.parentSpanId) chain.push(p);
      return chain;
    };
    for (const s of db) {
      expect(s.kind).toBe(CLIENT);
      expect(ancestors(s)).toContain(server.spanId);
      // The statement, never the values bound to it (the e-mail address looked up).
      expect(JSON.stringify(s)).not.toContain(email);
    }
    expect(db.some((s) => /\bfrom\b/i.test(attr(s, 'db.query.text') ?? ''))).toBe(true);
    // Fastify's own request span, with the route, sits between them.
    expect(
      spans().some(
        (s) => s.traceId === trace && s.name === 'request' && attr(s, 'http.route') === '/api/auth/login',
      ),
    ).toBe(true);

    // The request's log line names the trace.
    await waitFor('the log line', () => traced.output().includes(`"trace_id":"${trace}"`), 5_000);
    const line = traced
      .output()
      .split('\n')
      .find((l) => l.includes(`"trace_id":"${trace}"`) && l.includes('request completed'));
    expect(line).toBeDefined();

    // Health checks are left out (a balancer polls them every second).
    expect(
      spans().some((s) => attr(s, 'url.path') === '/readyz' || attr(s, 'http.target') === '/readyz'),
    ).toBe(false);
  });

  it('off (no endpoint): log lines carry no trace ids', async () => {
    const res = await http(plain.port, 'POST', '/api/auth/login', {
      email: 'nobody@tracing.test',
      password: 'Not-the-password-1',
    });
    expect(res.status).toBe(401);
    await waitFor('the log line', () => plain.output().includes('request completed'), 5_000);
    expect(plain.output()).not.toContain('trace_id');
  });
});
