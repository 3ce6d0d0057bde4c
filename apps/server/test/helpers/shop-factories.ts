/** Makers for the back-office shop tests (issue: back office II). */
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import type { Db } from '../../src/db/client.js';
import { settleTestProviderPayment } from '../../src/db/repositories/test-provider.js';
import { creditPackages, payments } from '../../src/db/schema.js';
import type { Browser } from './server.js';

/** A package of a site; defaults: 100 credits for 12,95 EUR, active. */
export async function createPackage(
  db: Db,
  siteId: number,
  overrides: Partial<typeof creditPackages.$inferInsert> = {},
) {
  const [row] = await db
    .insert(creditPackages)
    .values({ site_id: siteId, credits: 100, price_cents: 1295, currency: 'EUR', ...overrides })
    .returning();
  return row!;
}

/** A picture as the shop screen sends it: base64 of the file, optionally as a data URL. */
export function toBase64(file: Buffer, dataUrl = false): string {
  return `${dataUrl ? 'data:image/jpeg;base64,' : ''}${file.toString('base64')}`;
}

/** A PNG of `size` px with transparency. */
export function transparentPng(size = 64): Promise<Buffer> {
  return sharp({ create: { width: size, height: size, channels: 4, background: { r: 0, g: 120, b: 200, alpha: 0.5 } } })
    .png()
    .toBuffer();
}

/**
 * Opens a payment of `packageId` through the API as the member of `browser` (iDEAL, test provider)
 * and answers the stored row; `discountCode` is typed as on the credits screen.
 */
export async function openPayment(db: Db, browser: Browser, packageId: number, discountCode?: string) {
  const res = await browser.post('/api/payment.php', {
    package: packageId,
    method: 'ideal',
    ...(discountCode && { discount_code: discountCode }),
  });
  if (res.status !== 200) throw new Error(`payment start: ${res.status} ${JSON.stringify(res.json)}`);
  const [row] = await db.select().from(payments).where(eq(payments.id, res.json.payment.payment_id));
  return row!;
}

/** Pays an open payment at the test provider and lets the member's return page sync it; answers the status. */
export async function payAtProvider(
  db: Db,
  browser: Browser,
  payment: { id: number; provider_payment_id: string | null },
) {
  await settleTestProviderPayment(db, payment.provider_payment_id as string, 'paid', ['open'], new Date());
  const synced = await browser.get(`/api/payment.php?payment_id=${payment.id}`);
  return synced.json.status as string;
}
