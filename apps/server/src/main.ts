import { performance } from 'node:perf_hooks';
import { buildApp } from './app.js';
import { systemClock } from './clock.js';
import { loadConfig } from './config.js';
import { openDatabase } from './db/client.js';
import { purgeExpiredSessions } from './db/repositories/sessions.js';
import { hasSites } from './db/repositories/sites.js';
import { buildAppDeps } from './deps.js';
import { seedDemo } from './seed/demo.js';
import { eraseExpiredAccounts } from './services/access/erasure.js';
import { expireStalePayments } from './services/money/expire-payments.js';
import { securePrivatePhotos } from './services/photos/private-photos.js';
import { createPhotoStore } from './storage/create-photo-store.js';

/** Seconds between purges of expired sessions. */
const SESSION_PURGE_SECONDS = 3600;
/** Seconds between runs of the erasure of accounts deleted more than 14 days ago. */
const ERASURE_SECONDS = 3600;
/** Seconds between runs of the expiry of payments that stayed open (services/money/expire-payments.ts). */
const PAYMENT_EXPIRY_SECONDS = 3600;

/** Starts the site: opens and migrates the database, seeds an empty one, serves on PORT. */
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
  const secured = await securePrivatePhotos(database.db, createPhotoStore(config));
  if (secured > 0) app.log.info({ photos: secured }, 'moved private photos to private file names');
  await app.listen({ port: config.port, host: config.host });
  const shownHost = config.host === '0.0.0.0' || config.host === '::' ? 'localhost' : config.host;
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  console.log(`\nSite ready in ${seconds} s on http://${shownHost}:${config.port} (${database.kind})`);
  console.log('Demo login: demo@example.com / demo1234 (premium: premium@example.com / demo1234)');
  if (demoLogins.length === 0) console.log('(existing database: demo logins exist only if it was seeded here)');

  // Expired sessions are refused anyway; this only keeps the table small.
  const purge = setInterval(
    () => purgeExpiredSessions(database.db).catch((err: unknown) => app.log.error({ err }, 'session purge failed')),
    SESSION_PURGE_SECONDS * 1000,
  );
  purge.unref();
  // Accounts deleted more than 14 days ago lose their personal data (DECISIONS.md: GDPR).
  const erasure = setInterval(
    () =>
      eraseExpiredAccounts(database.db, new Date(), { photoDir: config.photoDir })
        .then((n) => n > 0 && app.log.info({ erased: n }, 'erased deleted accounts'))
        .catch((err: unknown) => app.log.error({ err }, 'account erasure failed')),
    ERASURE_SECONDS * 1000,
  );
  erasure.unref();
  // Payments the payer never finished are expired (test provider) or synced (Mollie). The silent
  // bus: a payment this job finds paid after all shows its credits on the member's next page load.
  const paymentDeps = buildAppDeps({ db: database.db, clock: systemClock, config });
  const paymentExpiry = setInterval(
    () =>
      expireStalePayments(paymentDeps, (msg, err) => app.log.warn({ err }, msg))
        .then((n) => n > 0 && app.log.info({ finished: n }, 'finished stale payments'))
        .catch((err: unknown) => app.log.error({ err }, 'payment expiry failed')),
    PAYMENT_EXPIRY_SECONDS * 1000,
  );
  paymentExpiry.unref();

  const shutdown = async () => {
    clearInterval(purge);
    clearInterval(erasure);
    clearInterval(paymentExpiry);
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
