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

/** Picks a shipped locale: the member's saved language, the locale cookie, Accept-Language, the site's. */
export function pickLocale(opts: {
  userLanguage?: string | undefined;
  cookie?: string | undefined;
  acceptLanguage?: string | undefined;
  siteLanguage?: string | undefined;
}): string {
  const shipped = SHIPPED_LOCALES as readonly string[];
  const candidates = [
    opts.userLanguage,
    opts.cookie,
    ...(opts.acceptLanguage ?? '').split(',').map((part) => part.trim().slice(0, 2).toLowerCase()),
    opts.siteLanguage?.slice(0, 2).toLowerCase(),
  ];
  return candidates.find((c): c is string => !!c && shipped.includes(c)) ?? DEFAULT_LOCALE;
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
