import { asc, eq } from 'drizzle-orm';
import type { Db } from '../client.js';
import { blocks, likes, messages } from '../schema.js';

/** Upper bound of rows per list in a data export (newest kept out only beyond this). */
const EXPORT_ROWS = 50_000;

/**
 * What a member did and received, for the data export (GDPR Art. 15/20): likes given and received,
 * blocks made and messages sent, oldest first.
 */
export async function listMemberActivity(db: Db, profileId: number) {
  const [given, received, blocked, sent] = await Promise.all([
    db
      .select({ profile: likes.liked_profile_id, source: likes.source, created_at: likes.created_at })
      .from(likes)
      .where(eq(likes.liker_profile_id, profileId))
      .orderBy(asc(likes.id))
      .limit(EXPORT_ROWS),
    db
      .select({ profile: likes.liker_profile_id, created_at: likes.created_at })
      .from(likes)
      .where(eq(likes.liked_profile_id, profileId))
      .orderBy(asc(likes.id))
      .limit(EXPORT_ROWS),
    db
      .select({ profile: blocks.blocked_profile_id, created_at: blocks.created_at })
      .from(blocks)
      .where(eq(blocks.blocker_profile_id, profileId))
      .limit(EXPORT_ROWS),
    db
      .select({
        conversation: messages.conversation_id,
        kind: messages.kind,
        body: messages.body,
        credits_spent: messages.credits_spent,
        created_at: messages.created_at,
      })
      .from(messages)
      .where(eq(messages.sender_profile_id, profileId))
      .orderBy(asc(messages.id))
      .limit(EXPORT_ROWS),
  ]);
  return { given, received, blocked, sent };
}
