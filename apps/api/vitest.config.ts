import { defineConfig } from 'vitest/config';

/**
 * One database per worker (PGlite in memory, or a fresh PostgreSQL database when DATABASE_URL is
 * set), shared by the files that worker runs: files are not isolated, and the setup file empties
 * the tenant tables before each file.
 */
export default defineConfig({
  test: {
    include: ['src/**/*.test.ts'],
    pool: 'forks',
    isolate: false,
    maxWorkers: 2,
    fileParallelism: true,
    setupFiles: ['src/test/setup.ts'],
    globalSetup: ['src/test/global-setup.ts'],
    testTimeout: 30_000,
    hookTimeout: 120_000,
  },
});
