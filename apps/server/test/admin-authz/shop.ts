/** The authorization matrix's rows of the back office's shop calls (issue: back office II). */
import { randomBytes } from 'node:crypto';
import sharp from 'sharp';
import { creditPackages, discountCodes, gifts } from '../../src/db/schema.js';
import type { Row, SiteKey, World } from './types.js';

const unique = () => randomBytes(4).toString('hex').toUpperCase();

/** A package of `site` made for one request (the world's own package stays as it is). */
async function freshPackage(w: World, site: SiteKey): Promise<number> {
  const [row] = await w.server.database.db
    .insert(creditPackages)
    .values({ site_id: w.sites[site].id, credits: 10, price_cents: 199, position: 99 })
    .returning({ id: creditPackages.id });
  return row!.id;
}

/** A small PNG, base64, as the shop screen sends a gift picture. */
const picture = (w: World) =>
  w.once('shop-gift-picture', async () =>
    (
      await sharp({ create: { width: 64, height: 64, channels: 4, background: '#e63946' } })
        .png()
        .toBuffer()
    ).toString('base64'),
  );

/** A gift of `site` (one per site, shared by the requests). */
const giftOf = (w: World, site: SiteKey) =>
  w.once(`shop-gift-${site}`, async () => {
    const [row] = await w.server.database.db
      .insert(gifts)
      .values({ site_id: w.sites[site].id, name: 'Authz gift', image: 'gifts/hart.png', credits: 25 })
      .returning({ id: gifts.id });
    return row!.id;
  });

/** A typed discount code of `site` made for one request. */
async function freshCode(w: World, site: SiteKey): Promise<number> {
  const [row] = await w.server.database.db
    .insert(discountCodes)
    .values({ site_id: w.sites[site].id, code: `AUTHZ${unique()}`, value_percentage: 10 })
    .returning({ id: discountCodes.id });
  return row!.id;
}

const siteQuery = (w: World, site: SiteKey) => ({ query: { site_id: w.sites[site].id } });

/** Every shop call is for admins only (policies: resource `site`); a site outside the account's is 404. */
export const shopRows: Record<string, Row> = {
  'GET /api/admin/credit-packages.php': { kind: 'object', request: siteQuery },
  'POST /api/admin/credit-packages.php': {
    kind: 'object',
    request: (w, site) => ({ body: { site_id: w.sites[site].id, credits: 25, price_cents: 499 } }),
  },
  'PUT /api/admin/credit-packages.php': {
    kind: 'object',
    request: async (w, site) => ({ body: { id: await freshPackage(w, site), price_cents: 249 } }),
  },
  'DELETE /api/admin/credit-packages.php': {
    kind: 'object',
    request: async (w, site) => ({ body: { id: await freshPackage(w, site) } }),
  },
  'GET /api/admin/gifts.php': { kind: 'object', request: siteQuery },
  'POST /api/admin/gifts.php': {
    kind: 'object',
    request: async (w, site) => ({
      body: { site_id: w.sites[site].id, name: 'Authz roos', credits: 30, image: await picture(w) },
    }),
  },
  'PUT /api/admin/gifts.php': {
    kind: 'object',
    request: async (w, site) => ({ body: { id: await giftOf(w, site), credits: 35 } }),
  },
  'GET /api/admin/discount-codes.php': { kind: 'object', request: siteQuery },
  'POST /api/admin/discount-codes.php': {
    kind: 'object',
    request: (w, site) => ({ body: { site_id: w.sites[site].id, code: `NEW${unique()}`, value_percentage: 15 } }),
  },
  'POST /api/admin/discount-code-end.php': {
    kind: 'object',
    request: async (w, site) => ({ body: { id: await freshCode(w, site) } }),
  },
  'GET /api/admin/automatic-discounts.php': { kind: 'object', request: siteQuery },
  'PUT /api/admin/automatic-discounts.php': {
    kind: 'object',
    request: (w, site) => ({ body: { site_id: w.sites[site].id, kind: 'time_bonus', value_percentage: 25 } }),
  },
};
