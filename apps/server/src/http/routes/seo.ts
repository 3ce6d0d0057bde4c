import { LEGAL_PAGE_SLUGS } from '@app/contracts';
import { escapeHtml as xmlEscape } from '@app/public-site';
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../deps.js';
import { pageUrl, publicSite } from '../../presenters/public-page.js';
import { landerPaths } from '../../services/public/landers.js';
import { listTokenPages } from '../../services/public/site-pages.js';
import type { SiteRow } from '../../services/sites/site-lookup.js';

/**
 * The paths of a site's public pages (issue: public site): home, pricing, the legal pages, its {token}
 * pages and the landers. The member area and the profile landers (ad entry points) are left out.
 */
export async function publicPagePaths(deps: Pick<AppDeps, 'db'>, site: SiteRow): Promise<string[]> {
  const tokens = await listTokenPages(deps, { siteId: site.id });
  return [
    '/',
    '/pricing',
    ...LEGAL_PAGE_SLUGS.map((slug) => `/pages/${slug}`),
    ...tokens.map((token) => `/${token}`),
    ...landerPaths(site),
  ];
}

/**
 * `GET /robots.txt` and `GET /sitemap.xml` per site (issue: public site): the sitemap lists this
 * site's public pages only, each with its hreflang alternates in the site's languages; robots.txt
 * keeps crawlers out of the API and the back office and names the sitemap.
 */
export function registerSeoRoutes(app: FastifyInstance, deps: Pick<AppDeps, 'db' | 'config'>): void {
  app.get('/robots.txt', { schema: { hide: true } }, async (req, reply) => {
    const site = publicSite(req.site, deps.config, 'nl', false);
    reply.header('cache-control', 'public, max-age=3600');
    return reply
      .type('text/plain; charset=utf-8')
      .send(
        [
          'User-agent: *',
          'Disallow: /api/',
          'Disallow: /admin',
          'Allow: /',
          '',
          `Sitemap: ${site.origin}/sitemap.xml`,
          '',
        ].join('\n'),
      );
  });

  app.get('/sitemap.xml', { schema: { hide: true } }, async (req, reply) => {
    const site = publicSite(req.site, deps.config, 'nl', false);
    const paths = await publicPagePaths(deps, req.site);
    const entries: string[] = [];
    for (const pathName of paths) {
      for (const lng of site.languages) {
        const alternates = site.languages
          .map(
            (alt) =>
              `<xhtml:link rel="alternate" hreflang="${alt}" href="${xmlEscape(pageUrl(site, pathName, alt))}"/>`,
          )
          .join('');
        entries.push(`<url><loc>${xmlEscape(pageUrl(site, pathName, lng))}</loc>${alternates}</url>`);
      }
    }
    reply.header('cache-control', 'public, max-age=3600');
    return reply
      .type('application/xml; charset=utf-8')
      .send(
        `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">\n${entries.join('\n')}\n</urlset>\n`,
      );
  });
}
