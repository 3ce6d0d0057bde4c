/**
 * The one PostgreSQL schema (Drizzle). Migrations in ../../drizzle are generated from this file with
 * `npm run db:generate`; SQL must run on PostgreSQL 15+ (servers) and 18 (PGlite).
 */
import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  bigserial,
  boolean,
  check,
  date,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();

/** Operating companies; a site names its company (SPEC.md 3, Company info). */
export const companies = pgTable('companies', {
  id: serial('id').primaryKey(),
  name: text('name').notNull(),
  address: text('address').notNull(),
  kvk: text('kvk').notNull(),
  city: text('city').notNull(),
  country: text('country').notNull(),
  tradenames: text('tradenames').array().notNull().default(sql`'{}'::text[]`),
  vat_numbers: text('vat_numbers').array().notNull().default(sql`'{}'::text[]`),
  support_phone: text('support_phone').notNull(),
  delete_discount: integer('delete_discount').notNull().default(0),
  added: date('added').notNull(),
});

/** One row per site (domain) with every setting of SPEC.md section 3. */
export const sites = pgTable(
  'sites',
  {
    id: serial('id').primaryKey(),
    domain: text('domain').notNull(),
    is_default: boolean('is_default').notNull().default(false),
    company_id: integer('company_id')
      .notNull()
      .references(() => companies.id),
    name: text('name').notNull(),
    domain_language: text('domain_language').notNull().default('nl-NL'),
    index_title: text('index_title').notNull(),
    description: text('description').notNull(),
    cdn_prefix: text('cdn_prefix').notNull().default('/photos/'),
    countries: text('countries').array().notNull(),
    enable_site_entry_popup: text('enable_site_entry_popup').notNull().default('yes'),
    signups: text('signups').notNull().default('all'),
    logged_out_search: text('logged_out_search').notNull().default('all'),
    logged_out_search_trafficsource: text('logged_out_search_trafficsource').notNull().default('none'),
    push_public_key: text('push_public_key'),
    minimum_message_costs: jsonb('minimum_message_costs')
      .$type<{ country: string; costs: number; currency: string }[]>()
      .notNull()
      .default([]),
    support_phone: text('support_phone').notNull(),
    support_email: text('support_email').notNull(),
    niche: smallint('niche').notNull().default(1),
    fictional_icon: text('fictional_icon').notNull(),
    fictional_warning: text('fictional_warning').notNull(),
    fictional_singular: text('fictional_singular').notNull(),
    fictional_plural: text('fictional_plural').notNull(),
    refund_days: integer('refund_days').notNull().default(14),
    visible_profile_fields: text('visible_profile_fields').array().notNull(),
    visible_profile_notes: jsonb('visible_profile_notes').$type<Record<string, string>>().notNull().default({}),
    search_fields: text('search_fields').array().notNull(),
    message_credits: integer('message_credits').notNull(),
    photo_credits: integer('photo_credits').notNull(),
    gift_credits: integer('gift_credits').notNull(),
    signup_credits: integer('signup_credits').notNull(),
    message_length: integer('message_length').notNull(),
    member_resell: boolean('member_resell').notNull().default(false),
    mail_name: text('mail_name').notNull(),
    languages: text('languages').array().notNull(),
    us_footer: boolean('us_footer').notNull().default(false),
    auto_approve_photos: boolean('auto_approve_photos').notNull().default(false),
    created_at: createdAt(),
  },
  (t) => [
    uniqueIndex('sites_domain_key').on(t.domain),
    uniqueIndex('sites_one_default').on(t.is_default).where(sql`${t.is_default}`),
    check('sites_niche_range', sql`${t.niche} between 1 and 7`),
  ],
);

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
    password_changed_at: timestamp('password_changed_at', { withTimezone: true }),
    /** First message typed at signup (SPEC.md 4, step 0), and the profile it was for. */
    signup_message: text('signup_message'),
    signup_profile_id: integer('signup_profile_id'),
    /** When the member asked to delete the account; erased 14 days later unless reactivated. */
    deletion_requested_at: timestamp('deletion_requested_at', { withTimezone: true }),
    erased_at: timestamp('erased_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('users_site_email_key').on(t.site_id, sql`lower(${t.email})`),
    check('users_credits_nonnegative', sql`${t.credits} >= 0`),
  ],
);

