import { accessCalls, TRAFFIC_SOURCE_COOKIE } from '@app/contracts';
import fastifyRateLimit from '@fastify/rate-limit';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../deps.js';
import { presentCurrentUser } from '../../presenters/user.js';
import { activateAccount } from '../../services/access/activate-account.js';
import { changePassword } from '../../services/access/change-password.js';
import { confirmMailChange } from '../../services/access/confirm-mail-change.js';
import { createSession } from '../../services/access/create-session.js';
import { exportMemberData } from '../../services/access/export-member-data.js';
import { loadCurrentUser } from '../../services/access/load-current-user.js';
import { reactivateAccount } from '../../services/access/reactivate-account.js';
import { requestDeletion } from '../../services/access/request-deletion.js';
import { requestMailChange } from '../../services/access/request-mail-change.js';
import { requestPasswordReset } from '../../services/access/request-password-reset.js';
import { resendActivation } from '../../services/access/resend-activation.js';
import { resetPassword } from '../../services/access/reset-password.js';
import { SESSION_SECONDS } from '../../services/access/sessions.js';
import { signUp } from '../../services/access/sign-up.js';
import { viewDeletionOffer } from '../../services/access/view-deletion-offer.js';
import { recordPageHidden } from '../../services/sites/record-page-hidden.js';
import { linksFor } from '../../services/sites/site-url.js';
import { clearSessionCookie, requestDomain, requireUser, SESSION_COOKIE, setSessionCookie } from '../context.js';
import { rateLimitOptions } from '../rate-limit-store.js';
import { registerCall } from '../register-call.js';

const done = { ok: true as const };

/** Country of the visitor when a fronting proxy tells it (as GET /api/settings.php reads it). */
function proxyCountry(req: FastifyRequest): string | null {
  const value = req.headers['cf-ipcountry'] ?? req.headers['x-country-code'];
  const code = (Array.isArray(value) ? value[0] : value)?.toUpperCase();
  return code && /^[A-Z]{2}$/.test(code) ? code : null;
}

/**
 * Path of the page that sent a beacon: its Referer when that is a page of the requested host (the
 * security headers send the full same-origin Referer: strict-origin-when-cross-origin), else null.
 */
function sameOriginRefererPath(req: FastifyRequest): string | null {
  const referer = req.headers.referer;
  if (!referer) return null;
  try {
    const url = new URL(referer);
    return url.hostname.toLowerCase() === requestDomain(req) ? url.pathname : null;
  } catch {
    return null;
  }
}

/** Starts a session for `user` unless the request already belongs to them, and sets the cookie. */
async function logIn(
  db: AppDeps['db'],
  req: FastifyRequest,
  reply: FastifyReply,
  user: NonNullable<FastifyRequest['user']>,
): Promise<void> {
  if (req.user?.id === user.id) return;
  const token = await createSession(
    { db },
    { userId: user.id, ip: req.ip, userAgent: req.headers['user-agent'] ?? null },
  );
  setSessionCookie(req, reply, token, SESSION_SECONDS);
  req.user = user;
}

/**
 * Signup, activation, password reset and change, mail change, account deletion and reactivation,
 * data export and the page-bounce beacon (SPEC.md 2, 4, 5, 8; DECISIONS.md GDPR).
 * docs/decisions/004-access.md explains the choices.
 */
