import { mkdir, readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { ListObjectsV2Command } from '@aws-sdk/client-s3';
import type { Config, S3Config } from '../config.js';
import { isPhotoName } from '../storage/photo-names.js';
import type { PhotoStore } from '../storage/photo-store.js';
import { s3Client, s3ObjectKey } from '../storage/s3-store.js';

/** Files copied at once between the store and the staging folder (S3 requests in flight). */
const COPY_CONCURRENCY = 8;

/** How many files and bytes a copy moved, and how many it left alone. */
export interface CopyCount {
  files: number;
  bytes: number;
  skipped: number;
}

/** Relative paths (with `/`) of the regular files under `dir`; none when it does not exist. */
async function walkFiles(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true, recursive: true }).catch((err: NodeJS.ErrnoException) => {
    if (err.code === 'ENOENT') return [];
    throw err;
  });
  return entries
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(dir, path.join(entry.parentPath, entry.name)).split(path.sep).join('/'));
}

/** Photo names of the objects under the configured prefix, at most `max` (S3 lists in pages of 1,000). */
async function listS3Names(config: S3Config, max: number): Promise<string[]> {
  const client = s3Client(config);
  // The store's own key rule, applied to a one-letter name and cut back to the prefix part.
  const prefix = s3ObjectKey(config.prefix, 'x').slice(0, -1);
  const names: string[] = [];
  try {
    let token: string | undefined;
    do {
      const page = await client.send(
        new ListObjectsV2Command({ Bucket: config.bucket, Prefix: prefix, ContinuationToken: token }),
      );
      for (const object of page.Contents ?? []) names.push((object.Key ?? '').slice(prefix.length));
      token = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (token && names.length < max);
  } finally {
    client.destroy();
  }
  return names;
}

/**
 * Names of the files in the configured photo store (folder PHOTO_DIR or the S3 bucket's prefix),
 * sorted; files whose names the app never writes (isPhotoName) are left out. `max` stops early.
 */
export async function listPhotoNames(config: Pick<Config, 'photoDir' | 's3'>, max = Infinity): Promise<string[]> {
  const all = config.s3 ? await listS3Names(config.s3, max) : await walkFiles(config.photoDir);
  return all.filter(isPhotoName).sort().slice(0, max);
}

/** Runs `fn` over `items`, at most `limit` at a time. */
async function forEachLimited<T>(items: T[], limit: number, fn: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < items.length) await fn(items[next++] as T);
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
}

/**
 * Copies the named files from `store` into the folder `dir` (same relative names). A file deleted
 * since it was listed is skipped.
 * @throws when the store cannot read a file or the folder cannot be written
 */
export async function exportPhotos(store: PhotoStore, names: string[], dir: string): Promise<CopyCount> {
  const count: CopyCount = { files: 0, bytes: 0, skipped: 0 };
  await forEachLimited(names, COPY_CONCURRENCY, async (name) => {
    const data = await store.read(name);
    if (!data) return void count.skipped++;
    const file = path.join(dir, name);
    await mkdir(path.dirname(file), { recursive: true });
    await writeFile(file, data);
    count.files++;
    count.bytes += data.length;
  });
  return count;
}

/** Content type of a stored file by its extension (photos, logos, gift pictures). */
export function photoContentType(name: string): string {
  const types: Record<string, string> = {
    '.jpg': 'image/jpeg',
    '.jpeg': 'image/jpeg',
    '.png': 'image/png',
    '.webp': 'image/webp',
    '.gif': 'image/gif',
  };
  return types[path.extname(name).toLowerCase()] ?? 'application/octet-stream';
}

/**
 * Writes every file under the folder `dir` into `store` under its relative name. Names the app
 * never writes are refused (the archive was not made by a backup). With `skipNames`, files the
 * store already holds are left alone: names are unique and files never change once written.
 * @throws Error on a name that is not a photo name; the store's error when a write fails
 */
export async function importPhotos(
  store: PhotoStore,
  dir: string,
  opts: { skipNames: Set<string> },
): Promise<CopyCount> {
  const names = await walkFiles(dir);
  const bad = names.find((name) => !isPhotoName(name));
  if (bad) throw new Error(`photos.tar holds a file the app never writes: ${bad}`);
  const count: CopyCount = { files: 0, bytes: 0, skipped: 0 };
  await forEachLimited(names, COPY_CONCURRENCY, async (name) => {
    if (opts.skipNames.has(name)) return void count.skipped++;
    const data = await readFile(path.join(dir, name));
    await store.put(name, data, photoContentType(name));
    count.files++;
    count.bytes += data.length;
  });
  return count;
}
