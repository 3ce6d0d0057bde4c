import { DoneSchema } from '../access.js';
import {
  PasskeyIdBodySchema,
  PasskeyListSchema,
  PasskeyLoginBodySchema,
  PasskeyOptionsSchema,
  PasskeyRegisterBodySchema,
  PasskeySchema,
} from '../passkeys.js';
import { UserSchema } from '../user.js';
import { defineCall } from './define.js';

const tags = ['passkeys'] as const;

/**
 * A member's passkeys (issue: passkeys; docs/decisions/022-passkeys.md): add one in the account
 * settings, list and remove them, and log in with one on /login without an e-mail (a discoverable
 * credential). The relying party is the site's configured origin; a challenge is single-use and
 * lives 5 minutes. A failed ceremony is `400 passkey_failed`.
 */
export const passkeyCalls = {
  /** POST /api/passkey-register-options.php: creation options for a new passkey of the logged-in member. */
  registerOptions: defineCall({
    method: 'POST',
    path: '/api/passkey-register-options.php',
    kind: 'json',
    response: PasskeyOptionsSchema,
    errors: [403],
    tags,
    summary: 'Options to add a passkey (logged in); the challenge is single-use, 5 minutes',
  }),
  /** POST /api/passkey-register.php {name, credential}: stores the new passkey. */
  register: defineCall({
    method: 'POST',
    path: '/api/passkey-register.php',
    kind: 'json',
    body: PasskeyRegisterBodySchema,
    response: PasskeySchema,
    errors: [400, 403],
    tags,
    summary: "Add a passkey from the browser's answer to the options (400 passkey_failed)",
  }),
  /** GET /api/passkeys.php: the member's passkeys and whether to offer one. */
  list: defineCall({
    method: 'GET',
    path: '/api/passkeys.php',
    kind: 'json',
    response: PasskeyListSchema,
    errors: [403],
    tags,
    summary: "The member's passkeys (name, date added, last used) and whether to offer adding one",
  }),
  /** DELETE /api/passkeys.php {id}: removes one of the member's passkeys. */
  remove: defineCall({
    method: 'DELETE',
    path: '/api/passkeys.php',
    kind: 'json',
    body: PasskeyIdBodySchema,
    response: DoneSchema,
    errors: [400, 403, 404],
    tags,
    summary: "Remove one of the member's passkeys (404 not_found for another's)",
  }),
  /** POST /api/passkey-offer.php: the member dismissed the offer to add a passkey; it is not shown again. */
  dismissOffer: defineCall({
    method: 'POST',
    path: '/api/passkey-offer.php',
    kind: 'json',
    response: DoneSchema,
    errors: [403],
    tags,
    summary: 'Dismiss the offer to add a passkey (remembered for the member)',
  }),
  /** POST /api/passkey-login-options.php: login options of the site (no e-mail: any passkey of the site). */
  loginOptions: defineCall({
    method: 'POST',
    path: '/api/passkey-login-options.php',
    kind: 'json',
    response: PasskeyOptionsSchema,
    errors: [429],
    tags,
    summary: 'Options to log in with a passkey of this site; the challenge is single-use, 5 minutes',
  }),
  /** POST /api/passkey-login.php {credential}: User, logged in, as after a password login. */
  login: defineCall({
    method: 'POST',
    path: '/api/passkey-login.php',
    kind: 'json',
    body: PasskeyLoginBodySchema,
    response: UserSchema,
    errors: [400, 403, 429],
    tags,
    summary:
      "Log in with a passkey (400 passkey_failed; the password login's rules: 403 account_banned, account_suspended, 429 too_many_attempts, rate_limited)",
  }),
};
