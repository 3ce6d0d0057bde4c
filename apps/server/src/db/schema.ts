/**
 * The one PostgreSQL schema (Drizzle). Migrations in ../../drizzle are generated from this file with
 * `npm run db:generate`; SQL must run on PostgreSQL 15+ (servers) and 18 (PGlite).
 */
import type { SiteTexts } from '@app/contracts';
import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  bigint,
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
    /**
     * Origin every outside link is built from (https://flirt.example, no trailing slash); null means
     * PUBLIC_URL for the default site, else https://<domain> (services/site-url.ts). Never the request's Host.
     */
    public_url: text('public_url'),
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
    /** nl note per profile field; translations in `texts.visible_profile_notes`. */
    visible_profile_notes: jsonb('visible_profile_notes').$type<Record<string, string>>().notNull().default({}),
    /**
     * The site's own texts per language, `{ [field]: { [lng]: string } }` (contracts SiteTexts): index_title,
     * description, fictional_singular, fictional_plural, fictional_warning and
     * `visible_profile_notes: { [profileField]: { [lng]: string } }`. The single-language columns above
     * stay the nl value and the last fallback; GET /api/settings.php answers the viewer's language.
     */
    texts: jsonb('texts').$type<SiteTexts>().notNull().default({}),
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
    /** Invisible mode (SPEC.md 4): the member never appears in search, swipe game or match finder. */
    invisible: boolean('invisible').notNull().default(false),
    /** IANA time zone; the swipe quota resets at midnight here. */
    timezone: text('timezone').notNull().default('Europe/Amsterdam'),
    /** What the member looks for in the match finder (genders, ages, distance, interests). */
    match_preferences: jsonb('match_preferences').$type<Record<string, unknown>>(),
  },
  (t) => [
    uniqueIndex('users_site_email_key').on(t.site_id, sql`lower(${t.email})`),
    check('users_credits_nonnegative', sql`${t.credits} >= 0`),
    // Search excludes invisible members; few are, so a partial index finds them without a scan.
    index('users_invisible_idx').on(t.id).where(sql`${t.invisible}`),
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
    // Member search (docs/matching.md "Search order"). Pages in activity order (per gender, or all),
    // the distance filter's and the nearest-first circles' bounding boxes, and counts per place. The
    // trailing columns are filters btree checks inside the index, so only matching rows are fetched.
    index('profiles_active_gender_activity_idx')
      .on(t.site_id, t.gender, t.last_active_at.desc().nullsLast(), t.id, t.date_of_birth, t.country, t.region)
      .where(sql`${t.status} = 'active'`),
    index('profiles_active_activity_idx')
      .on(t.site_id, t.last_active_at.desc().nullsLast(), t.id, t.date_of_birth, t.country, t.region)
      .where(sql`${t.status} = 'active'`),
    index('profiles_active_geo_idx')
      .on(t.site_id, t.latitude, t.longitude, t.last_active_at, t.gender, t.date_of_birth, t.country)
      .where(sql`${t.status} = 'active'`),
    index('profiles_active_place_idx')
      .on(t.site_id, t.country, t.region, t.gender, t.date_of_birth)
      .where(sql`${t.status} = 'active'`),
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
  (t) => [
    index('credit_ledger_user_idx').on(t.user_id, t.created_at),
    // A payment is credited exactly once (DECISIONS.md): the database refuses a second purchase row.
    uniqueIndex('credit_ledger_purchase_once').on(t.reference).where(sql`${t.reason} = 'purchase'`),
  ],
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
    /** SHA-256 of the lower-cased login e-mail (services/login-protection.ts loginKey): limits per IP and login. */
    login_key: text('login_key').notNull().default(''),
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

/** A like from one profile to another (SPEC.md 3: liked_by with like_new). Mutual likes are matches. */
export const likes = pgTable(
  'likes',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    site_id: integer('site_id').notNull(),
    liker_profile_id: integer('liker_profile_id')
      .notNull()
      .references(() => profiles.id, { onDelete: 'cascade' }),
    liked_profile_id: integer('liked_profile_id')
      .notNull()
      .references(() => profiles.id, { onDelete: 'cascade' }),
    /** Not yet seen by the liked member (like_new). */
    is_new: boolean('is_new').notNull().default(true),
    /** member (profile, card), swipe (swipe game) or auto (system-made, fictional likers only). */
    source: text('source').notNull().default('member'),
    created_at: createdAt(),
  },
  (t) => [
    uniqueIndex('likes_pair_key').on(t.liker_profile_id, t.liked_profile_id),
    index('likes_liked_idx').on(t.liked_profile_id, t.created_at),
    index('likes_liker_idx').on(t.liker_profile_id, t.created_at),
  ],
);

