import type { AdminSitePage, AdminSitePageList } from '@app/contracts';
import type { SitePageList } from '../../services/site-admin/list-site-pages.js';
import { pagePath, type SitePageView } from '../../services/site-admin/view-site-page.js';

/** A site's pages × its languages with the source of each text (issue: public site, back office). */
export function presentAdminSitePageList({ site, pages }: SitePageList): AdminSitePageList {
  return {
    site_id: site.id,
    languages: site.languages,
    pages: pages.map((page) => ({
      slug: page.slug,
      kind: page.kind,
      path: pagePath(page.kind, page.slug),
      languages: page.languages.map((l) => ({
        language: l.language,
        source: l.source,
        updated_at: l.updatedAt?.toISOString() ?? null,
      })),
    })),
  };
}

/**
 * One page text for the editor: the staff text, else the shipped one, else empty fields (source
 * `none`); `default` is always the shipped text of that language (null when none ships).
 */
export function presentAdminSitePage(view: SitePageView): AdminSitePage {
  const { staff, shipped } = view;
  const shown = staff ?? shipped;
  return {
    site_id: view.site.id,
    slug: view.slug,
    kind: view.kind,
    path: pagePath(view.kind, view.slug),
    language: view.language,
    title: shown?.title ?? '',
    description: shown?.description ?? '',
    body: shown?.body ?? '',
    source: staff ? 'site' : shipped ? 'shipped' : 'none',
    updated_at: staff ? staff.updated_at.toISOString() : null,
    default: shipped ? { title: shipped.title, description: shipped.description, body: shipped.body } : null,
  };
}
