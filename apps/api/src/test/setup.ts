import { beforeAll } from 'vitest';
import { resetDatabase, workerDatabase } from './build-app.ts';

// Each test file starts from empty tenant tables on the worker's shared database.
beforeAll(async () => {
  await resetDatabase(await workerDatabase());
});
