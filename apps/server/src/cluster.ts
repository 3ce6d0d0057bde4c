import cluster, { type Worker } from 'node:cluster';

/** Restarts of crashed workers allowed per minute before the primary gives up and exits. */
const RESTARTS_PER_MINUTE = 5;

/**
 * Serves with `workers` processes on one port (Node's cluster module; WEB_CONCURRENCY, issue:
 * throughput): each worker is a whole instance of the site (its own database pool, job worker and
 * realtime listener), as several instances behind a load balancer are (docs/deploy.md), and the
 * operating system's cores are used instead of one. This process, the primary, only starts the
 * workers, starts a new one when one dies (at most RESTARTS_PER_MINUTE a minute, then it exits with
 * 1), and passes SIGTERM and SIGINT on, exiting once every worker has stopped (each stops gracefully
 * within its own bound; `graceSeconds` later the rest are killed). Call only in the primary
 * (`cluster.isPrimary`); workers run the normal start.
 */
export function runWorkers(opts: { workers: number; graceSeconds: number; log: (msg: string) => void }): void {
  let stopping = false;
  const restarts: number[] = [];
  const fork = () => cluster.fork();
  for (let i = 0; i < opts.workers; i++) fork();
  opts.log(`serving with ${opts.workers} worker processes (WEB_CONCURRENCY)`);

  cluster.on('exit', (worker: Worker, code, signal) => {
    if (stopping) {
      if (Object.keys(cluster.workers ?? {}).length === 0) process.exit(0);
      return;
    }
    const now = Date.now();
    while (restarts.length > 0 && now - (restarts[0] ?? 0) > 60_000) restarts.shift();
    if (restarts.length >= RESTARTS_PER_MINUTE) {
      opts.log(`worker ${worker.process.pid} ended (${signal ?? code}); too many restarts, stopping`);
      process.exit(1);
    }
    restarts.push(now);
    opts.log(`worker ${worker.process.pid} ended (${signal ?? code}); starting another`);
    fork();
  });

  const stop = (signal: NodeJS.Signals) => {
    if (stopping) return;
    stopping = true;
    const workers = Object.values(cluster.workers ?? {}).filter((w): w is Worker => w !== undefined);
    if (workers.length === 0) process.exit(0);
    for (const worker of workers) worker.process.kill(signal);
    setTimeout(() => {
      for (const worker of Object.values(cluster.workers ?? {})) worker?.process.kill('SIGKILL');
      process.exit(1);
    }, opts.graceSeconds * 1000).unref();
  };
  process.on('SIGTERM', () => stop('SIGTERM'));
  process.on('SIGINT', () => stop('SIGINT'));
}
