/** The authorization matrix's rows of the back office's page texts (issue: public site): admins only, as site settings. */
import type { Row } from './types.js';

/** A page text of the matrix: a staff-written {token} page in English. */
const page = { slug: 'authz-page', language: 'en' };

export const sitePageRows: Record<string, Row> = {
  'GET /api/admin/site-pages.php': { kind: 'object', request: (w, site) => ({ query: { site_id: w.sites[site].id } }) },
  'GET /api/admin/site-page.php': {
    kind: 'object',
    request: (w, site) => ({ query: { site_id: w.sites[site].id, slug: 'terms', language: 'en' } }),
  },
  'PUT /api/admin/site-page.php': {
    kind: 'object',
    request: (w, site) => ({
      body: { site_id: w.sites[site].id, ...page, title: 'Authz', description: '', body: 'Authz matrix page.' },
    }),
  },
  'DELETE /api/admin/site-page.php': {
    kind: 'object',
    request: (w, site) => ({ body: { site_id: w.sites[site].id, ...page } }),
  },
};
