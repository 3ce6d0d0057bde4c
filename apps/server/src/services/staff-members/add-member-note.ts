import { insertStaffNote, type StaffNoteRow } from '../../db/repositories/member-admin.js';
import type { AppDeps } from '../../deps.js';
import type { Actor } from '../../policies/actor.js';
import { type AuditWho, recordAudit } from '../staff/audit.js';
import { loadMemberFor } from './load-member.js';

/**
 * Adds a staff note to a member (issue: back office I, members; admins, moderators and support:
 * policies 'member' update), signed with the staff account's name (its e-mail when it has none). The
 * note and the audit entry `member.note_add` are stored in one transaction. Answers the note.
 * @throws AppError forbidden (403) for operators; not_found (404) for an unknown member or one outside
 *   the actor's sites
 */
export async function addMemberNote(
  { db, clock }: Pick<AppDeps, 'db' | 'clock'>,
  input: { actor: Actor; who: AuditWho; staffName: string; userId: number; text: string },
): Promise<StaffNoteRow> {
  const user = await loadMemberFor(db, { actor: input.actor, action: 'update', userId: input.userId });
  const text = input.text.trim();
  return db.transaction(async (tx) => {
    const note = await insertStaffNote(tx, {
      site_id: user.site_id,
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
      siteId: user.site_id,
      memberUserId: user.id,
      after: { text },
    });
    return note;
  });
}
