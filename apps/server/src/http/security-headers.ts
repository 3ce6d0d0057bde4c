import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import helmet from 'helmet';
import type { Config } from '../config.js';
import type { SiteRow } from '../db/repositories/sites.js';

/** Seconds browsers remember to use HTTPS only (HSTS): one year. */
export const HSTS_SECONDS = 365 * 24 * 3600;

/**
 * The origins (`https://host[:port]`) of a site's third-party tags (contracts SiteTag), each once, in
 * the order configured; anything that is not an https URL is left out, so a stored value can never
 * widen the policy beyond one https origin per tag.
 */
export function tagOrigins(tags: readonly { src: string }[] | null | undefined): string[] {
  const origins = new Set<string>();
  for (const tag of tags ?? []) {
    try {
      const url = new URL(tag.src);
      if (url.protocol === 'https:' && url.hostname) origins.add(url.origin);
    } catch {
      // not a URL: never reaches the policy
    }
  }
  return [...origins];
}

/** The origins a site's video landers load from (landerOrigins): the video's and the poster's. */
export interface LanderOrigins {
  /** Origin of the https lander video, for media-src. */
  media: string[];
  /** Origin of the https poster image, for img-src. */
  images: string[];
}

/**
 * The https origins of a site's lander video and poster (sites.lander_video_url / _poster; issue:
 * public site, video landers). A site-relative path is covered by 'self' and gives none; anything that
 * is not an https URL is left out, as in tagOrigins.
 */
export function landerOrigins(
  site: { lander_video_url?: string | null; lander_video_poster?: string | null } | null | undefined,
): LanderOrigins {
  const originOf = (value: string | null | undefined) => (value ? tagOrigins([{ src: value }]) : []);
  return { media: originOf(site?.lander_video_url), images: originOf(site?.lander_video_poster) };
}

/**
 * The origin the member app sends error reports to: that of the client DSN (SENTRY_CLIENT_DSN,
 * `https://<key>@host/<project>`, docs/client.md); none without one or when it is no http(s) URL.
 */
export function dsnOrigin(dsn: string | null | undefined): string[] {
  if (!dsn) return [];
  try {
    const url = new URL(dsn);
    return url.protocol === 'https:' || url.protocol === 'http:' ? [url.origin] : [];
  } catch {
    return [];
  }
}

/** `list` without repeats, first place kept. */
const once = (list: readonly string[]) => [...new Set(list)];

/**
 * The Content-Security-Policy directives of every response (docs/security.md, "Script injection"):
 * scripts only from the site's own origin and never inline (the built client has no inline script),
 * no plugins, no framing (`frame-ancestors 'none'`), forms and connections (the API, the realtime
 * WebSocket) to the own origin only. Styles allow inline style attributes, which React uses; images
 * may also come from the S3 bucket's public URL when photos are stored there. `thirdParty` are the
 * origins of the requesting site's tags (tagOrigins; issue: public site, consent): their scripts, and
 * the beacons they send (connections, images), are allowed on that site's pages only. The tags
 * themselves load only after the visitor's consent (packages/public-site/src/consent). `lander` are
 * the origins of that site's lander video (media-src) and its poster (img-src), on that site's pages
 * only as well. The member app may also connect to the origin of the client error-reporting DSN
 * (dsnOrigin), which it uses only after the visitor's statistics consent.
 */
export function contentSecurityPolicy(
  config: Pick<Config, 's3'> & Partial<Pick<Config, 'sentryClientDsn'>>,
  thirdParty: readonly string[] = [],
  lander: LanderOrigins = { media: [], images: [] },
): Record<string, string[] | null> {
  const imageOrigins = config.s3?.publicUrl ? [new URL(config.s3.publicUrl).origin] : [];
  const reportOrigins = dsnOrigin(config.sentryClientDsn);
  return {
    'default-src': ["'self'"],
    'script-src': ["'self'", ...thirdParty],
    'script-src-attr': ["'none'"],
    'style-src': ["'self'", "'unsafe-inline'"],
    'img-src': once(["'self'", 'data:', 'blob:', ...imageOrigins, ...thirdParty, ...lander.images]),
    'font-src': ["'self'", 'data:'],
    'connect-src': once(["'self'", ...thirdParty, ...reportOrigins]),
    'media-src': once(["'self'", 'blob:', ...imageOrigins, ...lander.media]),
    'manifest-src': ["'self'"],
    'worker-src': ["'self'"],
    'object-src': ["'none'"],
    'base-uri': ["'self'"],
    'form-action': ["'self'"],
    'frame-ancestors': ["'none'"],
    // Plain-HTTP sites (the demo on localhost) must keep working; HTTPS sites get HSTS instead.
    'upgrade-insecure-requests': null,
  };
}

