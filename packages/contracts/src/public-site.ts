import { z } from 'zod';
import { NICHE_SLUG_PREFIX, TERMS_VERSION_DATE } from './constants.js';

/** Consent categories of the cookie banner (issue: public site); `necessary` needs no consent. */
export const CONSENT_CATEGORIES = ['necessary', 'statistics', 'marketing'] as const;
export type ConsentCategory = (typeof CONSENT_CATEGORIES)[number];

/** Kinds of third-party tag a site may configure; each belongs to one consent category. */
export const SITE_TAG_KINDS = ['analytics', 'advertising', 'error_reporting'] as const;
export type SiteTagKind = (typeof SITE_TAG_KINDS)[number];

/** The consent category a tag kind waits for: analytics and error reporting are statistics, advertising marketing. */
export const TAG_KIND_CATEGORY: Record<SiteTagKind, Exclude<ConsentCategory, 'necessary'>> = {
  analytics: 'statistics',
  error_reporting: 'statistics',
  advertising: 'marketing',
};

/**
 * A third-party script a site loads once the visitor consents to its category: an https URL (its origin
 * is added to the page's script-src). Stored in `sites.tags`.
 */
export const SiteTagSchema = z
  .object({
    kind: z.enum(SITE_TAG_KINDS),
    src: z
      .url({ protocol: /^https$/ })
      .max(500)
      .describe('https URL of the script'),
  })
  .meta({ id: 'SiteTag' });
export type SiteTag = z.infer<typeof SiteTagSchema>;

export {
  LANDER_NAMES,
  type LanderName,
  LEGAL_PAGE_SLUGS,
  type LegalPageSlug,
  SHIPPED_TOKEN_PAGES,
} from './public-paths.js';

/** The lander slug prefix of niche 1-7 (SPEC.md 9): '', she, bdsm, bbw, gilf, milf, gay. */
export function nicheSlugPrefix(niche: number): string {
  return NICHE_SLUG_PREFIX[niche - 1] ?? '';
}

/**
 * The terms version date (SPEC.md 9): 2023-12-01T12:00:00Z, or the company's `added` date when later.
 * `added` is an ISO date or timestamp, or null.
 */
export function termsVersionDate(added: string | null | undefined): Date {
  const base = new Date(TERMS_VERSION_DATE);
  if (!added) return base;
  const companyAdded = new Date(added);
  return Number.isNaN(companyAdded.getTime()) || companyAdded <= base ? base : companyAdded;
}
