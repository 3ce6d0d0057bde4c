/**
 * `npm run backup -- --out <folder|file>` and `npm run restore -- --from <file>`: one archive with
 * the database, the photo store and the data folder's generated secrets, and its restore into an
 * empty database and photo store (issue: production, backups; docs/deploy.md "Back up and restore").
 * Uses DATABASE_URL or the PGlite database in DATA_DIR, and PHOTO_DIR or the S3 settings, like the
 * server. PostgreSQL is dumped while the site serves; PGlite allows one process at a time, so stop
 * the server first there. Compiled: `node apps/server/dist/backup.js backup --out /backups`.
 *
 *   backup --out <folder|file> [--force]   writes backup-<time>.tar into the folder (or that file);
 *                                          --force: PGlite's postmaster.pid was left by a crash
 *   restore --from <file> [--force]        verifies, then restores; --force: into a database that has
 *                                          tables (replaced) and a store that has files (kept)
 *   verify --from <file>                   checks the manifest and every part's checksum only
 */
import { parseArgs } from 'node:util';
import { createBackup } from '../backup/create-backup.js';
import type { BackupManifest } from '../backup/manifest.js';
import { restoreBackup, verifyBackup } from '../backup/restore-backup.js';
import { loadConfig } from '../config.js';

const USAGE =
  'usage: npm run backup -- --out <folder|file> [--force] | npm run restore -- --from <file> [--force] | backup.js verify --from <file>';

/** One line about an archive's contents. */
function describe(manifest: BackupManifest): string {
  const { members, photos, photo_files, photo_bytes } = manifest.counts;
  const megabytes = (photo_bytes / 1024 / 1024).toFixed(1);
  return `${manifest.database.kind} database of ${manifest.created_at} (release ${manifest.app_version}, migration ${manifest.last_migration?.tag ?? 'none'}): ${members} members, ${photos} photos, ${photo_files} photo files (${megabytes} MB)`;
}

/** Runs one command; exits 1 with a message on bad arguments or a refused backup or restore. */
async function main(argv: string[]): Promise<void> {
  const { positionals, values } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: { out: { type: 'string' }, from: { type: 'string' }, force: { type: 'boolean', default: false } },
  });
  const [command, ...rest] = positionals;
  if (rest.length > 0) throw new Error(USAGE);
  const log = (line: string) => console.log(line);
  switch (command) {
    case 'backup': {
      if (!values.out) throw new Error(USAGE);
      const { file, manifest } = await createBackup(loadConfig(), { out: values.out, force: values.force, log });
      return console.log(`Backup written: ${file}\n${describe(manifest)}`);
    }
    case 'restore': {
      if (!values.from) throw new Error(USAGE);
      const result = await restoreBackup(loadConfig(), { from: values.from, force: values.force, log });
      console.log(`Restored ${describe(result.manifest)}`);
      if (result.photos.skipped > 0) console.log(`${result.photos.skipped} photo files were in the store already.`);
      if (result.secretsRestored) console.log('The data folder secrets (VAPID keys, unsubscribe key) were restored.');
      return console.log('Start the server: it applies any newer migrations, then serves.');
    }
    case 'verify': {
      if (!values.from) throw new Error(USAGE);
      return console.log(`Archive intact: ${describe(await verifyBackup(values.from))}`);
    }
    default:
      throw new Error(USAGE);
  }
}

main(process.argv.slice(2)).catch((err: unknown) => {
  console.error(err instanceof Error ? err.message : err);
  process.exitCode = 1;
});
