import { and, eq, inArray, or } from 'drizzle-orm';
import type { Db } from '../client.js';
import { blocks, conversationMembers, conversations } from '../schema.js';

/** Whether either profile has blocked the other (SPEC.md 4: no contact either way). */
export async function isBlockedEitherWay(db: Db, a: number, b: number): Promise<boolean> {
  const rows = await db
    .select({ id: blocks.blocker_profile_id })
    .from(blocks)
    .where(
      or(
        and(eq(blocks.blocker_profile_id, a), eq(blocks.blocked_profile_id, b)),
        and(eq(blocks.blocker_profile_id, b), eq(blocks.blocked_profile_id, a)),
      ),
    )
    .limit(1);
  return rows.length > 0;
}

/** Which way blocks run between `viewer` and `other`: viewer blocked other, other blocked viewer. */
export async function blocksBetween(
  db: Db,
  viewer: number,
  other: number,
): Promise<{ viewerBlocked: boolean; blockedByOther: boolean }> {
  const rows = await db
    .select({ blocker: blocks.blocker_profile_id })
    .from(blocks)
    .where(
      or(
        and(eq(blocks.blocker_profile_id, viewer), eq(blocks.blocked_profile_id, other)),
        and(eq(blocks.blocker_profile_id, other), eq(blocks.blocked_profile_id, viewer)),
      ),
    );
  return {
    viewerBlocked: rows.some((r) => r.blocker === viewer),
    blockedByOther: rows.some((r) => r.blocker === other),
  };
}

/** Stores that `blocker` blocks `blocked` (once). */
export async function insertBlock(db: Db, blocker: number, blocked: number, at: Date): Promise<void> {
  await db
    .insert(blocks)
    .values({ blocker_profile_id: blocker, blocked_profile_id: blocked, created_at: at })
    .onConflictDoNothing();
}

/** Removes the block of `blocker` on `blocked`. */
export async function deleteBlock(db: Db, blocker: number, blocked: number): Promise<void> {
  await db.delete(blocks).where(and(eq(blocks.blocker_profile_id, blocker), eq(blocks.blocked_profile_id, blocked)));
}

/**
 * Hides the conversation of two profiles for both sides (SPEC.md 4: "older chat history is hidden"):
 * each side's row is removed from the list and cleared up to `at`. Nothing when there is none.
 */
export async function hideConversationBetween(db: Db, x: number, y: number, at: Date): Promise<void> {
  const [a, b] = x < y ? [x, y] : [y, x];
  const pair = db
    .select({ id: conversations.id })
    .from(conversations)
    .where(and(eq(conversations.profile_a, a), eq(conversations.profile_b, b)));
  await db
    .update(conversationMembers)
    .set({ deleted_at: at, cleared_at: at, num_unread_messages: 0 })
    .where(and(inArray(conversationMembers.conversation_id, pair), inArray(conversationMembers.profile_id, [a, b])));
}
