/** Likes, matches, blocks and swipe-game decisions. */
import { sql } from 'drizzle-orm';
import { bigserial, boolean, check, date, index, integer, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt } from './columns.js';
import { profiles } from './profiles.js';

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
