/**
 * Vitest global setup of the server tests: migrates one template database per kind once per run,
 * so each test file's database starts migrated instead of running every migration again
 * (openTestDatabase in helpers/database.ts):
 * - PGlite: a migrated in-memory database dumped to a tar file (`dumpDataDir`); each file's PGlite
 *   loads it (`loadDataDir`), skipping initdb and the migrations.
 * - PostgreSQL (TEST_DATABASE_URL): a migrated database `t_tpl_…` that each file's database is
 *   created from (`CREATE DATABASE … TEMPLATE`), dropped at the end of the run.
 * Only the kinds this run uses (dbKinds: TEST_DATABASE_URL, TEST_DB_KINDS) are made.
 * TEST_DB_TEMPLATE=0 makes none: every database is migrated from scratch, as before.
 */
import { randomBytes } from 'node:crypto';
import { rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../src/db/client.js';
import { type DbTemplates, dbKinds } from './helpers/database.js';

declare module 'vitest' {
  export interface ProvidedContext {
    dbTemplates: DbTemplates;
  }
}

/** The URL of database `name` on the server of `adminUrl`. */
function databaseUrl(adminUrl: string, name: string): string {
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

async function adminQuery(adminUrl: string, sql: string): Promise<pg.QueryResult> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    return await client.query(sql);
  } finally {
    await client.end();
  }
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const templates: DbTemplates = {};
  const cleanups: (() => Promise<void> | void)[] = [];
  if (process.env.TEST_DB_TEMPLATE === '0') {
    project.provide('dbTemplates', templates);
    return async () => undefined;
  }
  const kinds = dbKinds();
  const started = Date.now();
  const work: Promise<void>[] = [];
  if (kinds.includes('pglite')) {
    work.push(
      (async () => {
        const database = await openDatabase({ dataDir: 'memory://' });
        const client = (database.db as unknown as { $client: PGlite }).$client;
        const dump = await client.dumpDataDir('none');
        await database.close();
        const file = path.join(
          os.tmpdir(),
          `vitest-pglite-template-${process.pid}-${randomBytes(4).toString('hex')}.tar`,
        );
        writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
        templates.pglite = file;
        cleanups.push(() => rmSync(file, { force: true }));
      })(),
    );
  }
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (kinds.includes('postgres') && adminUrl) {
    work.push(
      (async () => {
        const name = `t_tpl_${randomBytes(6).toString('hex')}`;
        await adminQuery(adminUrl, `CREATE DATABASE ${name}`);
        cleanups.push(async () => {
          await adminQuery(adminUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
        });
        const database = await openDatabase({ url: databaseUrl(adminUrl, name), dataDir: '' });
        await database.close();
        // A copy needs the template without connections: wait until the migration's have ended.
        for (let i = 0; i < 100; i++) {
          const open = await adminQuery(
            adminUrl,
            `SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = '${name}'`,
          );
          if (open.rows[0].n === 0) break;
          await new Promise((resolve) => setTimeout(resolve, 50));
        }
        templates.postgres = name;
      })(),
    );
  }
  try {
    await Promise.all(work);
  } catch (err) {
    for (const cleanup of cleanups) await cleanup();
    throw err;
  }
  if (process.env.TEST_LOG) console.log(`test database templates ready in ${Date.now() - started} ms`);
  project.provide('dbTemplates', templates);
  return async () => {
    for (const cleanup of cleanups) await cleanup();
  };
}
