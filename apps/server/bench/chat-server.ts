/**
 * The server process of `npm run bench:chat`: the real app on loopback over the database of
 * DATABASE_URL, in its own process so the load generator does not share its event loop.
 * Tells the parent its port over IPC; with BENCH_JOB_WORKER=1 it runs the job worker too. With BENCH_WORKERS above 1 it is the primary of that many
 * worker processes on one port (Node's cluster module, as WEB_CONCURRENCY runs the site), each a
 * whole app; realtime events cross between them through PostgreSQL as between instances.
 */
import cluster, { type Worker } from 'node:cluster';
import { buildApp } from '../src/app.js';
import { loadConfig } from '../src/config.js';
import { openDatabase } from '../src/db/client.js';
import { startAppJobWorker } from '../src/jobs/app-jobs.js';
import { warmDatabase, warmRoutes } from '../src/lifecycle/warm-up.js';
import { prepareSignalDetector } from '../src/services/safety/message-signals.js';

const WORKERS = Math.max(1, Number(process.env.BENCH_WORKERS ?? 1));

/** Starts the app, answers with its port, and stops when told. */
async function serve(): Promise<void> {
  const config = { ...loadConfig({ ...process.env, LOG_LEVEL: 'silent' }), logLevel: 'silent' };
  const database = await openDatabase({ url: config.databaseUrl, dataDir: config.dataDir });
  const app = await buildApp(config, database.db);
  // As main.ts starts the site: the detectors built and the database warmed before listening.
  prepareSignalDetector(config.safetyWordsDir);
  await warmDatabase(database);
  await warmRoutes(app);
  await app.listen({ port: 0, host: '127.0.0.1' });
  // With BENCH_JOB_WORKER=1 the process also runs the job worker, as main.ts does (bench:photos: the
  // photos' scoring shares the process with the requests).
  const worker = process.env.BENCH_JOB_WORKER === '1' ? startAppJobWorker(app.deps, { pollMs: 200 }) : null;
  const address = app.server.address();
  process.send?.({ port: typeof address === 'object' && address ? address.port : 0 });
  process.on('message', async (msg) => {
    if (msg !== 'stop') return;
    await worker?.stop();
    await app.close();
    await database.close();
    process.exit(0);
  });
}

/** Forks the workers, answers with their shared port once all listen, and stops them when told. */
async function primary(): Promise<void> {
  const workers: Worker[] = [];
  const ports = await Promise.all(
    Array.from({ length: WORKERS }, () => {
      const worker = cluster.fork();
      workers.push(worker);
      return new Promise<number>((resolve) => worker.once('message', (m: { port: number }) => resolve(m.port)));
    }),
  );
  // listen(0) in cluster workers gives every worker the same port.
  if (new Set(ports).size !== 1) throw new Error(`workers listen on different ports: ${ports.join(', ')}`);
  process.send?.({ port: ports[0] });
  process.on('message', async (msg) => {
    if (msg !== 'stop') return;
    await Promise.all(
      workers.map(
        (worker) =>
          new Promise<void>((resolve) => {
            worker.once('exit', () => resolve());
            worker.send('stop');
          }),
      ),
    );
    process.exit(0);
  });
}

if (WORKERS > 1 && cluster.isPrimary) await primary();
else await serve();
