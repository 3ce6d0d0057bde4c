import type { Settings } from '@app/contracts';
import { allowsCategory, readConsent } from '@app/public-site/consent';
import { isRouteErrorResponse } from 'react-router';
import { ApiError } from './api';
import { isChunkLoadError } from './chunk-reload';
import type { Reporter, ReporterOptions } from './error-reporter';

/**
 * Error reporting of the member app (issue: production; docs/client.md): to the deployment's
 * Sentry-compatible service (settings.error_reporting_dsn, from SENTRY_CLIENT_DSN) only, and only
 * while the visitor's stored cookie choice allows statistics (contracts TAG_KIND_CATEGORY:
 * error_reporting is statistics). Before that nothing is loaded and nothing is sent; errors from
 * before are not kept for later. The SDK and the scrubbing load on demand (lib/error-reporter.ts).
 */

/** What startErrorReporting needs besides the settings. */
export interface ErrorReportingOptions {
  /** The logged-in member's id (the user query's `id`), or null for a visitor; read per event. */
  memberId: () => number | null;
  /** Starts the reporter (default: loads lib/error-reporter.ts); tests pass their own. */
  load?: () => Promise<(options: ReporterOptions) => Reporter>;
  /** The document whose cookie holds the choice and whose clicks may change it. */
  doc?: Document;
}

const loadReporter = () => import('./error-reporter').then((module) => module.startReporter);

/** The running reporter, if any (one per page). */
let current: Reporter | null = null;

/** Whether the stored cookie choice in `doc` allows statistics (error reporting's category). */
function allowsStatistics(doc: Document): boolean {
  return allowsCategory(readConsent(doc.cookie), 'statistics');
}

/**
 * Starts error reporting when `settings.error_reporting_dsn` is set: at once when the stored choice
 * allows statistics, else as soon as it does (the banner's buttons and the cookie settings are
 * clicks; another tab's change is seen when this one shows again). When the choice stops allowing
 * statistics the reporter stops (Sentry closes) and every event is dropped from then on.
 */
export function startErrorReporting(
  settings: Pick<Settings, 'error_reporting_dsn'>,
  { memberId, load = loadReporter, doc = document }: ErrorReportingOptions,
): void {
  const dsn = settings.error_reporting_dsn;
  if (!dsn) return;
  const isAllowed = () => allowsStatistics(doc);
  let starting: Promise<void> | null = null;
  const follow = () => {
    if (isAllowed() && !current && !starting) {
      starting = load()
        .then((start) => {
          if (isAllowed()) current = start({ dsn, memberId, isAllowed });
        })
        .catch(() => undefined)
        .finally(() => {
          starting = null;
        });
    } else if (!isAllowed() && current) {
      const stopping = current;
      current = null;
      void stopping.stop();
    }
  };
  follow();
  doc.addEventListener('click', follow);
  doc.addEventListener('visibilitychange', follow);
}

/** Reports `error` when a reporter runs (consent given, DSN set); otherwise does nothing. */
export function reportError(error: unknown): void {
  current?.capture(error);
}

/**
 * Whether a route error is a fault worth reporting: not a response a loader threw on purpose (404
 * and the like), not an API answer below 500 (the member's own mistake or a lost session), not a
 * stale chunk (the page reloads itself, lib/chunk-reload.ts).
 */
export function isReportableRouteError(error: unknown): boolean {
  if (isRouteErrorResponse(error)) return error.status >= 500;
  if (error instanceof ApiError) return error.status >= 500;
  return !isChunkLoadError(error);
}

/** Reports an error the router's error pages show (components/error-page.tsx) when it is a fault. */
export function reportRouteError(error: unknown): void {
  if (isReportableRouteError(error)) reportError(error);
}

/** Stops and forgets the running reporter (tests). */
export async function stopErrorReporting(): Promise<void> {
  const stopping = current;
  current = null;
  await stopping?.stop();
}
