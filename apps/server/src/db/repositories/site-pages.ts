import { and, asc, eq, sql } from 'drizzle-orm';
import type { Db } from '../client.js';
import { sitePages } from '../schema.js';

/** A row of `site_pages`: a public page's text written by staff for one site and language. */
export type SitePageRow = typeof sitePages.$inferSelect;

/** The staff text of page `slug` in `language` on site `siteId`, or null. */
export async function findSitePage(
  db: Db,
  siteId: number,
  slug: string,
  language: string,
): Promise<SitePageRow | null> {
  const [row] = await db
    .select()
    .from(sitePages)
    .where(and(eq(sitePages.site_id, siteId), eq(sitePages.slug, slug), eq(sitePages.language, language)))
    .limit(1);
  return row ?? null;
}

/** Every staff-written page text of a site, by slug then language. */
export function listSitePages(db: Db, siteId: number): Promise<SitePageRow[]> {
  return db
    .select()
    .from(sitePages)
    .where(eq(sitePages.site_id, siteId))
    .orderBy(asc(sitePages.slug), asc(sitePages.language));
}

/** Stores (inserts or replaces) a page text; returns the stored row. */
export async function upsertSitePage(
  db: Db,
  row: Pick<SitePageRow, 'site_id' | 'slug' | 'language' | 'title' | 'description' | 'body' | 'updated_by'>,
): Promise<SitePageRow> {
  const [stored] = await db
    .insert(sitePages)
    .values(row)
    .onConflictDoUpdate({
      target: [sitePages.site_id, sitePages.slug, sitePages.language],
      set: {
        title: row.title,
        description: row.description,
        body: row.body,
        updated_by: row.updated_by,
        updated_at: sql`now()`,
      },
    })
    .returning();
  if (!stored) throw new Error('site page not stored');
  return stored;
}

/** Removes a page text (the shipped text shows again); returns the removed row or null. */
export async function deleteSitePage(
  db: Db,
  siteId: number,
  slug: string,
  language: string,
): Promise<SitePageRow | null> {
  const [removed] = await db
    .delete(sitePages)
    .where(and(eq(sitePages.site_id, siteId), eq(sitePages.slug, slug), eq(sitePages.language, language)))
    .returning();
  return removed ?? null;
}
