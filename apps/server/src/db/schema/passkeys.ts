/** Passkeys (WebAuthn) of members and staff, their one-time challenges, and the role requirement (issue: passkeys). */
import { sql } from 'drizzle-orm';
import { bigint, boolean, check, index, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './access.js';
import { createdAt } from './columns.js';
import { sites } from './sites.js';
import { staff } from './staff.js';

/**
 * A passkey: a member's (site_id and user_id set) or a staff account's (staff_id set, no site). The
 * credential id is unique over the deployment; the public key is the COSE key as base64url. `counter`
 * is the authenticator's signature counter as last seen (0 for authenticators that keep none).
 */
export const passkeys = pgTable(
  'passkeys',
  {
    id: serial('id').primaryKey(),
    site_id: integer('site_id').references(() => sites.id, { onDelete: 'cascade' }),
    user_id: integer('user_id').references(() => users.id, { onDelete: 'cascade' }),
    staff_id: integer('staff_id').references(() => staff.id, { onDelete: 'cascade' }),
    /** The credential id as base64url (WebAuthn's `rawId`). */
    credential_id: text('credential_id').notNull().unique('passkeys_credential_key'),
    /** The credential's COSE public key, base64url. */
    public_key: text('public_key').notNull(),
    counter: bigint('counter', { mode: 'number' }).notNull().default(0),
    /** Transports the browser reported at registration (internal, hybrid, usb, …). */
    transports: text('transports').array().notNull().default(sql`'{}'::text[]`),
    /** The owner's name for it ("iPhone"); defaults to the date added. */
    name: text('name').notNull().default(''),
    /** Whether the credential may be backed up (synced passkey), as the authenticator said. */
    backed_up: boolean('backed_up').notNull().default(false),
    created_at: createdAt(),
    last_used_at: timestamp('last_used_at', { withTimezone: true }),
  },
  (t) => [
    check(
      'passkeys_one_owner',
      sql`(${t.user_id} is not null and ${t.site_id} is not null and ${t.staff_id} is null) or (${t.staff_id} is not null and ${t.user_id} is null and ${t.site_id} is null)`,
    ),
    index('passkeys_user_idx').on(t.user_id),
    index('passkeys_staff_idx').on(t.staff_id),
  ],
);

/**
 * Challenges of passkey ceremonies: single use (deleted when used) and short-lived. `purpose` is
 * `member_register`, `member_login`, `staff_register` or `staff_login`; a member challenge belongs to
 * its site (and to the member when registering), a staff challenge to the staff account.
 */
export const webauthnChallenges = pgTable(
  'webauthn_challenges',
  {
    /** The challenge as base64url, as the browser echoes it in clientDataJSON. */
    challenge: text('challenge').primaryKey(),
    purpose: text('purpose').notNull(),
    site_id: integer('site_id').references(() => sites.id, { onDelete: 'cascade' }),
    user_id: integer('user_id').references(() => users.id, { onDelete: 'cascade' }),
    staff_id: integer('staff_id').references(() => staff.id, { onDelete: 'cascade' }),
    expires_at: timestamp('expires_at', { withTimezone: true }).notNull(),
    created_at: createdAt(),
  },
  (t) => [index('webauthn_challenges_expires_idx').on(t.expires_at)],
);

/** Per staff role: whether its accounts must use a passkey as their second factor (set by admins). */
export const staffRoleSettings = pgTable('staff_role_settings', {
  role: text('role').primaryKey(),
  require_passkey: boolean('require_passkey').notNull().default(false),
  updated_at: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
