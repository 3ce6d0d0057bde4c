/**
 * Renders demo portraits (./avatar-svg.ts) to the three JPEG sizes a photo row names: full 800x800,
 * card ("match", SPEC.md 3 main_image) 400x400 and thumb 120x120. Each size is rasterised from the
 * vector at its own scale: measured, that is cheaper than resizing the 800 px pixels (~20 ms a set
 * instead of ~24 on this 2-core box) and gives crisper small pictures.
 */
import { randomUUID } from 'node:crypto';
import { copyFile, mkdir } from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import { PRIVATE_PHOTO_FOLDER } from '../storage/photo-names.js';
import { type AvatarLook, avatarSvg } from './avatar-svg.js';

export type { AvatarLook } from './avatar-svg.js';

/** File names (relative to the photo folder) of one photo's three sizes, as stored in `photos`. */
export interface AvatarFiles {
  filename: string;
  match_filename: string;
  thumb_filename: string;
}

const SIZES = [
  { key: 'filename', size: 800, quality: 82 },
  { key: 'match_filename', size: 400, quality: 80 },
  { key: 'thumb_filename', size: 120, quality: 78 },
] as const;

/**
 * Draws the portrait for `seed`/`look` and writes its three JPEG sizes into `dir` (created if missing).
 * Each size gets its own random UUID name, so knowing a thumbnail's name reveals nothing about the
 * full-size file (private photos rely on unguessable names).
 * @returns the three file names, relative to `dir`.
 * @throws when the folder cannot be created or a file cannot be written.
 */
export async function writeAvatarSet(
  dir: string,
  seed: number,
  look: AvatarLook,
  isPrivate = false,
): Promise<AvatarFiles> {
  // A private photo's files live in the private folder, which the public photo route never serves.
  const folder = isPrivate ? `${PRIVATE_PHOTO_FOLDER}/` : '';
  await mkdir(path.join(dir, folder), { recursive: true });
  const svg = Buffer.from(avatarSvg(seed, look));
  const files = {} as AvatarFiles;
  await Promise.all(
    SIZES.map(async ({ key, size, quality }) => {
      const name = `${folder}${randomUUID()}.jpg`;
      // The SVG is 800 px at 72 dpi, so density scales it to `size` px.
      await sharp(svg, { density: (72 * size) / 800 })
        .removeAlpha()
        // Baseline with fixed Huffman tables: progressive or optimised coding doubles the encode time
        // of the 800 px file for a ~8% smaller file, a bad trade for hundreds of seed pictures.
        .jpeg({ quality, optimiseCoding: false })
        .toFile(path.join(dir, name));
      files[key] = name;
    }),
  );
  return files;
}

/** Copies a picture set to private names (`private/<uuid>.jpg`) for a private photo. */
export async function copyAvatarSet(dir: string, files: AvatarFiles): Promise<AvatarFiles> {
  await mkdir(path.join(dir, PRIVATE_PHOTO_FOLDER), { recursive: true });
  const copy = {} as AvatarFiles;
  await Promise.all(
    (Object.keys(files) as (keyof AvatarFiles)[]).map(async (key) => {
      const name = `${PRIVATE_PHOTO_FOLDER}/${randomUUID()}.jpg`;
      await copyFile(path.join(dir, files[key]), path.join(dir, name));
      copy[key] = name;
    }),
  );
  return copy;
}

/**
 * Runs `work` with libvips limited to one thread per image, then restores the previous setting.
 * Seeding renders several images at once, which keeps every core busy without per-image threads;
 * the server's own image processing keeps its default afterwards.
 */
export async function withOneThreadPerImage<T>(work: () => Promise<T>): Promise<T> {
  const previous = sharp.concurrency();
  sharp.concurrency(1);
  try {
    return await work();
  } finally {
    sharp.concurrency(previous);
  }
}

/**
 * Starts `task(0..count-1)` with at most `limit` running at once, in index order, and returns one
 * promise per index right away, so a caller can use early results while later ones still render.
 * Rejections are also observed here, so a failure surfaces where its promise is awaited instead of
 * as an unhandled rejection.
 */
export function startPool<T>(count: number, limit: number, task: (index: number) => Promise<T>): Promise<T>[] {
  const settle: { resolve: (value: T) => void; reject: (err: unknown) => void }[] = [];
  const promises = Array.from({ length: count }, (_, i) => {
    const p = new Promise<T>((resolve, reject) => {
      settle[i] = { resolve, reject };
    });
    p.catch(() => undefined);
    return p;
  });
  let next = 0;
  const worker = async (): Promise<void> => {
    while (next < count) {
      const index = next++;
      const s = settle[index];
      await task(index).then(s?.resolve, s?.reject);
    }
  };
  for (let i = 0; i < Math.min(limit, count); i++) void worker();
  return promises;
}
