/**
 * The demo site's shop (SPEC.md 2 /credits, /pricing; 9 discounts): credit packages, the welcome
 * code, the time bonus and one public code. Also used by tests to give a test site the same shop.
 */
import { TIME_BONUS, WELCOME_CODE, WELCOME_DISCOUNT_PERCENTAGE } from '@app/contracts';
import type { Db } from '../db/client.js';
import { creditPackages, discountCodes } from '../db/schema.js';

/** Packages of the demo site; prices in cents, VAT included. */
export const DEMO_PACKAGES = [
  { credits: 60, price_cents: 995, highlighted: false },
  { credits: 150, price_cents: 1995, highlighted: true },
  { credits: 400, price_cents: 4495, highlighted: false },
  { credits: 1000, price_cents: 8995, highlighted: false },
] as const;

/** A public code of the demo site: 10% from 19.95, until the end of 2027. */
export const DEMO_PUBLIC_CODE = 'FLIRT10';

/** Inserts the demo packages and discount codes for `siteId`; returns the package ids in order. */
export async function seedMoney(db: Db, siteId: number): Promise<number[]> {
  const rows = await db
    .insert(creditPackages)
    .values(DEMO_PACKAGES.map((p, i) => ({ ...p, site_id: siteId, currency: 'EUR', position: i })))
    .returning({ id: creditPackages.id });
  await db.insert(discountCodes).values([
    {
      site_id: siteId,
      code: WELCOME_CODE,
      kind: 'welcome',
      value_percentage: WELCOME_DISCOUNT_PERCENTAGE,
      validity: 'once_per_user',
    },
    {
      site_id: siteId,
      code: TIME_BONUS.code,
      kind: 'time_bonus',
      value_percentage: TIME_BONUS.value_percentage,
      validity: TIME_BONUS.validity,
    },
    {
      site_id: siteId,
      code: DEMO_PUBLIC_CODE,
      kind: 'code',
      value_percentage: 10,
      currency: 'EUR',
      minimum_order_value: 1995,
      expires: new Date('2027-12-31T23:00:00Z'),
      validity: 'once_per_user',
    },
  ]);
  return rows.map((r) => r.id);
}
