/**
 * The member app's routes (SPEC.md 2), in the client router's syntax, so the server knows which
 * paths the app answers: any other path gets the app's page with status 404 (the app shows its 404
 * screen). The {token} pages, the public pages and the landers are the server's own (public-pages.ts).
 * apps/web/test/app-routes.test.ts checks that this list and the client router name the same paths.
 */
import { PAYMENT_METHODS } from './constants.js';
import { LIKE_TYPES } from './enums.js';
import { LANDER_NAMES, LEGAL_PAGE_SLUGS } from './public-paths.js';

/** Every path of the member app; `:name` is one segment, `:name?` may be left out. */
export const APP_ROUTE_PATHS = [
  '/',
  '/login',
  '/signup',
  '/complete-signup',
  '/signup-matches',
  '/reset-password',
  '/reset-password/do',
  '/activate/done',
  '/activate/error',
  '/mail-change/do',
  '/account-deleted',
  '/unsubscribe',
  '/members',
  '/members/:id',
  '/members/:id/chat',
  '/members/:id/landing',
  '/members/:id/signup',
  '/members/:id/landing2/:slug?',
  '/members/:id/landing3/:slug?',
  '/likes',
  '/likes/:type',
  '/likes/m/:id',
  '/chats',
  '/chats/:id',
  '/match-finder',
  '/swipe-game',
  '/profile',
  '/verify',
  '/notifications',
  '/lang-config',
  '/credits',
  '/credits/repeat-order',
  '/credits/:id/:paymentmethod?',
  '/directdebit',
  '/transactions/:id?',
  '/premium',
  '/pricing',
  '/complaints',
  ...LEGAL_PAGE_SLUGS.map((slug) => `/pages/${slug}`),
  ...LANDER_NAMES.map((name) => `/landers/${name}/:slug?`),
  '/landers/tinderswipe',
] as const;

/** What a parameter's segment must be; a parameter not named here may be any one segment. */
const PARAMETERS: Record<string, (segment: string) => boolean> = {
  id: (s) => /^[1-9]\d{0,9}$/.test(s),
  type: (s) => (LIKE_TYPES as readonly string[]).includes(s),
  paymentmethod: (s) => (PAYMENT_METHODS as readonly string[]).includes(s),
};

/** Whether `segments` fill the route `pattern` (split on '/'). */
function fills(pattern: readonly string[], segments: readonly string[]): boolean {
  if (segments.length > pattern.length) return false;
  return pattern.every((part, i) => {
    const segment = segments[i];
    if (!part.startsWith(':')) return segment === part;
    const optional = part.endsWith('?');
    if (segment === undefined) return optional;
    const check = PARAMETERS[part.slice(1, optional ? -1 : undefined)];
    return segment !== '' && (check ? check(segment) : true);
  });
}

const PATTERNS = APP_ROUTE_PATHS.map((route) => route.split('/').filter(Boolean));

/**
 * Whether the member app answers `pathname` (no query string): one of APP_ROUTE_PATHS with its
 * parameters of the right kind (ids are numbers, a likes type and a payment method from their
 * lists). A trailing slash is ignored. Pure and cheap: segments compared, no regular expression built.
 */
export function isAppRoute(pathname: string): boolean {
  let segments: string[];
  try {
    segments = pathname.split('/').filter(Boolean).map(decodeURIComponent);
  } catch {
    return false;
  }
  return PATTERNS.some((pattern) => fills(pattern, segments));
}
