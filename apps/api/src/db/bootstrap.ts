import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config.ts';
import { type Database, openDatabase } from './client.ts';
import { migrate } from './migrate.ts';
import { syncReferenceData } from './reference-data.ts';
import { s3Store } from '../features/files/blob-store.ts';
import { isEmpty, seedDemo } from './seed/demo.ts';

type Log = Pick<FastifyBaseLogger, 'info'>;

/** Open, migrate, sync the catalogue, and seed the demo data on the first start when configured. */
export async function bootstrapDatabase(config: Config, log: Log): Promise<Database> {
  const database = await openDatabase(config);
  try {
    const applied = await migrate(database);
    if (applied.length) log.info(`applied migrations: ${applied.join(', ')}`);
    await syncReferenceData(database.db);
    if (config.seedDemo && (await isEmpty(database.db))) {
      // The demo's files go where the app keeps uploads: the bucket when one is configured.
      const blobs = config.s3 ? s3Store(config.s3) : undefined;
      try {
        await seedDemo(database.db, config.dataDir, blobs);
      } finally {
        blobs?.close();
      }
      log.info('seeded the demo data (password for every demo account: Taskhive#2026)');
    }
    return database;
  } catch (err) {
    await database.close();
    throw err;
  }
}
