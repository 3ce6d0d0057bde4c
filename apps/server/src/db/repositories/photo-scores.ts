import { and, eq, inArray } from 'drizzle-orm';
import type { Db } from '../client.js';
import { chatPhotoScores, conversationMembers, conversations, messages, photos, profiles, sites } from '../schema.js';
import type { DbOrTx } from './photos.js';
import type { PhotoRow } from './profiles.js';

/** The model's scores as stored: the explicit score 0..1 and the five class probabilities. */
export interface StoredScores {
  explicitScore: number;
  scores: Record<string, number>;
}

/** A profile photo with what scoring it needs: its site's threshold and automatic approval. */
export interface ProfilePhotoToScore {
  photo: PhotoRow;
  siteId: number;
  threshold: number;
  autoApprove: boolean;
}

/** A profile photo by id with its site's explicit_photo_threshold and auto_approve_photos; null when gone. */
export async function findProfilePhotoToScore(db: DbOrTx, photoId: number): Promise<ProfilePhotoToScore | null> {
  const [row] = await db
    .select({
      photo: photos,
      siteId: profiles.site_id,
      threshold: sites.explicit_photo_threshold,
      autoApprove: sites.auto_approve_photos,
    })
    .from(photos)
    .innerJoin(profiles, eq(profiles.id, photos.profile_id))
    .innerJoin(sites, eq(sites.id, profiles.site_id))
    .where(eq(photos.id, photoId));
  return row ?? null;
}

/** Stores the scores on the profile photo. */
export async function storeProfilePhotoScores(tx: DbOrTx, photoId: number, s: StoredScores): Promise<void> {
  await tx.update(photos).set({ explicit_score: s.explicitScore, nsfw_scores: s.scores }).where(eq(photos.id, photoId));
}

/** A chat photo message with what scoring it needs: the file, the recipient and the site's threshold. */
export interface ChatPhotoToScore {
  messageId: number;
  conversationId: number;
  filename: string;
  senderProfileId: number;
  recipientProfileId: number;
  threshold: number;
}

/** A photo message by id with its recipient and the site's explicit_photo_threshold; null when gone or not a photo. */
export async function findChatPhotoToScore(db: DbOrTx, messageId: number): Promise<ChatPhotoToScore | null> {
  const [row] = await db
    .select({
      messageId: messages.id,
      conversationId: messages.conversation_id,
      filename: messages.photo_filename,
      senderProfileId: messages.sender_profile_id,
      profileA: conversations.profile_a,
      profileB: conversations.profile_b,
      threshold: sites.explicit_photo_threshold,
    })
    .from(messages)
    .innerJoin(conversations, eq(conversations.id, messages.conversation_id))
    .innerJoin(profiles, eq(profiles.id, messages.sender_profile_id))
    .innerJoin(sites, eq(sites.id, profiles.site_id))
    .where(and(eq(messages.id, messageId), eq(messages.kind, 'photo')));
  if (!row?.filename) return null;
  return {
    messageId: row.messageId,
    conversationId: row.conversationId,
    filename: row.filename,
    senderProfileId: row.senderProfileId,
    recipientProfileId: row.profileA === row.senderProfileId ? row.profileB : row.profileA,
    threshold: row.threshold,
  };
}

/** Stores a chat photo's scores (a second run of the job overwrites them). */
export async function storeChatPhotoScores(db: DbOrTx, messageId: number, s: StoredScores, now: Date): Promise<void> {
  await db
    .insert(chatPhotoScores)
    .values({ message_id: messageId, explicit_score: s.explicitScore, nsfw_scores: s.scores, scored_at: now })
    .onConflictDoUpdate({
      target: chatPhotoScores.message_id,
      set: { explicit_score: s.explicitScore, nsfw_scores: s.scores, scored_at: now },
    });
}

/**
 * The explicit scores of these photo messages: a message without an entry is not scored yet; an
 * entry with null was sent before the model (never scored).
 */
export async function findChatPhotoScores(db: Db, messageIds: readonly number[]): Promise<Map<number, number | null>> {
  if (messageIds.length === 0) return new Map();
  const rows = await db
    .select({ id: chatPhotoScores.message_id, score: chatPhotoScores.explicit_score })
    .from(chatPhotoScores)
    .where(inArray(chatPhotoScores.message_id, [...messageIds]));
  return new Map(rows.map((r) => [r.id, r.score]));
}

/** Remembers this side's choice to see explicit photos of the conversation (or not). False when not a member. */
export async function setShowExplicitPhotos(
  db: Db,
  conversationId: number,
  profileId: number,
  show: boolean,
): Promise<boolean> {
  const rows = await db
    .update(conversationMembers)
    .set({ show_explicit_photos: show })
    .where(and(eq(conversationMembers.conversation_id, conversationId), eq(conversationMembers.profile_id, profileId)))
    .returning({ id: conversationMembers.conversation_id });
  return rows.length > 0;
}
