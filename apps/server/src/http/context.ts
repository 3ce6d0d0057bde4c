import { ALL_CALLS, type Call, CLIENT_HEADER, needsClientHeader, STAFF_API_PREFIX } from '@app/contracts';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Db } from '../db/client.js';
import { preloadOwnProfile } from '../db/repositories/profiles.js';
import { findSiteForDomain, type SiteRow } from '../db/repositories/sites.js';
import type { StaffRow } from '../db/repositories/staff.js';
import type { UserRow } from '../db/repositories/users.js';
import { AppError, authenticationRequired } from '../errors.js';
import { LOCALE_COOKIE_NAME, pickLocale } from '../i18n.js';
import { type Actor, memberSideActor } from '../policies/actor.js';
import { resolveSession } from '../services/access/resolve-session.js';
import type { AuditWho } from '../services/staff/audit.js';
import { resolveStaffSession } from '../services/staff/resolve-staff-session.js';
import { staffActor } from '../services/staff/staff-actor.js';
import type { StaffSessionStage } from '../services/staff/staff-sessions.js';
import { replyNoSite, worksWithoutSite } from './no-site.js';

/** Name of the HttpOnly session cookie. */
export const SESSION_COOKIE = 'sid';
/** Name of the staff session cookie; sent only to /api/admin, so member pages never carry it. */
export const STAFF_SESSION_COOKIE = 'staff_sid';

/**
 * Routes outside /api that need the site, the member and the locale too: the pages (public pages are
 * rendered on the server, issue: public site), robots.txt and the sitemap.
 */
const PAGE_ROUTES = new Set(['/*', '/robots.txt', '/sitemap.xml']);
/** Path of the staff session cookie: the back-office API. */
const STAFF_COOKIE_PATH = STAFF_API_PREFIX.slice(0, -1);
/**
 * Seconds a site row is cached in memory before it is read again: a safety net for a lost notice,
 * since every write of the sites table announces the site and so empties the cache of this instance
 * at once and of the others through NOTIFY (deps.siteChanges; test/site-settings-fresh.test.ts).
 */
const SITE_CACHE_SECONDS = 30;
/** Hosts cached at most: any Host header is a key (unknown ones get the default site), so it is bounded. */
const SITE_CACHE_MAX_HOSTS = 1000;

declare module 'fastify' {
  interface FastifyRequest {
    /**
     * The site of the request's host (else the default site). Unset (null) only on the back office's
     * API and page while the database has no site at all (http/no-site.ts); nothing there reads it.
     */
    site: SiteRow;
    user: UserRow | null;
    locale: string;
    /** The staff account of a back-office request (/api/admin), after the password at least. */
    staff: StaffRow | null;
    staffStage: StaffSessionStage | null;
    /**
     * Who makes the request (policies/actor.ts): staff on /api/admin with a full staff session, else
     * the member of `user`, else a visitor.
     */
    readonly actor: Actor;
  }
}

/** Host name of the request without port, lower case. */
export function requestDomain(req: FastifyRequest): string {
  return (req.hostname || 'localhost').replace(/:\d+$/, '').toLowerCase();
}

/**
 * The descriptor of each API call by `<METHOD> <route path>` (@app/contracts calls): it says whether
 * the call needs the client header (docs/decisions/002-client-request-header.md: the beacon cannot set
 * headers, payment providers call the webhook server to server, logout is a GET that needs it).
 */
const CALLS_BY_ROUTE = new Map<string, Call>(ALL_CALLS.map((call) => [`${call.method} ${call.path}`, call]));

/**
 * The path of the route that will handle the request (e.g. `/api/logout.php`), as the router
 * matched it after decoding; undefined when no route matches. Decisions about a request are made
 * on this, never on the raw URL, which `/api/%6cogout.php` would slip past.
 */
export function matchedRoute(req: FastifyRequest): string | undefined {
  return req.routeOptions.url;
}

