import { performance } from 'node:perf_hooks';
import { buildApp } from './app.js';
import { loadConfig } from './config.js';
import { openDatabase } from './db/client.js';
import { hasSites } from './db/repositories/sites.js';
import { startAppJobWorker } from './jobs/app-jobs.js';
import { seedDemo } from './seed/demo.js';
import { securePrivatePhotos } from './services/photos/secure-private-photos.js';

/**
 * Starts the site: opens and migrates the database, seeds an empty one, serves on PORT, and runs
 * the job worker (mails, SMS retries and the hourly clean-ups, docs/decisions/009-jobs.md).
 */
async function main(): Promise<void> {
  const started = performance.now();
  const config = loadConfig();
  const database = await openDatabase({ url: config.databaseUrl, dataDir: config.dataDir });
  let demoLogins: { email: string; password: string; kind: string }[] = [];
  if (!config.noSeed && !(await hasSites(database.db))) {
    console.log(`Empty database: seeding ${config.seedMembers} demo members…`);
    const seeded = await seedDemo(database.db, {
      members: config.seedMembers,
      photoDir: config.photoDir,
      autoApprovePhotos: config.seedAutoApprovePhotos,
      log: (msg: string) => console.log(`  ${msg}`),
    });
    demoLogins = seeded.demoLogins;
  }
  const app = await buildApp(config, database.db);
  // Private photos stored before their files were kept apart get private names before anyone asks.
  const secured = await securePrivatePhotos({ db: database.db, photoStore: app.deps.photoStore });
  if (secured > 0) app.log.info({ photos: secured }, 'moved private photos to private file names');
  await app.listen({ port: config.port, host: config.host });
  const shownHost = config.host === '0.0.0.0' || config.host === '::' ? 'localhost' : config.host;
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  console.log(`\nSite ready in ${seconds} s on http://${shownHost}:${config.port} (${database.kind})`);
  console.log('Demo login: demo@example.com / demo1234 (premium: premium@example.com / demo1234)');
  if (demoLogins.length === 0) console.log('(existing database: demo logins exist only if it was seeded here)');

  // The durable jobs: mail and SMS delivery, and the scheduled session purge, account erasure
  // (DECISIONS.md: GDPR) and payment expiry, each once per period across all instances. The worker
  // uses the app's own container, so a payment the expiry job finds paid reaches the member's sockets.
  const worker = startAppJobWorker(app.deps, { info: (msg, data) => app.log.info(data, msg) });

  const shutdown = async () => {
    await worker.stop();
    await app.close();
    await database.close();
    process.exit(0);
  };
  process.once('SIGINT', shutdown);
  process.once('SIGTERM', shutdown);
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
