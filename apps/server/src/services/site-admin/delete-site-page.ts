import type { AdminSitePageDeleteBody } from '@app/contracts';
import { deleteSitePage } from '../../db/repositories/site-pages.js';
import type { AppDeps } from '../../deps.js';
import type { Actor } from '../../policies/actor.js';
import { shippedPage } from '../public/site-pages.js';
import { type AuditWho, recordAudit } from '../staff/audit.js';
import { pageSnapshot } from './save-site-page.js';
import {
  loadSitePageView,
  pageKindOf,
  requirePageSite,
  requireSiteLanguage,
  type SitePageView,
} from './view-site-page.js';

/**
 * Removes the site's text of a page in one language (issue: public site): the shipped text shows again
 * (audited `site_page.restore`), or, where the product ships none in that language (a {token} page
 * staff wrote), the text is gone (audited `site_page.delete`; the public page falls back to Dutch or
 * answers 404). The entry keeps the removed text as `before`. Removing a text the site does not have
 * changes nothing and records nothing. After a change every instance hears of it (site-changes.ts).
 * Answers the page as it is afterwards.
 * @throws AppError forbidden (403) for roles other than admin; not_found (404) for an unknown site or
 *   one outside the actor's; validation_failed (400, data.issues) for a slug that is no page or a
 *   language the site does not offer
 */
export async function deleteSitePageText(
  deps: Pick<AppDeps, 'db' | 'siteChanges'>,
  input: { actor: Actor; who: AuditWho; body: AdminSitePageDeleteBody },
): Promise<SitePageView> {
  const { site_id: siteId, slug, language } = input.body;
  const site = await requirePageSite(deps, input.actor, 'update', siteId);
  pageKindOf(slug);
  requireSiteLanguage(site, language);
  const shipped = shippedPage(slug, language);
  const changed = await deps.db.transaction(async (tx) => {
    const removed = await deleteSitePage(tx, site.id, slug, language);
    if (!removed) return false;
    await recordAudit(tx, input.who, {
      action: shipped ? 'site_page.restore' : 'site_page.delete',
      objectType: 'site_page',
      objectId: `${slug}/${language}`,
      siteId: site.id,
      before: pageSnapshot(removed),
      after: shipped ? { source: 'shipped' } : null,
    });
    return true;
  });
  if (changed) await deps.siteChanges.announce(site.id);
  return loadSitePageView(deps.db, site, slug, language);
}
