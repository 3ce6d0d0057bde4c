import { sessionCalls } from '@app/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../deps.js';
import { presentCurrentUser } from '../../presenters/user.js';
import { createSession } from '../../services/access/create-session.js';
import { endAllSessions } from '../../services/access/end-all-sessions.js';
import { endPresence } from '../../services/access/end-presence.js';
import { endSession } from '../../services/access/end-session.js';
import { loadCurrentUser } from '../../services/access/load-current-user.js';
import { verifyLogin } from '../../services/access/login.js';
import { SESSION_SECONDS } from '../../services/access/sessions.js';
import { setMemberLanguage } from '../../services/access/set-member-language.js';
import { clearSessionCookie, requireUser, SESSION_COOKIE, setSessionCookie } from '../context.js';
import { registerCall } from '../register-call.js';

/** Session calls of SPEC.md section 7: log in, current user, language, log out. */
export const userRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, { db, clock }) => {
  registerCall(app, sessionCalls.login, async (req, reply) => {
    const user = await verifyLogin(
      { db },
      { site: req.site, email: req.body.email, password: req.body.password, ip: req.ip, now: clock.now() },
    );
    const token = await createSession(
      { db },
      { userId: user.id, ip: req.ip, userAgent: req.headers['user-agent'] ?? null },
    );
    setSessionCookie(req, reply, token, SESSION_SECONDS);
    req.user = user;
    return presentCurrentUser(await loadCurrentUser({ db }, { user }), req.site);
  });

  registerCall(app, sessionCalls.currentUser, async (req, reply) => {
    reply.header('cache-control', 'no-store');
    return presentCurrentUser(await loadCurrentUser({ db }, { user: requireUser(req) }), req.site);
  });

  registerCall(app, sessionCalls.setLanguage, async (req) => {
    await setMemberLanguage({ db }, { user: requireUser(req), language: req.body.language });
    return { ok: true as const };
  });

  registerCall(app, sessionCalls.logout, async (req, reply) => {
    const token = req.cookies[SESSION_COOKIE];
    if (req.user && req.query.all === '1') await endAllSessions({ db }, { userId: req.user.id });
    else if (token) await endSession({ db }, { token });
    // Logged out means no longer online, unless another session of theirs is active.
    if (req.user) await endPresence({ db }, { userId: req.user.id, now: clock.now() });
    clearSessionCookie(reply);
    return { ok: true as const };
  });
};
