/**
 * The back office's reads and writes of a site's shop (issue: back office II): credit packages, gifts
 * and discount codes with their use. Every write takes the executor of the caller's transaction.
 */
import { and, asc, desc, eq, inArray, ne, sql } from 'drizzle-orm';
import type { Db } from '../client.js';
import { creditPackages, directDebitMandates, discountCodes, gifts, payments, sites, users } from '../schema.js';
import type { CreditPackageRow } from './credit-packages.js';
import type { DiscountCodeRow, DiscountKind } from './discount-codes.js';
import type { GiftRow } from './gifts.js';

/** A package with the number of payments (any state) that name it. */
export interface StaffPackageRow {
  row: CreditPackageRow;
  payments: number;
}

/** A discount code with its paid uses and the open or pending payments holding it. */
export interface StaffDiscountRow {
  row: DiscountCodeRow;
  paidUses: number;
  openClaims: number;
}

/**
 * Serialises changes to one site's shop (one highlighted package at most): a row lock on the site
 * that payments and other inserts naming the site do not wait for (NO KEY UPDATE).
 */
export async function lockSiteShop(tx: Db, siteId: number): Promise<void> {
  await tx.select({ id: sites.id }).from(sites).where(eq(sites.id, siteId)).for('no key update');
}

/** Payments per package id of `ids` (one scan of payments for the whole list). */
async function paymentsPerPackage(db: Db, ids: number[]): Promise<Map<number, number>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ id: payments.package_id, n: sql<number>`count(*)::int` })
    .from(payments)
    .where(inArray(payments.package_id, ids))
    .groupBy(payments.package_id);
  return new Map(rows.map((r) => [r.id, r.n]));
}

/** Every package of a site, active or not, in shop order (position, then id). */
export async function listStaffPackages(db: Db, siteId: number): Promise<StaffPackageRow[]> {
  const rows = await db
    .select()
    .from(creditPackages)
    .where(eq(creditPackages.site_id, siteId))
    .orderBy(asc(creditPackages.position), asc(creditPackages.id));
  const counts = await paymentsPerPackage(
    db,
    rows.map((r) => r.id),
  );
  return rows.map((row) => ({ row, payments: counts.get(row.id) ?? 0 }));
}

/** One package with its payment count, any state; null when unknown. */
export async function findStaffPackage(db: Db, id: number): Promise<StaffPackageRow | null> {
  const [row] = await db.select().from(creditPackages).where(eq(creditPackages.id, id));
  if (!row) return null;
  return { row, payments: (await paymentsPerPackage(db, [id])).get(id) ?? 0 };
}

/** Adds a package. */
export async function insertPackage(tx: Db, values: typeof creditPackages.$inferInsert): Promise<CreditPackageRow> {
  const [row] = await tx.insert(creditPackages).values(values).returning();
  if (!row) throw new Error('package insert returned nothing');
  return row;
}

/** Changes a package's fields; null when it is gone. */
export async function updatePackageRow(
  tx: Db,
  id: number,
  changes: Partial<Omit<CreditPackageRow, 'id' | 'site_id'>>,
): Promise<CreditPackageRow | null> {
  if (Object.keys(changes).length === 0) {
    const [same] = await tx.select().from(creditPackages).where(eq(creditPackages.id, id));
    return same ?? null;
  }
  const [row] = await tx.update(creditPackages).set(changes).where(eq(creditPackages.id, id)).returning();
  return row ?? null;
}

/** Takes the highlight from every package of the site but `keepId`. */
export async function clearOtherHighlights(tx: Db, siteId: number, keepId: number): Promise<void> {
  await tx
    .update(creditPackages)
    .set({ highlighted: false })
    .where(
      and(eq(creditPackages.site_id, siteId), eq(creditPackages.highlighted, true), ne(creditPackages.id, keepId)),
    );
}

/**
 * Deletes a package that no payment and no direct-debit mandate names; false (nothing deleted) when
 * one does. The NOT EXISTS conditions and the foreign keys make it safe against a payment started meanwhile.
 */
export async function deleteUnusedPackage(tx: Db, id: number): Promise<boolean> {
  const deleted = await tx
    .delete(creditPackages)
    .where(
      and(
        eq(creditPackages.id, id),
        sql`not exists (select 1 from ${payments} where ${payments.package_id} = ${id})`,
        sql`not exists (select 1 from ${directDebitMandates} where ${directDebitMandates.package_id} = ${id})`,
      ),
    )
    .returning({ id: creditPackages.id });
  return deleted.length > 0;
}

/** Every gift of a site, active or not, in catalogue order. */
export async function listStaffGifts(db: Db, siteId: number): Promise<GiftRow[]> {
  return db.select().from(gifts).where(eq(gifts.site_id, siteId)).orderBy(asc(gifts.position), asc(gifts.id));
}

