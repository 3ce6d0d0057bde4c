/**
 * `npm run seed -- [--members N] [--reset]`: fills an empty database with the demo site (./demo.ts).
 * Uses DATABASE_URL, or the PGlite database in DATA_DIR, exactly like the server. A database that
 * already has a site is left alone unless --reset, which empties every table first and deletes the
 * photo files the old rows named (other files in PHOTO_DIR are kept).
 */
import { mkdir, unlink } from 'node:fs/promises';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import { sql } from 'drizzle-orm';
import { loadConfig } from '../config.js';
import { type Db, openDatabase } from '../db/client.js';
import { hasSites } from '../db/repositories/sites.js';
import { photos } from '../db/schema.js';
import { isProductionDeployment } from '../lifecycle/start-config.js';
import { seedDemo } from './demo.js';

const USAGE = 'usage: npm run seed -- [--members N] [--reset]';

/** Empties every table of the public schema (migrations live in schema "drizzle" and stay) and returns the photo files it dropped. */
async function resetDatabase(db: Db): Promise<string[]> {
  const files = await db
    .select({ a: photos.filename, b: photos.match_filename, c: photos.thumb_filename })
    .from(photos);
  const result = await db.execute(sql`select tablename from pg_tables where schemaname = 'public'`);
  const tables = (result as unknown as { rows: { tablename: string }[] }).rows.map((r) => r.tablename);
  if (tables.length > 0) {
    const list = sql.join(
      tables.map((t) => sql.identifier(t)),
      sql`, `,
    );
    await db.execute(sql`truncate table ${list} restart identity cascade`);
  }
  return [...new Set(files.flatMap((f) => [f.a, f.b, f.c]))];
}

/** Parses the flags, seeds, prints timing and logins; exits 1 on bad flags or a non-empty database without --reset. */
async function main(): Promise<void> {
  const { values } = parseArgs({
    options: { members: { type: 'string' }, reset: { type: 'boolean', default: false }, help: { type: 'boolean' } },
  });
  if (values.help) return console.log(USAGE);
  const config = loadConfig();
  if (isProductionDeployment(process.env) && !config.seedDemo)
    throw new Error('No demo accounts (password demo1234) in a production database; SEED_DEMO=1 for a demo.');
  const members = values.members === undefined ? config.seedMembers : Number(values.members);
  if (!Number.isInteger(members) || members < 2) throw new Error(`--members must be an integer >= 2\n${USAGE}`);
  if (!config.databaseUrl) await mkdir(config.dataDir, { recursive: true });

  const database = await openDatabase({ url: config.databaseUrl, dataDir: config.dataDir });
  try {
    if (await hasSites(database.db)) {
      if (!values.reset) {
        console.error('The database already has a site; use --reset to empty it and seed again.');
        process.exitCode = 1;
        return;
      }
      const oldFiles = await resetDatabase(database.db);
      await Promise.all(oldFiles.map((f) => unlink(path.join(config.photoDir, f)).catch(() => undefined)));
      console.log(`Emptied the database and removed ${oldFiles.length} old photo files.`);
    }
    const started = performance.now();
    console.log(`Seeding ${members} members into ${database.kind} (photos in ${config.photoDir})…`);
    const { demoLogins } = await seedDemo(database.db, {
      members,
      photoDir: config.photoDir,
      log: (msg) => console.log(`  ${msg}`),
    });
    console.log(`Seeded in ${((performance.now() - started) / 1000).toFixed(1)} s. Demo logins:`);
    for (const l of demoLogins) console.log(`  ${l.email} / ${l.password} (${l.kind})`);
  } finally {
    await database.close();
  }
}

main().catch((err: unknown) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
