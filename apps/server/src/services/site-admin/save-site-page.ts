import type { AdminSitePageSaveBody } from '@app/contracts';
import { findSitePage, type SitePageRow, upsertSitePage } from '../../db/repositories/site-pages.js';
import type { AppDeps } from '../../deps.js';
import type { Actor } from '../../policies/actor.js';
import { type AuditWho, recordAudit } from '../staff/audit.js';
import {
  loadSitePageView,
  pageKindOf,
  requirePageSite,
  requireSiteLanguage,
  type SitePageView,
} from './view-site-page.js';

/** What the audit log keeps of a page text. */
export function pageSnapshot(row: Pick<SitePageRow, 'title' | 'description' | 'body'>) {
  return { title: row.title, description: row.description, body: row.body };
}

/**
 * Saves the site's text of a page in one language (issue: public site: staff edit the legal and {token}
 * pages per site and language, the shipped text being the default): it replaces any earlier staff text
 * and the public page shows it from the next request on. A {token} not yet known makes a new page.
 * One audit entry `site_page.save` (object `<slug>/<language>`) with the staff text before (null when
 * the shipped text showed) and after, in the change's transaction; saving the same text again changes
 * nothing. After the commit every instance hears of the site's change (site-changes.ts).
 * @throws AppError forbidden (403) for roles other than admin; not_found (404) for an unknown site or
 *   one outside the actor's; validation_failed (400, data.issues) for a slug that is no page
 *   (page_token_invalid, page_token_reserved) or a language the site does not offer (language_not_offered)
 */
export async function saveSitePage(
  deps: Pick<AppDeps, 'db' | 'siteChanges'>,
  input: { actor: Actor; who: AuditWho; body: AdminSitePageSaveBody },
): Promise<SitePageView> {
  const { site_id: siteId, slug, language, ...text } = input.body;
  const site = await requirePageSite(deps, input.actor, 'update', siteId);
  pageKindOf(slug);
  requireSiteLanguage(site, language);
  const changed = await deps.db.transaction(async (tx) => {
    const before = await findSitePage(tx, site.id, slug, language);
    if (before && JSON.stringify(pageSnapshot(before)) === JSON.stringify(pageSnapshot(text))) return false;
    const after = await upsertSitePage(tx, {
      site_id: site.id,
      slug,
      language,
      ...text,
      updated_by: input.who.staffId,
    });
    await recordAudit(tx, input.who, {
      action: 'site_page.save',
      objectType: 'site_page',
      objectId: `${slug}/${language}`,
      siteId: site.id,
      before: before ? pageSnapshot(before) : null,
      after: pageSnapshot(after),
    });
    return true;
  });
  if (changed) await deps.siteChanges.announce(site.id);
  return loadSitePageView(deps.db, site, slug, language);
}
