/**
 * Wire shapes of the back office: the public pages' texts per site and language (issue: public site,
 * "staff edit these texts per site and language with the shipped texts as the default"). The legal
 * pages of SPEC.md 2 (/pages/terms, privacy, ...) and the {token} pages (/<token>) have a shipped text
 * (locales/<lng>/pages/<slug>.md) that a staff text of the site overrides; a {token} page may also be
 * written by staff only. Refinement messages are catalogue keys (`admin-site-pages:issues.<key>`).
 */
import { z } from 'zod';
import { ALL_LOCALES } from '../locales.js';
import { LEGAL_PAGE_SLUGS } from '../public-site.js';
import { text } from '../text.js';

/** Characters of a page's title, description (meta description) and Markdown body. */
export const PAGE_TEXT_LIMITS = { title: 120, description: 300, body: 100_000 } as const;

/** The shape of a {token}: lower-case letters, digits and hyphens, 2 to 49 characters, not starting with a hyphen. */
export const PAGE_TOKEN_PATTERN = /^[a-z0-9][a-z0-9-]{1,48}$/;

/**
 * First path segments the product serves itself, so no {token} page may take them (SPEC.md 2 routes of
 * the member app, the public pages, the API, the back office and the files the server answers at the
 * root). A {token} page is served at /<token>, after every one of these.
 */
export const RESERVED_PAGE_TOKENS: readonly string[] = [
  // Server: the API, the back office, photos, built assets, development and test-provider pages.
  'api',
  'admin',
  'photos',
  'assets',
  'public',
  'static',
  'dev',
  'test-provider',
  'app-icon',
  'favicon',
  'offline',
  'index',
  'home',
  'logout',
  // Public pages (issue: public site).
  'pages',
  'landers',
  'landing',
  'members',
  'pricing',
  // Member app screens (SPEC.md 2).
  'login',
  'signup',
  'complete-signup',
  'signup-matches',
  'reset-password',
  'activate',
  'mail-change',
  'account-deleted',
  'unsubscribe',
  'complaints',
  'likes',
  'chats',
  'match-finder',
  'swipe-game',
  'profile',
  'notifications',
  'lang-config',
  'credits',
  'directdebit',
  'transactions',
  'premium',
  // Files at the root (their dots already keep them out of PAGE_TOKEN_PATTERN; listed for the record).
  'robots.txt',
  'sitemap.xml',
  'manifest.webmanifest',
  'favicon.ico',
  'favicon.svg',
  'apple-touch-icon.png',
  'sw.js',
  'offline.html',
  'offline.js',
  'index.html',
  'admin.html',
];

/** Whether `slug` is one of the legal pages of SPEC.md 2 (served at /pages/<slug>). */
export function isLegalPageSlug(slug: string): boolean {
  return (LEGAL_PAGE_SLUGS as readonly string[]).includes(slug);
}

/**
 * Whether `token` may name a {token} page (served at /<token>): PAGE_TOKEN_PATTERN, not a reserved
 * first path segment (RESERVED_PAGE_TOKENS) and not a legal page's slug.
 */
export function isValidPageToken(token: string): boolean {
  return PAGE_TOKEN_PATTERN.test(token) && !RESERVED_PAGE_TOKENS.includes(token) && !isLegalPageSlug(token);
}

/**
 * Why `slug` cannot name a page, as a catalogue key (`page_token_invalid`: not of the token's shape;
 * `page_token_reserved`: a path the product serves itself), or null when it is a legal slug or a valid token.
 */
export function pageSlugIssue(slug: string): 'page_token_invalid' | 'page_token_reserved' | null {
  if (isLegalPageSlug(slug) || isValidPageToken(slug)) return null;
  return PAGE_TOKEN_PATTERN.test(slug) ? 'page_token_reserved' : 'page_token_invalid';
}

/** A page's slug: a legal page's (`terms`) or a {token}. */
export const PageSlugField = text().superRefine((slug, ctx) => {
  const issue = pageSlugIssue(slug);
  if (issue) ctx.addIssue({ code: 'custom', message: issue });
});

/** A language of the interface (the use cases check that the site offers it). */
const PageLanguageField = z.enum(ALL_LOCALES);
const SiteIdQueryField = z.coerce.number().int().positive();

