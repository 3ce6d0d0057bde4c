import type { GiftRow } from '../../db/repositories/gifts.js';
import { listGifts } from '../../db/repositories/gifts.js';
import type { SiteRow } from '../../db/repositories/sites.js';
import type { AppDeps } from '../../deps.js';

/**
 * The site's gift catalogue (SPEC.md 2 gift button) as gift rows: image paths relative to
 * cdn_prefix, prices in credits; routes present them with `presentGift`. Input: `{ site }`.
 */
export async function listSiteGifts(deps: Pick<AppDeps, 'db'>, input: { site: SiteRow }): Promise<GiftRow[]> {
  return listGifts(deps.db, input.site.id);
}