/**
 * The header value of `directives` as helmet writes it: `name value value;name`, a directive set to
 * null left out (helmet's "disabled").
 */
export function policyHeader(directives: Record<string, string[] | null>): string {
  return Object.entries(directives)
    .filter((entry): entry is [string, string[]] => entry[1] !== null)
    .map(([name, values]) => (values.length > 0 ? `${name} ${values.join(' ')}` : name))
    .join(';');
}

/**
 * Security headers on every response (pages, API, photos, the test checkout page) through helmet,
 * its middleware built and run once at start and the headers it set set again on each request
 * (@fastify/helmet built it anew on every request, parsing the policy each time; issue 31): the CSP above, `X-Content-Type-Options: nosniff`,
 * `X-Frame-Options: DENY`, `Referrer-Policy: strict-origin-when-cross-origin`,
 * Cross-Origin-Opener-Policy; and
 * `Strict-Transport-Security` only on responses served over HTTPS (directly or, with TRUST_PROXY,
 * behind a proxy that says so), so a plain-HTTP demo is never pinned to HTTPS. Helmet runs before the
 * request context knows the site, so a site with tags or a lander video on another host gets its own
 * policy (with those origins) when the response is sent, made once per site row (sitePolicy).
 */
export async function registerSecurityHeaders(app: FastifyInstance, config: Config): Promise<void> {
  const headers = helmet({
    contentSecurityPolicy: { useDefaults: false, directives: contentSecurityPolicy(config) },
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    frameguard: { action: 'deny' },
    strictTransportSecurity: false,
    crossOriginEmbedderPolicy: false,
    // Photos are loaded by the site's own pages; other origins have no business embedding them.
    crossOriginResourcePolicy: { policy: 'same-origin' },
  });
  // With these options every header helmet sets is the same on every response (no policy directive
  // is a function, HSTS is ours): captured once, then set on each request as helmet would set them.
  const { names, values, removed } = capturedHeaders(headers);
  app.addHook('onRequest', (_req, reply, done) => {
    const res = reply.raw;
    for (let i = 0; i < removed.length; i++) res.removeHeader(removed[i] as string);
    for (let i = 0; i < names.length; i++) res.setHeader(names[i] as string, values[i] as string);
    done();
  });
  /** The policy of a site with tags or a lander video elsewhere, per site row; null: the common one. */
  const policies = new WeakMap<SiteRow, string | null>();
  const sitePolicy = (site: SiteRow): string | null => {
    let policy = policies.get(site);
    if (policy === undefined) {
      const origins = tagOrigins(site.tags);
      const lander = landerOrigins(site);
      policy =
        origins.length > 0 || lander.media.length > 0 || lander.images.length > 0
          ? policyHeader(contentSecurityPolicy(config, origins, lander))
          : null;
      policies.set(site, policy);
    }
    return policy;
  };
  const hsts = `max-age=${HSTS_SECONDS}; includeSubDomains`;
  app.addHook('onSend', (req, reply, payload, done) => {
    if (req.protocol === 'https') reply.header('strict-transport-security', hsts);
    // `site` is set by the request context for the API and the pages; static files have none.
    const site = req.site as SiteRow | null | undefined;
    const policy = site ? sitePolicy(site) : null;
    if (policy) reply.header('content-security-policy', policy);
    done(null, payload);
  });
}

/** A Node middleware such as helmet's: `(req, res, next)`. */
type Middleware = (req: IncomingMessage, res: ServerResponse, next: (err?: unknown) => void) => void;

/**
 * The headers `middleware` sets and removes on a response, in order, found by running it once on a
 * stand-in response (for a middleware whose headers do not depend on the request).
 * @throws Error when the middleware reports an error
 */
export function capturedHeaders(middleware: Middleware): { names: string[]; values: string[]; removed: string[] } {
  const names: string[] = [];
  const values: string[] = [];
  const removed: string[] = [];
  const res = {
    setHeader(name: string, value: unknown) {
      names.push(name);
      values.push(String(value));
      return res;
    },
    removeHeader(name: string) {
      removed.push(name);
    },
    getHeader: () => undefined,
  };
  middleware({ headers: {}, method: 'GET', url: '/' } as IncomingMessage, res as unknown as ServerResponse, (err) => {
    if (err) throw err instanceof Error ? err : new Error(String(err));
  });
  return { names, values, removed };
}
