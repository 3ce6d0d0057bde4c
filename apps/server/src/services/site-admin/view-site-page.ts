import { isLegalPageSlug, type PageKind, pageSlugIssue } from '@app/contracts';
import type { Db } from '../../db/client.js';
import { findSitePage, type SitePageRow } from '../../db/repositories/site-pages.js';
import { findSiteById, type SiteRow } from '../../db/repositories/sites.js';
import type { AppDeps } from '../../deps.js';
import { notFound, validationFailed } from '../../errors.js';
import type { Actor } from '../../policies/actor.js';
import { staffScope } from '../../policies/policies.js';
import { type PageText, shippedPage } from '../public/site-pages.js';
import { fieldIssue } from './site-view.js';

/** One page text of a site in one language as the back office edits it. */
export interface SitePageView {
  site: SiteRow;
  slug: string;
  kind: PageKind;
  language: string;
  /** The site's staff text in exactly this language, or null. */
  staff: SitePageRow | null;
  /** The shipped text in exactly this language (locales/<lng>/pages/<slug>.md), or null. */
  shipped: PageText | null;
}

/**
 * The site whose page texts `actor` wants to read (`view`) or change (`update`): the rule of the other
 * site settings (update-site.ts, view-site.ts: policies resource `site`, admins only), on one of the
 * account's sites.
 * @throws AppError authentication_required (403) for a non-staff actor, forbidden (403) for another
 *   role, not_found (404) for an unknown site or one outside the account's
 */
export async function requirePageSite(
  { db }: Pick<AppDeps, 'db'>,
  actor: Actor,
  action: 'view' | 'update',
  siteId: number,
): Promise<SiteRow> {
  staffScope(actor, action, 'site', siteId);
  const site = await findSiteById(db, siteId);
  if (!site) throw notFound();
  return site;
}

/**
 * The kind of page `slug` names: a legal page of SPEC.md 2 or a {token} page (contracts isValidPageToken).
 * @throws AppError validation_failed (400, data.issues at /slug: page_token_invalid or page_token_reserved)
 */
export function pageKindOf(slug: string): PageKind {
  const issue = pageSlugIssue(slug);
  if (issue) throw validationFailed(fieldIssue('slug', issue));
  return isLegalPageSlug(slug) ? 'legal' : 'token';
}

/**
 * Checks that `site` offers `language` (a page text in another language would never be shown).
 * @throws AppError validation_failed (400, data.issues at /language: language_not_offered)
 */
export function requireSiteLanguage(site: SiteRow, language: string): void {
  if (!site.languages.includes(language)) throw validationFailed(fieldIssue('language', 'language_not_offered'));
}

/** The public path of a page: /pages/<slug> for a legal page, /<token> for a {token} page. */
export function pagePath(kind: PageKind, slug: string): string {
  return kind === 'legal' ? `/pages/${slug}` : `/${slug}`;
}

/** Reads page `slug` of `site` in `language`: the staff text and the shipped one (read after a change). */
export async function loadSitePageView(db: Db, site: SiteRow, slug: string, language: string): Promise<SitePageView> {
  return {
    site,
    slug,
    kind: pageKindOf(slug),
    language,
    staff: await findSitePage(db, site.id, slug, language),
    shipped: shippedPage(slug, language),
  };
}

/**
 * One page text of a site in one language for the back office's editor (issue: public site: staff edit
 * the texts per site and language with the shipped texts as the default): the staff text and the
 * shipped default of exactly that language. Admins only (policies 'site').
 * @throws AppError forbidden (403) for another role; not_found (404) for a site outside the account's;
 *   validation_failed (400) for a slug that is no page or a language the site does not offer
 */
export async function viewSitePage(
  deps: Pick<AppDeps, 'db'>,
  input: { actor: Actor; siteId: number; slug: string; language: string },
): Promise<SitePageView> {
  const site = await requirePageSite(deps, input.actor, 'view', input.siteId);
  pageKindOf(input.slug);
  requireSiteLanguage(site, input.language);
  return loadSitePageView(deps.db, site, input.slug, input.language);
}
