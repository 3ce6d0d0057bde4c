import type { Gift } from '@app/contracts';
import { listGifts } from '../../db/repositories/gifts.js';
import type { SiteRow } from '../../db/repositories/sites.js';
import type { AppDeps } from '../../deps.js';
import { presentGift } from '../../presenters/chat.js';

/**
 * The site's gift catalogue (SPEC.md 2 gift button): image paths relative to cdn_prefix, prices in
 * credits. Input: `{ site }`.
 */
export async function listSiteGifts(deps: Pick<AppDeps, 'db'>, input: { site: SiteRow }): Promise<Gift[]> {
  return (await listGifts(deps.db, input.site.id)).map(presentGift);
}
