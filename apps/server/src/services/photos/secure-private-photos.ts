import { filesInUse, listPrivatePhotosWithPublicNames, setPhotoPrivacy } from '../../db/repositories/photos.js';
import type { AppDeps } from '../../deps.js';
import { copyPhotoFiles, photoFiles } from './private-photos.js';

/**
 * Moves private photos whose files still carry public names (stored before private files were
 * kept apart) to private names, in batches, at start. The old files are removed unless another
 * photo uses them too (large demo seeds share pictures). Returns how many photos were moved; a
 * photo changed meanwhile is left for the next start. Input: `{ batchSize? }`, photos per batch (100).
 * @throws when the store cannot read or write a file
 */
export async function securePrivatePhotos(
  { db, photoStore: store }: Pick<AppDeps, 'db' | 'photoStore'>,
  { batchSize = 100 }: { batchSize?: number } = {},
): Promise<number> {
  let moved = 0;
  for (;;) {
    const batch = await listPrivatePhotosWithPublicNames(db, batchSize);
    if (batch.length === 0) return moved;
    let movedInBatch = 0;
    for (const photo of batch) {
      const current = photoFiles(photo);
      const next = await copyPhotoFiles(store, current, true);
      if (await setPhotoPrivacy(db, photo.id, true, current, next)) {
        const shared = await filesInUse(db, Object.values(current));
        await store.remove(Object.values(current).filter((n) => !shared.has(n))).catch(() => undefined);
        movedInBatch += 1;
      } else {
        await store.remove(Object.values(next)).catch(() => undefined);
      }
    }
    moved += movedInBatch;
    if (movedInBatch === 0) return moved;
  }
}
