import { timestamp } from 'drizzle-orm/pg-core';

/** The `created_at` column every table that records its creation shares. */
export const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
