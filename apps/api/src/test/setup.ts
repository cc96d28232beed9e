import { afterEach, beforeAll, expect } from 'vitest';
import { resetDatabase, workerDatabase } from './build-app.ts';
import { takeViolations } from './tenant-guard.ts';

// Each test file starts from empty tenant tables on the worker's shared database.
beforeAll(async () => {
  await resetDatabase(await workerDatabase());
});

// The tenant guard throws inside the app; this fails the test even where the app caught the error.
afterEach(() => {
  expect(takeViolations(), 'statements on tenant tables without a company_id condition').toEqual([]);
});
