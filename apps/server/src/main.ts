import cluster from 'node:cluster';
import { performance } from 'node:perf_hooks';
import { buildApp } from './app.js';
import { runWorkers } from './cluster.js';
import { type Config, loadConfig } from './config.js';
import { type Db, openDatabase } from './db/client.js';
import { hasSites } from './db/repositories/sites.js';
import { startAppJobWorker } from './jobs/app-jobs.js';
import { trackRequests } from './lifecycle/in-flight.js';
import { createShutdown } from './lifecycle/shutdown.js';
import { assertStartConfig, StartConfigError } from './lifecycle/start-config.js';
import { warmDatabase, warmRoutes } from './lifecycle/warm-up.js';
import { seedDemo } from './seed/demo.js';
import { assertNoDemoPasswords, DemoPasswordError, shouldSeedDemo } from './seed/demo-guard.js';
import { securePrivatePhotos } from './services/photos/secure-private-photos.js';
import { prepareSignalDetector } from './services/safety/message-signals.js';

/**
 * Seeds the demo into an empty database when this start should (seed/demo-guard.ts shouldSeedDemo:
 * the embedded database, or SEED_DEMO=1); returns whether it did.
 */
async function seedEmptyDatabase(db: Db, config: Config): Promise<boolean> {
  if (!shouldSeedDemo(config) || (await hasSites(db))) return false;
  console.log(`Empty database: seeding ${config.seedMembers} demo members…`);
  await seedDemo(db, {
    members: config.seedMembers,
    photoDir: config.photoDir,
    autoApprovePhotos: config.seedAutoApprovePhotos,
    log: (msg: string) => console.log(`  ${msg}`),
  });
  return true;
}

/**
 * The lines printed once the site listens: where, how fast, and how to log in. `siteExists`: the
 * database has a site (an empty one, e.g. NO_SEED=1, has no demo logins either: it says what to do).
 */
function printReady(config: Config, kind: string, started: number, seeded: boolean, siteExists: boolean): void {
  const shownHost = config.host === '0.0.0.0' || config.host === '::' ? 'localhost' : config.host;
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  console.log(`\nSite ready in ${seconds} s on http://${shownHost}:${config.port} (${kind})`);
  const firstAdmin = 'the first back-office account: npm run staff -- create --email … --role admin';
  const noSite =
    'No site yet: npm run site -- create --domain … --name … --language …, or add it at /admin (docs/deploy.md)';
  // Demo logins exist only on the embedded database or a demo deployment (SEED_DEMO=1).
  if (config.databaseUrl && !config.seedDemo) {
    console.log(`No demo data here; ${firstAdmin}`);
    if (!siteExists) console.log(noSite);
    return;
  }
  if (!siteExists) {
    console.log(`${noSite}; ${firstAdmin}`);
    return;
  }
  console.log('Demo login: demo@example.com / demo1234 (premium: premium@example.com / demo1234)');
  if (!seeded) console.log('(existing database: demo logins exist only if it was seeded here)');
}

/**
 * Starts the site: checks the environment (lifecycle/start-config.ts), opens and migrates the
 * database, refuses a production database with demo passwords, seeds an empty embedded one, serves
 * on PORT, and runs the job worker (mails, SMS retries and the hourly clean-ups,
 * docs/decisions/009-jobs.md). SIGTERM and SIGINT stop it gracefully (lifecycle/shutdown.ts).
 */
async function main(): Promise<void> {
  const started = performance.now();
  assertStartConfig(process.env);
  const config = loadConfig();
  const database = await openDatabase({ url: config.databaseUrl, dataDir: config.dataDir });
  await assertNoDemoPasswords(database.db, config);
  const seeded = await seedEmptyDatabase(database.db, config);
  const app = await buildApp(config, database.db);
  // The message-signal detectors compile their word lists once, before the first member writes.
  prepareSignalDetector(config.safetyWordsDir);
  // The pool's connections open and parse the hot reads before the first request (lifecycle/warm-up.ts).
  await warmDatabase(database);
  // Private photos stored before their files were kept apart get private names before anyone asks.
  const secured = await securePrivatePhotos({ db: database.db, photoStore: app.deps.photoStore });
  if (secured > 0) app.log.info({ photos: secured }, 'moved private photos to private file names');
  // A stop closes the database only once every request's handler is done, whether or not its client
  // is still there (lifecycle/in-flight.ts).
  trackRequests(app);
  // The hot calls run once in process before the first member's (lifecycle/warm-up.ts).
  await warmRoutes(app);
  await app.listen({ port: config.port, host: config.host });
  printReady(config, database.kind, started, seeded, seeded || (await hasSites(database.db)));

  // The durable jobs: mail and SMS delivery, and the scheduled session purge, account erasure
  // (DECISIONS.md: GDPR) and payment expiry, each once per period across all instances. The worker
  // uses the app's own container, so a payment the expiry job finds paid reaches the member's sockets.
  const worker = startAppJobWorker(app.deps, { info: (msg, data) => app.log.info(data, msg) });

  const shutdown = createShutdown({
    app,
    worker,
    database,
    timeoutSeconds: config.shutdownTimeoutSeconds,
    log: app.log,
    exit: (code) => process.exit(code),
  });
  process.on('SIGINT', shutdown);
  process.on('SIGTERM', shutdown);
}

/**
 * The primary of a start with WEB_CONCURRENCY > 1 (cluster.ts): checks the environment, migrates,
 * refuses demo passwords and seeds once, then starts the workers, each of which runs `main`. On the
 * embedded database (one process only) it serves alone instead.
 */
async function primary(): Promise<void> {
  assertStartConfig(process.env);
  const config = loadConfig();
  if (config.webConcurrency <= 1 || !config.databaseUrl) {
    if (config.webConcurrency > 1)
      console.log('WEB_CONCURRENCY needs DATABASE_URL: the embedded database serves one process');
    return main();
  }
  const database = await openDatabase({ url: config.databaseUrl, dataDir: config.dataDir });
  await assertNoDemoPasswords(database.db, config);
  await seedEmptyDatabase(database.db, config);
  await database.close();
  runWorkers({
    workers: config.webConcurrency,
    graceSeconds: config.shutdownTimeoutSeconds + 5,
    log: (msg) => console.log(msg),
  });
}

(cluster.isPrimary ? primary() : main()).catch((err: unknown) => {
  // A refused start says why in plain words; anything else keeps its stack.
  console.error(err instanceof StartConfigError || err instanceof DemoPasswordError ? err.message : err);
  process.exit(1);
});
