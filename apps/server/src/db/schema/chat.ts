/** Conversations, their members, gifts and messages. */
import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  check,
  index,
  integer,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { createdAt } from './columns.js';
import { profiles } from './profiles.js';
import { sites } from './sites.js';

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
