import { readFileSync } from 'node:fs';
import path from 'node:path';
import { DEFAULT_LOCALE, LOCALE_COOKIE, SHIPPED_LOCALES } from '@app/contracts';
import { ROOT_DIR } from './config.js';

type Catalogue = Record<string, string>;
const cache = new Map<string, Catalogue>();

function catalogue(lng: string, ns: string): Catalogue {
  const key = `${lng}/${ns}`;
  let found = cache.get(key);
  if (!found) {
    try {
      found = JSON.parse(readFileSync(path.join(ROOT_DIR, 'locales', lng, `${ns}.json`), 'utf8')) as Catalogue;
    } catch {
      found = {};
    }
    cache.set(key, found);
  }
  return found;
}

/**
 * Translates `key` of namespace `ns` (a file in locales/<lng>/) with `{{name}}` interpolation,
 * falling back to Dutch (SPEC.md 1: nl is the fallback).
 */
export function translate(lng: string, ns: string, key: string, values: Record<string, unknown> = {}): string {
  const text = catalogue(lng, ns)[key] ?? catalogue(DEFAULT_LOCALE, ns)[key] ?? key;
  return text.replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(values[name] ?? ''));
}

/** The shipped locales, for pickLocale's lookups. */
const SHIPPED_SET = new Set<string>(SHIPPED_LOCALES);

/**
 * Picks a shipped locale: the member's saved language, the locale cookie, Accept-Language (each
 * entry's first two letters, in the order sent), the site's; else DEFAULT_LOCALE. Runs on every
 * request (twice on most), so it stops at the first that fits without building a list of them.
 */
export function pickLocale(opts: {
  userLanguage?: string | undefined;
  cookie?: string | undefined;
  acceptLanguage?: string | undefined;
  siteLanguage?: string | undefined;
}): string {
  if (opts.userLanguage && SHIPPED_SET.has(opts.userLanguage)) return opts.userLanguage;
  if (opts.cookie && SHIPPED_SET.has(opts.cookie)) return opts.cookie;
  if (opts.acceptLanguage) {
    for (const part of opts.acceptLanguage.split(',')) {
      const code = part.trim().slice(0, 2).toLowerCase();
      if (SHIPPED_SET.has(code)) return code;
    }
  }
  const site = opts.siteLanguage?.slice(0, 2).toLowerCase();
  return site && SHIPPED_SET.has(site) ? site : DEFAULT_LOCALE;
}

export const LOCALE_COOKIE_NAME = LOCALE_COOKIE.name;

/**
 * Formats a date for members in `lng` (a locale code or BCP 47 tag), `dateStyle: 'long'` unless
 * `options` say otherwise. The server's dates for members (the terms' version on the public pages,
 * the suspension's end in mails) go through here so that French writes the first day of the month as
 * "1er" before a month name ("1er décembre 2026"), which Intl does not.
 */
export function formatDate(
  date: Date,
  lng: string,
  options: Intl.DateTimeFormatOptions = { dateStyle: 'long' },
): string {
  const format = new Intl.DateTimeFormat(lng, options);
  if (!format.resolvedOptions().locale.startsWith('fr')) return format.format(date);
  const parts = format.formatToParts(date);
  const monthName = parts.some((part) => part.type === 'month' && /\D/.test(part.value));
  return parts.map((part) => (monthName && part.type === 'day' && part.value === '1' ? '1er' : part.value)).join('');
}
