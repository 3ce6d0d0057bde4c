/** Back-office staff, their sessions and second factor, and the audit log (issue: back office I). */
import { sql } from 'drizzle-orm';
import { bigserial, index, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt } from './columns.js';

/**
 * Staff accounts: separate from members (`users`), one role each (policies/actor.ts STAFF_ROLES),
 * limited to `site_ids` (null: every site). Log in with password and a TOTP second factor.
 */
export const staff = pgTable(
  'staff',
  {
    id: serial('id').primaryKey(),
    email: text('email').notNull(),
    name: text('name').notNull().default(''),
    password_hash: text('password_hash').notNull(),
    role: text('role').notNull(),
    /** Sites this account works on; null means every site (admins made without --site). */
    site_ids: integer('site_ids').array(),
    /** Back-office language (en or nl). */
    language: text('language').notNull().default('en'),
    /** Base32 TOTP secret; set at enrolment, confirmed when `totp_enabled_at` is set. */
    totp_secret: text('totp_secret'),
    totp_enabled_at: timestamp('totp_enabled_at', { withTimezone: true }),
    /** The last accepted TOTP time step (seconds / 30): a code is accepted once. */
    totp_last_step: integer('totp_last_step'),
    failed_logins: integer('failed_logins').notNull().default(0),
    locked_until: timestamp('locked_until', { withTimezone: true }),
    disabled_at: timestamp('disabled_at', { withTimezone: true }),
    created_at: createdAt(),
    updated_at: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('staff_email_key').on(sql`lower(${t.email})`)],
);

/**
 * Staff sessions (cookie `staff_sid`, path /api/admin): 8 hours, the row holds the token's SHA-256.
 * `stage` is `password` after the password (only the second-factor calls are open), `full` after it.
 */
export const staffSessions = pgTable(
  'staff_sessions',
  {
    token_hash: text('token_hash').primaryKey(),
    staff_id: integer('staff_id')
      .notNull()
      .references(() => staff.id, { onDelete: 'cascade' }),
    stage: text('stage').notNull().default('password'),
    created_at: createdAt(),
    expires_at: timestamp('expires_at', { withTimezone: true }).notNull(),
    ip: text('ip'),
    user_agent: text('user_agent'),
  },
  (t) => [index('staff_sessions_staff_idx').on(t.staff_id)],
);

/** One-time recovery codes of a staff account (SHA-256 only), made at TOTP enrolment. */
export const staffRecoveryCodes = pgTable(
  'staff_recovery_codes',
  {
    id: serial('id').primaryKey(),
    staff_id: integer('staff_id')
      .notNull()
      .references(() => staff.id, { onDelete: 'cascade' }),
    code_hash: text('code_hash').notNull(),
    used_at: timestamp('used_at', { withTimezone: true }),
    created_at: createdAt(),
  },
  (t) => [index('staff_recovery_codes_staff_idx').on(t.staff_id)],
);

/**
 * What staff did: every read of a member's private data and every change, with before/after. Append
 * only: a trigger (migration 0013) refuses UPDATE and DELETE, and no call edits it.
 */
export const auditLog = pgTable(
  'audit_log',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    /** Null for the command line (`npm run staff`, `npm run payments`). */
    staff_id: integer('staff_id'),
    staff_email: text('staff_email').notNull().default(''),
    /** Verb-noun of what was done, e.g. `photo.approve`, `member.view`, `payment.refund`. */
    action: text('action').notNull(),
    object_type: text('object_type').notNull(),
    object_id: text('object_id'),
    site_id: integer('site_id'),
    /** The member the action concerns, when one does. */
    member_user_id: integer('member_user_id'),
    before: jsonb('before'),
    after: jsonb('after'),
    ip: text('ip'),
    created_at: createdAt(),
  },
  (t) => [
    index('audit_log_created_idx').on(t.created_at),
    index('audit_log_member_idx').on(t.member_user_id, t.created_at),
    index('audit_log_staff_idx').on(t.staff_id, t.created_at),
  ],
);
