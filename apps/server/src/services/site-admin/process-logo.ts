import { LOGO_BOX } from '@app/contracts';
import sharp from 'sharp';
import { AppError } from '../../errors.js';
import { readImageHeader } from '../photos/process-photo.js';

/** Formats a logo may arrive in (sharp's names): raster only, so no script rides in an SVG. */
const LOGO_FORMATS = new Set(['jpeg', 'png', 'webp']);

const invalid = (reason: string, extra: Record<string, unknown> = {}) =>
  new AppError('photo_invalid', 400, { reason, ...extra });

/**
 * A site's logo ready to store (issue: back office II; DECISIONS.md: uploads are decoded and
 * re-encoded): decoded, turned upright, shrunk into LOGO_BOX (never enlarged) and encoded as PNG,
 * transparency kept. sharp writes no metadata unless asked, so EXIF, GPS and ICC never reach the file.
 * @param opts.maxMegapixels refuse images with more pixels (decompression bombs)
 * @throws AppError photo_invalid (400) with data.reason 'not_an_image', 'unsupported_format',
 *   'too_many_pixels' (data.max_megapixels) or 'undecodable'
 */
export async function processLogo(input: Buffer, opts: { maxMegapixels: number }): Promise<Buffer> {
  const { maxPixels } = await readImageHeader(input, { ...opts, formats: LOGO_FORMATS });
  try {
    return await sharp(input, { limitInputPixels: maxPixels, failOn: 'warning' })
      .rotate()
      .resize({ ...LOGO_BOX, fit: 'inside', withoutEnlargement: true })
      .toColourspace('srgb')
      .png({ compressionLevel: 9 })
      .toBuffer();
  } catch {
    throw invalid('undecodable');
  }
}
