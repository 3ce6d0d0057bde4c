import type { ErrorCode } from '@app/contracts';

/**
 * The one application error. Handlers and services throw it; the error handler turns it into
 * `{ error: code, message, data? }` with `message` translated from `errors.<messageKey ?? code>`.
 */
export class AppError extends Error {
  constructor(
    readonly code: ErrorCode,
    readonly statusCode: number,
    readonly data?: unknown,
    /** Catalogue key when the message differs from the code's default. */
    readonly messageKey?: string,
  ) {
    super(code);
  }
}

export const authenticationRequired = () => new AppError('authentication_required', 403);
export const notFound = () => new AppError('not_found', 404);
export const forbidden = (messageKey?: string) => new AppError('forbidden', 403, undefined, messageKey);
export const loginFailed = () => new AppError('login_failed', 401);
export const validationFailed = (data?: unknown, messageKey?: string) =>
  new AppError('validation_failed', 400, data, messageKey);
