import { and, asc, eq } from 'drizzle-orm';
import type { Db } from '../client.js';
import { creditPackages } from '../schema.js';

export type CreditPackageRow = typeof creditPackages.$inferSelect;

/** The active packages of a site in shop order (position, then id). */
export async function listActivePackages(db: Db, siteId: number): Promise<CreditPackageRow[]> {
  return db
    .select()
    .from(creditPackages)
    .where(and(eq(creditPackages.site_id, siteId), eq(creditPackages.active, true)))
    .orderBy(asc(creditPackages.position), asc(creditPackages.id));
}

/** An active package of this site, or null (another site's package is as good as absent). */
export async function findActivePackage(db: Db, siteId: number, id: number): Promise<CreditPackageRow | null> {
  const [row] = await db
    .select()
    .from(creditPackages)
    .where(and(eq(creditPackages.id, id), eq(creditPackages.site_id, siteId), eq(creditPackages.active, true)));
  return row ?? null;
}
