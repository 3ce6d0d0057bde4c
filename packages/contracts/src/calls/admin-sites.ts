import {
  AdminCompanyListSchema,
  AdminCompanySchema,
  AdminCompanyUpdateBodySchema,
  AdminSiteCreateBodySchema,
  AdminSiteIdQuerySchema,
  AdminSiteListSchema,
  AdminSiteLogoBodySchema,
  AdminSiteSchema,
  AdminSiteUpdateBodySchema,
} from '../admin/sites.js';
import { defineCall } from './define.js';

const tags = ['back office'] as const;

/**
 * Back office II. Sites: create a site, edit its settings (SPEC.md 3 Settings), prices and its company.
 * Admins only (policies 'site'); every change is audit-logged and reaches every server instance at
 * once (the site cache is invalidated through PostgreSQL NOTIFY). The staff's own site list stays
 * `adminAccessCalls.sites` (GET /api/admin/sites.php).
 */
export const adminSiteCalls = {
  /** GET /api/admin/site-list.php: every site with company, languages and member count (admins). */
  list: defineCall({
    method: 'GET',
    path: '/api/admin/site-list.php',
    kind: 'json',
    staff: 'signed_in',
    response: AdminSiteListSchema,
    errors: [403],
    tags,
    summary: 'Every site of the account with its company, niche, languages and member count (admins only)',
  }),
  /** POST /api/admin/sites.php: a new site, served at once on its domain with its own shop. */
  create: defineCall({
    method: 'POST',
    path: '/api/admin/sites.php',
    kind: 'json',
    staff: 'signed_in',
    body: AdminSiteCreateBodySchema,
    response: AdminSiteSchema,
    errors: [400, 403, 404, 409],
    tags,
    summary: 'Create a site: domain, languages, niche, company (existing or new) and colours (admins of every site)',
    description:
      'Other settings are copied from the default site; the active credit packages, gifts and the welcome ' +
      'and time-bonus codes of the default site are copied too, so the site sells at once. 409 conflict ' +
      '(data.field: domain) when the domain is taken; 404 for an unknown company_id.',
  }),
  /** GET /api/admin/site.php?id=: every setting of one site, its look and its company (admins). */
  detail: defineCall({
    method: 'GET',
    path: '/api/admin/site.php',
    kind: 'json',
    staff: 'signed_in',
    query: AdminSiteIdQuerySchema,
    response: AdminSiteSchema,
    errors: [400, 403, 404],
    tags,
    summary: 'One site with every setting of SPEC.md 3, its texts per language, look and company (admins only)',
  }),
  /** PUT /api/admin/site.php {id, ...changes}: change settings; takes effect at once on every instance. */
  update: defineCall({
    method: 'PUT',
    path: '/api/admin/site.php',
    kind: 'json',
    staff: 'signed_in',
    body: AdminSiteUpdateBodySchema,
    response: AdminSiteSchema,
    errors: [400, 403, 404, 409],
    tags,
    summary: "Change a site's settings (only the fields sent); is_default true moves the default here (admins only)",
    description:
      'One audit entry `site.update` with the changed fields before and after. 409 conflict (data.field: ' +
      'domain) when the domain is taken; 400 validation_failed with data.issues naming the fields.',
  }),
  /** PUT /api/admin/site-logo.php {id, image}: a new logo (base64 PNG, JPEG or WebP) or none (null). */
  logo: defineCall({
    method: 'PUT',
    path: '/api/admin/site-logo.php',
    kind: 'json',
    staff: 'signed_in',
    body: AdminSiteLogoBodySchema,
    response: AdminSiteSchema,
    errors: [400, 403, 404, 413],
    tags,
    summary: "Set or remove a site's logo: decoded, shrunk into 480×160 and re-encoded as PNG without metadata",
    description: '400 photo_invalid (data.reason: not_an_image, unsupported_format, too_many_pixels, undecodable).',
  }),
  /** GET /api/admin/companies.php: every company with its number of sites (admins of every site). */
  companies: defineCall({
    method: 'GET',
    path: '/api/admin/companies.php',
    kind: 'json',
    staff: 'signed_in',
    response: AdminCompanyListSchema,
    errors: [403],
    tags,
    summary: 'The operating companies (admins only)',
  }),
  /** PUT /api/admin/company.php {id, ...changes}: change company info (SPEC.md 3 Company info). */
  updateCompany: defineCall({
    method: 'PUT',
    path: '/api/admin/company.php',
    kind: 'json',
    staff: 'signed_in',
    body: AdminCompanyUpdateBodySchema,
    response: AdminCompanySchema,
    errors: [400, 403, 404],
    tags,
    summary: 'Change company info: name, address, kvk, city, country, tradenames, VAT numbers, phone, discount, added',
  }),
};
