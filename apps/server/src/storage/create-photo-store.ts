import type { Config } from '../config.js';
import { FolderPhotoStore } from './folder-store.js';
import type { PhotoStore } from './photo-store.js';
import { S3PhotoStore } from './s3-store.js';

/** The S3-compatible store when S3_BUCKET is set, else the folder PHOTO_DIR. */
export function createPhotoStore(config: Config): PhotoStore {
  return config.s3 ? new S3PhotoStore(config.s3) : new FolderPhotoStore(config.photoDir);
}
