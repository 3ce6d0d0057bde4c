/** SQL of the back office's sites (issue: back office II): sites, companies, member counts, a new site's shop. */
import type { LocalizedText } from '@app/contracts';
import { and, asc, count, eq, inArray, isNull, ne, sql } from 'drizzle-orm';
import type { Db } from '../client.js';
import { companies, creditPackages, discountCodes, gifts, sites, users } from '../schema.js';
import type { CompanyRow, SiteRow } from './sites.js';

export type SiteInsert = typeof sites.$inferInsert;
export type SitePatch = Partial<Omit<SiteInsert, 'id' | 'created_at'>>;
export type CompanyInsert = typeof companies.$inferInsert;
export type CompanyPatch = Partial<Omit<CompanyInsert, 'id'>>;

/** Members (accounts not erased) per site id; sites without members are left out. */
export async function countMembersBySite(db: Db, siteIds?: readonly number[]): Promise<Map<number, number>> {
  const where = siteIds ? and(isNull(users.erased_at), inArray(users.site_id, [...siteIds])) : isNull(users.erased_at);
  const rows = await db.select({ site_id: users.site_id, n: count() }).from(users).where(where).groupBy(users.site_id);
  return new Map(rows.map((r) => [r.site_id, Number(r.n)]));
}

/** Every company with the number of sites it runs, by id. */
export async function listCompaniesWithSiteCounts(db: Db): Promise<(CompanyRow & { site_count: number })[]> {
  const rows = await db
    .select({
      company: companies,
      site_count: sql<number>`(select count(*) from ${sites} where ${sites.company_id} = ${companies.id})`,
    })
    .from(companies)
    .orderBy(asc(companies.id));
  return rows.map((r) => ({ ...r.company, site_count: Number(r.site_count) }));
}

/** The number of sites company `companyId` runs. */
export async function countSitesOfCompany(db: Db, companyId: number): Promise<number> {
  const [row] = await db.select({ n: count() }).from(sites).where(eq(sites.company_id, companyId));
  return Number(row?.n ?? 0);
}

/** The ids of the sites company `companyId` runs. */
export async function siteIdsOfCompany(db: Db, companyId: number): Promise<number[]> {
  const rows = await db.select({ id: sites.id }).from(sites).where(eq(sites.company_id, companyId));
  return rows.map((r) => r.id);
}

/** The company `id` locked for an update in the caller's transaction, or null. */
export async function findCompanyForUpdate(db: Db, id: number): Promise<CompanyRow | null> {
  const [row] = await db.select().from(companies).where(eq(companies.id, id)).for('update');
  return row ?? null;
}

/** Inserts a company; answers it. */
export async function insertCompany(db: Db, values: CompanyInsert): Promise<CompanyRow> {
  const [row] = await db.insert(companies).values(values).returning();
  return row!;
}

/** Changes company `id`; answers the row after the change. */
export async function updateCompanyRow(db: Db, id: number, patch: CompanyPatch): Promise<CompanyRow> {
  const [row] = await db.update(companies).set(patch).where(eq(companies.id, id)).returning();
  return row!;
}

/** The default site, or null before seeding. */
export async function findDefaultSite(db: Db): Promise<SiteRow | null> {
  const [row] = await db.select().from(sites).where(eq(sites.is_default, true));
  return row ?? null;
}

/** The site `id` locked for an update in the caller's transaction, or null. */
export async function findSiteForUpdate(db: Db, id: number): Promise<SiteRow | null> {
  const [row] = await db.select().from(sites).where(eq(sites.id, id)).for('update');
  return row ?? null;
}

/** Whether another site than `exceptId` serves `domain`. */
export async function isDomainTaken(db: Db, domain: string, exceptId?: number): Promise<boolean> {
  const where = exceptId ? and(eq(sites.domain, domain), ne(sites.id, exceptId)) : eq(sites.domain, domain);
  const rows = await db.select({ id: sites.id }).from(sites).where(where).limit(1);
  return rows.length > 0;
}

/** Inserts a site; answers it. */
export async function insertSite(db: Db, values: SiteInsert): Promise<SiteRow> {
  const [row] = await db.insert(sites).values(values).returning();
  return row!;
}

/**
 * Changes site `id`; answers the row after the change. With `is_default: true` the other sites lose
 * the flag first (sites_one_default allows one), in the caller's transaction.
 */
export async function updateSiteRow(db: Db, id: number, patch: SitePatch): Promise<SiteRow> {
  if (patch.is_default) {
    await db
      .update(sites)
      .set({ is_default: false })
      .where(and(eq(sites.is_default, true), ne(sites.id, id)));
  }
  const [row] = await db.update(sites).set(patch).where(eq(sites.id, id)).returning();
  return row!;
}

/** A credit package, a gift and a discount code as a new site copies them. */
export interface ShopTemplate {
  packages: { credits: number; price_cents: number; currency: string; highlighted: boolean; position: number }[];
  gifts: { name: string; names: LocalizedText; image: string; credits: number; position: number }[];
  codes: { code: string; kind: string; value_percentage: number; validity: string; paymentmethods: string[] }[];
}

/** Site `siteId`'s active packages and gifts and its active welcome and time-bonus codes, in order. */
export async function readShopTemplate(db: Db, siteId: number): Promise<ShopTemplate> {
  const [packageRows, giftRows, codeRows] = await Promise.all([
    db
      .select()
      .from(creditPackages)
      .where(and(eq(creditPackages.site_id, siteId), eq(creditPackages.active, true)))
      .orderBy(asc(creditPackages.position), asc(creditPackages.id)),
    db
      .select()
      .from(gifts)
      .where(and(eq(gifts.site_id, siteId), eq(gifts.active, true)))
      .orderBy(asc(gifts.position), asc(gifts.id)),
    db
      .select()
      .from(discountCodes)
      .where(
        and(
          eq(discountCodes.site_id, siteId),
          inArray(discountCodes.kind, ['welcome', 'time_bonus']),
          eq(discountCodes.status, 'active'),
          isNull(discountCodes.user_id),
        ),
      )
      .orderBy(asc(discountCodes.id)),
  ]);
  return {
    packages: packageRows.map((p) => ({
      credits: p.credits,
      price_cents: p.price_cents,
      currency: p.currency,
      highlighted: p.highlighted,
      position: p.position,
    })),
    gifts: giftRows.map((g) => ({
      name: g.name,
      names: g.names,
      image: g.image,
      credits: g.credits,
      position: g.position,
    })),
    codes: codeRows.map((c) => ({
      code: c.code,
      kind: c.kind,
      value_percentage: c.value_percentage,
      validity: c.validity,
      paymentmethods: c.paymentmethods,
    })),
  };
}

/** Gives site `siteId` its own copies of `shop`'s packages, gifts and codes (in the caller's transaction). */
export async function insertShop(db: Db, siteId: number, shop: ShopTemplate): Promise<void> {
  if (shop.packages.length > 0) {
    await db.insert(creditPackages).values(shop.packages.map((p) => ({ ...p, site_id: siteId })));
  }
  if (shop.gifts.length > 0) await db.insert(gifts).values(shop.gifts.map((g) => ({ ...g, site_id: siteId })));
  if (shop.codes.length > 0) await db.insert(discountCodes).values(shop.codes.map((c) => ({ ...c, site_id: siteId })));
}
