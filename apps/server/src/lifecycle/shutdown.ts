/**
 * The graceful stop of one server instance on SIGTERM or SIGINT (issue: production): a deploy or a
 * scale-down ends an instance without failing the requests, jobs and sockets it holds.
 */
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import { CLOSE_CODES } from '../realtime/gateway.js';

/** Milliseconds the members' sockets get to answer the close frame before they are cut. */
const SOCKET_CLOSE_GRACE_MS = 2000;

/** Apps whose stop has begun (readiness answers "stopping" from then on). */
const stoppingApps = new WeakSet<object>();

/** Marks `app` as stopping: a load balancer's readiness check should send no new work. */
export function markStopping(app: FastifyInstance): void {
  stoppingApps.add(app.server);
}

/** Whether `app`'s stop has begun (markStopping); for the readiness check. */
export function isStopping(app: Pick<FastifyInstance, 'server'>): boolean {
  return stoppingApps.has(app.server);
}

/**
 * Closes every member WebSocket of `app` with 1012 "service restart" and the reason `reconnect`
 * (the web client reconnects with backoff and jitter, reaching another instance), and cuts those
 * that have not answered within `graceMs` milliseconds. Resolves once all are closed.
 */
export async function closeMemberSockets(app: FastifyInstance, graceMs = SOCKET_CLOSE_GRACE_MS): Promise<void> {
  const sockets = [...(app.websocketServer?.clients ?? [])];
  if (sockets.length === 0) return;
  const closed = sockets.map(
    (socket) =>
      new Promise<void>((resolve) => {
        if (socket.readyState === socket.CLOSED) return resolve();
        socket.once('close', () => resolve());
        socket.close(CLOSE_CODES.serviceRestart, 'reconnect');
      }),
  );
  let timer: NodeJS.Timeout | undefined;
  const cut = new Promise<void>((resolve) => {
    timer = setTimeout(() => {
      for (const socket of sockets) socket.terminate();
      resolve();
    }, graceMs);
  });
  await Promise.race([Promise.all(closed), cut]);
  clearTimeout(timer);
}

/**
 * Closes `app`: no new connections, 503 with `Connection: close` for requests that arrive on open
 * ones (Fastify's return503OnClosing), requests in flight finish. Node's server closes the
 * connections idle at that moment only; one whose request finishes later would stay open until its
 * keep-alive timeout (72 s), so idle connections are closed every `everyMs` milliseconds until the
 * app is closed. With `trackRequests(app)` (lifecycle/in-flight.ts, main.ts) this also waits for the
 * handlers of requests whose client went away, which no connection holds open any more.
 */
export async function closeApp(app: FastifyInstance, everyMs = 100): Promise<void> {
  const reaper = setInterval(() => app.server.closeIdleConnections(), everyMs);
  try {
    await app.close();
  } finally {
    clearInterval(reaper);
  }
}

/** What a stop ends, in order, and how it reports. */
export interface ShutdownParts {
  app: FastifyInstance;
  /** The job worker: `stop()` resolves once the jobs it runs are settled. */
  worker: { stop(): Promise<void> };
  /** The database connection (pool), closed last. */
  database: { close(): Promise<void> };
  /** The bound of the whole stop, in seconds (SHUTDOWN_TIMEOUT_SECONDS). */
  timeoutSeconds: number;
  /** Progress at info level, a stop that overran or failed at warn level (the app's logger). */
  log: Pick<FastifyBaseLogger, 'info' | 'warn'>;
  /** Ends the process (process.exit; tests pass their own). */
  exit: (code: number) => void;
}

/**
 * Returns the signal handler of a graceful stop. On the first signal it marks the app stopping,
 * closes the member sockets (closeMemberSockets) and closes the app: no new connections are
 * accepted, requests that arrive on open connections get 503, requests in flight finish (also those
 * whose client gave up, when the app tracks its requests); at the same time the job worker stops
 * after the jobs it runs are settled. Only then the database closes (nothing can query it any more,
 * so no request fails with a closed pool) and the process exits 0. If all that takes longer than `timeoutSeconds`, it exits 1 anyway. Further
 * signals are ignored (a terminal's Ctrl+C reaches `npm start` and the server both).
 */
export function createShutdown(parts: ShutdownParts): (signal: NodeJS.Signals) => Promise<void> {
  let started = false;
  return async (signal) => {
    if (started) return;
    started = true;
    parts.log.info(`${signal}: stopping (at most ${parts.timeoutSeconds} s)`);
    const bound = setTimeout(() => {
      parts.log.warn(`stop not finished after ${parts.timeoutSeconds} s: exiting anyway`);
      parts.exit(1);
    }, parts.timeoutSeconds * 1000);
    try {
      markStopping(parts.app);
      const sockets = closeMemberSockets(parts.app);
      await Promise.all([closeApp(parts.app), parts.worker.stop(), sockets]);
      await parts.database.close();
      clearTimeout(bound);
      parts.log.info('stopped');
      parts.exit(0);
    } catch (err) {
      clearTimeout(bound);
      parts.log.warn({ err }, 'stop failed');
      parts.exit(1);
    }
  };
}
