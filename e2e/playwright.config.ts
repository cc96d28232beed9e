import { defineConfig, devices } from '@playwright/test';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** E2E_PORT moves the server off 3100 (several runs on one machine). */
const PORT = Number(process.env.E2E_PORT ?? 3100);
/** Set E2E_BASE_URL to run the journeys against a server you started yourself (no webServer then). */
const EXTERNAL_URL = process.env.E2E_BASE_URL;
const BASE_URL = EXTERNAL_URL ?? `http://localhost:${PORT}`;
const repoRoot = fileURLToPath(new URL('..', import.meta.url));
// One fresh database per run, so every run starts from the demo seed (workers inherit the variable).
process.env.E2E_DATA_DIR ??= mkdtempSync(join(tmpdir(), 'taskhive-e2e-'));

export default defineConfig({
  testDir: './tests',
  fullyParallel: false,
  // PGlite is single-connection: one browser at a time against the one server.
  workers: 1,
  retries: process.env.CI ? 1 : 0,
  forbidOnly: Boolean(process.env.CI),
  reporter: process.env.CI ? [['list'], ['html', { open: 'never' }]] : 'list',
  timeout: 30_000,
  expect: { timeout: 10_000 },
  use: {
    baseURL: BASE_URL,
    // The app formats dates in the browser's locale: the journeys read them as en-US shows them.
    locale: 'en-US',
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
  },
  projects: [
    {
      name: 'chromium',
      use: {
        ...devices['Desktop Chrome'],
        launchOptions: {
          executablePath: '/usr/bin/chromium',
          args: [
            '--headless',
            '--no-sandbox',
            '--disable-gpu',
            '--disable-quic',
            '--no-first-run',
            '--disable-background-networking',
            '--disable-component-update',
            '--disable-sync',
          ],
        },
      },
    },
  ],
  webServer: EXTERNAL_URL
    ? undefined
    : {
        command: 'npm run build && npm run start -w @taskhive/api',
        cwd: repoRoot,
        url: `${BASE_URL}/healthz`,
        timeout: 180_000,
        reuseExistingServer: false,
        stdout: 'pipe',
        stderr: 'pipe',
        env: {
          PORT: String(PORT),
          DATA_DIR: process.env.E2E_DATA_DIR,
          PUBLIC_URL: BASE_URL,
          RATE_LIMIT_AUTH_MAX: '10000',
          LOG_LEVEL: 'warn',
        },
      },
});
