import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import webpush from 'web-push';
import { ROOT_DIR } from '../../src/config.js';

/** How long one start may take before it counts as failed (tsx compiles the server on every start). */
const START_TIMEOUT_MS = 60_000;
/** Characters of the child's output kept for failure messages. */
const OUTPUT_KEEP = 20_000;

/**
 * Exits the child when the process that started it is gone, so a test worker that dies (or is
 * killed) never leaves a server behind. Loaded with `--import` as a data: URL, no file needed.
 */
const PARENT_WATCHDOG = `data:text/javascript,${encodeURIComponent(
  `const parent = Number(process.env.CHILD_SERVER_PARENT_PID);
   if (parent > 0) setInterval(() => { try { process.kill(parent, 0); } catch { process.exit(70); } }, 500).unref();`,
)}`;

/** How a child exited: its exit code or the signal that ended it. */
export interface ChildExit {
  pid: number;
  code: number | null;
  signal: NodeJS.Signals | null;
  /** Whether the test asked for it (kill/stop); false means the server died on its own. */
  expected: boolean;
}

/** The real server (apps/server/src/main.ts, as `npm start` runs it) in a child process on a fixed loopback port. */
export interface ChildServer {
  /** http://127.0.0.1:<port>; the same over restarts. */
  readonly url: string;
  readonly port: number;
  /** Process id of the running child, or null while it is down. */
  readonly pid: number | null;
  /** Every exit so far, in order. */
  readonly exits: readonly ChildExit[];
  /** Starts the server and resolves once it listens ("Site ready"); rejects with its output when it exits or stalls. */
  start(): Promise<void>;
  /** Sends `signal` (default SIGKILL) and resolves once the child has exited. */
  kill(signal?: NodeJS.Signals): Promise<ChildExit>;
  /** Kills the child when it runs (SIGKILL) and removes its data folder; safe to call at any time, also twice. */
  stop(): Promise<void>;
  /** The last part of the child's stdout and stderr. */
  output(): string;
}

/** The VAPID key pair every child server of this test process shares, as a deployment's instances do. */
let vapidKeys: { publicKey: string; privateKey: string } | undefined;

/** A free TCP port on 127.0.0.1 (bound once and released, so the child can take it). */
export async function freePort(): Promise<number> {
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

/**
 * Prepares a child server on PostgreSQL `databaseUrl` (NO_SEED=1, no web client, loopback only,
 * PUBLIC_URL its own origin, the secrets a production deployment must set, the test payment
 * provider allowed). Nothing runs until `start()`. Extra `env` overrides the defaults; `entry` runs
 * another server's main module (a previous release's).
 */
export async function createChildServer(opts: {
  databaseUrl: string;
  env?: Record<string, string>;
  entry?: string;
}): Promise<ChildServer> {
  vapidKeys ??= webpush.generateVAPIDKeys();
  const vapid = vapidKeys;
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'child-server-'));
  const exits: ChildExit[] = [];
  let child: ChildProcess | null = null;
  let exited: Promise<ChildExit> | null = null;
  let expectExit = false;
  let output = '';
  const keep = (chunk: Buffer) => {
    output = (output + chunk.toString('utf8')).slice(-OUTPUT_KEEP);
  };
  const killOnParentExit = () => child?.kill('SIGKILL');

  const start = async () => {
    if (child) throw new Error(`child server already runs (pid ${child.pid})`);
    const proc = spawn(
      process.execPath,
      ['--import', 'tsx', '--import', PARENT_WATCHDOG, opts.entry ?? path.join(ROOT_DIR, 'apps/server/src/main.ts')],
      {
        cwd: ROOT_DIR,
        stdio: ['ignore', 'pipe', 'pipe'],
        env: {
          ...process.env,
          NODE_ENV: 'production',
          DATABASE_URL: opts.databaseUrl,
          NO_SEED: '1',
          PORT: String(port),
          HOST: '127.0.0.1',
          PUBLIC_URL: url,
          WEB_DIST: '/nonexistent',
          DATA_DIR: dataDir,
          LOG_LEVEL: 'warn',
          UNSUBSCRIBE_SECRET: 'child-server-unsubscribe-secret-0123456789',
          VAPID_PUBLIC_KEY: vapid.publicKey,
          VAPID_PRIVATE_KEY: vapid.privateKey,
          ALLOW_TEST_PAYMENTS: '1',
          CHILD_SERVER_PARENT_PID: String(process.pid),
          ...opts.env,
        },
      },
    );
    child = proc;
    expectExit = false;
    process.once('exit', killOnParentExit);
    exited = new Promise<ChildExit>((resolve) => {
      proc.once('exit', (code, signal) => {
        const exit = { pid: proc.pid ?? -1, code, signal, expected: expectExit };
        exits.push(exit);
        if (child === proc) child = null;
        process.off('exit', killOnParentExit);
        resolve(exit);
      });
    });
    const ready = new Promise<void>((resolve, reject) => {
      let seen = '';
      const timer = setTimeout(
        () => reject(new Error(`child server not ready after ${START_TIMEOUT_MS} ms:\n${output}`)),
        START_TIMEOUT_MS,
      );
      proc.stdout?.on('data', (chunk: Buffer) => {
        keep(chunk);
        seen = (seen + chunk.toString('utf8')).slice(-2000);
        if (seen.includes('Site ready')) {
          clearTimeout(timer);
          resolve();
        }
      });
      proc.stderr?.on('data', keep);
      void exited?.then((exit) => {
        clearTimeout(timer);
        reject(new Error(`child server exited while starting (${exit.code ?? exit.signal}):\n${output}`));
      });
    });
    await ready;
  };

  const kill = async (signal: NodeJS.Signals = 'SIGKILL') => {
    const proc = child;
    if (!proc || !exited) throw new Error('child server is not running');
    expectExit = true;
    proc.kill(signal);
    return exited;
  };

  return {
    url,
    port,
    get pid() {
      return child?.pid ?? null;
    },
    exits,
    start,
    kill,
    stop: async () => {
      if (child) await kill('SIGKILL');
      rmSync(dataDir, { recursive: true, force: true });
    },
    output: () => output,
  };
}
