import {
  AuditPageSchema,
  AuditQuerySchema,
  StaffAccountSchema,
  StaffCreateBodySchema,
  StaffLanguageBodySchema,
  StaffListSchema,
  StaffLoginBodySchema,
  StaffLoginResultSchema,
  StaffOkSchema,
  StaffSecondFactorBodySchema,
  StaffSecondFactorResultSchema,
  StaffSiteListSchema,
  StaffUpdateBodySchema,
} from '../admin/access.js';
import { defineCall } from './define.js';

const tags = ['back office'] as const;

/**
 * Back-office access (issue: back office I): staff log in with password, then a TOTP code (QR
 * enrolment the first time, recovery codes), in a session of their own (cookie `staff_sid`, path
 * /api/admin, 8 hours). Every /api/admin call but these two needs a full staff session (403
 * authentication_required otherwise); a role that may not gets 403 forbidden, an object of a site
 * outside the account's 404.
 */
export const adminAccessCalls = {
  /** POST /api/admin/login.php {email, password}: {next: enrol|totp, enrolment?}; a 10-minute session for the second factor. */
  login: defineCall({
    method: 'POST',
    path: '/api/admin/login.php',
    kind: 'json',
    staff: 'login',
    body: StaffLoginBodySchema,
    response: StaffLoginResultSchema,
    errors: [400, 401, 429],
    tags,
    summary: 'Staff login, step 1: the password (401 login_failed; 429 too_many_attempts after 5 failures)',
  }),
  /** POST /api/admin/totp.php {code | recovery_code}: the second factor; answers the account and, at enrolment, the recovery codes. */
  secondFactor: defineCall({
    method: 'POST',
    path: '/api/admin/totp.php',
    kind: 'json',
    staff: 'second_factor',
    body: StaffSecondFactorBodySchema,
    response: StaffSecondFactorResultSchema,
    errors: [400, 403],
    tags,
    summary: 'Staff login, step 2: a TOTP code or a recovery code (400 otp_invalid); starts the 8-hour session',
  }),
  /** GET /api/admin/me.php: the signed-in staff account. */
  me: defineCall({
    method: 'GET',
    path: '/api/admin/me.php',
    kind: 'json',
    staff: 'signed_in',
    response: StaffAccountSchema,
    errors: [403],
    tags,
    summary: 'The signed-in staff account (403 authentication_required otherwise)',
  }),
  /** PUT /api/admin/me.php {language}: the back-office language. */
  setLanguage: defineCall({
    method: 'PUT',
    path: '/api/admin/me.php',
    kind: 'json',
    staff: 'signed_in',
    body: StaffLanguageBodySchema,
    response: StaffOkSchema,
    errors: [400, 403],
    tags,
    summary: 'Set the back-office language (en, nl)',
  }),
  /** POST /api/admin/logout.php: ends the staff session. */
  logout: defineCall({
    method: 'POST',
    path: '/api/admin/logout.php',
    kind: 'json',
    staff: 'login',
    response: StaffOkSchema,
    tags,
    summary: 'End the staff session',
  }),
  /** GET /api/admin/sites.php: the sites the account works on. */
  sites: defineCall({
    method: 'GET',
    path: '/api/admin/sites.php',
    kind: 'json',
    staff: 'signed_in',
    response: StaffSiteListSchema,
    errors: [403],
    tags,
    summary: 'The sites the staff account works on',
  }),
  /** GET /api/admin/staff.php: every staff account (admins). */
  staffList: defineCall({
    method: 'GET',
    path: '/api/admin/staff.php',
    kind: 'json',
    staff: 'signed_in',
    response: StaffListSchema,
    errors: [403],
    tags,
    summary: 'Staff accounts (admins only)',
  }),
  /** POST /api/admin/staff.php: a new staff account (admins); it enrols TOTP at its first login. */
  createStaff: defineCall({
    method: 'POST',
    path: '/api/admin/staff.php',
    kind: 'json',
    staff: 'signed_in',
    body: StaffCreateBodySchema,
    response: StaffAccountSchema,
    errors: [400, 403, 409],
    tags,
    summary: 'Create a staff account (admins only; 409 conflict for a taken e-mail)',
  }),
  /** PUT /api/admin/staff.php: change role, sites, name, disabled or reset TOTP (admins); ends the account's sessions. */
  updateStaff: defineCall({
    method: 'PUT',
    path: '/api/admin/staff.php',
    kind: 'json',
    staff: 'signed_in',
    body: StaffUpdateBodySchema,
    response: StaffAccountSchema,
    errors: [400, 403, 404, 409],
    tags,
    summary:
      "Change a staff account (admins only); a change of role, sites, state or second factor ends the account's sessions",
  }),
  /** GET /api/admin/audit.php: search the audit log (admins). */
  audit: defineCall({
    method: 'GET',
    path: '/api/admin/audit.php',
    kind: 'json',
    staff: 'signed_in',
    query: AuditQuerySchema,
    response: AuditPageSchema,
    errors: [400, 403],
    tags,
    summary: 'Search the audit log, newest first (admins only)',
  }),
};