/** One gift, any state; null when unknown. */
export async function findStaffGift(db: Db, id: number): Promise<GiftRow | null> {
  const [row] = await db.select().from(gifts).where(eq(gifts.id, id));
  return row ?? null;
}

/** Changes a gift's fields; null when it is gone. */
export async function updateGiftRow(
  tx: Db,
  id: number,
  changes: Partial<Omit<GiftRow, 'id' | 'site_id'>>,
): Promise<GiftRow | null> {
  if (Object.keys(changes).length === 0) return findStaffGift(tx, id);
  const [row] = await tx.update(gifts).set(changes).where(eq(gifts.id, id)).returning();
  return row ?? null;
}

/** Paid uses and open claims per code id of `ids` (payments_discount_idx). */
async function usesPerCode(db: Db, ids: number[]): Promise<Map<number, { paid: number; open: number }>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({
      id: payments.discount_code_id,
      paid: sql<number>`count(*) filter (where ${payments.status} = 'paid')::int`,
      open: sql<number>`count(*) filter (where ${payments.status} in ('open', 'pending'))::int`,
    })
    .from(payments)
    .where(inArray(payments.discount_code_id, ids))
    .groupBy(payments.discount_code_id);
  return new Map(rows.map((r) => [r.id as number, { paid: r.paid, open: r.open }]));
}

async function withUses(db: Db, rows: DiscountCodeRow[]): Promise<StaffDiscountRow[]> {
  const uses = await usesPerCode(
    db,
    rows.map((r) => r.id),
  );
  return rows.map((row) => ({ row, paidUses: uses.get(row.id)?.paid ?? 0, openClaims: uses.get(row.id)?.open ?? 0 }));
}

/** One page of a site's codes, newest first, optionally of one status and kind, with their use. */
export async function listStaffDiscounts(
  db: Db,
  filter: { siteId: number; status?: string | undefined; kind?: string | undefined },
  page: { limit: number; offset: number },
): Promise<{ rows: StaffDiscountRow[]; more: boolean }> {
  const rows = await db
    .select()
    .from(discountCodes)
    .where(
      and(
        eq(discountCodes.site_id, filter.siteId),
        filter.status ? eq(discountCodes.status, filter.status) : undefined,
        filter.kind ? eq(discountCodes.kind, filter.kind) : undefined,
      ),
    )
    .orderBy(desc(discountCodes.id))
    .limit(page.limit + 1)
    .offset(page.offset);
  return { rows: await withUses(db, rows.slice(0, page.limit)), more: rows.length > page.limit };
}

/** One code with its use; null when unknown. */
export async function findStaffDiscount(db: Db, id: number): Promise<StaffDiscountRow | null> {
  const [row] = await db.select().from(discountCodes).where(eq(discountCodes.id, id));
  return row ? ((await withUses(db, [row]))[0] ?? null) : null;
}

/**
 * The site's welcome discount or time bonus as members get it: the oldest active row of `kind`, else
 * the oldest of any state (so staff can switch it on again); null when the site has none.
 */
export async function findAutomaticDiscount(
  db: Db,
  siteId: number,
  kind: DiscountKind,
): Promise<DiscountCodeRow | null> {
  const [row] = await db
    .select()
    .from(discountCodes)
    .where(and(eq(discountCodes.site_id, siteId), eq(discountCodes.kind, kind)))
    .orderBy(sql`${discountCodes.status} = 'active' desc`, asc(discountCodes.id))
    .limit(1);
  return row ?? null;
}

/** Adds a code. @throws the unique violation of discount_codes_site_code_key for a code the site has */
export async function insertDiscount(tx: Db, values: typeof discountCodes.$inferInsert): Promise<DiscountCodeRow> {
  const [row] = await tx.insert(discountCodes).values(values).returning();
  if (!row) throw new Error('discount insert returned nothing');
  return row;
}

/** Changes a code's fields; null when it is gone. */
export async function updateDiscountRow(
  tx: Db,
  id: number,
  changes: Partial<Pick<DiscountCodeRow, 'value_percentage' | 'status' | 'expires'>>,
): Promise<DiscountCodeRow | null> {
  const [row] = await tx.update(discountCodes).set(changes).where(eq(discountCodes.id, id)).returning();
  return row ?? null;
}

/** Ends a code once: only a code not ended yet moves (conditional UPDATE); null when it was ended already or is gone. */
export async function endDiscountRow(tx: Db, id: number): Promise<DiscountCodeRow | null> {
  const [row] = await tx
    .update(discountCodes)
    .set({ status: 'ended' })
    .where(and(eq(discountCodes.id, id), ne(discountCodes.status, 'ended')))
    .returning();
  return row ?? null;
}

/** Whether `userId` is an account of site `siteId`. */
export async function isMemberOfSite(db: Db, siteId: number, userId: number): Promise<boolean> {
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.id, userId), eq(users.site_id, siteId)))
    .limit(1);
  return rows.length > 0;
}
