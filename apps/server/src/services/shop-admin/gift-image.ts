/**
 * The picture of a gift (issue: back office II), through the same rules as the photo pipeline
 * (services/photos/process-photo.ts; DECISIONS.md: uploads are decoded, re-encoded, metadata
 * stripped): read the header, refuse what is not a photo or has too many pixels, decode once
 * (refusing truncated files), turn upright, fit into GIFT_IMAGE_SIZE px on a transparent square and
 * encode a PNG. sharp writes no metadata unless asked, so EXIF, GPS, XMP and ICC never reach the file.
 */
import { randomUUID } from 'node:crypto';
import { GIFT_IMAGE_MAX_BYTES } from '@app/contracts';
import sharp from 'sharp';
import { AppError } from '../../errors.js';
import { ACCEPTED_FORMATS, readImageHeader } from '../photos/process-photo.js';

/** Width and height of a stored gift picture in px (the demo gifts are drawn at this size). */
export const GIFT_IMAGE_SIZE = 256;
const invalid = (reason: string, extra: Record<string, unknown> = {}) =>
  new AppError('photo_invalid', 400, { reason, ...extra });

/** The bytes of a base64 picture, with or without a `data:image/...;base64,` prefix. */
export function decodeGiftImage(encoded: string): Buffer {
  return Buffer.from(encoded.replace(/^data:[^,]*,/, ''), 'base64');
}

/**
 * Decodes and re-encodes a gift picture. Returns the PNG and a new name `gifts/<uuid>.png` (stored in
 * the photo store, served publicly under the site's cdn_prefix like the demo gifts).
 * @throws AppError photo_too_large (413, data {megabytes}) above GIFT_IMAGE_MAX_BYTES; photo_invalid
 *   (400) with data.reason 'no_file', 'not_an_image', 'unsupported_format', 'too_many_pixels'
 *   (data.max_megapixels) or 'undecodable'
 */
export async function processGiftImage(
  input: Buffer,
  opts: { maxMegapixels: number },
): Promise<{ name: string; data: Buffer }> {
  if (input.length === 0) throw invalid('no_file');
  if (input.length > GIFT_IMAGE_MAX_BYTES) {
    throw new AppError('photo_too_large', 413, { megabytes: GIFT_IMAGE_MAX_BYTES / 1024 / 1024 });
  }
  const { maxPixels } = await readImageHeader(input, { ...opts, formats: ACCEPTED_FORMATS });
  try {
    const data = await sharp(input, { limitInputPixels: maxPixels, failOn: 'warning' })
      .rotate()
      .resize({
        width: GIFT_IMAGE_SIZE,
        height: GIFT_IMAGE_SIZE,
        fit: 'contain',
        background: { r: 0, g: 0, b: 0, alpha: 0 },
      })
      .toColourspace('srgb')
      .png({ compressionLevel: 9 })
      .toBuffer();
    return { name: `gifts/${randomUUID()}.png`, data };
  } catch {
    throw invalid('undecodable');
  }
}
