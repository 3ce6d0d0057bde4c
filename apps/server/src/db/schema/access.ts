/** Accounts, sessions, mailed tokens and login attempts (SPEC.md 3, 4). */
import { sql } from 'drizzle-orm';
import {
  bigserial,
  boolean,
  check,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { createdAt } from './columns.js';
import { sites } from './sites.js';

/** Accounts that log in. A member's public face is their row in `profiles`. */
export const users = pgTable(
  'users',
  {
    id: serial('id').primaryKey(),
    site_id: integer('site_id')
      .notNull()
      .references(() => sites.id),
    email: text('email').notNull(),
    password_hash: text('password_hash').notNull(),
    status: text('status').notNull().default('not_confirmed'),
    credits: integer('credits').notNull().default(0),
    paid_user: boolean('paid_user').notNull().default(false),
    language: text('language').notNull().default('nl'),
    signup_date: timestamp('signup_date', { withTimezone: true }).notNull().defaultNow(),
    notifications_disabled: text('notifications_disabled').array().notNull().default(sql`'{}'::text[]`),
    tracking: jsonb('tracking').$type<Record<string, string>>(),
    last_active_at: timestamp('last_active_at', { withTimezone: true }),
    confirmed_at: timestamp('confirmed_at', { withTimezone: true }),
    /** Consecutive failed logins since the last success or lock (login protection). */
    failed_logins: integer('failed_logins').notNull().default(0),
    locked_until: timestamp('locked_until', { withTimezone: true }),
    /** A staff suspension: login refused until then (member_sanctions keeps the record). */
    suspended_until: timestamp('suspended_until', { withTimezone: true }),
    password_changed_at: timestamp('password_changed_at', { withTimezone: true }),
    /** First message typed at signup (SPEC.md 4, step 0), and the profile it was for. */
    signup_message: text('signup_message'),
    signup_profile_id: integer('signup_profile_id'),
    /** When the member asked to delete the account; erased 14 days later unless reactivated. */
    deletion_requested_at: timestamp('deletion_requested_at', { withTimezone: true }),
    erased_at: timestamp('erased_at', { withTimezone: true }),
    /** Invisible mode (SPEC.md 4): the member never appears in search, swipe game or match finder. */
    invisible: boolean('invisible').notNull().default(false),
    /** IANA time zone; the swipe quota resets at midnight here. */
    timezone: text('timezone').notNull().default('Europe/Amsterdam'),
    /** What the member looks for in the match finder (genders, ages, distance, interests). */
    match_preferences: jsonb('match_preferences').$type<Record<string, unknown>>(),
    /**
     * Scam risk score (issue: safer conversations): the sum of the weights of the member's message
     * signals, decayed by half every 7 days; the value as of `risk_scored_at`. Above the site's
     * `risk_hold_threshold` new messages to others are held for review.
     */
    risk_score: doublePrecision('risk_score').notNull().default(0),
    risk_scored_at: timestamp('risk_scored_at', { withTimezone: true }),
    /** When the member dismissed the offer to add a passkey (issue: passkeys); shown once after a login. */
    passkey_offer_dismissed_at: timestamp('passkey_offer_dismissed_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('users_site_email_key').on(t.site_id, sql`lower(${t.email})`),
    check('users_credits_nonnegative', sql`${t.credits} >= 0`),
    // Search excludes invisible members; few are, so a partial index finds them without a scan.
    index('users_invisible_idx').on(t.id).where(sql`${t.invisible}`),
    // The dashboard counts signups and activations per site and UTC day range.
    index('users_site_signup_idx').on(t.site_id, t.signup_date),
    index('users_site_confirmed_idx').on(t.site_id, t.confirmed_at).where(sql`${t.confirmed_at} is not null`),
  ],
);

/** Server-side sessions; the cookie holds a random token, the row holds its SHA-256. */
export const sessions = pgTable(
  'sessions',
  {
    token_hash: text('token_hash').primaryKey(),
    user_id: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    created_at: createdAt(),
    expires_at: timestamp('expires_at', { withTimezone: true }).notNull(),
    last_seen_at: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
    ip: text('ip'),
    user_agent: text('user_agent'),
  },
  (t) => [index('sessions_user_idx').on(t.user_id)],
);

/** Single-use emailed links: activation, password reset, mail change, reactivation. Only hashes are stored. */
export const userTokens = pgTable(
  'user_tokens',
  {
    id: serial('id').primaryKey(),
    user_id: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    token_hash: text('token_hash').notNull(),
    /** The new address of a mail change. */
    new_email: text('new_email'),
    /** IP address that asked for the mail (password reset: the daily quota counts per address too). */
    requested_ip: text('requested_ip'),
    expires_at: timestamp('expires_at', { withTimezone: true }).notNull(),
    used_at: timestamp('used_at', { withTimezone: true }),
    created_at: createdAt(),
  },
  (t) => [
    uniqueIndex('user_tokens_hash_key').on(t.token_hash),
    index('user_tokens_user_idx').on(t.user_id, t.kind, t.created_at),
  ],
);

/** Login attempts, for the per-IP limit and the audit of lockouts. */
export const loginAttempts = pgTable(
  'login_attempts',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    site_id: integer('site_id').notNull(),
    ip: text('ip').notNull(),
    /** SHA-256 of the lower-cased login e-mail (services/access/login-protection.ts loginKey): limits per IP and login. */
    login_key: text('login_key').notNull().default(''),
    user_id: integer('user_id'),
    succeeded: boolean('succeeded').notNull(),
    created_at: createdAt(),
  },
  (t) => [index('login_attempts_ip_idx').on(t.ip, t.created_at)],
);
