import { loadConfig } from '../../config.ts';
import { openDatabase } from '../client.ts';
import { migrate } from '../migrate.ts';
import { syncReferenceData } from '../reference-data.ts';
import { s3Store } from '../../features/files/blob-store.ts';
import { DEMO_PASSWORD, isEmpty, seedDemo } from './demo.ts';

/** `npm run seed`: migrate, then load the demo data into an empty database (any DATABASE_URL). */
const config = loadConfig();
if (config.env === 'production') {
  console.error('Refusing to seed demo data with NODE_ENV=production.');
  process.exit(1);
}
const database = await openDatabase(config);
try {
  await migrate(database);
  await syncReferenceData(database.db);
  if (!(await isEmpty(database.db))) {
    console.log('The database already has companies: nothing seeded.');
  } else {
    const blobs = config.s3 ? s3Store(config.s3) : undefined;
    try {
      await seedDemo(database.db, config.dataDir, blobs);
    } finally {
      blobs?.close();
    }
    console.log(`Demo data seeded. Every demo account's password: ${DEMO_PASSWORD}`);
  }
} finally {
  await database.close();
}
