import { z } from 'zod';

/**
 * Error codes of the one JSON error shape. The web client shows the translated message of
 * `errors.<code>` from the message catalogue (SPEC.md section 8).
 */
export const ERROR_CODES = [
  'authentication_required',
  'client_header_required',
  'validation_failed',
  'not_found',
  'forbidden',
  'login_failed',
  'too_many_attempts',
  'rate_limited',
  'internal_error',
] as const;
export type ErrorCode = (typeof ERROR_CODES)[number];

/** `{ error, message, data? }`: the body of every failed API call. */
export const ErrorResponseSchema = z
  .object({
    error: z.string().describe('machine-readable code, one of ERROR_CODES'),
    message: z.string().describe('human-readable message in the member language'),
    data: z.unknown().optional(),
  })
  .meta({ id: 'ErrorResponse' });
export type ErrorResponse = z.infer<typeof ErrorResponseSchema>;
