/**
 * Playwright's global setup: builds what is missing, migrates and seeds one embedded database (the
 * server's own first start, `npm start` with SEED_MEMBERS=120), stops the server and leaves the
 * seeded data folder (database, photos, secrets) for the workers to copy (fixtures.ts). Its path
 * goes to the workers in E2E_TEMPLATE_DIR; the teardown removes it.
 */
import { rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startServer } from './server';

export default async function globalSetup(): Promise<() => Promise<void>> {
  const template = path.join(os.tmpdir(), `e2e-template-${process.pid}`);
  rmSync(template, { recursive: true, force: true });
  const started = Date.now();
  const server = await startServer(template);
  await server.stop();
  console.log(`e2e: seeded database ready in ${((Date.now() - started) / 1000).toFixed(1)} s (${template})`);
  process.env.E2E_TEMPLATE_DIR = template;
  // REBUILD=1 rebuilt the client for this first start; the workers' servers (started with this
  // environment) serve that build instead of each rebuilding it at once, over one another's files.
  delete process.env.REBUILD;
  return async () => {
    rmSync(template, { recursive: true, force: true });
  };
}
