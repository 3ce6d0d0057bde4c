import type { ComplaintList } from '@app/contracts';
import { listMemberComplaints } from '../../db/repositories/complaints.js';
import type { UserRow } from '../../db/repositories/users.js';
import type { AppDeps } from '../../deps.js';

type Entry = ComplaintList['complaints'][number];

/**
 * The member's complaints, newest first (SPEC.md 2 /complaints; GET /api/complaints.php), each with
 * its state (new, in_progress, answered) and, once answered, the staff's answer and when it was given
 * (issue: back office I). Input: `{ user }`.
 */
export async function listComplaints(deps: Pick<AppDeps, 'db'>, input: { user: UserRow }): Promise<ComplaintList> {
  const rows = await listMemberComplaints(deps.db, input.user.id);
  return {
    complaints: rows.map((row) => ({
      id: row.id,
      topic: row.topic as Entry['topic'],
      status: row.status as Entry['status'],
      payment_id: row.payment_id,
      created_at: row.created_at.toISOString(),
      answer: row.answer,
      answered_at: row.answered_at?.toISOString() ?? null,
    })),
  };
}
