/**
 * The operator inbox's wire shapes (issue: back office II). Operators never see a member's e-mail
 * address or payments: nothing here reads them.
 */
import {
  type AdminConversationMessage,
  type AdminInbox,
  type AdminInboxAnswerResult,
  type AdminInboxConversation,
  type AdminInboxRow,
  type AdminResponseTimes,
  ageOn,
  CHAT_PREVIEW_LENGTH,
  type InboxLock,
  type InboxTab,
} from '@app/contracts';
import type { GiftRow } from '../../db/repositories/gifts.js';
import type { MessageRow, MessageWithGift } from '../../db/repositories/messages.js';
import type { InboxListRow, LockRow } from '../../db/repositories/operator-inbox.js';
import type { ProfileRow } from '../../db/repositories/profiles.js';
import type { SiteRow } from '../../db/repositories/sites.js';
import type { OperatorAnswer } from '../../services/operators/answer-as-fictional.js';
import type { InboxConversationView } from '../../services/operators/open-inbox-conversation.js';
import type { ResponseTimes } from '../../services/operators/view-response-times.js';
import { giftName, textLanguage } from '../message.js';
import { presentMemberNote } from './members.js';

const iso = (d: Date | null | undefined): string | null => (d ? d.toISOString() : null);

/** A public file name under the site's cdn_prefix, as the member site builds it. */
function publicUrl(site: Pick<SiteRow, 'cdn_prefix'>, name: string): string {
  return name.startsWith('/') ? name : `${site.cdn_prefix}${name}`;
}

function waitingSeconds(since: Date | null, now: Date): number | null {
  return since ? Math.max(0, Math.floor((now.getTime() - since.getTime()) / 1000)) : null;
}

/** A lock as the inbox shows it; `mine` for the asking account. */
export function presentLock(lock: LockRow, staffId: number | null): InboxLock {
  return {
    staff_id: lock.staff_id,
    staff_name: lock.staff_name,
    locked_at: lock.locked_at.toISOString(),
    expires_at: lock.expires_at.toISOString(),
    mine: lock.staff_id === staffId,
  };
}

function presentSides(row: InboxListRow, site: Pick<SiteRow, 'cdn_prefix'>, now: Date) {
  const thumb = (name: string | null) => (name ? publicUrl(site, name) : null);
  const profile = (p: ProfileRow) => ({
    profile_id: p.id,
    name: p.name,
    age: ageOn(p.date_of_birth, now),
    city: p.city,
  });
  return {
    member: {
      ...profile(row.member),
      user_id: row.memberUser.id,
      gender: row.member.gender,
      country: row.member.country,
      thumb_url: thumb(row.memberThumb),
    },
    fictional: { ...profile(row.fictional), thumb_url: thumb(row.fictionalThumb) },
  };
}

function presentLastMessage(message: MessageRow | undefined, memberProfileId: number): AdminInboxRow['last_message'] {
  if (!message) return null;
  return {
    kind: message.kind,
    preview: [...message.body].slice(0, CHAT_PREVIEW_LENGTH).join(''),
    from_member: message.sender_profile_id === memberProfileId,
    created_at: message.created_at.toISOString(),
  };
}

/** The inbox list (GET /api/admin/inbox.php); `result.last` holds each conversation's newest message. */
export function presentInbox(
  tab: InboxTab,
  result: { rows: InboxListRow[]; now: Date; last: Map<number, MessageRow> },
  staffId: number | null,
): AdminInbox {
  const { now, last } = result;
  return {
    tab,
    now: now.toISOString(),
    conversations: result.rows.map((row) => ({
      id: row.conversation.id,
      site_id: row.conversation.site_id,
      site_name: row.siteName,
      ...presentSides(row, { cdn_prefix: row.siteCdnPrefix }, now),
      awaiting_reply_since: iso(row.conversation.awaiting_reply_since),
      waiting_seconds: waitingSeconds(row.conversation.awaiting_reply_since, now),
      last_message_at: iso(row.conversation.last_message_at),
      last_message: presentLastMessage(last.get(row.conversation.id), row.member.id),
      lock: row.lock ? presentLock(row.lock, staffId) : null,
    })),
  };
}

