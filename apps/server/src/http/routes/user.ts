import {
  ErrorResponseSchema,
  LoginBodySchema,
  LogoutQuerySchema,
  OkSchema,
  UserSchema,
  UserUpdateBodySchema,
} from '@app/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { updateUserLanguage } from '../../db/repositories/users.js';
import type { AppDeps } from '../../deps.js';
import { loadCurrentUser } from '../../services/access/current-user.js';
import { verifyLogin } from '../../services/access/login.js';
import {
  createSession,
  endAllSessions,
  endPresence,
  endSession,
  SESSION_SECONDS,
} from '../../services/access/sessions.js';
import { clearSessionCookie, requireUser, SESSION_COOKIE, setSessionCookie } from '../context.js';

/** Session calls of SPEC.md section 7: log in, current user, language, log out. */
export const userRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, { db, clock }) => {
  app.post(
    '/api/user.php',
    {
      schema: {
        tags: ['session'],
        summary:
          'Log in with email and password; sets the session cookie. 401 login_failed; 429 too_many_attempts ' +
          '(5 failures lock the account for 15 min, data.minutes) or rate_limited (IP); 403 account_pending_deletion',
        body: LoginBodySchema,
        response: {
          200: UserSchema,
          400: ErrorResponseSchema,
          401: ErrorResponseSchema,
          403: ErrorResponseSchema,
          429: ErrorResponseSchema,
        },
      },
    },
    async (req, reply) => {
      const user = await verifyLogin(db, req.site, req.body.email, req.body.password, { ip: req.ip, now: clock.now() });
      const token = await createSession(db, user.id, { ip: req.ip, userAgent: req.headers['user-agent'] ?? null });
      setSessionCookie(req, reply, token, SESSION_SECONDS);
      req.user = user;
      return loadCurrentUser(db, req.site, user);
    },
  );

  app.get(
    '/api/user.php',
    {
      schema: {
        tags: ['session'],
        summary: 'The logged-in user (403 authentication_required when logged out)',
        response: { 200: UserSchema, 403: ErrorResponseSchema },
      },
    },
    async (req, reply) => {
      reply.header('cache-control', 'no-store');
      return loadCurrentUser(db, req.site, requireUser(req));
    },
  );

  app.put(
    '/api/user.php',
    {
      schema: {
        tags: ['session'],
        summary: 'Save the interface language of the logged-in user',
        body: UserUpdateBodySchema,
        response: { 200: OkSchema, 403: ErrorResponseSchema },
      },
    },
    async (req) => {
      await updateUserLanguage(db, requireUser(req).id, req.body.language);
      return { ok: true as const };
    },
  );

  app.get(
    '/api/logout.php',
    {
      schema: {
        tags: ['session'],
        summary: 'Log out; all=1 ends every session of the member',
        querystring: LogoutQuerySchema,
        response: { 200: OkSchema },
      },
    },
    async (req, reply) => {
      const token = req.cookies[SESSION_COOKIE];
      if (req.user && req.query.all === '1') await endAllSessions(db, req.user.id);
      else if (token) await endSession(db, token);
      // Logged out means no longer online, unless another session of theirs is active.
      if (req.user) await endPresence(db, req.user.id, clock.now());
      clearSessionCookie(reply);
      return { ok: true as const };
    },
  );
};
