import { adminAccessCalls } from '@app/contracts';
import fastifyRateLimit from '@fastify/rate-limit';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../deps.js';
import { authenticationRequired } from '../../errors.js';
import { presentAuditPage, presentStaffAccount, presentStaffSite } from '../../presenters/admin/access.js';
import { createStaffAccount } from '../../services/staff/create-staff-account.js';
import { endStaffSession } from '../../services/staff/end-staff-session.js';
import { listStaffAccounts } from '../../services/staff/list-staff-accounts.js';
import { listStaffSites } from '../../services/staff/list-staff-sites.js';
import { logInStaff } from '../../services/staff/log-in-staff.js';
import { searchAudit } from '../../services/staff/search-audit-log.js';
import { setStaffLanguage } from '../../services/staff/set-staff-language.js';
import { updateStaffAccount } from '../../services/staff/update-staff-account.js';
import { verifyStaffSecondFactor } from '../../services/staff/verify-staff-second-factor.js';
import { clearStaffSessionCookie, requireStaff, STAFF_SESSION_COOKIE, setStaffSessionCookie } from '../context.js';
import { rateLimitOptions } from '../rate-limit-store.js';
import { registerCall } from '../register-call.js';

/** Back-office access: staff login with TOTP, the account, staff accounts, the audit log, sites. */
export const adminAccessRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, deps) => {
  await app.register(fastifyRateLimit, rateLimitOptions(app, deps));
  // Per address: the account lock (5 failures) guards one account, this guards many.
  const loginLimit = { rateLimit: { max: 30, timeWindow: '15 minutes' } };

  registerCall(app, adminAccessCalls.login, { config: loginLimit }, async (req, reply) => {
    const result = await logInStaff(deps, {
      email: req.body.email,
      password: req.body.password,
      ip: req.ip,
      userAgent: req.headers['user-agent'] ?? null,
    });
    setStaffSessionCookie(req, reply, result.token, result.maxAge);
    return {
      next: result.next,
      passkey: result.passkey,
      passkey_required: result.passkeyRequired,
      ...(result.enrolment && {
        enrolment: {
          secret: result.enrolment.secret,
          otpauth_url: result.enrolment.otpauthUrl,
          qr_svg: result.enrolment.qrSvg,
        },
      }),
    };
  });

  registerCall(app, adminAccessCalls.secondFactor, { config: loginLimit }, async (req, reply) => {
    const token = req.cookies[STAFF_SESSION_COOKIE];
    if (!token) throw authenticationRequired();
    const result = await verifyStaffSecondFactor(deps, {
      token,
      code: req.body.code || undefined,
      recoveryCode: req.body.recovery_code || undefined,
      ip: req.ip,
      userAgent: req.headers['user-agent'] ?? null,
    });
    setStaffSessionCookie(req, reply, result.token, result.maxAge);
    return {
      staff: presentStaffAccount(result.staff),
      recovery_codes: result.recoveryCodes,
      add_passkey: result.addPasskey,
    };
  });

  registerCall(app, adminAccessCalls.me, async (req) => {
    requireStaff(req);
    return presentStaffAccount(req.staff as NonNullable<typeof req.staff>);
  });

  registerCall(app, adminAccessCalls.setLanguage, async (req) => {
    const { actor } = requireStaff(req);
    await setStaffLanguage(deps, { staffId: actor.staffId, language: req.body.language });
    return { ok: true as const };
  });

  registerCall(app, adminAccessCalls.logout, async (req, reply) => {
    const token = req.cookies[STAFF_SESSION_COOKIE];
    if (token) await endStaffSession(deps, { token });
    clearStaffSessionCookie(reply);
    return { ok: true as const };
  });

  registerCall(app, adminAccessCalls.sites, async (req) => {
    const { actor } = requireStaff(req);
    return (await listStaffSites(deps, { actor })).map(presentStaffSite);
  });

  registerCall(app, adminAccessCalls.staffList, async (req) => {
    const { actor } = requireStaff(req);
    return (await listStaffAccounts(deps, { actor })).map(presentStaffAccount);
  });

  registerCall(app, adminAccessCalls.createStaff, async (req) => {
    const { actor, who } = requireStaff(req);
    const row = await createStaffAccount(deps, {
      actor,
      who,
      email: req.body.email,
      name: req.body.name,
      role: req.body.role,
      siteIds: req.body.site_ids,
      password: req.body.password,
      locale: req.locale,
    });
    return presentStaffAccount(row);
  });

  registerCall(app, adminAccessCalls.updateStaff, async (req) => {
    const { actor, who } = requireStaff(req);
    const row = await updateStaffAccount(deps, {
      actor,
      who,
      id: req.body.id,
      role: req.body.role,
      siteIds: req.body.site_ids,
      name: req.body.name,
      disabled: req.body.disabled,
      resetTotp: req.body.reset_totp,
    });
    return presentStaffAccount(row);
  });

  registerCall(app, adminAccessCalls.audit, async (req) => {
    const q = req.query;
    const result = await searchAudit(deps, {
      actor: req.actor,
      page: q.page,
      filter: {
        staffId: q.staff_id,
        action: q.action,
        objectType: q.object_type,
        objectId: q.object_id,
        memberUserId: q.member_user_id,
        siteId: q.site_id,
        from: q.from ? new Date(q.from) : undefined,
        to: q.to ? new Date(q.to) : undefined,
      },
    });
    return presentAuditPage(result, q.page);
  });
};
