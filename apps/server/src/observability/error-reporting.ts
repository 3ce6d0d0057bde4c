import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { ErrorEvent, NodeClient, Scope } from '@sentry/node';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { type Config, ROOT_DIR } from '../config.js';
import type { JobRow } from '../db/repositories/jobs.js';
import { REDACTED_KEYS, withoutQueryParams } from './logging.js';
import { UNMATCHED_ROUTE } from './metrics.js';

/** Where and as what errors are reported (docs/operations.md, "Error reporting"). */
export interface ErrorReportingSettings {
  /** SENTRY_DSN: the project's ingest address at Sentry or a Sentry-compatible service (GlitchTip, ...). */
  dsn: string;
  /** SENTRY_ENVIRONMENT, else production or development by NODE_ENV. */
  environment: string;
  /** SENTRY_RELEASE, else GIT_SHA, else `server@<version of apps/server>`. */
  release: string;
}

/** The error reporter of the process: it sends events until `close`. */
export interface ErrorReporter {
  /** Waits up to `timeoutMs` until every captured event is sent; false when time ran out. */
  flush(timeoutMs?: number): Promise<boolean>;
  /** Sends what is pending (up to 2 s) and stops reporting. */
  close(): Promise<void>;
  /** @internal the scope events are captured on (captureServerError, captureJobFailure). */
  readonly scope: Scope;
}

/** The reporter captureServerError and captureJobFailure use; null when no DSN is configured. */
let active: ErrorReporter | null = null;

/**
 * The reporting settings of `config` and the environment; null when SENTRY_DSN is not set (then
 * nothing is loaded and nothing is sent).
 * @throws Error naming SENTRY_DSN when it is not a DSN (`http(s)://<key>@<host>/<project>`)
 */
export function errorReportingSettings(
  config: Pick<Config, 'sentryDsn' | 'isProduction'>,
  env: NodeJS.ProcessEnv = process.env,
): ErrorReportingSettings | null {
  if (!config.sentryDsn) return null;
  assertDsn(config.sentryDsn);
  return {
    dsn: config.sentryDsn,
    environment: env.SENTRY_ENVIRONMENT || (config.isProduction ? 'production' : 'development'),
    release: env.SENTRY_RELEASE || env.GIT_SHA || `server@${serverVersion()}`,
  };
}

/** A DSN is `http(s)://<public key>@<host>[:port]/[path/]<project id>`; Sentry would only log a wrong one. */
function assertDsn(dsn: string): void {
  let url: URL | null = null;
  try {
    url = new URL(dsn);
  } catch {
    url = null;
  }
  const valid = url && /^https?:$/.test(url.protocol) && url.username !== '' && /\/\w+$/.test(url.pathname);
  if (!valid) throw new Error('SENTRY_DSN is not a DSN: expected http(s)://<key>@<host>/<project id>');
}

function serverVersion(): string {
  const manifest = JSON.parse(readFileSync(path.join(ROOT_DIR, 'apps/server/package.json'), 'utf8'));
  return String((manifest as { version?: unknown }).version ?? '0.0.0');
}

/**
 * Starts reporting to `settings.dsn` with @sentry/node, loaded only now: its own client (no global
 * `Sentry.init`), only the linked-errors and dedupe integrations (none that patch http, console or
 * the module loader, so requests cost nothing extra), no collected request data (cookies, bodies,
 * query, headers but the user agent, local variables), no breadcrumbs, and
 * `scrubEvent` before anything is sent. It becomes the process's reporter until closed.
 */
export async function startErrorReporting(settings: ErrorReportingSettings): Promise<ErrorReporter> {
  const sentry = await import('@sentry/node');
  const client: NodeClient = new sentry.NodeClient({
    dsn: settings.dsn,
    environment: settings.environment,
    release: settings.release,
    // Sentry 11's successor of `sendDefaultPii: false`: collect no request data of its own.
    dataCollection: {
      userInfo: false,
      cookies: false,
      httpHeaders: { request: { allow: ['user-agent'] }, response: false },
      httpBodies: [],
      urlQueryParams: false,
      databaseQueryData: false,
      queues: false,
      stackFrameVariables: false,
    },
    maxBreadcrumbs: 0,
    sendClientReports: false,
    enableRuntimeChannelInjection: false,
    integrations: [sentry.linkedErrorsIntegration(), sentry.dedupeIntegration()],
    transport: sentry.makeNodeTransport,
    stackParser: sentry.defaultStackParser,
    beforeSend: scrubEvent,
  });
  client.init();
  const scope = new sentry.Scope();
  scope.setClient(client);
  const reporter: ErrorReporter = {
    scope,
    flush: async (timeoutMs = 2000) => client.flush(timeoutMs),
    close: async () => {
      if (active === reporter) active = null;
      await client.close(2000);
    },
  };
  active = reporter;
  return reporter;
}

