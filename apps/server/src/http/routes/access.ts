import {
  AccountDeleteBodySchema,
  DataExportSchema,
  DeletionOfferSchema,
  DoneSchema,
  ErrorResponseSchema,
  MailChangeBodySchema,
  PageHiddenBodySchema,
  PasswordChangeBodySchema,
  PasswordResetBodySchema,
  PasswordResetDoBodySchema,
  SignupBodySchema,
  TokenBodySchema,
  UserSchema,
} from '@app/contracts';
import fastifyRateLimit from '@fastify/rate-limit';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../db/client.js';
import type { UserRow } from '../../db/repositories/users.js';
import type { AppDeps } from '../../deps.js';
import { deletionOffer, reactivateAccount, requestDeletion } from '../../services/access/account-deletion.js';
import { activateAccount, resendActivation } from '../../services/access/activation.js';
import { loadCurrentUser } from '../../services/access/current-user.js';
import { exportMemberData } from '../../services/access/data-export.js';
import { confirmMailChange, requestMailChange } from '../../services/access/mail-change.js';
import { changePassword } from '../../services/access/password-change.js';
import { requestPasswordReset, resetPassword } from '../../services/access/password-reset.js';
import { createSession, SESSION_SECONDS } from '../../services/access/sessions.js';
import { signUp } from '../../services/access/signup.js';
import { recordPageHidden } from '../../services/sites/page-events.js';
import { linksFor } from '../../services/sites/site-url.js';
import { clearSessionCookie, requireUser, SESSION_COOKIE, setSessionCookie } from '../context.js';

const errors = (...codes: number[]) => Object.fromEntries(codes.map((c) => [c, ErrorResponseSchema]));
const done = { ok: true as const };

/** Country of the visitor when a fronting proxy tells it (as GET /api/settings.php reads it). */
function proxyCountry(req: FastifyRequest): string | null {
  const value = req.headers['cf-ipcountry'] ?? req.headers['x-country-code'];
  const code = (Array.isArray(value) ? value[0] : value)?.toUpperCase();
  return code && /^[A-Z]{2}$/.test(code) ? code : null;
}

/** Starts a session for `user` unless the request already belongs to them, and sets the cookie. */
async function logIn(db: Db, req: FastifyRequest, reply: FastifyReply, user: UserRow): Promise<void> {
  if (req.user?.id === user.id) return;
  const token = await createSession(db, user.id, { ip: req.ip, userAgent: req.headers['user-agent'] ?? null });
  setSessionCookie(req, reply, token, SESSION_SECONDS);
  req.user = user;
}

/**
 * Signup, activation, password reset and change, mail change, account deletion and reactivation,
 * data export and the page-bounce beacon (SPEC.md 2, 4, 5, 8; DECISIONS.md GDPR).
 * docs/decisions/004-access.md explains the choices.
 */
