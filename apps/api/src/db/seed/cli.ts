import { loadConfig } from '../../config.ts';
import { openDatabase } from '../client.ts';
import { migrate } from '../migrate.ts';
import { syncReferenceData } from '../reference-data.ts';
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
    await seedDemo(database.db, config.dataDir);
    console.log(`Demo data seeded. Every demo account's password: ${DEMO_PASSWORD}`);
  }
} finally {
  await database.close();
}
