import { existsSync } from 'node:fs';
import { copyFile, mkdir, mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { Config } from '../config.js';
import { SECRETS_FILE } from '../secrets.js';
import { createPhotoStore } from '../storage/create-photo-store.js';
import { type DatabaseFacts, readJournal } from './database-facts.js';
import { type BackupManifest, MANIFEST_FILE, readManifest, verifyParts } from './manifest.js';
import { countPgliteTables, pgliteDir, restorePglite } from './pglite-dump.js';
import { type CopyCount, importPhotos, listPhotoNames } from './photo-files.js';
import { countPostgresTables, restorePostgres } from './postgres-dump.js';
import { extractTar } from './tar.js';

/** Options of one restore run. */
export interface RestoreOptions {
  /** The archive written by createBackup. */
  from: string;
  /** Restore although the database has tables or the photo store has files (see restoreBackup). */
  force?: boolean;
  log?: (line: string) => void;
}

/** What a restore did. */
export interface RestoreResult {
  manifest: BackupManifest;
  photos: CopyCount;
  /** Whether the archive's secrets.json was written into DATA_DIR. */
  secretsRestored: boolean;
}

/**
 * Extracts the manifest and the parts it lists from the archive `file` into `work`, and checks
 * each part's size and SHA-256 before anything else happens.
 * @throws Error when the archive is unreadable, not a backup, or a part is missing or differs
 */
async function unpack(file: string, work: string): Promise<BackupManifest> {
  if (!existsSync(file)) throw new Error(`no backup archive at ${file}`);
  await extractTar(file, work, [MANIFEST_FILE]);
  const manifest = await readManifest(work);
  await extractTar(
    file,
    work,
    manifest.parts.map((part) => part.name),
  );
  await verifyParts(work, manifest);
  return manifest;
}

/**
 * Checks an archive without restoring it: the manifest and every part's checksum.
 * @returns the manifest
 * @throws Error as unpack does
 */
export async function verifyBackup(file: string): Promise<BackupManifest> {
  const work = await mkdtemp(path.join(os.tmpdir(), 'verify-backup-'));
  try {
    return await unpack(path.resolve(file), work);
  } finally {
    await rm(work, { recursive: true, force: true });
  }
}

/**
 * Refuses a backup this release cannot run: written by a newer release (a migration this code does
 * not have; migrations are forward-only), without its database or photos part, or of the other
 * database kind.
 */
function checkCompatible(config: Config, manifest: BackupManifest): void {
  const newest = readJournal().at(-1)?.when ?? 0;
  const last = manifest.last_migration;
  if (last && last.created_at > newest) {
    throw new Error(
      `the backup comes from a newer release (migration ${last.tag ?? last.created_at}): restore it with release ${manifest.app_version} or newer`,
    );
  }
  const names = manifest.parts.map((part) => part.name);
  const databasePart = manifest.database.kind === 'postgres' ? 'database.pgdump' : 'database.pglite.tar.gz';
  if (!names.includes(databasePart) || !names.includes('photos.tar')) {
    throw new Error(
      `the backup lists no ${names.includes('photos.tar') ? databasePart : 'photos.tar'}: not restorable`,
    );
  }
  const kind = config.databaseUrl ? 'postgres' : 'pglite';
  if (manifest.database.kind !== kind) {
    throw new Error(
      manifest.database.kind === 'pglite'
        ? 'the backup holds the embedded (PGlite) database: restore it with DATABASE_URL unset'
        : 'the backup holds a PostgreSQL database: set DATABASE_URL to the (empty) database to restore into',
    );
  }
}

/**
 * Names the photo store holds: only the first when nothing may be there (an empty store is expected),
 * all of them with `force` (they are kept and skipped).
 * @throws Error when the database has tables or the store has files, without `force`
 */
async function checkTargetsEmpty(config: Config, force: boolean): Promise<string[]> {
  const tables = config.databaseUrl
    ? await countPostgresTables(config.databaseUrl)
    : await countPgliteTables(pgliteDir(config.dataDir));
  const stored = await listPhotoNames(config, force ? Infinity : 1);
  if (force) return stored;
  if (tables > 0) {
    throw new Error(
      `the target database is not empty (${tables} tables): restore into an empty database, or --force to replace it`,
    );
  }
  if (stored.length > 0) {
    throw new Error(
      `the photo store is not empty (${config.s3 ? `bucket ${config.s3.bucket}` : config.photoDir}): restore into an empty one, or --force to add to it`,
    );
  }
  return stored;
}

/** Restores the database part; answers the restored database's facts. */
async function restoreDatabase(config: Config, work: string, manifest: BackupManifest, force: boolean) {
  if (config.databaseUrl) {
    return restorePostgres(config.databaseUrl, path.join(work, 'database.pgdump'), {
      dumpMajor: manifest.database.dump_major,
      clean: force,
    });
  }
  return restorePglite(pgliteDir(config.dataDir), path.join(work, 'database.pglite.tar.gz'), { replace: force });
}

/**
 * Compares the restored database with the manifest's counts.
 * @throws Error naming what differs
 */
function checkCounts(manifest: BackupManifest, facts: DatabaseFacts): void {
  const { members, photos } = manifest.counts;
  if (facts.members !== members || facts.photos !== photos) {
    throw new Error(
      `the restored database has ${facts.members} members and ${facts.photos} photos; the manifest says ${members} and ${photos}`,
    );
  }
}

/**
 * Writes the archive's secrets.json into DATA_DIR when it has none (or replaces it with `force`);
 * answers whether it did.
 */
async function restoreSecrets(config: Config, work: string, manifest: BackupManifest, force: boolean) {
  if (!manifest.parts.some((part) => part.name === 'secrets.json')) return false;
  const target = path.join(config.dataDir, SECRETS_FILE);
  if (existsSync(target)) {
    const same = (await readFile(target)).equals(await readFile(path.join(work, 'secrets.json')));
    if (same || !force) return false;
  }
  await mkdir(config.dataDir, { recursive: true });
  await copyFile(path.join(work, 'secrets.json'), target);
  return true;
}

/**
 * Restores a backup archive into the configured database and photo store (issue: production,
 * backups; docs/deploy.md). Order: the manifest and every part's checksum are verified first; the
 * release must know the backup's last migration and the database kind must match; the database
 * must have no tables and the store no files unless `force` (PostgreSQL: pg_restore --clean;
 * PGlite: the old folder is moved aside to `pglite.replaced-<time>`; photos already in the store are
 * kept); then the database (PostgreSQL: pg_restore in one transaction; PGlite: loadDataDir, with
 * the server stopped), whose member and photo counts must match the manifest; then every photo file
 * through the configured store (a folder backup may be restored into S3 and back); then the data
 * folder's secrets. Migrations newer than the backup run at the next start.
 * @throws Error naming the first problem; nothing is changed when a check before the database fails
 */
export async function restoreBackup(config: Config, opts: RestoreOptions): Promise<RestoreResult> {
  const log = opts.log ?? (() => undefined);
  const force = opts.force ?? false;
  const work = await mkdtemp(path.join(os.tmpdir(), 'restore-backup-'));
  try {
    log(`Verifying ${opts.from}…`);
    const manifest = await unpack(path.resolve(opts.from), work);
    checkCompatible(config, manifest);
    const existing = await checkTargetsEmpty(config, force);
    log(`Restoring the database (${manifest.counts.members} members, ${manifest.counts.photos} photos)…`);
    checkCounts(manifest, await restoreDatabase(config, work, manifest, force));
    log(`Restoring ${manifest.counts.photo_files} photo files (${manifest.counts.photo_bytes} bytes)…`);
    const staging = path.join(work, 'photos');
    await mkdir(staging);
    await extractTar(path.join(work, 'photos.tar'), staging);
    const photos = await importPhotos(createPhotoStore(config), staging, { skipNames: new Set(existing) });
    if (photos.files + photos.skipped !== manifest.counts.photo_files) {
      throw new Error(
        `photos.tar holds ${photos.files + photos.skipped} files; the manifest says ${manifest.counts.photo_files}`,
      );
    }
    const secretsRestored = await restoreSecrets(config, work, manifest, force);
    return { manifest, photos, secretsRestored };
  } finally {
    await rm(work, { recursive: true, force: true });
  }
}
