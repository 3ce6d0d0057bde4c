import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { FastifyServerOptions } from 'fastify';

/** The header a request id comes in (from a proxy or a caller) and goes back out in. */
export const REQUEST_ID_HEADER = 'x-request-id';

/** A request id taken from the caller: at most 64 characters of letters, digits, `.`, `_` and `-`. */
const SANE_REQUEST_ID = /^[A-Za-z0-9._-]{1,64}$/;

/** Keys whose values never reach a log line: secrets, and texts members write or receive. */
export const REDACTED_KEYS = ['password', 'new_password', 'token', 'text', 'message', 'body', 'email_body', 'html'];

/**
 * Objects under which REDACTED_KEYS are redacted besides the top of the line. The paths are
 * written out: pino's leading wildcards (`*.password`) cost 5 to 30 µs per line and per request's
 * child logger (measured), a visible share of the server's throughput.
 */
const REDACTED_PARENTS = ['req', 'res', 'body', 'data', 'mail', 'user', 'input', 'payload', 'query', 'params'];

/** Header paths that carry sessions and credentials. */
const REDACTED_HEADERS = [
  'req.headers.cookie',
  'req.headers.authorization',
  'headers.cookie',
  'headers.authorization',
  'res.headers["set-cookie"]',
  'headers["set-cookie"]',
  'cookie',
  'authorization',
  '["set-cookie"]',
];

/** Every pino redact path of the server's logger (docs/operations.md, "What a log line never holds"). */
export const REDACT_PATHS = [
  ...REDACTED_HEADERS,
  ...REDACTED_KEYS,
  ...REDACTED_PARENTS.flatMap((parent) => REDACTED_KEYS.map((key) => `${parent}.${key}`)),
  ...REDACTED_KEYS.map((key) => `req.body.${key}`),
];

/** The values of a failed query that the query builder puts in its error message (`\nparams: ...`). */
const QUERY_PARAMS = /\nparams: [\s\S]*$/;

/**
 * `text` without the query parameters Drizzle appends to a failed query's message (`Failed query:
 * ...\nparams: <values>`): the values are what members typed (message texts, e-mail addresses).
 */
export function withoutQueryParams(text: string): string {
  return text.replace(QUERY_PARAMS, '\nparams: [redacted]');
}

/** A logged error: its class, code, message and stack without query values, and its causes. */
export interface LoggedError {
  type: string;
  message: string;
  stack: string;
  code?: string;
  cause?: LoggedError;
  [key: string]: unknown;
}

/** Causes of an error that are logged with it (a wrapper's wrapper's cause is still told). */
const MAX_CAUSES = 4;

/**
 * pino's `err` serializer: class, code, message and stack, with any failed query's parameter values
 * removed (withoutQueryParams), and the chain of causes.
 */
export function serializeError(err: unknown, depth = 0): LoggedError {
  if (!(err instanceof Error)) return { type: typeof err, message: withoutQueryParams(String(err)), stack: '' };
  const code = (err as { code?: unknown }).code;
  const cause = depth < MAX_CAUSES && err.cause !== undefined ? serializeError(err.cause, depth + 1) : undefined;
  return {
    type: err.constructor?.name ?? err.name,
    message: withoutQueryParams(err.message),
    stack: withoutQueryParams(err.stack ?? ''),
    ...(code === undefined ? {} : { code: String(code) }),
    ...(cause ? { cause } : {}),
  };
}

/**
 * pino's `req` serializer: the method and the matched route pattern only; never the URL (its query
 * may carry a link's token), the headers or the client's address.
 */
function serializeRequest(req: { method?: string; routeOptions?: { url?: string } }): {
  method?: string;
  route?: string;
} {
  return { method: req.method, route: req.routeOptions?.url };
}

/** A destination of log lines (a stream with `write`), for tests that read what the server logs. */
export type LogStream = { write(line: string): void };

/**
 * The Fastify `logger` option: pino's JSON lines at `level` (LOG_LEVEL) on stdout, or on `stream`,
 * with REDACT_PATHS redacted and errors and requests serialized without query values and URLs.
 */
export function loggerOptions(level: string, stream?: LogStream): FastifyServerOptions['logger'] {
  return {
    level,
    redact: { paths: REDACT_PATHS, censor: '[redacted]' },
    serializers: { err: serializeError, req: serializeRequest as never },
    ...(stream ? { stream } : {}),
  };
}

/**
 * The id of a request (Fastify `genReqId`): the caller's `x-request-id` when it looks sane (at
 * most 64 characters of [A-Za-z0-9._-]), so one id follows a request through a proxy; else a new
 * random UUID.
 */
export function requestIdFor(raw: IncomingMessage): string {
  const given = raw.headers[REQUEST_ID_HEADER];
  return typeof given === 'string' && SANE_REQUEST_ID.test(given) ? given : randomUUID();
}
