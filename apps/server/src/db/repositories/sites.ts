import { eq, or } from 'drizzle-orm';
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