/** Whether a call changes state and so must carry the client header (CSRF defence). */
function isStateChanging(req: FastifyRequest, route: string): boolean {
  // Fastify answers HEAD with the GET route's handler: it is judged as that GET.
  const method = req.method === 'HEAD' ? 'GET' : req.method;
  const call = CALLS_BY_ROUTE.get(`${method} ${route}`);
  if (call) return needsClientHeader(call);
  return req.method !== 'GET' && req.method !== 'HEAD' && req.method !== 'OPTIONS';
}

/**
 * Request context for /api: refuses state-changing calls without the client header, picks the
 * site by host (unknown host → default site), the member from the session cookie and the locale.
 * While the database has no site at all, only the back office (its API and page) goes on; every other
 * request gets the 503 of http/no-site.ts saying how to create the first site (issue 32).
 */
export function registerContext(app: FastifyInstance, db: Db): void {
  const siteCache = new Map<string, { site: SiteRow; at: number }>();
  let cacheGeneration = 0;
  /** The site of `domain`; null only while the database has no site that answers for it (never cached). */
  async function siteFor(domain: string): Promise<SiteRow | null> {
    const cached = siteCache.get(domain);
    if (cached && Date.now() - cached.at < SITE_CACHE_SECONDS * 1000) return cached.site;
    const generation = cacheGeneration;
    const site = await findSiteForDomain(db, domain);
    if (!site) return null;
    // A row read while a change was announced may be the old one: use it, but do not keep it.
    if (generation === cacheGeneration) {
      if (siteCache.size >= SITE_CACHE_MAX_HOSTS) siteCache.clear();
      siteCache.set(domain, { site, at: Date.now() });
    }
    return site;
  }
  // A changed site may be cached under any host (a new domain was served the default site): drop all.
  app.addHook('onReady', async () => {
    const changes = app.deps.siteChanges;
    changes.subscribe(() => {
      cacheGeneration += 1;
      siteCache.clear();
    });
    await changes.start();
  });
  app.addHook('onClose', async () => app.deps.siteChanges.close());

  app.decorateRequest('site', null as unknown as SiteRow);
  app.decorateRequest('user', null);
  app.decorateRequest('locale', 'nl');
  app.decorateRequest('staff', null);
  app.decorateRequest('staffStage', null);
  // Derived, so it follows a login or logout within the request.
  app.decorateRequest('actor', {
    getter(this: FastifyRequest) {
      if (this.staff && this.staffStage === 'full') return staffActor(this.site, this.staff);
      return memberSideActor(this.site, this.user);
    },
  });

  app.addHook('onRequest', async (req, reply) => {
    const route = matchedRoute(req);
    if (!route?.startsWith('/api/') && !req.url.startsWith('/api/') && !PAGE_ROUTES.has(route ?? '')) return;
    req.locale = pickLocale({
      cookie: req.cookies[LOCALE_COOKIE_NAME],
      acceptLanguage: req.headers['accept-language'],
    });
    if (
      isStateChanging(req, route ?? req.url.split('?')[0] ?? '') &&
      req.headers[CLIENT_HEADER.name] !== CLIENT_HEADER.value
    ) {
      throw new AppError('client_header_required', 403, { header: CLIENT_HEADER.name });
    }
    const site = await siteFor(requestDomain(req));
    if (!site) {
      // A new deployment: the back office works so the first admin can create the first site; every
      // other request is told what to do (no-site.ts). `req.site` stays unset on those paths.
      if (!worksWithoutSite(route, req.url)) return replyNoSite(reply, route, req.url);
      if (route?.startsWith(STAFF_API_PREFIX)) return staffContext(db, req, route);
      return;
    }
    req.site = site;
    if (route?.startsWith(STAFF_API_PREFIX)) return staffContext(db, req, route);
    const token = req.cookies[SESSION_COOKIE];
    const session = token ? await resolveSession({ db }, { token }) : null;
    // Members belong to one site: a session sent to another site's host is no session there (else a
    // member could buy that site's packages at its prices for credits spent on their own site).
    req.user = session && session.user.site_id === req.site.id ? session.user : null;
    // A request that changes nothing uses the own profile read with the session (ownProfileOf).
    if (session && req.user && (req.method === 'GET' || req.method === 'HEAD'))
      preloadOwnProfile(req.user, session.own);
    req.locale = pickLocale({
      userLanguage: req.user?.language,
      cookie: req.cookies[LOCALE_COOKIE_NAME],
      acceptLanguage: req.headers['accept-language'],
      siteLanguage: req.site.domain_language,
    });
  });
}

