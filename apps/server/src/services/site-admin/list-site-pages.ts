import { LEGAL_PAGE_SLUGS, type PageKind, type PageTextSource } from '@app/contracts';
import { listSitePages } from '../../db/repositories/site-pages.js';
import type { SiteRow } from '../../db/repositories/sites.js';
import type { AppDeps } from '../../deps.js';
import type { Actor } from '../../policies/actor.js';
import { listTokenPages, shippedPage } from '../public/site-pages.js';
import { requirePageSite } from './view-site-page.js';

/** A page of a site with the source of its text in each of the site's languages. */
export interface SitePageListEntry {
  slug: string;
  kind: PageKind;
  languages: { language: string; source: PageTextSource; updatedAt: Date | null }[];
}

/** A site's pages for the back office: the legal pages first (SPEC.md 2 order), then the {token} pages by slug. */
export interface SitePageList {
  site: SiteRow;
  pages: SitePageListEntry[];
}

/**
 * The public pages of a site (issue: public site): the legal pages of SPEC.md 2 and its {token} pages
 * (the shipped ones and those staff wrote), each × the site's languages with where the text in that
 * language comes from: `site` (staff), `shipped` or `none` (the public page then falls back to Dutch).
 * Admins only (policies 'site').
 * @throws AppError forbidden (403) for another role; not_found (404) for a site outside the account's
 */
export async function listAdminSitePages(
  deps: Pick<AppDeps, 'db'>,
  input: { actor: Actor; siteId: number },
): Promise<SitePageList> {
  const site = await requirePageSite(deps, input.actor, 'view', input.siteId);
  const [rows, tokens] = await Promise.all([
    listSitePages(deps.db, site.id),
    listTokenPages(deps, { siteId: site.id }),
  ]);
  const staffTexts = new Map(rows.map((row) => [`${row.slug}/${row.language}`, row]));
  const entry = (slug: string, kind: PageKind): SitePageListEntry => ({
    slug,
    kind,
    languages: site.languages.map((language) => {
      const row = staffTexts.get(`${slug}/${language}`);
      if (row) return { language, source: 'site', updatedAt: row.updated_at };
      return { language, source: shippedPage(slug, language) ? 'shipped' : 'none', updatedAt: null };
    }),
  });
  return {
    site,
    pages: [...LEGAL_PAGE_SLUGS.map((slug) => entry(slug, 'legal')), ...tokens.map((slug) => entry(slug, 'token'))],
  };
}
