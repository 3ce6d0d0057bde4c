import { and, eq, or } from 'drizzle-orm';
import type { Db } from '../client.js';
import { blocks } from '../schema.js';

/** Whether either profile has blocked the other (SPEC.md 4: no contact either way). */
export async function isBlockedEitherWay(db: Db, a: number, b: number): Promise<boolean> {
  const rows = await db
    .select({ id: blocks.blocker_profile_id })
    .from(blocks)
    .where(
      or(
        and(eq(blocks.blocker_profile_id, a), eq(blocks.blocked_profile_id, b)),
        and(eq(blocks.blocker_profile_id, b), eq(blocks.blocked_profile_id, a)),
      ),
    )
    .limit(1);
  return rows.length > 0;
}
