import {
  type Breadcrumb,
  breadcrumbsIntegration,
  browserApiErrorsIntegration,
  captureException,
  close,
  dedupeIntegration,
  type ErrorEvent,
  functionToStringIntegration,
  globalHandlersIntegration,
  httpContextIntegration,
  init,
  linkedErrorsIntegration,
} from '@sentry/browser';

/**
 * The Sentry side of the member app's error reporting (issue: production; docs/client.md). This
 * module is loaded by lib/error-reporting.ts only once a DSN is configured and the visitor consented
 * to statistics, so it and the SDK are their own chunk, never part of the first download.
 */

/** What the reporter needs: the public DSN, the member id now, and whether reporting is still allowed. */
export interface ReporterOptions {
  dsn: string;
  /** The logged-in member's id (the user query's `id`), or null; read when an event is sent. */
  memberId: () => number | null;
  /** Whether the stored consent still allows statistics; read when an event is sent. */
  isAllowed: () => boolean;
}

/** A running reporter: `capture` sends one error, `stop` ends reporting (Sentry's client closes). */
export interface Reporter {
  capture(error: unknown): void;
  stop(): Promise<void>;
}

/** Contexts that describe the browser and the error's place, never anything a member wrote. */
const KEPT_CONTEXTS = new Set(['browser', 'os', 'device', 'trace', 'react']);
/** Breadcrumb categories that may carry text the page logged or a member typed: never sent. */
const DROPPED_BREADCRUMBS = new Set(['console', 'ui.input']);
/** Breadcrumb data fields that say what happened without content: method, address, status. */
const KEPT_BREADCRUMB_DATA = ['method', 'url', 'status_code', 'from', 'to'];

/** `url` without its query string and fragment (they may hold tokens or search text). */
export function withoutQuery(url: string): string {
  const end = url.search(/[?#]/);
  return end === -1 ? url : url.slice(0, end);
}

/**
 * A breadcrumb fit to send, or null to drop it: console and input breadcrumbs are dropped, the others
 * keep their category, level, time and type and only the method, address (without query), status,
 * and navigation ends of their data.
 */
export function scrubBreadcrumb(crumb: Breadcrumb): Breadcrumb | null {
  if (DROPPED_BREADCRUMBS.has(crumb.category ?? '')) return null;
  const data: Record<string, unknown> = {};
  for (const key of KEPT_BREADCRUMB_DATA) {
    const value = crumb.data?.[key];
    if (value !== undefined) data[key] = typeof value === 'string' ? withoutQuery(value) : value;
  }
  const isNavigation = crumb.category === 'navigation';
  return {
    type: crumb.type,
    category: crumb.category,
    level: crumb.level,
    timestamp: crumb.timestamp,
    ...(isNavigation || crumb.category?.startsWith('ui.')
      ? { message: crumb.message && withoutQuery(crumb.message) }
      : {}),
    data,
  };
}

/**
 * The event as it may leave the browser (issue: production: member ids, no message texts): `user` is
 * `{ id }` of the logged-in member (none for a visitor), the request keeps its address without query
 * and the User-Agent header only, extras go, contexts keep only KEPT_CONTEXTS, and breadcrumbs pass
 * scrubBreadcrumb. The error's own type, message and stack stay.
 */
export function scrubEvent(event: ErrorEvent, memberId: number | null): ErrorEvent {
  const contexts = Object.fromEntries(Object.entries(event.contexts ?? {}).filter(([key]) => KEPT_CONTEXTS.has(key)));
  const userAgent = event.request?.headers?.['User-Agent'];
  return {
    ...event,
    user: memberId === null ? undefined : { id: String(memberId) },
    request: event.request?.url
      ? { url: withoutQuery(event.request.url), ...(userAgent ? { headers: { 'User-Agent': userAgent } } : {}) }
      : undefined,
    extra: undefined,
    contexts,
    breadcrumbs: event.breadcrumbs?.map(scrubBreadcrumb).filter((crumb): crumb is Breadcrumb => crumb !== null),
  };
}

/**
 * Starts Sentry with the DSN (no default PII, no sessions, no console capture, no client reports):
 * uncaught errors and unhandled rejections are reported from now on, each through scrubEvent, and
 * none once `isAllowed` turns false.
 */
export function startReporter({ dsn, memberId, isAllowed }: ReporterOptions): Reporter {
  init({
    dsn,
    // SDK 11's successor of `sendDefaultPii: false`: no user data, cookies, bodies or query strings,
    // and of the request headers only the User-Agent.
    dataCollection: {
      userInfo: false,
      cookies: false,
      httpHeaders: { request: { allow: ['User-Agent'] }, response: false },
      httpBodies: [],
      urlQueryParams: false,
    },
    sendClientReports: false,
    defaultIntegrations: false,
    // The default set without sessions, console capture and culture context.
    integrations: [
      functionToStringIntegration(),
      browserApiErrorsIntegration(),
      breadcrumbsIntegration({ dom: true, fetch: true, history: true, xhr: true, sentry: false }),
      globalHandlersIntegration(),
      linkedErrorsIntegration(),
      dedupeIntegration(),
      httpContextIntegration(),
    ],
    beforeBreadcrumb: scrubBreadcrumb,
    beforeSend: (event) => (isAllowed() ? scrubEvent(event, memberId()) : null),
  });
  return {
    capture: (error) => void captureException(error),
    stop: async () => {
      await close();
    },
  };
}
