import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { readFile, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { z } from 'zod';

/** Version of the archive layout below; a restore refuses any other. */
export const BACKUP_FORMAT = 1;

/** The manifest's file name inside the archive. */
export const MANIFEST_FILE = 'manifest.json';

/**
 * The parts an archive may hold besides the manifest: the database as `pg_dump --format=custom`
 * (PostgreSQL) or as PGlite's own data-folder dump (gzipped tar), the photo store's files as a tar,
 * and the generated secrets of the data folder (VAPID keys, unsubscribe key) when there are any.
 */
export const BACKUP_PARTS = ['database.pgdump', 'database.pglite.tar.gz', 'photos.tar', 'secrets.json'] as const;
export type BackupPartName = (typeof BACKUP_PARTS)[number];

const Sha256Schema = z.string().regex(/^[0-9a-f]{64}$/);
const CountSchema = z.number().int().nonnegative();

/** One file of the archive: its name, size in bytes and SHA-256 (hex). */
export const BackupPartSchema = z.object({ name: z.enum(BACKUP_PARTS), bytes: CountSchema, sha256: Sha256Schema });
export type BackupPart = z.infer<typeof BackupPartSchema>;

/** manifest.json of a backup archive (docs/deploy.md "Back up and restore"). */
export const BackupManifestSchema = z.object({
  format: z.literal(BACKUP_FORMAT),
  /** ISO 8601 time the database snapshot was taken. */
  created_at: z.iso.datetime(),
  /** Version of the server that wrote the archive (apps/server/package.json). */
  app_version: z.string(),
  /** The newest migration applied to the database (drizzle's journal tag and its `when`, ms). */
  last_migration: z.object({ tag: z.string().nullable(), created_at: z.number().int() }).nullable(),
  database: z.object({
    kind: z.enum(['postgres', 'pglite']),
    /** PostgreSQL's server_version of the source database. */
    server_version: z.string(),
    /** Major version of the pg_dump that wrote database.pgdump (PostgreSQL only). */
    dump_major: z.number().int().nullable(),
  }),
  photo_store: z.object({ kind: z.enum(['folder', 's3']) }),
  counts: z.object({
    /** Member accounts (users rows) in the snapshot. */
    members: CountSchema,
    /** Photo rows in the snapshot. */
    photos: CountSchema,
    /** Files in photos.tar and their total size in bytes. */
    photo_files: CountSchema,
    photo_bytes: CountSchema,
  }),
  parts: z.array(BackupPartSchema).min(2),
});
export type BackupManifest = z.infer<typeof BackupManifestSchema>;

/** SHA-256 (hex) and size in bytes of a file, read as a stream. */
export async function describePart(dir: string, name: BackupPartName): Promise<BackupPart> {
  const file = path.join(dir, name);
  const hash = createHash('sha256');
  for await (const chunk of createReadStream(file)) hash.update(chunk as Buffer);
  return { name, bytes: (await stat(file)).size, sha256: hash.digest('hex') };
}

/** Writes manifest.json into `dir`, validated against the schema. */
export async function writeManifest(dir: string, manifest: BackupManifest): Promise<void> {
  const valid = BackupManifestSchema.parse(manifest);
  await writeFile(path.join(dir, MANIFEST_FILE), `${JSON.stringify(valid, null, 2)}\n`);
}

/**
 * Reads and validates manifest.json from `dir`.
 * @throws Error naming the first problem when the file is missing, not JSON or not a manifest of BACKUP_FORMAT
 */
export async function readManifest(dir: string): Promise<BackupManifest> {
  let json: unknown;
  try {
    json = JSON.parse(await readFile(path.join(dir, MANIFEST_FILE), 'utf8'));
  } catch (err) {
    throw new Error(`not a backup archive: ${MANIFEST_FILE} is missing or not JSON (${(err as Error).message})`);
  }
  const parsed = BackupManifestSchema.safeParse(json);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new Error(`not a usable backup manifest: ${issue?.path.join('.') || '(root)'}: ${issue?.message}`);
  }
  return parsed.data;
}

/**
 * Checks every part listed in the manifest against its size and SHA-256.
 * @throws Error naming the part that is missing or differs (the archive is damaged or was changed)
 */
export async function verifyParts(dir: string, manifest: BackupManifest): Promise<void> {
  for (const expected of manifest.parts) {
    const actual = await describePart(dir, expected.name).catch(() => null);
    if (!actual) throw new Error(`backup part ${expected.name} is missing from the archive`);
    if (actual.bytes !== expected.bytes || actual.sha256 !== expected.sha256) {
      throw new Error(
        `backup part ${expected.name} does not match its checksum (${actual.bytes} bytes, sha256 ${actual.sha256}; manifest: ${expected.bytes} bytes, sha256 ${expected.sha256})`,
      );
    }
  }
}
