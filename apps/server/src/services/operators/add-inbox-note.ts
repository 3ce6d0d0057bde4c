import type { StaffNoteRow } from '../../db/repositories/member-admin.js';
import type { AppDeps } from '../../deps.js';
import type { Actor } from '../../policies/actor.js';
import type { AuditWho } from '../staff/audit.js';
import { writeStaffNote } from '../staff-members/add-member-note.js';
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
  return writeStaffNote(
    { db, clock },
    {
      who: input.who,
      staffName: input.staffName,
      member: { id: row.memberUser.id, site_id: row.conversation.site_id },
      text: input.text,
      context: { conversation_id: row.conversation.id },
    },
  );
}
