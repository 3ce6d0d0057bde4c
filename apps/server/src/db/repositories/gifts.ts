import { and, asc, eq } from 'drizzle-orm';
import type { Db } from '../client.js';
import { gifts } from '../schema.js';
import type { DbOrTx } from './photos.js';

export type GiftRow = typeof gifts.$inferSelect;

/** The active gifts of a site in catalogue order. */
export async function listGifts(db: Db, siteId: number): Promise<GiftRow[]> {
  return db
    .select()
    .from(gifts)
    .where(and(eq(gifts.site_id, siteId), eq(gifts.active, true)))
    .orderBy(asc(gifts.position), asc(gifts.id));
}

/** An active gift of the site, or null. */
export async function findGift(db: DbOrTx, siteId: number, id: number): Promise<GiftRow | null> {
  const [row] = await db
    .select()
    .from(gifts)
    .where(and(eq(gifts.site_id, siteId), eq(gifts.id, id), eq(gifts.active, true)));
  return row ?? null;
}

/** Adds gifts to a site's catalogue (seed, back office). */
export async function insertGifts(db: DbOrTx, rows: (typeof gifts.$inferInsert)[]): Promise<GiftRow[]> {
  if (rows.length === 0) return [];
  return db.insert(gifts).values(rows).returning();
}
