import { readFileSync } from 'node:fs';
import path from 'node:path';
import { DEFAULT_LOCALE, LEGAL_PAGE_SLUGS, SHIPPED_TOKEN_PAGES } from '@app/contracts';
import { ROOT_DIR } from '../../config.js';
import { findSitePage, listSitePages } from '../../db/repositories/site-pages.js';
import type { AppDeps } from '../../deps.js';

/** A public page's text: Markdown body with `{{placeholder}}` values still in it (filled when rendered). */
export interface PageText {
  slug: string;
  /** The language the text is in (may be the fallback nl when the requested one has none). */
  language: string;
  title: string;
  description: string;
  /** Markdown; raw HTML is never rendered. */
  body: string;
  /** `site`: written by staff for this site; `shipped`: the product's text (locales/<lng>/pages/<slug>.md). */
  source: 'site' | 'shipped';
  /** ISO time the staff text was saved; null for shipped texts. */
  updated_at: string | null;
}

/** Slugs with a shipped text: the legal pages of SPEC.md 2 and the shipped {token} pages. */
export const SHIPPED_PAGE_SLUGS: readonly string[] = [...LEGAL_PAGE_SLUGS, ...SHIPPED_TOKEN_PAGES];

const shippedCache = new Map<string, PageText | null>();

/**
 * Parses a shipped page file: front matter (`title:` and `description:` lines between `---` lines),
 * then the Markdown body. Returns null when the file is missing or has no title.
 */
export function parsePageFile(slug: string, language: string, source: string): PageText | null {
  const match = /^---\r?\n([\s\S]*?)\r?\n---\r?\n?([\s\S]*)$/.exec(source);
  if (!match) return null;
  const meta: Record<string, string> = {};
  for (const line of (match[1] ?? '').split(/\r?\n/)) {
    const colon = line.indexOf(':');
    if (colon > 0) meta[line.slice(0, colon).trim()] = line.slice(colon + 1).trim();
  }
  if (!meta.title) return null;
  return {
    slug,
    language,
    title: meta.title,
    description: meta.description ?? '',
    body: (match[2] ?? '').trim(),
    source: 'shipped',
    updated_at: null,
  };
}

/** The shipped text of `slug` in exactly `language` (locales/<lng>/pages/<slug>.md), or null. Cached. */
export function shippedPage(slug: string, language: string): PageText | null {
  const key = `${language}/${slug}`;
  if (shippedCache.has(key)) return shippedCache.get(key) ?? null;
  let page: PageText | null = null;
  if (SHIPPED_PAGE_SLUGS.includes(slug) && /^[a-z]{2}$/.test(language)) {
    try {
      page = parsePageFile(
        slug,
        language,
        readFileSync(path.join(ROOT_DIR, 'locales', language, 'pages', `${slug}.md`), 'utf8'),
      );
    } catch {
      page = null;
    }
  }
  shippedCache.set(key, page);
  return page;
}

/**
 * The text of page `slug` on `siteId` in `language` (issue: public site): the site's staff text in that
 * language, else the shipped text in that language; else the same in the site's language `siteLanguage`
 * (docs/decisions/019-catalogue-texts.md), else in nl (the fallback, SPEC.md 1). Null when none exists
 * (an unknown {token}).
 */
export async function loadPageText(
  { db }: Pick<AppDeps, 'db'>,
  { siteId, slug, language, siteLanguage }: { siteId: number; slug: string; language: string; siteLanguage?: string },
): Promise<PageText | null> {
  for (const lng of new Set([language, siteLanguage ?? DEFAULT_LOCALE, DEFAULT_LOCALE])) {
    const row = await findSitePage(db, siteId, slug, lng);
    if (row) {
      return {
        slug,
        language: lng,
        title: row.title,
        description: row.description,
        body: row.body,
        source: 'site',
        updated_at: row.updated_at.toISOString(),
      };
    }
    const shipped = shippedPage(slug, lng);
    if (shipped) return shipped;
  }
  return null;
}

/** Slugs of a site's {token} pages: the shipped ones and those staff wrote (legal slugs excluded). */
export async function listTokenPages({ db }: Pick<AppDeps, 'db'>, { siteId }: { siteId: number }): Promise<string[]> {
  const own = (await listSitePages(db, siteId)).map((row) => row.slug);
  const legal = new Set<string>(LEGAL_PAGE_SLUGS);
  return [...new Set([...SHIPPED_TOKEN_PAGES, ...own])].filter((slug) => !legal.has(slug)).sort();
}
