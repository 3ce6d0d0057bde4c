import { z } from 'zod';
import {
  AccountDeleteBodySchema,
  DataExportSchema,
  DeletionOfferSchema,
  DoneSchema,
  MailChangeBodySchema,
  PageHiddenBodySchema,
  PasswordChangeBodySchema,
  PasswordResetBodySchema,
  PasswordResetDoBodySchema,
  SignupBodySchema,
  TokenBodySchema,
} from '../access.js';
import { PAGE_HIDDEN_PATH, SIGNUP_PATH } from '../constants.js';
import { UserSchema } from '../user.js';
import { defineCall } from './define.js';

const tags = ['access'] as const;

/**
 * Signup, activation, password reset and change, mail change, account deletion and reactivation, the
 * data export and the page-bounce beacon (SPEC.md 2, 4, 5, 8; docs/decisions/004-access.md). Errors
 * carry the server's translated message; `data.field` names the form field of a validation error.
 */
export const accessCalls = {
  /** POST /api/signup.php: User, logged in; mails the activation link. 409 email_taken, 403 signup closed. */
  signup: defineCall({
    method: 'POST',
    path: SIGNUP_PATH,
    kind: 'json',
    body: SignupBodySchema,
    response: UserSchema,
    errors: [400, 403, 409],
    tags,
    summary: 'Sign up and log in (SPEC.md 4, 5); mails the activation link',
  }),
  /** POST /api/activate.php {token}: User, logged in; 400 activation_failed. */
  activate: defineCall({
    method: 'POST',
    path: '/api/activate.php',
    kind: 'json',
    body: TokenBodySchema,
    response: UserSchema,
    errors: [400],
    tags,
    summary: 'Confirm the email with the emailed token; logs the member in (400 activation_failed)',
  }),
  /** POST /api/activation-resend.php: mails the link again; 5 a day, then 429 rate_limited. */
  resendActivation: defineCall({
    method: 'POST',
    path: '/api/activation-resend.php',
    kind: 'json',
    response: DoneSchema,
    errors: [400, 403, 429],
    tags,
    summary: 'Mail the activation link again (logged in, not_confirmed; 5 per day, then 429 rate_limited)',
  }),
  /** POST /api/password-reset.php {email}: mails a reset link (1 hour); 404 email_not_found, 429 too_many_reset_mails. */
  requestPasswordReset: defineCall({
    method: 'POST',
    path: '/api/password-reset.php',
    kind: 'json',
    body: PasswordResetBodySchema,
    response: DoneSchema,
    errors: [400, 404, 429],
    tags,
    summary: 'Mail a single-use password reset link, valid 1 hour (404 email_not_found, 429 too_many_reset_mails)',
  }),
  /** POST /api/password-reset-do.php: a new password with the reset token; ends every session. */
  resetPassword: defineCall({
    method: 'POST',
    path: '/api/password-reset-do.php',
    kind: 'json',
    body: PasswordResetDoBodySchema,
    response: DoneSchema,
    errors: [400],
    tags,
    summary: 'Set a new password with the reset token; ends every session of the member',
  }),
  /** POST /api/password.php: change the password (logged in); ends every other session. */
  changePassword: defineCall({
    method: 'POST',
    path: '/api/password.php',
    kind: 'json',
    body: PasswordChangeBodySchema,
    response: DoneSchema,
    errors: [400, 403],
    tags,
    summary: 'Change the password (logged in); ends every other session',
  }),
  /** POST /api/mail-change.php: mails a confirmation link (24 hours) to the new address. */
  requestMailChange: defineCall({
    method: 'POST',
    path: '/api/mail-change.php',
    kind: 'json',
    body: MailChangeBodySchema,
    response: DoneSchema,
    errors: [400, 403, 409],
    tags,
    summary: 'Mail a confirmation link (24 hours) to a new address (logged in)',
  }),
  /** POST /api/mail-change-do.php {token}: switches to the new address; 400 reset_link_invalid, 409 email_taken. */
  confirmMailChange: defineCall({
    method: 'POST',
    path: '/api/mail-change-do.php',
    kind: 'json',
    body: TokenBodySchema,
    response: DoneSchema,
    errors: [400, 409],
    tags,
    summary: 'Switch to the confirmed new address (400 reset_link_invalid, 409 email_taken)',
  }),
  /** GET /api/account-delete.php: the retention offer (percent off, reactivation days). */
  deletionOffer: defineCall({
    method: 'GET',
    path: '/api/account-delete.php',
    kind: 'json',
    response: DeletionOfferSchema,
    errors: [403],
    tags,
    summary: 'The retention offer shown before deleting the account (logged in)',
  }),
  /** POST /api/account-delete.php {password, reason?}: hidden at once, logged out, reactivation link (14 days). */
  deleteAccount: defineCall({
    method: 'POST',
    path: '/api/account-delete.php',
    kind: 'json',
    body: AccountDeleteBodySchema,
    response: DoneSchema,
    errors: [400, 403],
    tags,
    summary: 'Delete the account: hidden at once, logged out everywhere, reactivation link by mail (14 days)',
  }),
  /** POST /api/reactivate.php {token}: User, logged in, within 14 days of deleting. */
  reactivate: defineCall({
    method: 'POST',
    path: '/api/reactivate.php',
    kind: 'json',
    body: TokenBodySchema,
    response: UserSchema,
    errors: [400],
    tags,
    summary: 'Reactivate a deleted account within 14 days with the emailed token; logs the member in',
  }),
  /** GET /api/export.php: everything stored about the member, a JSON download (GDPR Art. 15, 20). */
  dataExport: defineCall({
    method: 'GET',
    path: '/api/export.php',
    kind: 'json',
    response: DataExportSchema,
    errors: [403],
    tags,
    summary: 'Download everything stored about the member as JSON (GDPR Art. 15, 20)',
  }),
  /** POST /api/page-hidden.php: the page-bounce beacon (SPEC.md 4, 7); no client header, 204, 30 a minute. */
  pageHidden: defineCall({
    method: 'POST',
    path: PAGE_HIDDEN_PATH,
    kind: 'beacon',
    body: PageHiddenBodySchema.nullish(),
    response: z.null().describe('stored'),
    status: 204,
    errors: [400, 429],
    clientHeader: false,
    tags,
    summary: 'Page-bounce beacon (navigator.sendBeacon; no client header needed, JSON or text/plain, 30 per minute)',
  }),
};
