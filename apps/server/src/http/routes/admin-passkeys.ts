import { adminPasskeyCalls } from '@app/contracts';
import fastifyRateLimit from '@fastify/rate-limit';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../deps.js';
import { authenticationRequired } from '../../errors.js';
import { presentStaffAccount } from '../../presenters/admin/access.js';
import { presentPasskey } from '../../presenters/passkeys.js';
import { addStaffPasskey } from '../../services/staff/add-staff-passkey.js';
import { beginStaffPasskeyLogin } from '../../services/staff/begin-staff-passkey-login.js';
import { beginStaffPasskeyRegistration } from '../../services/staff/begin-staff-passkey-registration.js';
import { listStaffPasskeys } from '../../services/staff/list-staff-passkeys.js';
import { logInStaffWithPasskey } from '../../services/staff/log-in-staff-with-passkey.js';
import { removeStaffPasskey } from '../../services/staff/remove-staff-passkey.js';
import { listRolePasskeyRules, setRolePasskeyRule } from '../../services/staff/staff-role-passkeys.js';
import { requireStaff, STAFF_SESSION_COOKIE, setStaffSessionCookie } from '../context.js';
import { rateLimitOptions } from '../rate-limit-store.js';
import { registerCall } from '../register-call.js';

/**
 * Staff passkeys (issue: passkeys): the second step by passkey, adding and removing the own
 * passkeys, and the admins' per-role requirement. The relying party is the back office's origin.
 */
export const adminPasskeyRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, deps) => {
  await app.register(fastifyRateLimit, rateLimitOptions(app, deps));
  const loginLimit = { rateLimit: { max: 30, timeWindow: '15 minutes' } };

  /** The session's account (any stage the call's gate let through) and its cookie. */
  const sessionOf = (req: FastifyRequest) => {
    const token = req.cookies[STAFF_SESSION_COOKIE];
    if (!token || !req.staff || !req.staffStage) throw authenticationRequired();
    return { token, staff: req.staff, stage: req.staffStage };
  };

  registerCall(app, adminPasskeyCalls.loginOptions, { config: loginLimit }, async (req) =>
    beginStaffPasskeyLogin(deps, { staff: sessionOf(req).staff }),
  );

  registerCall(app, adminPasskeyCalls.login, { config: loginLimit }, async (req, reply) => {
    const result = await logInStaffWithPasskey(deps, {
      token: sessionOf(req).token,
      credential: req.body.credential,
      ip: req.ip,
      userAgent: req.headers['user-agent'] ?? null,
      warn: (message, data) => req.log.warn(data, message),
    });
    setStaffSessionCookie(req, reply, result.token, result.maxAge);
    return { staff: presentStaffAccount(result.staff), recovery_codes: [], add_passkey: false };
  });

  registerCall(app, adminPasskeyCalls.registerOptions, async (req) =>
    beginStaffPasskeyRegistration(deps, { staff: sessionOf(req).staff }),
  );

  registerCall(app, adminPasskeyCalls.register, async (req, reply) => {
    const { token, staff, stage } = sessionOf(req);
    const result = await addStaffPasskey(deps, {
      staff,
      stage,
      token,
      name: req.body.name,
      credential: req.body.credential,
      ip: req.ip,
      userAgent: req.headers['user-agent'] ?? null,
    });
    if (result.session) setStaffSessionCookie(req, reply, result.session.token, result.session.maxAge);
    return { passkey: presentPasskey(result.passkey), staff: presentStaffAccount(staff) };
  });

  registerCall(app, adminPasskeyCalls.list, async (req) => {
    const { actor } = requireStaff(req);
    return (await listStaffPasskeys(deps, { staffId: actor.staffId })).map(presentPasskey);
  });

  registerCall(app, adminPasskeyCalls.remove, async (req) => {
    const { who } = requireStaff(req);
    await removeStaffPasskey(deps, { staff: sessionOf(req).staff, who, id: req.body.id });
    return { ok: true as const };
  });

  registerCall(app, adminPasskeyCalls.roles, async (req) => {
    const { actor } = requireStaff(req);
    return listRolePasskeyRules(deps, { actor });
  });

  registerCall(app, adminPasskeyCalls.setRole, async (req) => {
    const { actor, who } = requireStaff(req);
    return setRolePasskeyRule(deps, { actor, who, role: req.body.role, required: req.body.require_passkey });
  });
};