/** Matches (mutual likes); each side's match dialog is shown once. profile_a < profile_b. */
export const matches = pgTable(
  'matches',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    site_id: integer('site_id').notNull(),
    profile_a: integer('profile_a')
      .notNull()
      .references(() => profiles.id, { onDelete: 'cascade' }),
    profile_b: integer('profile_b')
      .notNull()
      .references(() => profiles.id, { onDelete: 'cascade' }),
    seen_by_a: boolean('seen_by_a').notNull().default(false),
    seen_by_b: boolean('seen_by_b').notNull().default(false),
    created_at: createdAt(),
  },
  (t) => [
    uniqueIndex('matches_pair_key').on(t.profile_a, t.profile_b),
    index('matches_b_idx').on(t.profile_b),
    check('matches_ordered', sql`${t.profile_a} < ${t.profile_b}`),
  ],
);

/** Blocks (SPEC.md 4): the blocked profile cannot see or contact the blocker. */
export const blocks = pgTable(
  'blocks',
  {
    blocker_profile_id: integer('blocker_profile_id')
      .notNull()
      .references(() => profiles.id, { onDelete: 'cascade' }),
    blocked_profile_id: integer('blocked_profile_id')
      .notNull()
      .references(() => profiles.id, { onDelete: 'cascade' }),
    created_at: createdAt(),
  },
  (t) => [
    uniqueIndex('blocks_pair_key').on(t.blocker_profile_id, t.blocked_profile_id),
    index('blocks_blocked_idx').on(t.blocked_profile_id),
  ],
);

/** Swipe-game decisions per member-local day: never the same profile twice a day, 4 likes a day when free. */
export const swipes = pgTable(
  'swipes',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    profile_id: integer('profile_id')
      .notNull()
      .references(() => profiles.id, { onDelete: 'cascade' }),
    target_profile_id: integer('target_profile_id')
      .notNull()
      .references(() => profiles.id, { onDelete: 'cascade' }),
    /** The member's local date (users.timezone) of the swipe. */
    day: date('day').notNull(),
    action: text('action').notNull(),
    created_at: createdAt(),
  },
  (t) => [uniqueIndex('swipes_day_key').on(t.profile_id, t.day, t.target_profile_id)],
);

/** A conversation between two profiles (one of them may be fictional, answered by staff). */
export const conversations = pgTable(
  'conversations',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    site_id: integer('site_id').notNull(),
    /** profile_a < profile_b: one conversation per pair. */
    profile_a: integer('profile_a')
      .notNull()
      .references(() => profiles.id, { onDelete: 'cascade' }),
    profile_b: integer('profile_b')
      .notNull()
      .references(() => profiles.id, { onDelete: 'cascade' }),
    last_message_at: timestamp('last_message_at', { withTimezone: true }),
    created_at: createdAt(),
  },
  (t) => [
    uniqueIndex('conversations_pair_key').on(t.profile_a, t.profile_b),
    check('conversations_ordered', sql`${t.profile_a} < ${t.profile_b}`),
  ],
);

