import { existsSync } from 'node:fs';
import { chmod, copyFile, mkdir, mkdtemp, rename, rm } from 'node:fs/promises';
import path from 'node:path';
import type { Config } from '../config.js';
import { SECRETS_FILE } from '../secrets.js';
import { createPhotoStore } from '../storage/create-photo-store.js';
import { type DatabaseFacts, readAppVersion } from './database-facts.js';
import {
  BACKUP_FORMAT,
  type BackupManifest,
  type BackupPartName,
  describePart,
  MANIFEST_FILE,
  writeManifest,
} from './manifest.js';
import { dumpPglite, pgliteDir } from './pglite-dump.js';
import { type CopyCount, exportPhotos, listPhotoNames } from './photo-files.js';
import { dumpPostgres } from './postgres-dump.js';
import { createTar } from './tar.js';

/** Options of one backup run. */
export interface BackupOptions {
  /** The archive's file name when it ends with `.tar`, else a folder (the archive gets a timestamped name in it). */
  out: string;
  /** PGlite only: back up although postmaster.pid is there (left by a crash). */
  force?: boolean;
  /** Progress lines for the operator. */
  log?: (line: string) => void;
}

/** `backup-20261124T135100Z.tar` for a time. */
function archiveName(at: Date): string {
  return `backup-${at
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d+Z$/, 'Z')}.tar`;
}

/**
 * The archive's path for `out`: `out` itself when it ends with `.tar`, else a timestamped name
 * inside the folder `out` (created when missing).
 * @throws Error when that file exists: a backup never overwrites one
 */
async function resolveArchive(out: string, at: Date): Promise<string> {
  const target = path.resolve(out);
  const file = target.endsWith('.tar') ? target : path.join(target, archiveName(at));
  if (existsSync(file)) throw new Error(`${file} exists: a backup never overwrites one`);
  await mkdir(path.dirname(file), { recursive: true });
  return file;
}

/** Dumps the configured database into `work`; answers its part's name, facts and pg_dump's major version. */
async function dumpDatabase(
  config: Config,
  work: string,
  force: boolean,
): Promise<{ part: BackupPartName; facts: DatabaseFacts; dumpMajor: number | null }> {
  if (config.databaseUrl) {
    const { facts, dumpMajor } = await dumpPostgres(config.databaseUrl, path.join(work, 'database.pgdump'));
    return { part: 'database.pgdump', facts, dumpMajor };
  }
  const facts = await dumpPglite(pgliteDir(config.dataDir), path.join(work, 'database.pglite.tar.gz'), { force });
  return { part: 'database.pglite.tar.gz', facts, dumpMajor: null };
}

/** Copies every file of the photo store into `work/photos.tar`, file by file through the store. */
async function archivePhotos(config: Config, work: string): Promise<CopyCount> {
  const staging = path.join(work, 'photos');
  await mkdir(staging);
  const names = await listPhotoNames(config);
  const count = await exportPhotos(createPhotoStore(config), names, staging);
  await createTar(path.join(work, 'photos.tar'), staging, ['.']);
  await rm(staging, { recursive: true, force: true });
  return count;
}

/**
 * Backs up the site: the database (PostgreSQL: `pg_dump --format=custom` in one exported snapshot,
 * so the site keeps serving; PGlite: its data-folder dump, with the server stopped), then every file
 * of the photo store (folder or S3 bucket), and the data folder's generated secrets when there are
 * any, into ONE uncompressed tar with manifest.json (created_at, app version, last migration, counts
 * of members, photos, photo files and bytes, and each part's size and SHA-256). The database goes
 * first: a photo uploaded meanwhile is an extra file, never a row without its file. The archive is
 * written as `<file>.partial` (mode 0600) and renamed when complete; the working folder sits beside it (it needs
 * about the photos' size once more). Issue: production (backups); docs/deploy.md.
 * @returns the archive's path and its manifest
 * @throws Error when the archive exists, a tool (pg_dump, tar) is missing or too old, the embedded
 *   database is in use, or the store cannot be read
 */
export async function createBackup(
  config: Config,
  opts: BackupOptions,
): Promise<{ file: string; manifest: BackupManifest }> {
  const log = opts.log ?? (() => undefined);
  const createdAt = new Date();
  const file = await resolveArchive(opts.out, createdAt);
  const work = await mkdtemp(path.join(path.dirname(file), '.backup-'));
  try {
    log(`Dumping the ${config.databaseUrl ? 'PostgreSQL' : 'embedded (PGlite)'} database…`);
    const database = await dumpDatabase(config, work, opts.force ?? false);
    log(`Copying the photo store (${config.s3 ? `S3 bucket ${config.s3.bucket}` : config.photoDir})…`);
    const photos = await archivePhotos(config, work);
    const parts: BackupPartName[] = [database.part, 'photos.tar'];
    const secrets = path.join(config.dataDir, SECRETS_FILE);
    if (existsSync(secrets)) {
      await copyFile(secrets, path.join(work, 'secrets.json'));
      parts.push('secrets.json');
    }
    const manifest: BackupManifest = {
      format: BACKUP_FORMAT,
      created_at: createdAt.toISOString(),
      app_version: readAppVersion(),
      last_migration: database.facts.lastMigration,
      database: {
        kind: config.databaseUrl ? 'postgres' : 'pglite',
        server_version: database.facts.serverVersion,
        dump_major: database.dumpMajor,
      },
      photo_store: { kind: config.s3 ? 's3' : 'folder' },
      counts: {
        members: database.facts.members,
        photos: database.facts.photos,
        photo_files: photos.files,
        photo_bytes: photos.bytes,
      },
      parts: await Promise.all(parts.map((name) => describePart(work, name))),
    };
    await writeManifest(work, manifest);
    await createTar(`${file}.partial`, work, [MANIFEST_FILE, ...parts]);
    // Password hashes, personal data and secrets: readable by the owner only.
    await chmod(`${file}.partial`, 0o600);
    await rename(`${file}.partial`, file);
    return { file, manifest };
  } finally {
    await rm(work, { recursive: true, force: true });
    await rm(`${file}.partial`, { force: true });
  }
}