/**
 * Starts error reporting for `app` when SENTRY_DSN is set (startErrorReporting), and stops it when
 * the app closes; without a DSN it does nothing and loads nothing.
 */
export async function reportErrors(app: FastifyInstance, config: Pick<Config, 'sentryDsn' | 'isProduction'>) {
  const settings = errorReportingSettings(config);
  if (!settings) return;
  const reporter = await startErrorReporting(settings);
  app.addHook('onClose', () => reporter.close());
}

/** Waits up to `timeoutMs` until the process's reporter has sent what it captured; true without one. */
export async function flushErrorReports(timeoutMs = 2000): Promise<boolean> {
  return active ? active.flush(timeoutMs) : true;
}

/**
 * Reports a server error (a 5xx of http/error-handler.ts) with the member's id as the user, the
 * staff id, the matched route, the method and the request id as tags; no body, no headers, no query.
 * Does nothing when no reporter runs.
 */
export function captureServerError(err: unknown, req: FastifyRequest): void {
  if (!active) return;
  const scope = active.scope.clone();
  const route = req.routeOptions.url ?? UNMATCHED_ROUTE;
  if (req.user) scope.setUser({ id: String(req.user.id) });
  scope.setTags({ route, method: req.method, request_id: req.id });
  if (req.staff) scope.setTag('staff_id', String(req.staff.id));
  scope.setTransactionName(`${req.method} ${route}`);
  scope.captureException(err);
}

/**
 * Reports a failed attempt of a durable job (jobs/worker.ts) with its kind, id and attempt as tags;
 * `warning` while a retry follows, `error` when it was the last attempt. Never the payload (it may
 * hold addresses and texts). Does nothing when no reporter runs.
 */
export function captureJobFailure(job: Pick<JobRow, 'id' | 'kind' | 'attempts' | 'max_attempts'>, err: unknown): void {
  if (!active) return;
  const scope = active.scope.clone();
  const final = job.attempts >= job.max_attempts;
  scope.setTags({ job_kind: job.kind, job_id: String(job.id), attempt: String(job.attempts), final: String(final) });
  scope.setLevel(final ? 'error' : 'warning');
  scope.setTransactionName(`job ${job.kind}`);
  scope.captureException(err);
}

/** Keys of an event's `extra` that are never sent. */
const SECRET_EXTRAS = new Set(REDACTED_KEYS);

/**
 * Sentry's `beforeSend`: what leaves the server. The request keeps its method and its URL without
 * query; headers only the user agent; no body, cookies or query string. The user is `{ id }` only.
 * Extras named like texts or secrets (logging.ts REDACTED_KEYS) are dropped, failed queries' values
 * are cut from exception messages, and breadcrumbs are dropped.
 */
export function scrubEvent(event: ErrorEvent): ErrorEvent {
  if (event.request) {
    const userAgent = event.request.headers?.['user-agent'];
    event.request = {
      method: event.request.method,
      url: event.request.url?.split(/[?#]/)[0],
      ...(userAgent ? { headers: { 'user-agent': userAgent } } : {}),
    };
  }
  if (event.user) event.user = event.user.id === undefined ? undefined : { id: event.user.id };
  if (event.extra) {
    event.extra = Object.fromEntries(Object.entries(event.extra).filter(([key]) => !SECRET_EXTRAS.has(key)));
  }
  for (const exception of event.exception?.values ?? []) {
    if (exception.value) exception.value = withoutQueryParams(exception.value);
  }
  if (event.message) event.message = withoutQueryParams(event.message);
  delete event.breadcrumbs;
  return event;
}