/** Public profiles: members' own (user_id set) and fictional ones (is_fictional, no user). */
export const profiles = pgTable(
  'profiles',
  {
    id: serial('id').primaryKey(),
    site_id: integer('site_id')
      .notNull()
      .references(() => sites.id),
    user_id: integer('user_id').references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    status: text('status').notNull().default('disabled'),
    is_fictional: boolean('is_fictional').notNull().default(false),
    gender: text('gender').notNull(),
    sexuality: text('sexuality').notNull().default('hetero'),
    date_of_birth: date('date_of_birth').notNull(),
    country: text('country').notNull(),
    region: text('region'),
    city: text('city'),
    latitude: doublePrecision('latitude'),
    longitude: doublePrecision('longitude'),
    hair_color: text('hair_color'),
    eye_color: text('eye_color'),
    body_type: text('body_type'),
    relationship_status: text('relationship_status'),
    tattoos: text('tattoos'),
    reason: text('reason'),
    interests: text('interests').array().notNull().default(sql`'{}'::text[]`),
    description: text('description').notNull().default(''),
    /** The main image (SPEC.md 3 main_image); cleared when that photo is deleted. */
    main_photo_id: integer('main_photo_id').references((): AnyPgColumn => photos.id, { onDelete: 'set null' }),
    last_active_at: timestamp('last_active_at', { withTimezone: true }),
    created_at: createdAt(),
  },
  (t) => [
    uniqueIndex('profiles_user_key').on(t.user_id),
    index('profiles_search_idx').on(t.site_id, t.status, t.gender, t.date_of_birth),
    index('profiles_site_activity_idx').on(t.site_id, t.last_active_at),
  ],
);

/** Photos of a profile; sizes are separate files (full, card "match", thumb). */
export const photos = pgTable(
  'photos',
  {
    id: serial('id').primaryKey(),
    profile_id: integer('profile_id')
      .notNull()
      .references(() => profiles.id, { onDelete: 'cascade' }),
    filename: text('filename').notNull(),
    match_filename: text('match_filename').notNull(),
    thumb_filename: text('thumb_filename').notNull(),
    status: text('status').notNull().default('awaiting_approval'),
    is_private: boolean('is_private').notNull().default(false),
    position: integer('position').notNull().default(0),
    created_at: createdAt(),
  },
  (t) => [
    index('photos_profile_idx').on(t.profile_id, t.position),
    // The approval queue (photos CLI, back office) reads only waiting photos, oldest first.
    index('photos_awaiting_idx').on(t.created_at).where(sql`${t.status} = 'awaiting_approval'`),
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

/** Every change of a credit balance (DECISIONS.md: credits are money). */
export const creditLedger = pgTable(
  'credit_ledger',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    user_id: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    delta: integer('delta').notNull(),
    balance_after: integer('balance_after').notNull(),
    reason: text('reason').notNull(),
    reference: text('reference'),
    created_at: createdAt(),
  },
  (t) => [index('credit_ledger_user_idx').on(t.user_id, t.created_at)],
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
    user_id: integer('user_id'),
    succeeded: boolean('succeeded').notNull(),
    created_at: createdAt(),
  },
  (t) => [index('login_attempts_ip_idx').on(t.ip, t.created_at)],
);

/** Mail and SMS kept locally when no SMTP/SMS provider is configured, and the log of what was sent. */
export const outbox = pgTable(
  'outbox',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    site_id: integer('site_id').notNull(),
    channel: text('channel').notNull().default('mail'),
    kind: text('kind').notNull(),
    recipient: text('recipient').notNull(),
    subject: text('subject').notNull().default(''),
    text: text('text').notNull(),
    html: text('html'),
    /** null while only kept locally; set when a real transport accepted it. */
    sent_at: timestamp('sent_at', { withTimezone: true }),
    error: text('error'),
    created_at: createdAt(),
  },
  (t) => [index('outbox_recipient_idx').on(t.recipient, t.created_at)],
);

/** Page-bounce log (SPEC.md 4: the lb query enables it): a page became hidden. */
export const pageEvents = pgTable('page_events', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  site_id: integer('site_id').notNull(),
  user_id: integer('user_id'),
  path: text('path').notNull(),
  tracking: jsonb('tracking').$type<Record<string, string>>(),
  seconds_visible: integer('seconds_visible'),
  created_at: createdAt(),
});
