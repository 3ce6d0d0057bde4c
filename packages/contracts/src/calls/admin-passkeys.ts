import { z } from 'zod';
import {
  StaffAccountSchema,
  StaffOkSchema,
  StaffRoleSettingListSchema,
  StaffRoleSettingSchema,
  StaffSecondFactorResultSchema,
} from '../admin/access.js';
import {
  PasskeyIdBodySchema,
  PasskeyLoginBodySchema,
  PasskeyOptionsSchema,
  PasskeyRegisterBodySchema,
  PasskeySchema,
} from '../passkeys.js';
import { defineCall } from './define.js';

const tags = ['back office'] as const;

/** A staff account's new passkey, and the account (its session is now full). */
export const StaffPasskeyRegisterResultSchema = z
  .object({ passkey: PasskeySchema, staff: StaffAccountSchema })
  .meta({ id: 'StaffPasskeyRegisterResult' });

/**
 * Staff passkeys (issue: passkeys; docs/decisions/022-passkeys.md): a passkey as second factor
 * instead of the TOTP code, added on the account screen (or, for a role that requires passkeys and an
 * account without one, right after the code), and the admins' "require passkeys for this role". The
 * relying party is the back office's origin (ADMIN_URL, else PUBLIC_URL), never the Host header.
 */
export const adminPasskeyCalls = {
  /** POST /api/admin/passkey-login-options.php: options for the second step with one of the account's passkeys. */
  loginOptions: defineCall({
    method: 'POST',
    path: '/api/admin/passkey-login-options.php',
    kind: 'json',
    staff: 'second_factor',
    response: PasskeyOptionsSchema,
    errors: [400, 403],
    tags,
    summary: 'Staff login, step 2 with a passkey: the options (400 passkey_failed without a passkey)',
  }),
  /** POST /api/admin/passkey-login.php {credential}: the second factor by passkey; starts the 8-hour session. */
  login: defineCall({
    method: 'POST',
    path: '/api/admin/passkey-login.php',
    kind: 'json',
    staff: 'second_factor',
    body: PasskeyLoginBodySchema,
    response: StaffSecondFactorResultSchema,
    errors: [400, 403, 429],
    tags,
    summary:
      'Staff login, step 2: a passkey instead of the TOTP code (400 passkey_failed); audited staff.login_passkey',
  }),
  /** POST /api/admin/passkey-register-options.php: options to add a passkey to the signed-in account. */
  registerOptions: defineCall({
    method: 'POST',
    path: '/api/admin/passkey-register-options.php',
    kind: 'json',
    staff: 'passkey_setup',
    response: PasskeyOptionsSchema,
    errors: [403],
    tags,
    summary: 'Options to add a passkey to the own staff account',
  }),
  /** POST /api/admin/passkey-register.php {name, credential}: adds the passkey; a setup session becomes full. */
  register: defineCall({
    method: 'POST',
    path: '/api/admin/passkey-register.php',
    kind: 'json',
    staff: 'passkey_setup',
    body: PasskeyRegisterBodySchema,
    response: StaffPasskeyRegisterResultSchema,
    errors: [400, 403],
    tags,
    summary: 'Add a passkey to the own staff account (400 passkey_failed); audited staff.add_passkey',
  }),
  /** GET /api/admin/passkeys.php: the signed-in account's passkeys. */
  list: defineCall({
    method: 'GET',
    path: '/api/admin/passkeys.php',
    kind: 'json',
    staff: 'signed_in',
    response: z.array(PasskeySchema),
    errors: [403],
    tags,
    summary: "The signed-in staff account's passkeys",
  }),
  /** DELETE /api/admin/passkeys.php {id}: removes one of the own passkeys (not the last one of a role that requires them). */
  remove: defineCall({
    method: 'DELETE',
    path: '/api/admin/passkeys.php',
    kind: 'json',
    staff: 'signed_in',
    body: PasskeyIdBodySchema,
    response: StaffOkSchema,
    errors: [400, 403, 404, 409],
    tags,
    summary:
      'Remove one of the own passkeys (409 passkey_required for the last one of a role that requires passkeys); audited',
  }),
  /** GET /api/admin/staff-roles.php: per role, whether it requires passkeys (admins). */
  roles: defineCall({
    method: 'GET',
    path: '/api/admin/staff-roles.php',
    kind: 'json',
    staff: 'signed_in',
    response: StaffRoleSettingListSchema,
    errors: [403],
    tags,
    summary: 'Per staff role: whether its accounts must use a passkey as second factor (admins only)',
  }),
  /** PUT /api/admin/staff-roles.php {role, require_passkey}: sets the requirement (admins of every site). */
  setRole: defineCall({
    method: 'PUT',
    path: '/api/admin/staff-roles.php',
    kind: 'json',
    staff: 'signed_in',
    body: StaffRoleSettingSchema,
    response: StaffRoleSettingSchema,
    errors: [400, 403],
    tags,
    summary: 'Require passkeys for a staff role, or not (admins of every site); audited staff_role.update',
  }),
};
