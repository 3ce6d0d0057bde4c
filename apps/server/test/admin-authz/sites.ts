/** The authorization matrix's rows of the back office's sites calls (issue: back office II): admins only. */
import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { sites } from '../../src/db/schema.js';
import type { Row } from './types.js';

const unique = () => randomBytes(5).toString('hex');

/** A 1×1 PNG, as the back office sends a logo (base64). */
const TINY_PNG = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==';

export const siteRows: Record<string, Row> = {
  // Admins: the sites of the account only. New sites and companies: admins of every site.
  'GET /api/admin/site-list.php': {
    kind: 'list',
    sitesOf: (json) => (json as { id: number }[]).map((s) => s.id),
    request: () => ({}),
  },
  'POST /api/admin/sites.php': {
    kind: 'admin',
    request: () => ({
      body: {
        domain: `authz-${unique()}.test`,
        name: 'Authz site',
        languages: ['nl', 'en', 'de', 'fr'],
        domain_language: 'nl-NL',
        niche: 2,
        company: {
          name: 'Authz B.V.',
          address: 'Straat 1',
          kvk: '12345678',
          city: 'Utrecht',
          country: 'NL',
          tradenames: [],
          vat_numbers: ['NL123456789B01'],
          support_phone: '030 123 45 67',
          delete_discount: 0,
          added: '2024-01-01',
        },
      },
    }),
  },
  'GET /api/admin/site.php': { kind: 'object', request: (w, site) => ({ query: { id: w.sites[site].id } }) },
  'PUT /api/admin/site.php': {
    kind: 'object',
    request: (w, site) => ({ body: { id: w.sites[site].id, message_length: 1000 } }),
  },
  'PUT /api/admin/site-logo.php': {
    kind: 'object',
    request: (w, site) => ({ body: { id: w.sites[site].id, image: TINY_PNG } }),
  },
  'GET /api/admin/companies.php': { kind: 'admin', request: () => ({}) },
  'PUT /api/admin/company.php': {
    kind: 'object',
    request: async (w, site) => {
      const [row] = await w.server.database.db
        .select({ company_id: sites.company_id })
        .from(sites)
        .where(eq(sites.id, w.sites[site].id));
      return { body: { id: row!.company_id, support_phone: '030 765 43 21' } };
    },
  },
};
