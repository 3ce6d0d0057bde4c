/**
 * Paths of the public pages (issue: public site), kept apart from the zod schemas of public-site.ts so
 * the member app's router can name them without loading zod (docs/client.md, client budget).
 */

/** The legal and service pages of SPEC.md 2 served at /pages/<slug>, shipped in every language. */
export const LEGAL_PAGE_SLUGS = ['terms', 'privacy', 'cookies', 'ban', 'return-policy', 'faq', 'service'] as const;
export type LegalPageSlug = (typeof LEGAL_PAGE_SLUGS)[number];

/** {token} pages of SPEC.md 2 the product ships (served at /<token>); staff may add more per site. */
export const SHIPPED_TOKEN_PAGES = ['about', 'safety'] as const;

/** Landers of SPEC.md 2 that take an optional slug (/landers/{name}/{slug}); /landers/tinderswipe takes none. */
export const LANDER_NAMES = [
  'alonetonight',
  'collagelanding',
  'gallery',
  'iconslanding',
  'maplanding',
  'socialnetwork',
  'transitionsvideolanding',
  'video',
] as const;
export type LanderName = (typeof LANDER_NAMES)[number];
