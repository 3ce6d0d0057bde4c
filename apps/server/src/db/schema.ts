/**
 * The one PostgreSQL schema (Drizzle), one file per area under ./schema/. Migrations in ../../drizzle are generated from these files with
 * `npm run db:generate`; SQL must run on PostgreSQL 15+ (servers) and 18 (PGlite).
 */
export * from './schema/access.js';
export * from './schema/billing.js';
export * from './schema/chat.js';
export * from './schema/dashboard.js';
export * from './schema/discovery.js';
export * from './schema/jobs.js';
export * from './schema/moderation.js';
export * from './schema/money.js';
export * from './schema/notifications.js';
export * from './schema/outbox.js';
export * from './schema/passkeys.js';
export * from './schema/profiles.js';
export * from './schema/rate-limits.js';
export * from './schema/sites.js';
export * from './schema/staff.js';
