import { type Photo, profileEditCalls } from '@app/contracts';
import { call } from '../../lib/api';

/**
 * POST /api/photos.php (multipart, field `file`): uploads a profile photo. Not retried (not idempotent);
 * throws ApiError (404 while the photo API is not deployed, photo_invalid, photo_too_large, ...).
 */
export async function uploadPhoto(file: File): Promise<Photo> {
  const form = new FormData();
  form.append('file', file);
  return call(profileEditCalls.uploadPhoto, { form });
}
