import type { PageHiddenBody } from '@app/contracts';
import { insertPageEvent } from '../../db/repositories/page-events.js';
import type { AppDeps } from '../../deps.js';

/** What the request itself tells about the hidden page when the body does not (SPEC.md 7: empty body). */
export interface PageHiddenRequestFacts {
  /** Path of the page that sent the beacon (its same-origin Referer), or null. */
  refererPath: string | null;
  /** Value of the traffic-source cookie the app writes on arrival (network or ref), or null. */
  trafficSource: string | null;
}

/**
 * Logs that a page became hidden (SPEC.md 4: page-bounce logging, enabled by the lb query; SPEC.md 7
 * POST /api/page-hidden.php with an empty JSON body). The page comes from the beacon's Referer and the
 * traffic source from its cookie (docs/decisions/017-page-hidden-beacon.md); fields in the body (sent by
 * clients before that decision) still win. Input: `{ siteId, userId, body, request, now }` (userId null
 * for a visitor; body.seconds_visible in seconds; now: the clock's time).
 */
export async function recordPageHidden(
  { db }: Pick<AppDeps, 'db'>,
  {
    siteId,
    userId,
    body,
    request,
    now,
  }: { siteId: number; userId: number | null; body: PageHiddenBody; request: PageHiddenRequestFacts; now: Date },
): Promise<void> {
  const sent = Object.fromEntries(Object.entries(body.tracking ?? {}).filter(([, v]) => Boolean(v)));
  const tracking: Record<string, string> =
    Object.keys(sent).length > 0
      ? (sent as Record<string, string>)
      : request.trafficSource
        ? { trafficsource: request.trafficSource.slice(0, 100) }
        : {};
  await insertPageEvent(db, {
    site_id: siteId,
    user_id: userId,
    path: (body.path ?? request.refererPath ?? '').slice(0, 500),
    seconds_visible: body.seconds_visible ?? null,
    tracking: Object.keys(tracking).length ? tracking : null,
    created_at: now,
  });
}
