import { passkeyCalls } from '@app/contracts';
import fastifyRateLimit from '@fastify/rate-limit';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../deps.js';
import { presentPasskey } from '../../presenters/passkeys.js';
import { presentCurrentUser } from '../../presenters/user.js';
import { createSession } from '../../services/access/create-session.js';
import { loadCurrentUser } from '../../services/access/load-current-user.js';
import { SESSION_SECONDS } from '../../services/access/sessions.js';
import { addPasskey } from '../../services/passkeys/add-passkey.js';
import { beginPasskeyLogin } from '../../services/passkeys/begin-passkey-login.js';
import { beginPasskeyRegistration } from '../../services/passkeys/begin-passkey-registration.js';
import { dismissPasskeyOffer } from '../../services/passkeys/dismiss-passkey-offer.js';
import { listPasskeys } from '../../services/passkeys/list-passkeys.js';
import { logInWithPasskey } from '../../services/passkeys/log-in-with-passkey.js';
import { removePasskey } from '../../services/passkeys/remove-passkey.js';
import { requireUser, setSessionCookie } from '../context.js';
import { rateLimitOptions } from '../rate-limit-store.js';
import { registerCall } from '../register-call.js';

const done = { ok: true as const };

/** A member's passkeys and the passkey login (issue: passkeys; docs/decisions/022-passkeys.md). */
export const passkeyRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, deps) => {
  const { db, clock, config } = deps;
  await app.register(fastifyRateLimit, rateLimitOptions(app, { db, clock, config }));
  // Each options call stores a challenge: per address, far above what a member's logins need.
  const optionsLimit = { rateLimit: { max: 30, timeWindow: '1 minute' } };

  registerCall(app, passkeyCalls.registerOptions, { config: optionsLimit }, async (req) =>
    beginPasskeyRegistration(deps, { site: req.site, user: requireUser(req) }),
  );

  registerCall(app, passkeyCalls.register, async (req) => {
    const row = await addPasskey(deps, {
      site: req.site,
      user: requireUser(req),
      name: req.body.name,
      credential: req.body.credential,
    });
    return presentPasskey(row);
  });

  registerCall(app, passkeyCalls.list, async (req, reply) => {
    reply.header('cache-control', 'no-store');
    const result = await listPasskeys(deps, { site: req.site, user: requireUser(req) });
    return { passkeys: result.passkeys.map(presentPasskey), offer: result.offer };
  });

  registerCall(app, passkeyCalls.remove, async (req) => {
    await removePasskey(deps, { site: req.site, user: requireUser(req), id: req.body.id });
    return done;
  });

  registerCall(app, passkeyCalls.dismissOffer, async (req) => {
    await dismissPasskeyOffer(deps, { user: requireUser(req) });
    return done;
  });

  registerCall(app, passkeyCalls.loginOptions, { config: optionsLimit }, async (req) =>
    beginPasskeyLogin(deps, { site: req.site }),
  );

  registerCall(app, passkeyCalls.login, async (req, reply) => {
    const user = await logInWithPasskey(deps, {
      site: req.site,
      credential: req.body.credential,
      ip: req.ip,
      warn: (message, data) => req.log.warn(data, message),
    });
    // The same session as after a password (routes/user.ts).
    const token = await createSession(
      { db },
      { userId: user.id, ip: req.ip, userAgent: req.headers['user-agent'] ?? null },
    );
    setSessionCookie(req, reply, token, SESSION_SECONDS);
    req.user = user;
    return presentCurrentUser(await loadCurrentUser({ db }, { user }), req.site);
  });
};
