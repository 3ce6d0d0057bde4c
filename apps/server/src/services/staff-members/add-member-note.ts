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
  return writeStaffNote({ db, clock }, { who: input.who, staffName: input.staffName, member: user, text: input.text });
}

/**
 * Stores a staff note on `member` and its audit entry `member.note_add` in one transaction, signed with
 * `staffName` (the account's e-mail when empty); the caller has checked that the actor may. `context`
 * goes into the audit entry beside the text (e.g. the inbox conversation it was written from).
 * Answers the note.
 */
export async function writeStaffNote(
  { db, clock }: Pick<AppDeps, 'db' | 'clock'>,
  input: {
    who: AuditWho;
    staffName: string;
    member: { id: number; site_id: number };
    text: string;
    context?: Record<string, unknown>;
  },
): Promise<StaffNoteRow> {
  const { who, member } = input;
  const text = input.text.trim();
  return db.transaction(async (tx) => {
    const note = await insertStaffNote(tx, {
      site_id: member.site_id,
      user_id: member.id,
      staff_id: who.staffId,
      staff_name: input.staffName.trim() || who.staffEmail,
      text,
      created_at: clock.now(),
    });
    await recordAudit(tx, who, {
      action: 'member.note_add',
      objectType: 'staff_note',
      objectId: note.id,
      siteId: member.site_id,
      memberUserId: member.id,
      after: { text, ...input.context },
    });
    return note;
  });
}
