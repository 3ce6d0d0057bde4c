import type { TFunction } from 'i18next';
import { isApiError } from '../../lib/api';

/**
 * Text for a failed photo call: the server's translated message, or a more precise one of the
 * profile namespace where the error data tells more (too many pixels, private main image).
 */
export function photoErrorText(err: unknown, t: TFunction): string {
  if (!isApiError(err)) return t('errors:general');
  const data = (err.data ?? {}) as { reason?: string; max_megapixels?: number };
  if (data.reason === 'too_many_pixels')
    return t('profile:photos.errors.tooManyPixels', { megapixels: data.max_megapixels });
  if (data.reason === 'main_photo_private') return t('profile:photos.errors.mainPrivate');
  if (err.code === 'network') return t('errors:network');
  return err.message || t('errors:general');
}

/** A client-side check before uploading: type and size (the server checks again). Null when fine. */
export function precheckPhoto(file: File, types: string[], maxMegabytes: number, t: TFunction): string | null {
  const type = file.type || guessType(file.name);
  if (!types.includes(type)) return t('errors:photo_invalid');
  if (file.size > maxMegabytes * 1024 * 1024) return t('errors:photo_too_large', { megabytes: maxMegabytes });
  return null;
}

/** Browsers leave File.type empty for HEIC on some systems: fall back to the extension. */
function guessType(name: string): string {
  const ext = name.toLowerCase().split('.').pop() ?? '';
  const byExt: Record<string, string> = {
    jpg: 'image/jpeg',
    jpeg: 'image/jpeg',
    png: 'image/png',
    webp: 'image/webp',
    avif: 'image/avif',
    heic: 'image/heic',
    heif: 'image/heif',
  };
  return byExt[ext] ?? '';
}
