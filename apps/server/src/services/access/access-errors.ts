import { AppError, validationFailed } from '../../errors.js';

/**
 * Errors of the access flows (SPEC.md 5, 8). `data.field` names the form field the message belongs
 * to; the message comes from locales/<lng>/errors.json.
 */

/** 400 validation_failed with the catalogue message `messageKey` for `field`. */
export const fieldInvalid = (field: string, messageKey: string, extra: Record<string, unknown> = {}) =>
  validationFailed({ field, ...extra }, messageKey);
export const emailTaken = (field = 'email') => new AppError('email_taken', 409, { field });
export const accountPendingDeletion = (status = 409) => new AppError('account_pending_deletion', status);
export const signupsClosed = () => new AppError('signups_closed', 403);
export const passwordsDiffer = () => new AppError('passwords_differ', 400, { field: 'password_repeat' });
export const wrongOldPassword = (field = 'old_password') => new AppError('wrong_old_password', 400, { field });
export const invalidNewEmail = () => new AppError('invalid_new_email', 400, { field: 'email' });
export const emailNotFound = () => new AppError('email_not_found', 404, { field: 'email' });
export const resetLinkInvalid = () => new AppError('reset_link_invalid', 400);
export const tooManyResetMails = () => new AppError('too_many_reset_mails', 429);
export const activationFailed = () => new AppError('activation_failed', 400);
export const rateLimited = () => new AppError('rate_limited', 429);
/** 429 too_many_attempts: "Te veel foute pogingen, account voor {minutes} min geblokkeerd." */
export const tooManyAttempts = (minutes: number) => new AppError('too_many_attempts', 429, { minutes });

/** Whether `email` looks like a deliverable address (one @, a dot in the domain, no spaces). */
export function isValidEmail(email: string): boolean {
  return email.length <= 254 && /^[^\s@]+@[^\s@.]+(\.[^\s@.]+)+$/.test(email);
}

/** Whether a database error is a unique-index violation (a concurrent signup or mail change took the address). */
export { isUniqueViolation } from '../../db/errors.js';