export const accessRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, { db, clock, config, mailer, events }) => {
  const now = () => clock.now();
  // Only routes with their own `config.rateLimit` are limited, per IP across every instance.
  await app.register(fastifyRateLimit, rateLimitOptions(app, { db, clock, config }));

  registerCall(app, accessCalls.signup, async (req, reply) => {
    const user = await signUp(
      { db, mailer, events },
      {
        site: req.site,
        body: req.body,
        now: now(),
        links: linksFor(req.site, config),
        locale: req.locale,
        geoipCountry: proxyCountry(req),
      },
    );
    await logIn(db, req, reply, user);
    return presentCurrentUser(await loadCurrentUser({ db }, { user }), req.site);
  });

  registerCall(app, accessCalls.activate, async (req, reply) => {
    const user = await activateAccount({ db }, { site: req.site, token: req.body.token, now: now() });
    await logIn(db, req, reply, user);
    return presentCurrentUser(await loadCurrentUser({ db }, { user }), req.site);
  });

  registerCall(app, accessCalls.resendActivation, async (req) => {
    await resendActivation(
      { db, mailer },
      { site: req.site, user: requireUser(req), now: now(), links: linksFor(req.site, config) },
    );
    return done;
  });

  registerCall(
    app,
    accessCalls.requestPasswordReset,
    { config: { rateLimit: { max: 20, timeWindow: '15 minutes' } } },
    async (req) => {
      await requestPasswordReset(
        { db, mailer },
        {
          site: req.site,
          email: req.body.email,
          now: now(),
          links: linksFor(req.site, config),
          ip: req.ip,
        },
      );
      return done;
    },
  );

  registerCall(app, accessCalls.resetPassword, async (req) => {
    await resetPassword({ db }, { site: req.site, body: req.body, now: now(), locale: req.locale });
    return done;
  });

  registerCall(app, accessCalls.changePassword, async (req) => {
    const user = requireUser(req);
    const currentToken = req.cookies[SESSION_COOKIE] ?? '';
    await changePassword({ db }, { user, body: req.body, now: now(), locale: req.locale, currentToken });
    return done;
  });

  registerCall(app, accessCalls.requestMailChange, async (req) => {
    await requestMailChange(
      { db, mailer },
      {
        site: req.site,
        user: requireUser(req),
        body: req.body,
        now: now(),
        links: linksFor(req.site, config),
      },
    );
    return done;
  });

  registerCall(app, accessCalls.confirmMailChange, async (req) => {
    await confirmMailChange({ db }, { site: req.site, token: req.body.token, now: now() });
    return done;
  });

  registerCall(app, accessCalls.deletionOffer, async (req) => {
    requireUser(req);
    return viewDeletionOffer({ db }, { site: req.site });
  });

  registerCall(app, accessCalls.deleteAccount, async (req, reply) => {
    const user = requireUser(req);
    await requestDeletion(
      { db, mailer },
      {
        site: req.site,
        user,
        password: req.body.password,
        now: now(),
        links: linksFor(req.site, config),
      },
    );
    // The member's own words stay out of the log (docs/operations.md): only that a reason was given.
    if (req.body.reason)
      req.log.info({ userId: user.id, reason_chars: req.body.reason.length }, 'account deletion reason given');
    clearSessionCookie(reply);
    return done;
  });

  registerCall(app, accessCalls.reactivate, async (req, reply) => {
    const user = await reactivateAccount({ db, mailer }, { site: req.site, token: req.body.token, now: now() });
    await logIn(db, req, reply, user);
    return presentCurrentUser(await loadCurrentUser({ db }, { user }), req.site);
  });

  registerCall(app, accessCalls.dataExport, async (req, reply) => {
    const user = requireUser(req);
    reply.header('cache-control', 'no-store');
    reply.header('content-disposition', `attachment; filename="my-data-${user.id}.json"`);
    return exportMemberData({ db }, { site: req.site, user, now: now(), links: linksFor(req.site, config) });
  });

  // The beacon has its own scope: it parses text/plain and empty bodies, which no other call accepts.
  await app.register(async (beacon) => {
    beacon.removeContentTypeParser(['application/json', 'text/plain']);
    beacon.addContentTypeParser(['application/json', 'text/plain'], { parseAs: 'string' }, (_req, body, done) => {
      const text = String(body).trim();
      if (!text) return done(null, {});
      try {
        done(null, JSON.parse(text));
      } catch {
        done(Object.assign(new Error('invalid JSON'), { statusCode: 400 }), undefined);
      }
    });
    registerCall(
      beacon,
      accessCalls.pageHidden,
      { config: { rateLimit: { max: 30, timeWindow: '1 minute' } } },
      async (req, reply) => {
        await recordPageHidden(
          { db },
          {
            siteId: req.site.id,
            userId: req.user?.id ?? null,
            body: req.body ?? {},
            request: {
              refererPath: sameOriginRefererPath(req),
              trafficSource: req.cookies[TRAFFIC_SOURCE_COOKIE.name] ?? null,
            },
            now: now(),
          },
        );
        return reply.status(204).send();
      },
    );
  });
};
