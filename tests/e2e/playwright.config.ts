import { defineConfig } from '@playwright/test';

import { E2E_PORT } from './support/env';

/**
 * End-to-end journeys in Debian's Chromium (Playwright cannot download its own browser here)
 * against the real server on a throwaway SQLite database.
 */
export default defineConfig({
  testDir: '.',
  testMatch: '**/*.e2e.ts',
  fullyParallel: false,
  workers: 1,
  // One retry: a journey that fails because the machine stalled (npm test runs the API tests
  // beside these on two cores) passes the second time, and the summary names it as flaky; one
  // that fails twice is a fault.
  retries: 1,
  timeout: 30_000,
  expect: { timeout: 7_000 },
  reporter: [['list']],
  outputDir: '../../test-results',
  use: {
    baseURL: `http://127.0.0.1:${E2E_PORT}`,
    // A trace records every action of every journey (DOM snapshots, screencast) for nothing when
    // it passes, and CI keeps no files: VIGIL_E2E_TRACE=1 records them to debug a failure here.
    trace: process.env.VIGIL_E2E_TRACE === '1' ? 'retain-on-failure' : 'off',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
        '--disable-quic',
      ],
    },
  },
  webServer: {
    command: 'node --import tsx tests/e2e/support/start-server.ts',
    cwd: '../..',
    url: `http://127.0.0.1:${E2E_PORT}/healthz`,
    // VIGIL_E2E_REUSE=1: journeys against a server already started on the port (a busy machine
    // may take longer than the timeout to load the demo); CI always starts a fresh one.
    reuseExistingServer: process.env.VIGIL_E2E_REUSE === '1',
    // The demo loads in 15-45 s alone; npm test runs the API tests beside the journeys, and a
    // busy machine has taken over 60 s: the limit only bounds a server that never comes up.
    timeout: 240_000,
    stdout: 'ignore',
    stderr: 'pipe',
  },
});
