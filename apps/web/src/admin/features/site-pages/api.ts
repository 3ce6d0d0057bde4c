import { type AdminSitePage, adminSitePageCalls, type CallBodyInput } from '@app/contracts';
import { queryOptions } from '@tanstack/react-query';
import { call } from '../../../lib/api';

/** Query keys of the page texts (invalidate `sitePageKeys.site(id)` after a change). */
export const sitePageKeys = {
  site: (siteId: number) => ['admin', 'site-pages', siteId] as const,
  list: (siteId: number) => ['admin', 'site-pages', siteId, 'list'] as const,
  page: (siteId: number, slug: string, language: string) => ['admin', 'site-pages', siteId, slug, language] as const,
};

/** GET /api/admin/site-pages.php?site_id=: the legal and {token} pages × the site's languages with their source. */
export const sitePageListQuery = (siteId: number) =>
  queryOptions({
    queryKey: sitePageKeys.list(siteId),
    queryFn: ({ signal }) => call(adminSitePageCalls.list, { query: { site_id: siteId }, signal }),
  });

/** GET /api/admin/site-page.php: one page text in one language with the shipped default. */
export const sitePageQuery = (siteId: number, slug: string, language: string) =>
  queryOptions({
    queryKey: sitePageKeys.page(siteId, slug, language),
    queryFn: ({ signal }) =>
      call(adminSitePageCalls.detail, {
        query: { site_id: siteId, slug, language: language as AdminSitePageTarget['language'] },
        signal,
      }),
  });

/** The body of PUT /api/admin/site-page.php. */
export type SitePageSave = CallBodyInput<typeof adminSitePageCalls.save>;
/** Which page text: site, slug and language (the body of DELETE /api/admin/site-page.php). */
export type AdminSitePageTarget = CallBodyInput<typeof adminSitePageCalls.remove>;

/** PUT /api/admin/site-page.php: saves the site's text; answers the page as it is now. */
export function saveSitePage(body: SitePageSave): Promise<AdminSitePage> {
  return call(adminSitePageCalls.save, { body });
}

/** DELETE /api/admin/site-page.php: the shipped text shows again, or a staff-only {token} page is gone. */
export function removeSitePage(body: AdminSitePageTarget): Promise<AdminSitePage> {
  return call(adminSitePageCalls.remove, { body });
}
