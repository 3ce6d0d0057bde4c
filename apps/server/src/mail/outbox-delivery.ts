import type { Db } from '../db/client.js';
import { markOutboxResult } from '../db/repositories/outbox.js';

/**
 * Runs `attempt` (one delivery of outbox row `id`, by mail or SMS) and records the outcome on the
 * row: `sent_at` on success, the error's message otherwise. Never throws.
 * @returns the error of a failed attempt, undefined when it was delivered
 */
export async function recordDelivery(
  db: Db,
  id: number,
  now: () => Date,
  attempt: () => Promise<void>,
): Promise<unknown> {
  try {
    await attempt();
    await markOutboxResult(db, id, { sentAt: now() });
    return undefined;
  } catch (err) {
    await markOutboxResult(db, id, { error: err instanceof Error ? err.message : String(err) });
    return err;
  }
}
