/** Mail and SMS kept locally and the log of what was sent. */
import { bigserial, index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { createdAt } from './columns.js';

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
    /** Extra mail headers (List-Unsubscribe, List-Unsubscribe-Post of notification mails). */
    headers: jsonb('headers').$type<Record<string, string>>(),
    /** null while only kept locally; set when a real transport accepted it. */
    sent_at: timestamp('sent_at', { withTimezone: true }),
    error: text('error'),
    created_at: createdAt(),
  },
  (t) => [index('outbox_recipient_idx').on(t.recipient, t.created_at)],
);
