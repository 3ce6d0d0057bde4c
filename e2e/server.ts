/**
 * The journeys' server (playwright.config.ts): `npm start` (scripts/start.mjs: builds what is
 * missing, migrates, seeds an empty embedded database, serves) with the e2e settings, on a loopback
 * port of its own. The global setup (global-setup.ts) starts one on an empty data folder, which
 * seeds it, and stops it; each Playwright worker (fixtures.ts) then serves its own copy of that
 * seeded folder, so workers share no state and the seed runs once per run.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { appendFileSync } from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** The server's settings for the journeys (README's configuration table). */
export function serverEnv(port: number, dataDir: string): Record<string, string> {
  return {
    PORT: String(port),
    HOST: '127.0.0.1',
    // Mailed links and payment return URLs point where the browser is (docs/security.md: never the Host header).
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    // Staff passkeys need a host name as RP id (an IP address is none): the back office's origin for
    // them is localhost on the same port (e2e/passkeys.spec.ts; docs/decisions/022-passkeys.md).
    ADMIN_URL: `http://localhost:${port}`,
    DATA_DIR: dataDir,
    SEED_MEMBERS: '120',
    LOG_LEVEL: 'warn',
    DEV_OUTBOX: '1',
    SEED_AUTO_APPROVE_PHOTOS: '0',
    // Photos are scored by their colour, not the model (docs/decisions/023-explicit-photos.md): a red
    // photo is explicit at once, without a model load per worker.
    TEST_PHOTO_SCORER: 'colour',
    // Web push goes to the fake push service e2e/push.spec.ts runs on loopback, without waiting long.
    PUSH_ENDPOINT_HOSTS: '127.0.0.1',
    NOTIFY_PUSH_DELAY_SECONDS: '1',
    // The unsubscribe spec signs its links with this key; the settings spec posts a bounce with this secret.
    UNSUBSCRIBE_SECRET: 'e2e-unsubscribe-secret',
    MAIL_WEBHOOK_SECRET: 'e2e-mail-webhook-secret',
    // The member app reports errors here after statistics consent; e2e/error-reporting.spec.ts intercepts it.
    SENTRY_CLIENT_DSN: 'http://public@errors.invalid/1',
  };
}

/** A free TCP port on 127.0.0.1 (bound once and released, so the server can take it). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

/** A running server: its origin and how to stop it. */
export interface E2EServer {
  url: string;
  port: number;
  stop(): Promise<void>;
}

/**
 * Starts `npm start`'s server on `dataDir` and a free port; resolves once GET /api/settings.php
 * answers `opts.readyStatus` (200: after migrations and the seed of an empty folder; 503 for a
 * server without a site). `opts.env` adds settings (NO_SEED=1). Its output is kept and shown when
 * the start fails; E2E_SERVER_LOG=1 sends it to this process's output, E2E_SERVER_LOG=<file> to that file.
 */
export async function startServer(
  dataDir: string,
  opts: { timeoutMs?: number; env?: Record<string, string>; readyStatus?: number } = {},
): Promise<E2EServer> {
  const { timeoutMs = 240_000, readyStatus = 200 } = opts;
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, [path.join(ROOT, 'scripts/start.mjs')], {
    cwd: ROOT,
    env: { ...process.env, ...serverEnv(port, dataDir), ...opts.env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const log = process.env.E2E_SERVER_LOG;
  const keep = (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-20_000);
    if (log === '1') process.stdout.write(chunk);
    else if (log) appendFileSync(log, chunk);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const stop = () => stopChild(child, exited);

  const deadline = Date.now() + timeoutMs;
  let done = false;
  void exited.then(() => {
    done = true;
  });
  while (!done) {
    try {
      const res = await fetch(`${url}/api/settings.php`);
      if (res.status === readyStatus) return { url, port, stop };
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      await stop();
      throw new Error(`the e2e server did not answer on ${url} within ${timeoutMs / 1000} s:\n${output}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`the e2e server exited before it answered (${url}):\n${output}`);
}

/** SIGTERM (a graceful stop: the embedded database is closed cleanly), SIGKILL after 20 s. */
async function stopChild(child: ChildProcess, exited: Promise<unknown>): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), 20_000);
  await exited;
  clearTimeout(timer);
}
