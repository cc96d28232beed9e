import { createRequire } from 'node:module';
import { context, type Span, SpanKind, SpanStatusCode, trace } from '@opentelemetry/api';

/**
 * OpenTelemetry traces, optional and off by default (issue 27): `OTEL_EXPORTER_OTLP_ENDPOINT` (or
 * `OTEL_TRACES=on`) starts the standard Node SDK before the app is built, with the HTTP server,
 * Fastify (`@fastify/otel`: the route, hooks and handler) and database spans, exported over OTLP
 * HTTP (JSON) to the endpoint (the SDK reads the standard `OTEL_*` variables itself: endpoint,
 * headers, sampler, service name). Off, none of the SDK is loaded: only `@opentelemetry/api`,
 * which the app's dependencies load anyway, and `traceLogFields` is not installed.
 */
export type TracingSettings = { serviceName: string };

/** Requests the instrumentation leaves out: the balancer's checks and Prometheus' scrapes. */
const UNTRACED_PATHS = new Set(['/healthz', '/readyz', '/metrics']);

/**
 * Starts the SDK; answers its shutdown (flushes the spans still queued). Loaded and started
 * before `buildApp`, but after the app's modules: the server bundle (dist/server.mjs) imports its
 * dependencies before any of its code runs, so an instrumentation's load-time hook would come
 * too late. So each patched module is required again once the SDK is on: the hook then patches
 * the module object every importer already holds (`http`'s Server, `pg`'s Client and Pool
 * prototypes). Fastify needs no patching: `@fastify/otel` joins each instance as it is created
 * (Fastify's `fastify.initialization` diagnostics channel). PGlite has no instrumentation of its
 * own: its queries get spans from `tracePglite`.
 */
export async function startTracing(settings: TracingSettings): Promise<{ shutdown(): Promise<void> }> {
  const [
    { NodeSDK },
    { OTLPTraceExporter },
    { HttpInstrumentation },
    { PgInstrumentation },
    { FastifyOtelInstrumentation },
  ] = await Promise.all([
    import('@opentelemetry/sdk-node'),
    import('@opentelemetry/exporter-trace-otlp-http'),
    import('@opentelemetry/instrumentation-http'),
    import('@opentelemetry/instrumentation-pg'),
    import('@fastify/otel'),
  ]);
  const sdk = new NodeSDK({
    serviceName: settings.serviceName,
    traceExporter: new OTLPTraceExporter(),
    // Traces only: no log records or metrics through OpenTelemetry (logs are pino's, metrics Prometheus').
    logRecordProcessors: [],
    instrumentations: [
      new HttpInstrumentation({
        ignoreIncomingRequestHook: (req) => UNTRACED_PATHS.has((req.url ?? '').split('?')[0] ?? ''),
      }),
      // Statement text only, never the values bound to it.
      new PgInstrumentation({ enhancedDatabaseReporting: false, requireParentSpan: true }),
      new FastifyOtelInstrumentation({ registerOnInitialization: true }),
    ],
  });
  sdk.start();
  const require = createRequire(import.meta.url);
  for (const name of ['node:http', 'node:https', 'pg', 'pg-pool']) require(name);
  await tracePglite();
  return { shutdown: () => sdk.shutdown() };
}

type Queryable = {
  query: (...args: unknown[]) => Promise<unknown>;
  exec: (...args: unknown[]) => Promise<unknown>;
};

/**
 * Spans for PGlite's statements (the embedded database): `query` and `exec`, inside a transaction
 * too, named and described as the pg instrumentation's (`db.system.name` postgresql, `db.query.text`
 * the statement, never its values). Only under a request's span, as for pg.
 */
async function tracePglite(): Promise<void> {
  const { PGlite } = await import('@electric-sql/pglite');
  const tracer = trace.getTracer('taskhive-pglite');
  const traced = (original: (...args: unknown[]) => Promise<unknown>) =>
    function (this: unknown, ...args: unknown[]) {
      if (!trace.getSpan(context.active())) return original.apply(this, args);
      const text = typeof args[0] === 'string' ? args[0] : '';
      const operation = /^\s*(\w+)/.exec(text)?.[1]?.toUpperCase() ?? 'QUERY';
      return tracer.startActiveSpan(
        `pglite.${operation.toLowerCase()}`,
        {
          kind: SpanKind.CLIENT,
          attributes: {
            'db.system.name': 'postgresql',
            'db.query.text': text,
            'db.operation.name': operation,
          },
        },
        async (span: Span) => {
          try {
            return await original.apply(this, args);
          } catch (err) {
            span.setStatus({ code: SpanStatusCode.ERROR, message: (err as Error).message });
            throw err;
          } finally {
            span.end();
          }
        },
      );
    };
  const wrap = (target: Queryable) => {
    target.query = traced(target.query);
    target.exec = traced(target.exec);
  };
  const proto = PGlite.prototype as unknown as Queryable & {
    transaction: (fn: (tx: Queryable) => Promise<unknown>) => Promise<unknown>;
  };
  wrap(proto);
  const transaction = proto.transaction;
  proto.transaction = function (this: unknown, fn: (tx: Queryable) => Promise<unknown>) {
    return transaction.call(this, (tx: Queryable) => {
      wrap(tx);
      return fn(tx);
    });
  };
}

/** pino's `mixin` while tracing is on: each log line written within a span names its trace. */
export function traceLogFields(): Record<string, string> {
  const span = trace.getSpan(context.active());
  if (!span) return {};
  const { traceId, spanId } = span.spanContext();
  return { trace_id: traceId, span_id: spanId };
}
