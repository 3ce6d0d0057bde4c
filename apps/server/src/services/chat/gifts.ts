import type { Gift } from '@app/contracts';
import type { Db } from '../../db/client.js';
import { listGifts } from '../../db/repositories/gifts.js';
import type { SiteRow } from '../../db/repositories/sites.js';
import { presentGift } from '../../presenters/chat.js';

/** The site's gift catalogue (SPEC.md 2 gift button): image paths relative to cdn_prefix, prices in credits. */
export async function listSiteGifts(db: Db, site: SiteRow): Promise<Gift[]> {
  return (await listGifts(db, site.id)).map(presentGift);
}
