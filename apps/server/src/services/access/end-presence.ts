import { endProfilePresence } from '../../db/repositories/profiles.js';
import type { AppDeps } from '../../deps.js';
import { ONLINE_WINDOW_SECONDS } from '../profile/presence.js';

/**
 * After a logout: the member stops showing online (their profile's last activity moves to just
 * outside the online window) unless another of their sessions was active within that window.
 * Call after the session is ended. Input: `{ userId, now }`, now the server clock's time.
 */
export async function endPresence(
  { db }: Pick<AppDeps, 'db'>,
  { userId, now }: { userId: number; now: Date },
): Promise<void> {
  const offlineAt = new Date(now.getTime() - (ONLINE_WINDOW_SECONDS + 1) * 1000);
  await endProfilePresence(db, userId, offlineAt, ONLINE_WINDOW_SECONDS);
}
