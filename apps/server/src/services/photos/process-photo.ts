/**
 * The image pipeline of an upload (DECISIONS.md: decoded, re-encoded, metadata stripped):
 * read the header, refuse what is not a photo or has too many pixels, decode once, turn upright by
 * the EXIF orientation, shrink to at most 1600 px, then encode the three sizes a photo row names.
 * sharp writes no metadata unless asked (`withMetadata`/`keepExif`), so EXIF, GPS, XMP, IPTC and ICC
 * never reach a stored file; tests read the files back to prove it.
 */
import { randomUUID } from 'node:crypto';
import sharp, { type Metadata, type OutputInfo } from 'sharp';
import { AppError } from '../../errors.js';

/** Decoded formats accepted (sharp's names); 'heif' covers AVIF, and HEIC where libheif can. */
export const ACCEPTED_FORMATS = new Set(['jpeg', 'png', 'webp', 'heif']);

/** The three sizes (SPEC.md 3 main_image): full fits 1600 px, card ("match") and thumb are square crops. */
export const PHOTO_SIZES = {
  full: { width: 1600, height: 1600, fit: 'inside' },
  match: { width: 600, height: 600, fit: 'cover' },
  thumb: { width: 160, height: 160, fit: 'cover' },
} as const;

export type PhotoFormat = 'jpeg' | 'webp';

/** One encoded size ready to store. */
export interface EncodedSize {
  name: string;
  data: Buffer;
  width: number;
  height: number;
}

/** The encoded sizes of one upload and their content type. */
export interface ProcessedPhoto {
  contentType: string;
  full: EncodedSize;
  match: EncodedSize;
  thumb: EncodedSize;
}

const invalid = (reason: string, extra: Record<string, unknown> = {}) =>
  new AppError('photo_invalid', 400, { reason, ...extra });

/**
 * The first step of every upload's pipeline (photos, a site's logo, gift pictures): reads the header
 * only and refuses what is not an image of `formats` (sharp's names) or has more than
 * `maxMegapixels` million pixels (decompression bombs). Answers the pixel limit (pixels) to decode
 * with (`limitInputPixels`).
 * @throws AppError photo_invalid (400) with data.reason 'not_an_image', 'unsupported_format' or
 *   'too_many_pixels' (data.max_megapixels)
 */
export async function readImageHeader(
  input: Buffer,
  opts: { maxMegapixels: number; formats: ReadonlySet<string> },
): Promise<{ maxPixels: number }> {
  let meta: Metadata;
  try {
    meta = await sharp(input).metadata();
  } catch {
    throw invalid('not_an_image');
  }
  if (!meta.format || !opts.formats.has(meta.format)) throw invalid('unsupported_format');
  const maxPixels = Math.round(opts.maxMegapixels * 1_000_000);
  if (!meta.width || !meta.height || meta.width * meta.height > maxPixels) {
    throw invalid('too_many_pixels', { max_megapixels: opts.maxMegapixels });
  }
  return { maxPixels };
}

/**
 * Decodes `input` and encodes the three sizes with random names.
 * @param opts.maxMegapixels refuse images with more pixels (decompression bombs, 50 MP phone shots)
 * @throws AppError photo_invalid (400) with data.reason 'not_an_image', 'unsupported_format',
 *   'too_many_pixels' (data.max_megapixels) or 'undecodable'
 */
export async function processPhoto(
  input: Buffer,
  opts: { maxMegapixels: number; format: PhotoFormat },
): Promise<ProcessedPhoto> {
  const { maxPixels } = await readImageHeader(input, { ...opts, formats: ACCEPTED_FORMATS });

  let base: { data: Buffer; info: OutputInfo };
  try {
    // failOn 'warning' (the default) also refuses truncated files instead of storing a grey half.
    base = await sharp(input, { limitInputPixels: maxPixels, failOn: 'warning' })
      .rotate()
      .resize({ ...PHOTO_SIZES.full, withoutEnlargement: true })
      .flatten({ background: '#ffffff' })
      .toColourspace('srgb')
      .raw()
      .toBuffer({ resolveWithObject: true });
  } catch {
    throw invalid('undecodable');
  }
  const raw = { width: base.info.width, height: base.info.height, channels: base.info.channels };
  const encode = async (size: (typeof PHOTO_SIZES)[keyof typeof PHOTO_SIZES], quality: number) => {
    let pipeline = sharp(base.data, { raw }).resize({ ...size, withoutEnlargement: size.fit === 'inside' });
    pipeline =
      opts.format === 'webp'
        ? pipeline.webp({ quality })
        : pipeline.jpeg({ quality, progressive: size === PHOTO_SIZES.full, mozjpeg: false });
    const { data, info } = await pipeline.toBuffer({ resolveWithObject: true });
    const ext = opts.format === 'webp' ? 'webp' : 'jpg';
    return { name: `${randomUUID()}.${ext}`, data, width: info.width, height: info.height };
  };
  const [full, match, thumb] = await Promise.all([
    encode(PHOTO_SIZES.full, 82),
    encode(PHOTO_SIZES.match, 80),
    encode(PHOTO_SIZES.thumb, 78),
  ]);
  return { contentType: opts.format === 'webp' ? 'image/webp' : 'image/jpeg', full, match, thumb };
}