export const accessRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, { db, clock, config, mailer }) => {
  const now = () => clock.now();
  // Only routes with their own `config.rateLimit` are limited; the limits are per instance and IP.
  await app.register(fastifyRateLimit, { global: false });

  app.post(
    '/api/signup.php',
    {
      schema: {
        tags: ['access'],
        summary: 'Sign up and log in (SPEC.md 4, 5); mails the activation link',
        body: SignupBodySchema,
        response: { 200: UserSchema, ...errors(400, 403, 409) },
      },
    },
    async (req, reply) => {
      const user = await signUp(db, mailer, req.site, req.body, {
        now: now(),
        links: linksFor(req.site, config),
        locale: req.locale,
        geoipCountry: proxyCountry(req),
      });
      await logIn(db, req, reply, user);
      return loadCurrentUser(db, req.site, user);
    },
  );

  app.post(
    '/api/activate.php',
    {
      schema: {
        tags: ['access'],
        summary: 'Confirm the email with the emailed token; logs the member in (400 activation_failed)',
        body: TokenBodySchema,
        response: { 200: UserSchema, ...errors(400) },
      },
    },
    async (req, reply) => {
      const user = await activateAccount(db, req.site, req.body.token, now());
      await logIn(db, req, reply, user);
      return loadCurrentUser(db, req.site, user);
    },
  );

  app.post(
    '/api/activation-resend.php',
    {
      schema: {
        tags: ['access'],
        summary: 'Mail the activation link again (logged in, not_confirmed; 5 per day, then 429 rate_limited)',
        response: { 200: DoneSchema, ...errors(400, 403, 429) },
      },
    },
    async (req) => {
      await resendActivation(db, mailer, req.site, requireUser(req), { now: now(), links: linksFor(req.site, config) });
      return done;
    },
  );

  app.post(
    '/api/password-reset.php',
    {
      config: { rateLimit: { max: 20, timeWindow: '15 minutes' } },
      schema: {
        tags: ['access'],
        summary: 'Mail a single-use password reset link, valid 1 hour (404 email_not_found, 429 too_many_reset_mails)',
        body: PasswordResetBodySchema,
        response: { 200: DoneSchema, ...errors(400, 404, 429) },
      },
    },
    async (req) => {
      await requestPasswordReset(db, mailer, req.site, req.body.email, {
        now: now(),
        links: linksFor(req.site, config),
        ip: req.ip,
      });
      return done;
    },
  );

  app.post(
    '/api/password-reset-do.php',
    {
      schema: {
        tags: ['access'],
        summary: 'Set a new password with the reset token; ends every session of the member',
        body: PasswordResetDoBodySchema,
        response: { 200: DoneSchema, ...errors(400) },
      },
    },
    async (req) => {
      await resetPassword(db, req.site, req.body, { now: now(), locale: req.locale });
      return done;
    },
  );

  app.post(
    '/api/password.php',
    {
      schema: {
        tags: ['access'],
        summary: 'Change the password (logged in); ends every other session',
        body: PasswordChangeBodySchema,
        response: { 200: DoneSchema, ...errors(400, 403) },
      },
    },
    async (req) => {
      const user = requireUser(req);
      const currentToken = req.cookies[SESSION_COOKIE] ?? '';
      await changePassword(db, user, req.body, { now: now(), locale: req.locale, currentToken });
      return done;
    },
  );

  app.post(
    '/api/mail-change.php',
    {
      schema: {
        tags: ['access'],
        summary: 'Mail a confirmation link (24 hours) to a new address (logged in)',
        body: MailChangeBodySchema,
        response: { 200: DoneSchema, ...errors(400, 403, 409) },
      },
    },
    async (req) => {
      await requestMailChange(db, mailer, req.site, requireUser(req), req.body, {
        now: now(),
        links: linksFor(req.site, config),
      });
      return done;
    },
  );

  app.post(
    '/api/mail-change-do.php',
    {
      schema: {
        tags: ['access'],
        summary: 'Switch to the confirmed new address (400 reset_link_invalid, 409 email_taken)',
        body: TokenBodySchema,
        response: { 200: DoneSchema, ...errors(400, 409) },
      },
    },
    async (req) => {
      await confirmMailChange(db, req.site, req.body.token, now());
      return done;
    },
  );

  app.get(
    '/api/account-delete.php',
    {
      schema: {
        tags: ['access'],
        summary: 'The retention offer shown before deleting the account (logged in)',
        response: { 200: DeletionOfferSchema, ...errors(403) },
      },
    },
    async (req) => {
      requireUser(req);
      return deletionOffer(db, req.site);
    },
  );

  app.post(
    '/api/account-delete.php',
    {
      schema: {
        tags: ['access'],
        summary: 'Delete the account: hidden at once, logged out everywhere, reactivation link by mail (14 days)',
        body: AccountDeleteBodySchema,
        response: { 200: DoneSchema, ...errors(400, 403) },
      },
    },
    async (req, reply) => {
      const user = requireUser(req);
      await requestDeletion(db, mailer, req.site, user, req.body.password, {
        now: now(),
        links: linksFor(req.site, config),
      });
      if (req.body.reason) req.log.info({ userId: user.id, reason: req.body.reason }, 'account deletion reason');
      clearSessionCookie(reply);
      return done;
    },
  );

  app.post(
    '/api/reactivate.php',
    {
      schema: {
        tags: ['access'],
        summary: 'Reactivate a deleted account within 14 days with the emailed token; logs the member in',
        body: TokenBodySchema,
        response: { 200: UserSchema, ...errors(400) },
      },
    },
    async (req, reply) => {
      const user = await reactivateAccount(db, mailer, req.site, req.body.token, now());
      await logIn(db, req, reply, user);
      return loadCurrentUser(db, req.site, user);
    },
  );

  app.get(
    '/api/export.php',
    {
      schema: {
        tags: ['access'],
        summary: 'Download everything stored about the member as JSON (GDPR Art. 15, 20)',
        response: { 200: DataExportSchema, ...errors(403) },
      },
    },
    async (req, reply) => {
      const user = requireUser(req);
      reply.header('cache-control', 'no-store');
      reply.header('content-disposition', `attachment; filename="my-data-${user.id}.json"`);
      return exportMemberData(db, req.site, user, { now: now(), links: linksFor(req.site, config) });
    },
  );

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
    beacon.post(
      '/api/page-hidden.php',
      {
        config: { rateLimit: { max: 30, timeWindow: '1 minute' } },
        schema: {
          tags: ['access'],
          summary:
            'Page-bounce beacon (navigator.sendBeacon; no client header needed, JSON or text/plain, 30 per minute)',
          body: PageHiddenBodySchema.nullish(),
          response: { 204: z.null().describe('stored'), ...errors(400, 429) },
        },
      },
      async (req, reply) => {
        await recordPageHidden(db, req.site.id, req.user?.id ?? null, req.body ?? {}, now());
        return reply.status(204).send();
      },
    );
  });
};