/**
 * The back-office part of the context: the staff session of the `staff_sid` cookie, and the gate of
 * the call's descriptor (`staff: login | second_factor | signed_in | passkey_setup`, signed_in when unmarked), so a
 * refusal comes before validation. No member session is read on /api/admin. The locale is the staff
 * account's language.
 */
async function staffContext(db: Db, req: FastifyRequest, route: string): Promise<void> {
  const call = CALLS_BY_ROUTE.get(`${req.method === 'HEAD' ? 'GET' : req.method} ${route}`);
  const gate = call?.staff ?? 'signed_in';
  const token = req.cookies[STAFF_SESSION_COOKIE];
  const found = token ? await resolveStaffSession({ db }, { token }) : null;
  req.staff = found?.staff ?? null;
  req.staffStage = found?.stage ?? null;
  if (found) req.locale = found.staff.language === 'nl' ? 'nl' : 'en';
  else req.locale = req.locale === 'nl' ? 'nl' : 'en';
  if (gate === 'second_factor' && req.staffStage !== 'password') throw authenticationRequired();
  if (gate === 'signed_in' && req.staffStage !== 'full') throw authenticationRequired();
  if (gate === 'passkey_setup' && req.staffStage !== 'full' && req.staffStage !== 'passkey_setup') {
    throw authenticationRequired();
  }
}

/** Sets the staff session cookie: HttpOnly, SameSite=Strict, path /api/admin, Secure behind HTTPS. */
export function setStaffSessionCookie(req: FastifyRequest, reply: FastifyReply, token: string, maxAge: number): void {
  reply.setCookie(STAFF_SESSION_COOKIE, token, {
    path: STAFF_COOKIE_PATH,
    httpOnly: true,
    sameSite: 'strict',
    secure: req.protocol === 'https',
    maxAge,
  });
}

/** Removes the staff session cookie. */
export function clearStaffSessionCookie(reply: FastifyReply): void {
  reply.clearCookie(STAFF_SESSION_COOKIE, { path: STAFF_COOKIE_PATH });
}

/**
 * The signed-in staff actor of a back-office request, and who the audit log names.
 * @throws AppError authentication_required (403) without a full staff session
 */
export function requireStaff(req: FastifyRequest): { actor: Extract<Actor, { kind: 'staff' }>; who: AuditWho } {
  const actor = req.actor;
  if (actor.kind !== 'staff' || !req.staff) throw authenticationRequired();
  return { actor, who: { staffId: req.staff.id, staffEmail: req.staff.email, ip: req.ip } };
}

/** The logged-in member. @throws AppError authentication_required (403) for visitors */
export function requireUser(req: FastifyRequest): UserRow {
  if (!req.user) throw authenticationRequired();
  return req.user;
}

/** Sets the session cookie: HttpOnly, SameSite=Lax, Secure behind HTTPS, `maxAge` seconds. */
export function setSessionCookie(req: FastifyRequest, reply: FastifyReply, token: string, maxAge: number): void {
  reply.setCookie(SESSION_COOKIE, token, {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure: req.protocol === 'https',
    maxAge,
  });
}

/** Removes the session cookie. */
export function clearSessionCookie(reply: FastifyReply): void {
  reply.clearCookie(SESSION_COOKIE, { path: '/' });
}
