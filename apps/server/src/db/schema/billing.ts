/** Complaints members file for staff. */
import { index, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './access.js';
import { createdAt } from './columns.js';
import { payments } from './money.js';
import { sites } from './sites.js';

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
    /** new → in_progress → answered (back office). */
    status: text('status').notNull().default('new'),
    /** Staff's answer, mailed to the member in their language. */
    answer: text('answer'),
    answered_at: timestamp('answered_at', { withTimezone: true }),
    answered_by: integer('answered_by'),
    created_at: createdAt(),
  },
  (t) => [
    index('complaints_site_idx').on(t.site_id, t.status, t.created_at),
    index('complaints_user_idx').on(t.user_id, t.created_at),
  ],
);
