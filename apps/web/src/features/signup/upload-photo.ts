import { CLIENT_HEADER, type Photo } from '@app/contracts';
import { ApiError, NETWORK_ERROR_STATUS } from '../../lib/api';

/**
 * POST /api/photos.php (multipart, field `file`): uploads a profile photo. Not retried (not idempotent);
 * throws ApiError (404 while the photo API is not deployed, photo_invalid, photo_too_large, ...).
 */
export async function uploadPhoto(file: File): Promise<Photo> {
  const form = new FormData();
  form.append('file', file);
  let res: Response;
  try {
    res = await fetch('/api/photos.php', {
      method: 'POST',
      body: form,
      credentials: 'same-origin',
      headers: { [CLIENT_HEADER.name]: CLIENT_HEADER.value, accept: 'application/json' },
    });
  } catch (err) {
    throw new ApiError(NETWORK_ERROR_STATUS, 'network', err instanceof Error ? err.message : 'Network error');
  }
  const body = (await res.json().catch(() => ({}))) as { error?: string; message?: string; data?: unknown };
  if (!res.ok) throw new ApiError(res.status, body.error ?? 'general', body.message ?? res.statusText, body.data);
  return body as unknown as Photo;
}
