import { z } from 'zod';
import { CompanyInfoSchema, RegionsResponseSchema, SettingsQuerySchema, SettingsSchema } from '../settings.js';
import { text } from '../text.js';
import { defineCall } from './define.js';

const tags = ['site'] as const;

/**
 * Site-wide data (SPEC.md 3 and 7): settings of the request host's site, company info, interest tags
 * and regions. Public; the client loads each once and caches it.
 */
export const siteCalls = {
  /** GET /api/settings.php?route=&lang=: Settings, site texts in `lang` (else the request's locale). */
  settings: defineCall({
    method: 'GET',
    path: '/api/settings.php',
    kind: 'json',
    query: SettingsQuerySchema,
    response: SettingsSchema,
    tags,
    summary: 'Settings of the request host site, its texts in the language asked (SPEC.md 3, 7)',
  }),
  /** GET /api/companyinfo.php: CompanyInfo; 404 not_found when the site has no company. */
  companyInfo: defineCall({
    method: 'GET',
    path: '/api/companyinfo.php',
    kind: 'json',
    response: CompanyInfoSchema,
    errors: [404],
    tags,
    summary: 'Company info of the site',
  }),
  /** GET /api/interests.php: the interest tags (strings). */
  interests: defineCall({
    method: 'GET',
    path: '/api/interests.php',
    kind: 'json',
    response: z.array(text()),
    tags,
    summary: 'The interest tags (SPEC.md 3)',
  }),
  /** GET /api/regions.php: regions per country code of the site. */
  regions: defineCall({
    method: 'GET',
    path: '/api/regions.php',
    kind: 'json',
    response: RegionsResponseSchema,
    tags,
    summary: 'Regions per country of the site',
  }),
};
