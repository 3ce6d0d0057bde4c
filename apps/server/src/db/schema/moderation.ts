/** Reports, sanctions and staff notes (issue: back office I, moderation). */
import { bigint, index, integer, jsonb, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './access.js';
import { createdAt } from './columns.js';
import { profiles } from './profiles.js';
import { sites } from './sites.js';

/** A message attached to a report as evidence: a copy, so it survives the chat's deletion. */
export interface ReportEvidenceMessage {
  id: number;
  sender_profile_id: number;
  kind: string;
  body: string;
  created_at: string;
  /** One of the messages the reporter picked (the others are the conversation's context). */
  reported?: boolean;
}

/**
 * Reports by members on a profile or a message. `status`: open → handled; `outcome` is what staff did
 * (dismiss, warn, hide, suspend, ban) and is never shown to the reporter.
 */
export const reports = pgTable(
  'reports',
  {
    id: serial('id').primaryKey(),
    site_id: integer('site_id')
      .notNull()
      .references(() => sites.id),
    reporter_user_id: integer('reporter_user_id').references(() => users.id, { onDelete: 'set null' }),
    reported_profile_id: integer('reported_profile_id')
      .notNull()
      .references(() => profiles.id, { onDelete: 'cascade' }),
    /** The reported message, when a message was reported. */
    message_id: bigint('message_id', { mode: 'number' }),
    reason: text('reason').notNull(),
    text: text('text'),
    evidence: jsonb('evidence').$type<ReportEvidenceMessage[]>().notNull().default([]),
    /** The safety note's signal kind when the member reported from it (issue: safer conversations), else null. */
    signal: text('signal'),
    status: text('status').notNull().default('open'),
    outcome: text('outcome'),
    handled_by: integer('handled_by'),
    handled_at: timestamp('handled_at', { withTimezone: true }),
    created_at: createdAt(),
  },
  (t) => [
    index('reports_queue_idx').on(t.site_id, t.status, t.created_at),
    index('reports_profile_idx').on(t.reported_profile_id, t.created_at),
  ],
);

/**
 * Measures staff took against a member: warn (a mail), hide (profile hidden), suspend (until a
 * time), ban (login refused). `revoked_at` when an admin reversed it; `before` keeps what it changed.
 */
export const memberSanctions = pgTable(
  'member_sanctions',
  {
    id: serial('id').primaryKey(),
    site_id: integer('site_id')
      .notNull()
      .references(() => sites.id),
    user_id: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    reason: text('reason').notNull(),
    note: text('note'),
    report_id: integer('report_id'),
    staff_id: integer('staff_id'),
    /** End of a suspension. */
    until: timestamp('until', { withTimezone: true }),
    /** What the sanction changed (user status, profile status), restored on revoke. */
    before: jsonb('before').$type<Record<string, unknown>>(),
    revoked_at: timestamp('revoked_at', { withTimezone: true }),
    revoked_by: integer('revoked_by'),
    created_at: createdAt(),
  },
  (t) => [index('member_sanctions_user_idx').on(t.user_id, t.created_at)],
);

/** Staff notes on a member, shown to staff beside the member (and to operators in the next issue). */
export const staffNotes = pgTable(
  'staff_notes',
  {
    id: serial('id').primaryKey(),
    site_id: integer('site_id')
      .notNull()
      .references(() => sites.id),
    user_id: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    staff_id: integer('staff_id'),
    staff_name: text('staff_name').notNull().default(''),
    text: text('text').notNull(),
    created_at: createdAt(),
  },
  (t) => [index('staff_notes_user_idx').on(t.user_id, t.created_at)],
);
