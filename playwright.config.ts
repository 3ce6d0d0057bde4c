import { existsSync } from 'node:fs';
import { defineConfig, devices } from '@playwright/test';

const chromium = process.env.CHROME_PATH ?? (existsSync('/usr/bin/chromium') ? '/usr/bin/chromium' : undefined);

export default defineConfig({
  testDir: 'e2e',
  timeout: 30_000,
  expect: { timeout: 10_000 },
  // The server is seeded once (e2e/global-setup.ts); every worker serves its own copy of that
  // database on its own port (e2e/fixtures.ts sets baseURL), so workers share no state. A file's
  // journeys run in order in one worker, as they depend on each other.
  globalSetup: './e2e/global-setup.ts',
  fullyParallel: false,
  workers: Number(process.env.E2E_WORKERS ?? 2),
  retries: process.env.CI ? 1 : 0,
  reporter: 'list',
  use: {
    // In CI a failed journey is recorded on its retry (Playwright's setting for CI: no trace is
    // recorded for the journeys that pass), locally on failure (docs/benchmarks.md, 2026-11-28 15:18).
    trace: process.env.CI ? 'on-first-retry' : 'retain-on-failure',
    screenshot: 'only-on-failure',
    locale: 'nl-NL',
    launchOptions: {
      executablePath: chromium,
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
        // A second site on its own domain (admin-shop.spec.ts): *.e2e.test is the test server.
        '--host-resolver-rules=MAP *.e2e.test 127.0.0.1',
      ],
    },
  },
  // One project: the phone journeys (*.phone.spec.ts) set Pixel 7's screen with test.use(PHONE)
  // (e2e/devices.ts), so they share the two workers and their servers instead of starting their own
  // after the desktop journeys (docs/benchmarks.md, 2026-11-29).
  projects: [{ name: 'chromium', use: { ...devices['Desktop Chrome'], channel: undefined } }],
});
