/** Notifications (issue: notifications and the installable app): push devices, preferences, mail batching, mail feedback. */
import { sql } from 'drizzle-orm';
import {
  bigserial,
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';
import { users } from './access.js';
import { createdAt } from './columns.js';

/**
 * Web Push subscriptions (SPEC.md 7 `POST /api/user.php?push=1`): one row per browser (endpoint);
 * a member may have several. A 404/410 from the push service deletes the row.
 */
export const push_subscriptions = pgTable(
  'push_subscriptions',
  {
    id: serial('id').primaryKey(),
    user_id: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The push service URL of the browser; unique, so a browser re-subscribing moves to its new member. */
    endpoint: text('endpoint').notNull().unique(),
    /** The browser's P-256 public key and auth secret (base64url), for the payload encryption. */
    p256dh: text('p256dh').notNull(),
    auth: text('auth').notNull(),
    user_agent: text('user_agent'),
    created_at: createdAt(),
    /** Last time the push service accepted a push for it. */
    last_success_at: timestamp('last_success_at', { withTimezone: true }),
  },
  (t) => [index('push_subscriptions_user_idx').on(t.user_id)],
);

/**
 * What a member wants to hear about (/notifications): mail and push per kind, and the language of
 * mails (null: the interface language). No row means every default (all on).
 */
export const notification_settings = pgTable('notification_settings', {
  user_id: integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  mail_message: boolean('mail_message').notNull().default(true),
  mail_like: boolean('mail_like').notNull().default(true),
  mail_match: boolean('mail_match').notNull().default(true),
  mail_digest: boolean('mail_digest').notNull().default(true),
  push_message: boolean('push_message').notNull().default(true),
  push_like: boolean('push_like').notNull().default(true),
  push_match: boolean('push_match').notNull().default(true),
  mail_language: text('mail_language'),
  updated_at: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Mail batching per member and kind (message, like, match, digest): at most one mail per interval.
 * `scheduled_at` is set while a mail job waits (so a burst enqueues one job), `last_sent_at` when
 * one went out.
 */
export const notification_batches = pgTable(
  'notification_batches',
  {
    user_id: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    last_sent_at: timestamp('last_sent_at', { withTimezone: true }),
    scheduled_at: timestamp('scheduled_at', { withTimezone: true }),
  },
  (t) => [primaryKey({ columns: [t.user_id, t.kind] })],
);

/** Bounces and spam complaints as the mail provider reported them (the webhook), kept for support. */
export const mail_feedback = pgTable(
  'mail_feedback',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    created_at: createdAt(),
    email: text('email').notNull(),
    /** bounce or complaint. */
    kind: text('kind').notNull(),
    /** generic or the named provider's shape. */
    provider: text('provider').notNull(),
    detail: jsonb('detail').$type<Record<string, unknown>>(),
  },
  (t) => [index('mail_feedback_email_idx').on(sql`lower(${t.email})`, t.created_at)],
);
