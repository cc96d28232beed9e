import { buildApp } from './app.ts';
import { ConfigError, loadConfig } from './config.ts';
import { DatabaseLockedError } from './db/client.ts';
import { bootstrapDatabase } from './db/bootstrap.ts';
import { answerBackupRequests } from './db/backup/embedded.ts';

async function main() {
  const config = loadConfig();
  // OpenTelemetry traces (OTEL_EXPORTER_OTLP_ENDPOINT or OTEL_TRACES=on), started before the app is
  // built; off (the default), nothing of the SDK is loaded.
  const tracing = config.tracing
    ? await (await import('./lib/tracing.ts')).startTracing(config.tracing)
    : null;
  const database = await bootstrapDatabase(config, { info: (msg: string) => console.log(msg) });
  const app = await buildApp({
    db: database.db,
    config,
    listen: database.listen,
    poolStats: database.poolStats,
  });

  // `npm run backup` asks this process for a consistent snapshot of the embedded database.
  if (database.kind === 'pglite') answerBackupRequests(database, config.dataDir, app.log);

  let closing = false;
  const shutdown = (signal: string) => {
    if (closing) return;
    closing = true;
    const drainMs = config.shutdownDrainMs ?? 0;
    app.log.info(
      drainMs
        ? `${signal}: draining for ${drainMs} ms (readiness 503), then finishing in-flight requests and closing`
        : `${signal}: finishing in-flight requests, then closing`,
    );
    const force = setTimeout(() => process.exit(1), 15_000 + drainMs);
    force.unref();
    app.beginDrain();
    // The database closes after the whole app, not in one of its onClose hooks: those run last
    // registered first, so it would close before the authorisation listener, whose UNLISTEN then
    // failed on PGlite ("PGlite is closed", exit 1).
    new Promise((resolve) => setTimeout(resolve, drainMs))
      .then(() => app.close())
      .then(() => database.close())
      .then(() => tracing?.shutdown())
      .then(
        () => process.exit(0),
        (err) => {
          app.log.error(err, 'shutdown failed');
          process.exit(1);
        },
      );
  };
  process.on('SIGTERM', () => shutdown('SIGTERM'));
  process.on('SIGINT', () => shutdown('SIGINT'));

  await app.listen({ port: config.port, host: config.host });
  app.log.info(`Taskhive on ${config.publicUrl} (database: ${database.kind})`);
}

main().catch((err: unknown) => {
  if (err instanceof ConfigError || err instanceof DatabaseLockedError) {
    console.error(err.message);
  } else {
    console.error(err);
  }
  process.exit(1);
});
