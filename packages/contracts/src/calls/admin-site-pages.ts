import {
  AdminSitePageDeleteBodySchema,
  AdminSitePageListSchema,
  AdminSitePageQuerySchema,
  AdminSitePageSaveBodySchema,
  AdminSitePageSchema,
  AdminSitePagesQuerySchema,
} from '../admin/site-pages.js';
import { defineCall } from './define.js';

const tags = ['back office'] as const;

/**
 * Back office: the public pages' texts per site and language (issue: public site). The legal pages of
 * SPEC.md 2 and the {token} pages show the site's staff text in the page's language, else the shipped
 * text; staff write, restore and add them here. Admins only (policies 'site', as the other site
 * settings); every change is audit-logged (`site_page.save`, `site_page.restore`, `site_page.delete`).
 */
export const adminSitePageCalls = {
  /** GET /api/admin/site-pages.php?site_id=: the legal and {token} pages × the site's languages with their source. */
  list: defineCall({
    method: 'GET',
    path: '/api/admin/site-pages.php',
    kind: 'json',
    staff: 'signed_in',
    query: AdminSitePagesQuerySchema,
    response: AdminSitePageListSchema,
    errors: [400, 403, 404],
    tags,
    summary: "A site's public pages (legal and {token}) with the source of their text in each of its languages",
  }),
  /** GET /api/admin/site-page.php?site_id=&slug=&language=: one page text with the shipped default. */
  detail: defineCall({
    method: 'GET',
    path: '/api/admin/site-page.php',
    kind: 'json',
    staff: 'signed_in',
    query: AdminSitePageQuerySchema,
    response: AdminSitePageSchema,
    errors: [400, 403, 404],
    tags,
    summary: "One page's text in one language: the site's text, else the shipped one; `default` is the shipped text",
    description:
      '400 validation_failed (data.issues) for a slug that is neither a legal page nor a valid {token} ' +
      '(page_token_invalid, page_token_reserved) or a language the site does not offer (language_not_offered).',
  }),
  /** PUT /api/admin/site-page.php: the site's text of a page in one language (a new {token} page too). */
  save: defineCall({
    method: 'PUT',
    path: '/api/admin/site-page.php',
    kind: 'json',
    staff: 'signed_in',
    body: AdminSitePageSaveBodySchema,
    response: AdminSitePageSchema,
    errors: [400, 403, 404],
    tags,
    summary:
      "Save the site's text of a page in one language; the public page shows it at once (audited: site_page.save)",
    description:
      'Title 1-120 characters, description 0-300, body 1-100000 characters of Markdown (raw HTML is never ' +
      'rendered; `{{placeholder}}` values are filled when the page is rendered). 400 validation_failed ' +
      '(data.issues) for a bad slug or a language the site does not offer.',
  }),
  /** DELETE /api/admin/site-page.php: restore the shipped text, or delete a {token} page written by staff only. */
  remove: defineCall({
    method: 'DELETE',
    path: '/api/admin/site-page.php',
    kind: 'json',
    staff: 'signed_in',
    body: AdminSitePageDeleteBodySchema,
    response: AdminSitePageSchema,
    errors: [400, 403, 404],
    tags,
    summary: "Remove the site's text of a page in one language: the shipped text shows again, or the page is gone",
    description:
      'Answers the page as it is afterwards: source `shipped` (restored; audited site_page.restore) or ' +
      '`none` (a {token} page the product does not ship in that language; audited site_page.delete). ' +
      'Removing a text the site does not have changes nothing.',
  }),
};
