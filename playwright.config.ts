import { existsSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { defineConfig, devices } from '@playwright/test';

const port = Number(process.env.E2E_PORT ?? 3100);
const chromium = process.env.CHROME_PATH ?? (existsSync('/usr/bin/chromium') ? '/usr/bin/chromium' : undefined);
// A fresh embedded database per run; the path is fixed per process so workers agree on it.
const dataDir = process.env.E2E_DATA_DIR ?? path.join(os.tmpdir(), `e2e-data-${process.ppid}`);

export default defineConfig({
  testDir: 'e2e',
  timeout: 30_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  workers: 1,
  retries: process.env.CI ? 1 : 0,
  reporter: process.env.CI ? 'list' : 'list',
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    trace: 'retain-on-failure',
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
      ],
    },
  },
  projects: [
    { name: 'desktop', use: { ...devices['Desktop Chrome'], channel: undefined }, testIgnore: /.*\.phone\.spec\.ts/ },
    { name: 'phone', use: { ...devices['Pixel 7'], channel: undefined }, testMatch: /.*\.phone\.spec\.ts/ },
  ],
  webServer: {
    command: `rm -rf ${dataDir} && node scripts/start.mjs`,
    url: `http://127.0.0.1:${port}/api/settings.php`,
    timeout: 240_000,
    reuseExistingServer: false,
    stdout: 'pipe',
    env: {
      PORT: String(port),
      HOST: '127.0.0.1',
      // Mailed links and payment return URLs point where the browser is (docs/security.md: never the Host header).
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      DATA_DIR: dataDir,
      SEED_MEMBERS: '120',
      LOG_LEVEL: 'warn',
      DEV_OUTBOX: '1',
      SEED_AUTO_APPROVE_PHOTOS: '0',
      // Web push goes to the fake push service e2e/push.spec.ts runs on loopback, without waiting long.
      PUSH_ENDPOINT_HOSTS: '127.0.0.1',
      NOTIFY_PUSH_DELAY_SECONDS: '1',
      // The unsubscribe spec signs its links with this key; the settings spec posts a bounce with this secret.
      UNSUBSCRIBE_SECRET: 'e2e-unsubscribe-secret',
      MAIL_WEBHOOK_SECRET: 'e2e-mail-webhook-secret',
      // The member app reports errors here after statistics consent; e2e/error-reporting.spec.ts intercepts it.
      SENTRY_CLIENT_DSN: 'http://public@errors.invalid/1',
    },
  },
});
