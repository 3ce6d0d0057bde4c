import { and, desc, eq, or } from 'drizzle-orm';
import type { Db } from '../client.js';
import { matches } from '../schema.js';

/** The pair in the table's order (profile_a < profile_b). */
function ordered(x: number, y: number): [number, number] {
  return x < y ? [x, y] : [y, x];
}

/**
 * Stores the match of two profiles once. `seenBy` is the side that learns of it at once (the member
 * whose like made it mutual gets it in the answer); the other side's dialog is still to show.
 */
export async function insertMatch(db: Db, m: { siteId: number; x: number; y: number; seenBy?: number; at: Date }) {
  const [a, b] = ordered(m.x, m.y);
  await db
    .insert(matches)
    .values({
      site_id: m.siteId,
      profile_a: a,
      profile_b: b,
      seen_by_a: m.seenBy === a,
      seen_by_b: m.seenBy === b,
      created_at: m.at,
    })
    .onConflictDoNothing();
}

/** Removes the match of two profiles (unlike, block). */
export async function deleteMatch(db: Db, x: number, y: number): Promise<void> {
  const [a, b] = ordered(x, y);
  await db.delete(matches).where(and(eq(matches.profile_a, a), eq(matches.profile_b, b)));
}

/** A match of `profileId` as seen from that side: the other profile, when, and whether the dialog was shown. */
export interface MatchOf {
  other: number;
  seen: boolean;
  createdAt: Date;
}

/** Matches of `profileId`, newest first; `unseenOnly` keeps those whose dialog this side has not seen. */
export async function listMatchesOf(db: Db, profileId: number, unseenOnly = false): Promise<MatchOf[]> {
  const mine = unseenOnly
    ? or(
        and(eq(matches.profile_a, profileId), eq(matches.seen_by_a, false)),
        and(eq(matches.profile_b, profileId), eq(matches.seen_by_b, false)),
      )
    : or(eq(matches.profile_a, profileId), eq(matches.profile_b, profileId));
  const rows = await db
    .select({
      a: matches.profile_a,
      b: matches.profile_b,
      seenA: matches.seen_by_a,
      seenB: matches.seen_by_b,
      createdAt: matches.created_at,
    })
    .from(matches)
    .where(mine)
    .orderBy(desc(matches.created_at), desc(matches.id));
  return rows.map((r) =>
    r.a === profileId
      ? { other: r.b, seen: r.seenA, createdAt: r.createdAt }
      : { other: r.a, seen: r.seenB, createdAt: r.createdAt },
  );
}

/** Marks the match dialog of `profileId` with `other` as shown. */
export async function markMatchSeen(db: Db, profileId: number, other: number): Promise<void> {
  const [a, b] = ordered(profileId, other);
  await db
    .update(matches)
    .set(profileId === a ? { seen_by_a: true } : { seen_by_b: true })
    .where(and(eq(matches.profile_a, a), eq(matches.profile_b, b)));
}

/** Matches to insert in bulk (seed); each pair must already be ordered. */
export async function insertMatches(db: Db, rows: (typeof matches.$inferInsert)[]): Promise<void> {
  for (let i = 0; i < rows.length; i += 1000) {
    await db
      .insert(matches)
      .values(rows.slice(i, i + 1000))
      .onConflictDoNothing();
  }
}
