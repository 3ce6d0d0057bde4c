/** Conversations, their members, gifts and messages. */
import type { LocalizedText } from '@app/contracts';
import { sql } from 'drizzle-orm';
import {
  bigint,
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

/** A scam or abuse signal in a message text (issue: safer conversations). */
export interface MessageSignal {
  /** What was found, e.g. `link`, `phone`, `email`, `messenger`, `off_site`, `money`, `gift_card`, `crypto`, `bank`, `repeated_text`, `mass_contact`. */
  kind: string;
  /** The matched part of the text as UTF-16 offsets [start, end); absent for signals about the sender's behaviour. */
  start?: number;
  end?: number;
}

import { profiles } from './profiles.js';
import { sites } from './sites.js';
import { staff } from './staff.js';

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
    /**
     * With a fictional side: when the oldest member message that no operator has answered yet was
     * sent (set by the member's send, cleared by an operator's answer); null when nothing waits.
     * The operator inbox lists waiting conversations by it, longest-waiting first.
     */
    awaiting_reply_since: timestamp('awaiting_reply_since', { withTimezone: true }),
    created_at: createdAt(),
  },
  (t) => [
    uniqueIndex('conversations_pair_key').on(t.profile_a, t.profile_b),
    check('conversations_ordered', sql`${t.profile_a} < ${t.profile_b}`),
    index('conversations_awaiting_idx')
      .on(t.site_id, t.awaiting_reply_since)
      .where(sql`${t.awaiting_reply_since} is not null`),
  ],
);

/**
 * The operator lock of a conversation with a fictional profile (issue: back office II): one staff
 * account holds it while the conversation is open in the inbox, until `expires_at` (renewed while
 * the operator works). Taken with one conditional upsert, so it holds across instances.
 */
export const conversationLocks = pgTable('conversation_locks', {
  conversation_id: bigint('conversation_id', { mode: 'number' })
    .primaryKey()
    .references(() => conversations.id, { onDelete: 'cascade' }),
  staff_id: integer('staff_id')
    .notNull()
    .references(() => staff.id, { onDelete: 'cascade' }),
  locked_at: timestamp('locked_at', { withTimezone: true }).notNull(),
  expires_at: timestamp('expires_at', { withTimezone: true }).notNull(),
});

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
    /** This side chose to see photos the model finds explicit unblurred in this chat (issue: explicit photos). */
    show_explicit_photos: boolean('show_explicit_photos').notNull().default(false),
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
  /** The name in the site's language (contracts `siteLanguage`): the last fallback of `names`. */
  name: text('name').notNull(),
  /**
   * The name per language, `{ [lng]: text }` (contracts LocalizedText; docs/decisions/019-catalogue-texts.md):
   * members read their language's, else the site language's, else `name`. Written with `name`.
   */
  names: jsonb('names').$type<LocalizedText>().notNull().default({}),
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
    /**
     * The operator who wrote or chose a fictional profile's message; required for a fictional sender
     * (trigger messages_fictional_needs_operator), null for members' messages.
     */
    staff_id: integer('staff_id').references(() => staff.id),
    /** An operator's answer: seconds the member had waited (since awaiting_reply_since), else null. */
    waited_seconds: integer('waited_seconds'),
    /**
     * Scam and abuse signals found in the text when it was sent (issue: safer conversations;
     * `MessageSignal`: kind and the matched span as UTF-16 offsets), null when none. The recipient
     * sees a safety note under a message with an off-site or money signal; moderators see the spans.
     */
    signals: jsonb('signals').$type<MessageSignal[]>(),
    /**
     * Held for review: the sender's risk score was above the site's threshold when it was sent. A held
     * message is not delivered (the recipient does not see it, no unread count, no push) and not
     * charged; a moderator releases it (charged and delivered then) or bans the sender (dropped).
     */
    held_at: timestamp('held_at', { withTimezone: true }),
    /**
     * A held message dropped because its sender was banned: never delivered, never charged; kept (with
     * `held_at`) as evidence for moderators. Release clears `held_at`; a dropped message keeps both.
     */
    dropped_at: timestamp('dropped_at', { withTimezone: true }),
    created_at: createdAt(),
  },
  (t) => [
    index('messages_conversation_idx').on(t.conversation_id, t.id),
    uniqueIndex('messages_client_key').on(t.sender_profile_id, t.client_id),
    index('messages_staff_idx').on(t.staff_id, t.created_at).where(sql`${t.staff_id} is not null`),
    // The dashboard: a BRIN on the append-only send time finds a day's messages (the rollup job,
    // today's live counts) at almost no cost to the send path; operators' answers with their wait
    // are read by time from a partial index that members' messages never enter.
    index('messages_created_brin').using('brin', t.created_at),
    // The Signals queue: held messages and messages with signals, per sender, newest first.
    index('messages_held_idx').on(t.sender_profile_id, t.id).where(sql`${t.held_at} is not null`),
    index('messages_signals_idx').on(t.sender_profile_id, t.id).where(sql`${t.signals} is not null`),
    index('messages_answer_wait_idx')
      .on(t.created_at, t.conversation_id, t.waited_seconds)
      .where(sql`${t.waited_seconds} is not null`),
  ],
);

/**
 * The model's scores of chat photos (issue: explicit photos), one row per photo message, written by
 * the score_photo job. Apart from `messages` so the send statement stays as it is: a photo message
 * without a row is not scored yet (its recipient sees it blurred); `explicit_score` null marks
 * photos sent before the model (never scored, shown).
 */
export const chatPhotoScores = pgTable('chat_photo_scores', {
  message_id: bigint('message_id', { mode: 'number' })
    .primaryKey()
    .references(() => messages.id, { onDelete: 'cascade' }),
  explicit_score: doublePrecision('explicit_score'),
  nsfw_scores: jsonb('nsfw_scores').$type<Record<string, number>>(),
  scored_at: timestamp('scored_at', { withTimezone: true }).notNull().defaultNow(),
});
