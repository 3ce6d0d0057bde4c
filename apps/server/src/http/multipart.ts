import type { FastifyRequest } from 'fastify';
import { AppError, validationFailed } from '../errors.js';
import { unreadableBodyError } from './body-errors.js';

/** One multipart upload read into memory: the first `file` part and the text fields. */
export interface MultipartUpload {
  data: Buffer;
  fields: Record<string, string>;
}

/**
 * Reads a multipart/form-data upload (photos, chat photos): the first part named `file` into memory
 * within the plugin's size limit, other file parts drained, text fields collected. A body the parser
 * cannot read (truncated, no closing boundary, broken headers) is the sender's fault, never a 500:
 * every error of the iteration is classified as the error handler classifies body errors
 * (body-errors.ts), so a stream error surfaces here as a 4xx and is never logged as unhandled.
 * @throws AppError photo_too_large (413, data {megabytes}) over `maxMegabytes`; validation_failed
 *   (415, data {reason: 'multipart_required'}) for another content type; validation_failed
 *   (413, data {reason: 'body_too_large'}) over the part limits; validation_failed
 *   (400, data {reason: 'malformed_multipart'}) for an unreadable body; photo_invalid (400, data
 *   {reason: 'no_file'}) without a file
 */
export async function readMultipartUpload(req: FastifyRequest, maxMegabytes: number): Promise<MultipartUpload> {
  let data: Buffer | null = null;
  const fields: Record<string, string> = {};
  try {
    for await (const part of req.parts()) {
      if (part.type === 'file') {
        if (part.fieldname === 'file' && !data) data = await part.toBuffer();
        else part.file.resume();
      } else if (typeof part.value === 'string') {
        fields[part.fieldname] = part.value;
      }
    }
  } catch (err) {
    if (err instanceof AppError) throw err;
    if ((err as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') {
      throw new AppError('photo_too_large', 413, { megabytes: maxMegabytes });
    }
    const unreadable = unreadableBodyError(err);
    if (unreadable) throw unreadable;
    const { statusCode } = err as { statusCode?: number };
    if (statusCode && statusCode >= 400 && statusCode < 500) throw err;
    // Whatever else the parts' stream threw while reading the sender's bytes is their body's fault.
    throw Object.assign(validationFailed({ reason: 'malformed_multipart' }), { cause: err });
  }
  if (!data || data.length === 0) throw new AppError('photo_invalid', 400, { reason: 'no_file' });
  return { data, fields };
}
