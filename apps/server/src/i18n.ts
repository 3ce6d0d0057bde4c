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
