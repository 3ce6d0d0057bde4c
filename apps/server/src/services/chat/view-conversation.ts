import { CHAT_PAGE_SIZE, type ChatCosts, type ChatQuery, type ChatView } from '@app/contracts';
import type { Db } from '../../db/client.js';
import { isBlockedEitherWay } from '../../db/repositories/blocks.js';
import {
  findConversationByPair,
  findMembership,
  listMemberships,
  otherProfileId,
} from '../../db/repositories/conversations.js';
import { listMessages, type MessageWithGift } from '../../db/repositories/messages.js';
import { findChatPhotoScores } from '../../db/repositories/photo-scores.js';
import { findProfile, type ProfileWithMain } from '../../db/repositories/profiles.js';
import type { SiteRow } from '../../db/repositories/sites.js';
import { findUserById, type UserRow } from '../../db/repositories/users.js';
import type { AppDeps } from '../../deps.js';
import { notFound } from '../../errors.js';
import type { Actor } from '../../policies/actor.js';
import { authorize, conversationResource } from '../../policies/policies.js';
import { chatPhotoCheck } from '../photos/explicit-rules.js';
import { requireOwnProfile } from '../profile/own-profile.js';
import { chatCosts } from './chat-rules.js';

/** A conversation as the member sees it, before presenting (`presentConversation`). */
export interface ConversationView {
  /** The member's own profile id (the presenter shows safety notes on the other side's messages only). */
  me: number;
  /** The conversation id; null until the first message with this profile. */
  conversation: number | null;
  other: ProfileWithMain;
  /** The page, oldest first. */
  messages: MessageWithGift[];
  hasMore: boolean;
  /** The other side's last read message id, else null. */
  otherLastRead: number | null;
  /** What a message, photo and gift cost this member, in credits. */
  costs: ChatCosts;
  refusal: ChatView['refusal'];
  /**
   * What the model says of the other side's photos, by message id (issue: explicit photos): `pending`
   * (not scored yet) or `explicit` (above the site's threshold); photos without an entry are shown.
   */
  photoChecks: Map<number, 'pending' | 'explicit'>;
  /** This member chose to see possibly explicit photos of this chat unblurred. */
  showExplicitPhotos: boolean;
}

/**
 * A conversation as the member sees it (SPEC.md 2 chat screen): by conversation id, or with a
 * profile (/members/{id}/chat; `conversation` is null until the first message). Messages newest
 * page first but listed oldest first, only those after this side cleared the chat; the other side's
 * read position, the member's costs, and why sending is refused, if it is. Reading does not mark
 * the conversation read: POST /api/chat-read.php does. Returns a ConversationView (rows; routes
 * present it with `presentConversation`). Input: `{ actor, site, user, query }` (`query.conversation`
 * or `query.profile`, `query.before` a message id); costs in credits.
 * @throws AppError forbidden (403) when the account has no profile
 * @throws AppError not_found (404) for a conversation of others or an unknown profile
 */
export async function viewConversation(
  deps: Pick<AppDeps, 'db'>,
  input: { actor: Actor; site: SiteRow; user: UserRow; query: ChatQuery },
): Promise<ConversationView> {
  const { db } = deps;
  const { site, user, query } = input;
  const me = (await requireOwnProfile(db, user)).profile;
  let conversationId: number | null = null;
  let otherId: number;
  if (query.conversation) {
    const found = await findMembership(db, query.conversation, me.id);
    if (!found) throw notFound();
    authorize(input.actor, 'view', conversationResource(found.conversation, [user.id]));
    conversationId = found.conversation.id;
    otherId = otherProfileId(found.conversation, me.id);
  } else {
    otherId = query.profile ?? 0;
    if (otherId === me.id) throw notFound();
    conversationId = (await findConversationByPair(db, me.id, otherId))?.id ?? null;
  }
  const other = await findProfile(db, site.id, otherId);
  if (!other) throw notFound();

  const members = conversationId ? await listMemberships(db, conversationId) : [];
  const mine = members.find((m) => m.profile_id === me.id);
  const theirs = members.find((m) => m.profile_id === otherId);
  const page = conversationId
    ? await listMessages(db, conversationId, {
        clearedAt: mine?.cleared_at ?? null,
        before: query.before,
        limit: CHAT_PAGE_SIZE + 1,
        viewerProfileId: me.id,
      })
    : [];
  const hasMore = page.length > CHAT_PAGE_SIZE;
  const messages = page.slice(0, CHAT_PAGE_SIZE).reverse();
  return {
    me: me.id,
    conversation: conversationId,
    other,
    messages,
    photoChecks: await photoChecksOf(db, site, me.id, messages),
    showExplicitPhotos: mine?.show_explicit_photos ?? false,
    hasMore,
    otherLastRead: theirs?.last_read_message_id ?? null,
    costs: chatCosts(site, me.country),
    refusal: await refusalOf(db, me.id, other.profile.user_id, otherId),
  };
}

/** The recipient's checks of the page's photos (one query, only when the page has the other side's photos). */
async function photoChecksOf(
  db: Db,
  site: SiteRow,
  meId: number,
  messages: MessageWithGift[],
): Promise<Map<number, 'pending' | 'explicit'>> {
  const received = messages.filter((m) => m.message.kind === 'photo' && m.message.sender_profile_id !== meId);
  const checks = new Map<number, 'pending' | 'explicit'>();
  if (received.length === 0) return checks;
  const scores = await findChatPhotoScores(
    db,
    received.map((m) => m.message.id),
  );
  for (const { message } of received) {
    const check = chatPhotoCheck(
      meId,
      message.sender_profile_id,
      scores.get(message.id),
      site.explicit_photo_threshold,
    );
    if (check) checks.set(message.id, check);
  }
  return checks;
}

/** Why this member cannot send to the other profile, if so (shown before typing, enforced on send). */
async function refusalOf(
  db: Db,
  meId: number,
  otherUserId: number | null,
  otherId: number,
): Promise<ChatView['refusal']> {
  if (await isBlockedEitherWay(db, meId, otherId)) return 'blocked';
  if (otherUserId === null) return null;
  const account = await findUserById(db, otherUserId);
  return account?.status === 'not_confirmed' ? 'recipient_not_confirmed' : null;
}
