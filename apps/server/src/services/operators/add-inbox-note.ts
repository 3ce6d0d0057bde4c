import { insertStaffNote, type StaffNoteRow } from '../../db/repositories/member-admin.js';
import type { AppDeps } from '../../deps.js';
import type { Actor } from '../../policies/actor.js';
import { type AuditWho, recordAudit } from '../staff/audit.js';
import { loadInboxConversation } from './inbox-rules.js';

/**
 * Adds a staff note on the member of inbox conversation `id` (issue: back office II: operators note
 * what they learn about the member), signed with the account's name (its e-mail when it has none). The
 * note and the audit entry `member.note_add` are stored in one transaction. Answers the note.
 * @throws AppError forbidden (403) for moderators and support; not_found (404) for a conversation
 *   without a fictional side or on another site
 */
export async function addInboxNote(
  { db, clock }: Pick<AppDeps, 'db' | 'clock'>,
  input: { actor: Actor; who: AuditWho; staffName: string; id: number; text: string },
): Promise<StaffNoteRow> {
  const row = await loadInboxConversation(db, input.actor, input.id, clock.now());
  const text = input.text.trim();
  const user = row.memberUser;
  return db.transaction(async (tx) => {
    const note = await insertStaffNote(tx, {
      site_id: row.conversation.site_id,
      user_id: user.id,
      staff_id: input.who.staffId,
      staff_name: input.staffName.trim() || input.who.staffEmail,
      text,
      created_at: clock.now(),
    });
    await recordAudit(tx, input.who, {
      action: 'member.note_add',
      objectType: 'staff_note',
      objectId: note.id,
      siteId: row.conversation.site_id,
      memberUserId: user.id,
      after: { text, conversation_id: row.conversation.id },
    });
    return note;
  });
}
