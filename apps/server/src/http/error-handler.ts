import type { ErrorResponse } from '@app/contracts';
import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { AppError } from '../errors.js';
import { translate } from '../i18n.js';
import { captureServerError } from '../observability/error-reporting.js';
import { unreadableBodyError } from './body-errors.js';

/** PostgreSQL's numeric_value_out_of_range (22003), also when wrapped by the query builder. */
function isOutOfRange(err: unknown): boolean {
  for (let e: unknown = err, depth = 0; e && depth < 5; e = (e as { cause?: unknown }).cause, depth += 1) {
    if ((e as { code?: unknown }).code === '22003') return true;
  }
  return false;
}

/**
 * A lost or refused database connection (pg: ECONNRESET/ECONNREFUSED/EPIPE, SQLSTATE class 08,
 * 57P01-57P03 shutdown, "Connection terminated"), also when wrapped by the query builder.
 */
export function isConnectionLost(err: unknown): boolean {
  for (let e: unknown = err, depth = 0; e && depth < 5; e = (e as { cause?: unknown }).cause, depth += 1) {
    const code = String((e as { code?: unknown }).code ?? '');
    if (
      ['ECONNRESET', 'ECONNREFUSED', 'EPIPE', '57P01', '57P02', '57P03'].includes(code) ||
      /^08[0-9A-Z]{3}$/.test(code)
    ) {
      return true;
    }
    const message = String((e as { message?: unknown }).message ?? '');
    if (/Connection terminated|connection error and is not queryable/.test(message)) return true;
  }
  return false;
}

/**
 * Turns every failure into `{ error, message, data? }` with the message in the member's language.
 * Validation failures list the invalid fields in `data.issues`; a body no parser can read (JSON,
 * form, multipart, content type, encoding; body-errors.ts) is `validation_failed` with
 * `data {reason}` on every route, never a 500.
 */
export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((err: FastifyError, req, reply) => {
    const locale = req.locale ?? 'nl';
    const send = (status: number, body: ErrorResponse) => reply.status(status).send(body);
    const appError = err instanceof AppError ? err : unreadableBodyError(err);
    if (appError) {
      if (appError.statusCode >= 500) captureServerError(appError, req);
      const key = appError.messageKey ?? appError.code;
      const values = (appError.data ?? {}) as Record<string, unknown>;
      return send(appError.statusCode, {
        error: appError.code,
        message: translate(locale, 'errors', key, values),
        ...(appError.data === undefined ? {} : { data: appError.data }),
      });
    }
    if (hasZodFastifySchemaValidationErrors(err)) {
      const issues = err.validation.map((v) => ({ path: v.instancePath, message: v.message }));
      return send(400, {
        error: 'validation_failed',
        message: translate(locale, 'errors', 'validation_failed'),
        data: { issues },
      });
    }
    if (isResponseSerializationError(err)) {
      req.log.error({ err, issues: err.cause.issues }, 'response does not match its schema');
      captureServerError(err, req);
      return send(500, { error: 'internal_error', message: translate(locale, 'errors', 'internal_error') });
    }
    if (err.statusCode === 429) {
      return send(429, { error: 'rate_limited', message: translate(locale, 'errors', 'rate_limited') });
    }
    if (err.statusCode && err.statusCode >= 400 && err.statusCode < 500) {
      return send(err.statusCode, {
        error: 'validation_failed',
        message: translate(locale, 'errors', 'validation_failed'),
      });
    }
    if (isOutOfRange(err)) {
      // An id beyond PostgreSQL's integer range (the schemas only say "positive integer"): bad input.
      return send(400, { error: 'validation_failed', message: translate(locale, 'errors', 'validation_failed') });
    }
    if (isConnectionLost(err)) {
      // The pool replaces the lost connection on the next query: a retry can succeed, so not a 500.
      req.log.warn({ err }, 'database connection lost');
      return send(503, { error: 'service_unavailable', message: translate(locale, 'errors', 'service_unavailable') });
    }
    req.log.error({ err }, 'unhandled error');
    captureServerError(err, req);
    return send(500, { error: 'internal_error', message: translate(locale, 'errors', 'internal_error') });
  });

  app.setNotFoundHandler((req, reply) => {
    if (req.url.startsWith('/api/')) {
      return reply
        .status(404)
        .send({ error: 'not_found', message: translate(req.locale ?? 'nl', 'errors', 'not_found') });
    }
    return reply.status(404).type('text/plain').send('Not found');
  });
}