/** Where the text of a page in one language comes from: the site's staff, the shipped text, or none yet. */
export const PAGE_TEXT_SOURCES = ['site', 'shipped', 'none'] as const;
export type PageTextSource = (typeof PAGE_TEXT_SOURCES)[number];
/** `legal`: /pages/<slug> of SPEC.md 2; `token`: a {token} page at /<token>. */
export const PAGE_KINDS = ['legal', 'token'] as const;
export type PageKind = (typeof PAGE_KINDS)[number];

/** GET /api/admin/site-pages.php?site_id=: a site's pages. */
export const AdminSitePagesQuerySchema = z.object({ site_id: SiteIdQueryField });
/** GET /api/admin/site-page.php?site_id=&slug=&language=: one page text. */
export const AdminSitePageQuerySchema = z.object({
  site_id: SiteIdQueryField,
  slug: PageSlugField,
  language: PageLanguageField,
});
export type AdminSitePageQuery = z.infer<typeof AdminSitePageQuerySchema>;

/** A page in one of the site's languages, as the list shows it. */
export const AdminSitePageLanguageSchema = z.object({
  language: text(),
  source: z.enum(PAGE_TEXT_SOURCES),
  /** ISO time the staff text was saved; null unless `source` is `site`. */
  updated_at: text().nullable(),
});

/** One page of a site with its source in each of the site's languages. */
export const AdminSitePageEntrySchema = z.object({
  slug: text(),
  kind: z.enum(PAGE_KINDS),
  /** The public path: /pages/<slug> or /<token>. */
  path: text(),
  languages: z.array(AdminSitePageLanguageSchema),
});
export type AdminSitePageEntry = z.infer<typeof AdminSitePageEntrySchema>;

export const AdminSitePageListSchema = z
  .object({
    site_id: z.number().int(),
    /** The site's languages, in the order the site lists them. */
    languages: z.array(text()),
    pages: z.array(AdminSitePageEntrySchema),
  })
  .meta({ id: 'AdminSitePageList' });
export type AdminSitePageList = z.infer<typeof AdminSitePageListSchema>;

/** A page's text without its bookkeeping: what staff edit and what ships. */
export const PageTextContentSchema = z.object({
  title: text(),
  description: text(),
  /** Markdown with `{{placeholder}}` values (filled when the page is rendered); raw HTML is never rendered. */
  body: text(),
});
export type PageTextContent = z.infer<typeof PageTextContentSchema>;

/**
 * One page text in one language as the editor opens it: the site's staff text when there is one, else
 * the shipped text (source `shipped`), else empty fields (source `none`). `default` is always the
 * shipped text in that language (null when the product ships none), which "restore" brings back.
 */
export const AdminSitePageSchema = z
  .object({
    site_id: z.number().int(),
    slug: text(),
    kind: z.enum(PAGE_KINDS),
    path: text(),
    language: text(),
    title: text(),
    description: text(),
    body: text(),
    source: z.enum(PAGE_TEXT_SOURCES),
    updated_at: text().nullable(),
    default: PageTextContentSchema.nullable(),
  })
  .meta({ id: 'AdminSitePage' });
export type AdminSitePage = z.infer<typeof AdminSitePageSchema>;

/** PUT /api/admin/site-page.php: the site's text of a page in one language (replaces any earlier one). */
export const AdminSitePageSaveBodySchema = z.object({
  site_id: z.number().int().positive(),
  slug: PageSlugField,
  language: PageLanguageField,
  title: text().trim().min(1, 'required').max(PAGE_TEXT_LIMITS.title, 'too_long'),
  description: text().trim().max(PAGE_TEXT_LIMITS.description, 'too_long').default(''),
  body: text()
    .max(PAGE_TEXT_LIMITS.body, 'too_long')
    .refine((v) => v.trim().length > 0, 'required'),
});
export type AdminSitePageSaveBody = z.infer<typeof AdminSitePageSaveBodySchema>;

/** DELETE /api/admin/site-page.php: remove the site's text of a page in one language. */
export const AdminSitePageDeleteBodySchema = z.object({
  site_id: z.number().int().positive(),
  slug: PageSlugField,
  language: PageLanguageField,
});
export type AdminSitePageDeleteBody = z.infer<typeof AdminSitePageDeleteBodySchema>;
