import type { ComplaintList } from '@app/contracts';
import { listMemberComplaints } from '../../db/repositories/complaints.js';
import type { UserRow } from '../../db/repositories/users.js';
import type { AppDeps } from '../../deps.js';

/** The member's complaints, newest first (SPEC.md 2 /complaints; GET /api/complaints.php). Input: `{ user }`. */
export async function listComplaints(deps: Pick<AppDeps, 'db'>, input: { user: UserRow }): Promise<ComplaintList> {
  const rows = await listMemberComplaints(deps.db, input.user.id);
  return {
    complaints: rows.map((row) => ({
      id: row.id,
      topic: row.topic as ComplaintList['complaints'][number]['topic'],
      status: row.status,
      payment_id: row.payment_id,
      created_at: row.created_at.toISOString(),
    })),
  };
}
