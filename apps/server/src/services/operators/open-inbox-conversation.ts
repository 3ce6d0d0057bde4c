import { INBOX_CONVERSATION_MESSAGES } from '@app/contracts';
import { type GiftRow, listGifts } from '../../db/repositories/gifts.js';
import { listStaffNotes, listWholeConversation, type StaffNoteRow } from '../../db/repositories/member-admin.js';
import type { MessageWithGift } from '../../db/repositories/messages.js';
import {
  findLock,
  findPersonaNote,
  type InboxListRow,
  type LockRow,
  takeLock,
} from '../../db/repositories/operator-inbox.js';
import { findSiteById, type SiteRow } from '../../db/repositories/sites.js';
import type { AppDeps } from '../../deps.js';
import { notFound } from '../../errors.js';
import type { Actor } from '../../policies/actor.js';
import { type AuditWho, recordAudit } from '../staff/audit.js';
import { conversationLocked, loadInboxConversation, OPERATOR_LOCK_SECONDS } from './inbox-rules.js';

/** An open inbox conversation (the route presents it): everything an operator's answer needs. */
export interface InboxConversationView {
  row: InboxListRow;
  /** The lock this account holds now. */
  lock: LockRow;
  site: SiteRow;
  personaNote: string;
  /** The newest INBOX_CONVERSATION_MESSAGES messages, oldest first. */
  messages: MessageWithGift[];
  truncated: boolean;
  notes: StaffNoteRow[];
  gifts: GiftRow[];
  staffId: number;
  now: Date;
}

/**
 * Opens (or, as the heartbeat, keeps open) an inbox conversation (issue: back office II): takes or
 * renews its lock for OPERATOR_LOCK_SECONDS with one conditional upsert, then answers the member
 * (no e-mail, no payments), the whole conversation, the staff notes on the member, the fictional
 * profile's persona note and the site's gift catalogue. An open is audit-logged (`operator.open`)
 * before the answer; a heartbeat (`audit` false) is not.
 * Input: `{ actor, who, id, audit }`, `id` the conversation id.
 * @throws AppError conflict (409, message conversation_locked, data {locked_by, expires_at}) while
 *   another account holds the lock; forbidden (403) for moderators and support; not_found (404) for a
 *   conversation without a fictional side or on another site
 */
export async function openInboxConversation(
  { db, clock }: Pick<AppDeps, 'db' | 'clock'>,
  input: { actor: Actor; who: AuditWho; id: number; audit: boolean },
): Promise<InboxConversationView> {
  const now = clock.now();
  const row = await loadInboxConversation(db, input.actor, input.id, now);
  const staffId = input.who.staffId;
  if (staffId === null) throw notFound();
  const taken = await takeLock(db, {
    conversationId: row.conversation.id,
    staffId,
    now,
    seconds: OPERATOR_LOCK_SECONDS,
  });
  if (!taken) {
    const holder = (await findLock(db, row.conversation.id, now)) ?? row.lock;
    throw conversationLocked(holder ?? { staff_name: '', expires_at: now });
  }
  const lock = (await findLock(db, row.conversation.id, now)) ?? { ...taken, staff_name: input.who.staffEmail };
  const [site, personaNote, whole, notes] = await Promise.all([
    findSiteById(db, row.conversation.site_id),
    findPersonaNote(db, row.fictional.id),
    listWholeConversation(db, row.conversation.id, INBOX_CONVERSATION_MESSAGES),
    listStaffNotes(db, row.memberUser.id),
  ]);
  if (!site) throw notFound();
  const gifts = await listGifts(db, site.id);
  if (input.audit) {
    await recordAudit(db, input.who, {
      action: 'operator.open',
      objectType: 'conversation',
      objectId: row.conversation.id,
      siteId: row.conversation.site_id,
      memberUserId: row.memberUser.id,
      after: { fictional_profile_id: row.fictional.id, messages: whole.messages.length },
    });
  }
  return { row, lock, site, personaNote, ...whole, notes, gifts, staffId, now };
}
