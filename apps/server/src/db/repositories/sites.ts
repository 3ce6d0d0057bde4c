import { asc, eq, inArray, or } from 'drizzle-orm';
import type { Db } from '../client.js';
import { companies, sites } from '../schema.js';

export type SiteRow = typeof sites.$inferSelect;
export type CompanyRow = typeof companies.$inferSelect;

/** The site whose domain is `domain`, else the default site; null only before seeding. */
export async function findSiteForDomain(db: Db, domain: string): Promise<SiteRow | null> {
  const rows = await db
    .select()
    .from(sites)
    .where(or(eq(sites.domain, domain), eq(sites.is_default, true)));
  return rows.find((r) => r.domain === domain) ?? rows.find((r) => r.is_default) ?? null;
}

/** The company a site belongs to. */
export async function findCompany(db: Db, companyId: number): Promise<CompanyRow | null> {
  const [row] = await db.select().from(companies).where(eq(companies.id, companyId));
  return row ?? null;
}

/** Whether any site exists (an empty database gets the demo seed). */
export async function hasSites(db: Db): Promise<boolean> {
  const rows = await db.select({ id: sites.id }).from(sites).limit(1);
  return rows.length > 0;
}

/** Every site, by id (the back office's site lists and filters). */
export async function listSites(db: Db): Promise<SiteRow[]> {
  return db.select().from(sites).orderBy(asc(sites.id));
}

/** The sites of these domains (unknown domains are left out). */
export async function findSitesByDomains(db: Db, domains: readonly string[]): Promise<SiteRow[]> {
  if (domains.length === 0) return [];
  return db
    .select()
    .from(sites)
    .where(inArray(sites.domain, [...domains]));
}

/** The site `id`, or null. */
export async function findSiteById(db: Db, id: number): Promise<SiteRow | null> {
  const [row] = await db.select().from(sites).where(eq(sites.id, id));
  return row ?? null;
}
