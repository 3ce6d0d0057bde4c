import { AppError } from '../errors.js';

/** Why a request body could not be read: `data.reason` of the 4xx answer. */
export type UnreadableBodyReason =
  | 'malformed_json'
  | 'malformed_multipart'
  | 'malformed_body'
  | 'multipart_required'
  | 'unsupported_media_type'
  | 'body_too_large';

/**
 * The error codes of Fastify's body parsers, @fastify/multipart and @fastify/compress's request
 * decompression that mean "the sender's body is unreadable", with the status and reason to answer.
 * Several carry a misleading status of their own (406 for a bad JSON field, 406 for "not multipart").
 */
const BODY_ERROR_CODES: Readonly<Record<string, readonly [number, UnreadableBodyReason]>> = {
  FST_ERR_CTP_INVALID_JSON_BODY: [400, 'malformed_json'],
  FST_ERR_CTP_EMPTY_JSON_BODY: [400, 'malformed_json'],
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: [400, 'malformed_body'],
  FST_ERR_CTP_INVALID_MEDIA_TYPE: [415, 'unsupported_media_type'],
  FST_ERR_CTP_BODY_TOO_LARGE: [413, 'body_too_large'],
  FST_INVALID_MULTIPART_CONTENT_TYPE: [415, 'multipart_required'],
  FST_INVALID_JSON_FIELD_ERROR: [400, 'malformed_multipart'],
  FST_PROTO_VIOLATION: [400, 'malformed_multipart'],
  FST_MP_PREMATURE_CLOSE: [400, 'malformed_multipart'],
  FST_PARTS_LIMIT: [413, 'body_too_large'],
  FST_FILES_LIMIT: [413, 'body_too_large'],
  FST_FIELDS_LIMIT: [413, 'body_too_large'],
  FST_REQ_FILE_TOO_LARGE: [413, 'body_too_large'],
  FST_CP_ERR_INVALID_CONTENT_ENCODING: [415, 'unsupported_media_type'],
  FST_CP_ERR_INVALID_CONTENT: [400, 'malformed_body'],
};

/**
 * What busboy (the multipart parser under @fastify/multipart) throws or emits for a body it cannot
 * read: plain Errors without a code or status, so only their messages tell them apart. Without this
 * list they reached the error handler as 500 (issue 29: "Unexpected end of multipart data").
 */
const BUSBOY_MESSAGES: readonly RegExp[] = [
  /^Unexpected end of multipart data$/,
  /terminated early due to unexpected end of multipart data$/,
  /^Multipart: Boundary not found$/,
  /^Boundary required$/,
  /^Malformed part header$/,
  /^Malformed content type$/,
  /^Unsupported Content-Type\.?$/,
  /^Missing Content-Type-header\.?$/,
  // The boundary becomes streamsearch's needle: an empty one or one over 252 characters is refused.
  /^The needle cannot (be an empty|have a length bigger than)/,
];

function isBusboyError(err: Error): boolean {
  const { code, statusCode } = err as { code?: unknown; statusCode?: unknown };
  if (code !== undefined || statusCode !== undefined) return false;
  return BUSBOY_MESSAGES.some((pattern) => pattern.test(err.message));
}

/**
 * The one decision, for every route, that a body which cannot be read is the sender's fault: the
 * error a body parser threw (JSON, form, multipart while Fastify parses it or while a route iterates
 * `req.parts()`, decompression) as `validation_failed` with `data {reason}`: 400 for a malformed body,
 * 413 over a limit, 415 for a content type or encoding the route does not read. Null for any other error.
 */
export function unreadableBodyError(err: unknown): AppError | null {
  if (!(err instanceof Error) || err instanceof AppError) return null;
  const code = (err as { code?: unknown }).code;
  const known = typeof code === 'string' ? BODY_ERROR_CODES[code] : undefined;
  if (known) return Object.assign(new AppError('validation_failed', known[0], { reason: known[1] }), { cause: err });
  // secure-json-parse's SyntaxError ("forbidden prototype property") from a route's own JSON parser.
  if (err instanceof SyntaxError && (err as { statusCode?: unknown }).statusCode === 400) {
    return Object.assign(new AppError('validation_failed', 400, { reason: 'malformed_json' }), { cause: err });
  }
  if (isBusboyError(err)) {
    return Object.assign(new AppError('validation_failed', 400, { reason: 'malformed_multipart' }), { cause: err });
  }
  return null;
}
