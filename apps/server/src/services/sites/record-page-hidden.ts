import type { PageHiddenBody } from '@app/contracts';
import { insertPageEvent } from '../../db/repositories/page-events.js';
import type { AppDeps } from '../../deps.js';

/**
 * Logs that a page became hidden (SPEC.md 4: page-bounce logging, enabled by the lb query; SPEC.md 7
 * POST /api/page-hidden.php). Every field is optional: the beacon may send an empty body.
 * Input: `{ siteId, userId, body, now }` (userId null for a visitor; body.seconds_visible in seconds;
 * now: the clock's time).
 */
export async function recordPageHidden(
  { db }: Pick<AppDeps, 'db'>,
  { siteId, userId, body, now }: { siteId: number; userId: number | null; body: PageHiddenBody; now: Date },
): Promise<void> {
  const tracking = Object.fromEntries(Object.entries(body.tracking ?? {}).filter(([, v]) => Boolean(v)));
  await insertPageEvent(db, {
    site_id: siteId,
    user_id: userId,
    path: body.path ?? '',
    seconds_visible: body.seconds_visible ?? null,
    tracking: Object.keys(tracking).length ? (tracking as Record<string, string>) : null,
    created_at: now,
  });
}
