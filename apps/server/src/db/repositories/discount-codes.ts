import { and, asc, eq, sql } from 'drizzle-orm';
import type { Db } from '../client.js';
import { creditPackages, discountCodes, payments, profiles } from '../schema.js';

export type DiscountCodeRow = typeof discountCodes.$inferSelect;
export type DiscountKind = 'code' | 'welcome' | 'time_bonus';

/** The code `code` of a site, compared case-insensitively (any status; the caller checks it). */
export async function findCodeOnSite(db: Db, siteId: number, code: string): Promise<DiscountCodeRow | null> {
  const [row] = await db
    .select()
    .from(discountCodes)
    .where(and(eq(discountCodes.site_id, siteId), sql`upper(${discountCodes.code}) = upper(${code})`));
  return row ?? null;
}

/** The site's active code of `kind` (welcome or time_bonus), the oldest when there are several. */
export async function findActiveCodeOfKind(
  db: Db,
  siteId: number,
  kind: DiscountKind,
): Promise<DiscountCodeRow | null> {
  const [row] = await db
    .select()
    .from(discountCodes)
    .where(and(eq(discountCodes.site_id, siteId), eq(discountCodes.kind, kind), eq(discountCodes.status, 'active')))
    .orderBy(asc(discountCodes.id))
    .limit(1);
  return row ?? null;
}

/**
 * Paid payments that used discount code `codeId`: by member `userId`, or by anyone when `userId` is
 * null (validity once). Served by payments_discount_idx.
 */
export async function countPaidWithCode(db: Db, codeId: number, userId: number | null): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(payments)
    .where(
      and(
        eq(payments.discount_code_id, codeId),
        eq(payments.status, 'paid'),
        userId === null ? undefined : eq(payments.user_id, userId),
      ),
    );
  return row?.n ?? 0;
}

/** Whether the member ever completed a payment (the welcome code is for the first purchase only). */
export async function hasPaidPayment(db: Db, userId: number): Promise<boolean> {
  const rows = await db
    .select({ id: payments.id })
    .from(payments)
    .where(and(eq(payments.user_id, userId), eq(payments.status, 'paid')))
    .limit(1);
  return rows.length > 0;
}

/** The country (ISO 3166-1 alpha-2) of the member's own profile, null without one. */
export async function findMemberCountry(db: Db, userId: number): Promise<string | null> {
  const [row] = await db.select({ country: profiles.country }).from(profiles).where(eq(profiles.user_id, userId));
  return row?.country ?? null;
}

/** An active credit package of the site: its price in cents and currency, null when unknown. */
export async function findActivePackagePrice(
  db: Db,
  siteId: number,
  packageId: number,
): Promise<{ price_cents: number; currency: string } | null> {
  const [row] = await db
    .select({ price_cents: creditPackages.price_cents, currency: creditPackages.currency })
    .from(creditPackages)
    .where(and(eq(creditPackages.id, packageId), eq(creditPackages.site_id, siteId), eq(creditPackages.active, true)));
  return row ?? null;
}
