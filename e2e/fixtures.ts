/**
 * The journeys' `test` and `expect`: Playwright's, with a server per worker. Each worker copies the
 * seeded data folder of the global setup (global-setup.ts) and serves it on a port of its own, and
 * `baseURL` points there, so journeys of different workers never share members, sites or settings;
 * within a worker the files run one after the other on one server, as they did on the one server
 * before. Specs import `test` and `expect` from here.
 */
import { cpSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { test as base } from '@playwright/test';
import { type E2EServer, startServer } from './server';

export { expect } from '@playwright/test';

export const test = base.extend<Record<never, never>, { e2eServer: E2EServer }>({
  e2eServer: [
    // biome-ignore lint/correctness/noEmptyPattern: Playwright reads a fixture's dependencies from this pattern
    async ({}, use, workerInfo) => {
      const template = process.env.E2E_TEMPLATE_DIR;
      if (!template) throw new Error('E2E_TEMPLATE_DIR is not set: run the journeys through playwright.config.ts');
      const dataDir = path.join(os.tmpdir(), `e2e-data-${process.ppid}-${workerInfo.workerIndex}`);
      rmSync(dataDir, { recursive: true, force: true });
      cpSync(template, dataDir, { recursive: true });
      const server = await startServer(dataDir);
      // The back-office helpers keep the authenticator state of this worker's server by its port.
      process.env.E2E_PORT = String(server.port);
      await use(server);
      await server.stop();
      rmSync(dataDir, { recursive: true, force: true });
    },
    { scope: 'worker', timeout: 240_000 },
  ],
  baseURL: async ({ e2eServer }, use) => {
    await use(e2eServer.url);
  },
});