/** Each side of a conversation: unread count, read position, and what that side removed or hides. */
export const conversationMembers = pgTable(
  'conversation_members',
  {
    conversation_id: bigint('conversation_id', { mode: 'number' })
      .notNull()
      .references(() => conversations.id, { onDelete: 'cascade' }),
    profile_id: integer('profile_id')
      .notNull()
      .references(() => profiles.id, { onDelete: 'cascade' }),
    num_unread_messages: integer('num_unread_messages').notNull().default(0),
    last_read_message_id: bigint('last_read_message_id', { mode: 'number' }),
    /** Messages up to this time are hidden for this side (chat deleted, or history hidden after a block). */
    cleared_at: timestamp('cleared_at', { withTimezone: true }),
    /** The chat is removed from this side's list until a new message arrives. */
    deleted_at: timestamp('deleted_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('conversation_members_key').on(t.conversation_id, t.profile_id),
    index('conversation_members_profile_idx').on(t.profile_id),
    check('conversation_members_unread_nonnegative', sql`${t.num_unread_messages} >= 0`),
  ],
);

/** Gifts a site offers in chat: image, name, price in credits. */
export const gifts = pgTable('gifts', {
  id: serial('id').primaryKey(),
  site_id: integer('site_id')
    .notNull()
    .references(() => sites.id),
  name: text('name').notNull(),
  image: text('image').notNull(),
  credits: integer('credits').notNull(),
  position: integer('position').notNull().default(0),
  active: boolean('active').notNull().default(true),
});

/** Chat messages: text, photo or gift; credits_spent is what the sender paid (ledger reference message:<id>). */
export const messages = pgTable(
  'messages',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    conversation_id: bigint('conversation_id', { mode: 'number' })
      .notNull()
      .references(() => conversations.id, { onDelete: 'cascade' }),
    sender_profile_id: integer('sender_profile_id')
      .notNull()
      .references(() => profiles.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull().default('text'),
    body: text('body').notNull().default(''),
    photo_filename: text('photo_filename'),
    photo_thumb_filename: text('photo_thumb_filename'),
    gift_id: integer('gift_id').references(() => gifts.id),
    credits_spent: integer('credits_spent').notNull().default(0),
    /** Client-made id so a retried send is stored and paid once. */
    client_id: text('client_id'),
    created_at: createdAt(),
  },
  (t) => [
    index('messages_conversation_idx').on(t.conversation_id, t.id),
    uniqueIndex('messages_client_key').on(t.sender_profile_id, t.client_id),
  ],
);

/** Credit packages a site sells (SPEC.md 2 /credits, /pricing): credits for a price in cents. */
export const creditPackages = pgTable(
  'credit_packages',
  {
    id: serial('id').primaryKey(),
    site_id: integer('site_id')
      .notNull()
      .references(() => sites.id),
    credits: integer('credits').notNull(),
    price_cents: integer('price_cents').notNull(),
    currency: text('currency').notNull().default('EUR'),
    /** The package shown as the best choice. */
    highlighted: boolean('highlighted').notNull().default(false),
    position: integer('position').notNull().default(0),
    active: boolean('active').notNull().default(true),
  },
  (t) => [
    index('credit_packages_site_idx').on(t.site_id, t.position),
    check('credit_packages_positive', sql`${t.credits} > 0 and ${t.price_cents} > 0`),
  ],
);

/**
 * Discount codes (SPEC.md 3 Discount code): `kind` is code (typed by the member), welcome (first
 * purchase, limited time) or time_bonus (TIMEBONUS25, SPEC.md 5). Empty paymentmethods = every method;
 * minimum_order_value is in cents of `currency`.
 */
export const discountCodes = pgTable(
  'discount_codes',
  {
    id: serial('id').primaryKey(),
    site_id: integer('site_id')
      .notNull()
      .references(() => sites.id),
    code: text('code').notNull(),
    kind: text('kind').notNull().default('code'),
    country: text('country'),
    user_id: integer('user_id').references(() => users.id, { onDelete: 'cascade' }),
    expires: timestamp('expires', { withTimezone: true }),
    value_percentage: smallint('value_percentage').notNull(),
    currency: text('currency'),
    minimum_order_value: integer('minimum_order_value'),
    status: text('status').notNull().default('active'),
    /** once_per_user (each member once), once (one member, once) or unlimited. */
    validity: text('validity').notNull().default('once_per_user'),
    paymentmethods: text('paymentmethods').array().notNull().default(sql`'{}'::text[]`),
    created_at: createdAt(),
  },
  (t) => [
    uniqueIndex('discount_codes_site_code_key').on(t.site_id, sql`upper(${t.code})`),
    check('discount_codes_percentage_range', sql`${t.value_percentage} between 1 and 100`),
  ],
);

/**
 * Payments of credit packages (SPEC.md 6 Payment states). `status` follows the provider: open,
 * pending, paid, failed, canceled, expired; it leaves open/pending once, guarded in the same
 * transaction as the ledger row (DECISIONS.md: credited exactly once). Amounts are in cents.
 */
export const payments = pgTable(
  'payments',
  {
    id: serial('id').primaryKey(),
    site_id: integer('site_id')
      .notNull()
      .references(() => sites.id),
    user_id: integer('user_id')
      .notNull()
      .references(() => users.id),
    package_id: integer('package_id')
      .notNull()
      .references(() => creditPackages.id),
    credits: integer('credits').notNull(),
    /** What the member pays, after the discount. */
    amount_cents: integer('amount_cents').notNull(),
    /** The package price before the discount. */
    original_cents: integer('original_cents').notNull(),
    currency: text('currency').notNull(),
    discount_code_id: integer('discount_code_id').references(() => discountCodes.id),
    discount_percentage: smallint('discount_percentage'),
    /**
     * The once-only use of a discount this payment holds while open, pending or paid
     * (`code:<id>` for validity once, `code:<id>:user:<id>` once per member, `first:user:<id>` for
     * the welcome discount and the time bonus); payments_discount_claim_key lets only one hold it.
     */
    discount_claim: text('discount_claim'),
    method: text('method').notNull(),
    /** checkout (the provider's page), repeat (repeat order) or direct_debit (SMS-confirmed mandate). */
    flow: text('flow').notNull().default('checkout'),
    provider: text('provider').notNull(),
    provider_payment_id: text('provider_payment_id'),
    checkout_url: text('checkout_url'),
    status: text('status').notNull().default('open'),
    refunded_cents: integer('refunded_cents').notNull().default(0),
    created_at: createdAt(),
    updated_at: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    paid_at: timestamp('paid_at', { withTimezone: true }),
  },
  (t) => [
    index('payments_user_idx').on(t.user_id, t.created_at),
    uniqueIndex('payments_provider_key').on(t.provider, t.provider_payment_id),
    index('payments_discount_idx').on(t.discount_code_id, t.user_id),
    // The hourly expiry (services/expire-payments.ts) reads only unfinished payments, by id.
    index('payments_unfinished_idx').on(t.id).where(sql`${t.status} in ('open', 'pending')`),
    // A failed, canceled or expired payment drops out of the index and so releases its claim.
    uniqueIndex('payments_discount_claim_key')
      .on(t.discount_claim)
      .where(sql`${t.status} in ('open', 'pending', 'paid')`),
  ],
);

/** Refunds of payments; credits_taken is what came off the balance (never below zero). */
export const paymentRefunds = pgTable(
  'payment_refunds',
  {
    id: serial('id').primaryKey(),
    payment_id: integer('payment_id')
      .notNull()
      .references(() => payments.id),
    amount_cents: integer('amount_cents').notNull(),
    credits_taken: integer('credits_taken').notNull(),
    provider_refund_id: text('provider_refund_id'),
    reason: text('reason'),
    created_at: createdAt(),
  },
  (t) => [index('payment_refunds_payment_idx').on(t.payment_id)],
);

/**
 * The built-in test payment provider's own records (DECISIONS.md: used when no provider key is set).
 * It plays the provider's side: its checkout page sets `status`, then it calls the webhook.
 */
export const testProviderPayments = pgTable('test_provider_payments', {
  id: text('id').primaryKey(),
  amount_cents: integer('amount_cents').notNull(),
  currency: text('currency').notNull(),
  description: text('description').notNull(),
  method: text('method').notNull(),
  status: text('status').notNull().default('open'),
  redirect_url: text('redirect_url').notNull(),
  webhook_url: text('webhook_url').notNull(),
  refunded_cents: integer('refunded_cents').notNull().default(0),
  created_at: createdAt(),
  updated_at: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Direct-debit mandates (SPEC.md 2 /directdebit, 3 Direct debit): the account details and the SMS
 * code (hash only) that confirms them. status: pending (code sent), confirmed, failed (too many tries).
 */
export const directDebitMandates = pgTable(
  'direct_debit_mandates',
  {
    id: serial('id').primaryKey(),
    user_id: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    package_id: integer('package_id')
      .notNull()
      .references(() => creditPackages.id),
    account_holder: text('account_holder').notNull(),
    iban: text('iban').notNull(),
    street: text('street').notNull(),
    house_number: text('house_number').notNull(),
    zip: text('zip').notNull(),
    city: text('city').notNull(),
    phone: text('phone').notNull(),
    status: text('status').notNull().default('pending'),
    otp_hash: text('otp_hash'),
    otp_attempts: smallint('otp_attempts').notNull().default(0),
    otp_expires_at: timestamp('otp_expires_at', { withTimezone: true }),
    payment_id: integer('payment_id').references(() => payments.id),
    created_at: createdAt(),
    confirmed_at: timestamp('confirmed_at', { withTimezone: true }),
  },
  (t) => [index('direct_debit_mandates_user_idx').on(t.user_id, t.created_at)],
);

/** Bank accounts refused for direct debit (chargebacks, fraud); IBAN normalised without spaces. */
export const blockedAccounts = pgTable('blocked_accounts', {
  iban: text('iban').primaryKey(),
  reason: text('reason').notNull(),
  created_at: createdAt(),
});

/** Complaints members file for staff (SPEC.md 2 /complaints); payment_id is the optional transaction. */
export const complaints = pgTable(
  'complaints',
  {
    id: serial('id').primaryKey(),
    site_id: integer('site_id')
      .notNull()
      .references(() => sites.id),
    user_id: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    topic: text('topic').notNull(),
    text: text('text').notNull(),
    payment_id: integer('payment_id').references(() => payments.id),
    status: text('status').notNull().default('open'),
    created_at: createdAt(),
  },
  (t) => [
    index('complaints_site_idx').on(t.site_id, t.status, t.created_at),
    index('complaints_user_idx').on(t.user_id, t.created_at),
  ],
);