/** A gift with its picture's full URL; its name in the staff's language, else the site's (`locale`). */
function presentInboxGift(gift: GiftRow, site: SiteRow, locale: string) {
  const name = giftName(gift, textLanguage(locale, site));
  return { id: gift.id, name, image: publicUrl(site, gift.image), credits: gift.credits };
}

/** A message of the conversation as operators read it; `from_member` on the member's; gift names in `locale`. */
export function presentInboxMessage(
  { message, gift }: MessageWithGift,
  site: SiteRow,
  memberProfileId: number,
  locale: string,
): AdminConversationMessage {
  return {
    id: message.id,
    sender_profile_id: message.sender_profile_id,
    from_member: message.sender_profile_id === memberProfileId,
    kind: message.kind,
    body: message.body,
    gift: gift ? presentInboxGift(gift, site, locale) : null,
    photo_thumb_url: message.photo_thumb_filename ? publicUrl(site, message.photo_thumb_filename) : null,
    photo_url: message.photo_filename ? publicUrl(site, message.photo_filename) : null,
    credits_spent: message.credits_spent,
    created_at: message.created_at.toISOString(),
  };
}

/**
 * When the member was last active, for the operator's member panel: the newest of the account's real
 * activity (users.last_active_at, which an invisible member's profile does not show) and the member's
 * newest message in the thread, so "last active" is never before a message the member sent; the
 * profile's public activity only when the account has none.
 */
function memberLastActive({ row, messages }: InboxConversationView): Date | null {
  const times = [row.memberUser.last_active_at ?? row.member.last_active_at];
  for (const { message } of messages) {
    if (message.sender_profile_id === row.member.id) times.push(message.created_at);
  }
  const known = times.filter((t): t is Date => t instanceof Date);
  return known.length ? new Date(Math.max(...known.map((t) => t.getTime()))) : null;
}

/**
 * An opened conversation (POST /api/admin/inbox-open.php and inbox-heartbeat.php); gift names in the
 * staff's `locale`, else the site's language.
 */
export function presentInboxConversation(view: InboxConversationView, locale: string): AdminInboxConversation {
  const { row, site, now } = view;
  const sides = presentSides(row, site, now);
  return {
    id: row.conversation.id,
    site_id: site.id,
    site_name: site.name,
    message_length: site.message_length,
    awaiting_reply_since: iso(row.conversation.awaiting_reply_since),
    waiting_seconds: waitingSeconds(row.conversation.awaiting_reply_since, now),
    lock: presentLock(view.lock, view.staffId),
    member: {
      ...sides.member,
      region: row.member.region,
      description: row.member.description,
      interests: row.member.interests,
      relationship_status: row.member.relationship_status,
      reason: row.member.reason,
      signup_date: row.memberUser.signup_date.toISOString(),
      last_active_at: iso(memberLastActive(view)),
    },
    fictional: {
      ...sides.fictional,
      gender: row.fictional.gender,
      description: row.fictional.description,
      persona_note: view.personaNote,
    },
    messages: view.messages.map((m) => presentInboxMessage(m, site, row.member.id, locale)),
    truncated: view.truncated,
    notes: view.notes.map(presentMemberNote),
    gifts: view.gifts.map((g) => presentInboxGift(g, site, locale)),
    now: now.toISOString(),
  };
}

/** The answer of an answer; a gift's name in the staff's `locale`, else the site's language. */
export function presentOperatorAnswer(
  answer: OperatorAnswer,
  staffId: number | null,
  locale: string,
): AdminInboxAnswerResult {
  return {
    message: presentInboxMessage(answer.message, answer.site, answer.row.member.id, locale),
    lock: answer.lock ? presentLock(answer.lock, staffId) : null,
    duplicate: answer.duplicate,
  };
}

/** Response times (GET /api/admin/response-times.php). */
export function presentResponseTimes(times: ResponseTimes): AdminResponseTimes {
  return {
    from: times.from.toISOString(),
    to: times.to.toISOString(),
    totals: times.totals,
    operators: times.operators,
    conversations: times.conversations,
  };
}
