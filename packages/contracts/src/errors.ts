import { z } from 'zod';
import { text } from './text.js';

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
  // Access (SPEC.md 5, 8): the catalogue key is the code unless a messageKey says otherwise.
  'signups_closed',
  'email_taken',
  'account_pending_deletion',
  'weak_password',
  'passwords_differ',
  'wrong_old_password',
  'invalid_new_email',
  'email_not_found',
  'reset_link_invalid',
  'too_many_reset_mails',
  'activation_failed',
  'premium_required',
  'photo_limit_reached',
  'photo_invalid',
  'photo_too_large',
  // Verified members: no approved main image to compare a selfie with; the pose's time ran out.
  'verification_needs_photo',
  'verification_expired',
  // Chat (SPEC.md 4, 5, 8)
  'not_enough_credits',
  'recipient_not_confirmed',
  'blocked',
  // Safer conversations: the text has a link, phone number, e-mail or messenger handle (409, data
  // MessageNeedsConfirmationData); the client asks "Are you sure?" and sends again with confirmed.
  'message_needs_confirmation',
  // Money (SPEC.md 8)
  'payment_failed',
  'payment_method_unavailable',
  'discount_not_found',
  'discount_used',
  'discount_expired',
  'discount_first_purchase',
  'discount_minimum_order',
  'discount_country',
  'discount_method',
  'no_previous_order',
  'iban_invalid',
  'direct_debit_blocked',
  'direct_debit_limit',
  'otp_invalid',
  'otp_expired',
  'conflict',
  'service_unavailable',
  // Back office measures (issue: back office I): login refused.
  'account_banned',
  'account_suspended',
  // Notifications: a push subscription whose endpoint is no known push service.
  'push_endpoint_refused',
  // Passkeys (issue: passkeys): a ceremony that could not be verified; a role that needs a passkey.
  'passkey_failed',
  'passkey_required',
] as const;
export type ErrorCode = (typeof ERROR_CODES)[number];

/** `{ error, message, data? }`: the body of every failed API call. */
export const ErrorResponseSchema = z
  .object({
    error: text().describe('machine-readable code, one of ERROR_CODES'),
    message: text().describe('human-readable message in the member language'),
    data: z.unknown().optional(),
  })
  .meta({ id: 'ErrorResponse' });
export type ErrorResponse = z.infer<typeof ErrorResponseSchema>;
