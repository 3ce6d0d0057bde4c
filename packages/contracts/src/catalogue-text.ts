/**
 * Catalogue texts per language (docs/decisions/019-catalogue-texts.md): a text that staff or the seed
 * write for members (a gift's name) is stored once per site language, `{ [lng]: text }`, beside a
 * single-language column that holds the site language's text. Members read it in their own language,
 * else the site's language, else the column.
 */
import { ALL_LOCALES, DEFAULT_LOCALE, type LocaleCode, SHIPPED_LOCALES } from './locales.js';
import type { LocalizedText } from './settings.js';

/** The languages a site shows, as shipped locale codes in the site's order; nl when none is valid. */
export function shownLanguages(site: { languages: readonly string[] }): LocaleCode[] {
  const shipped = SHIPPED_LOCALES as readonly string[];
  const codes = site.languages.map((l) => l.slice(0, 2).toLowerCase()).filter((l) => shipped.includes(l));
  return codes.length > 0 ? ([...new Set(codes)] as LocaleCode[]) : [DEFAULT_LOCALE];
}

/**
 * The site's language: the first two letters of its domain_language when the site shows it, else the
 * first language it shows. The unqualified public URLs, and the fallback of every catalogue text.
 */
export function siteLanguage(site: { languages: readonly string[]; domain_language: string }): LocaleCode {
  const languages = shownLanguages(site);
  const domain = site.domain_language.slice(0, 2).toLowerCase() as LocaleCode;
  return languages.includes(domain) ? domain : (languages[0] ?? DEFAULT_LOCALE);
}

/**
 * A catalogue text in `lng`: the `lng` text, else the site language's, else `stored` (the
 * single-language column, which an older release or a row from before the translations wrote).
 */
export function catalogueText(
  texts: LocalizedText | null | undefined,
  lng: string,
  siteLng: string,
  stored: string,
): string {
  return texts?.[lng as LocaleCode] || texts?.[siteLng as LocaleCode] || stored;
}

/** `texts` without empty or unknown languages (what is stored), trimmed. */
export function compactTexts(texts: Partial<Record<string, string | undefined>>): LocalizedText {
  const out: LocalizedText = {};
  for (const lng of ALL_LOCALES) {
    const value = texts[lng]?.trim();
    if (value) out[lng] = value;
  }
  return out;
}
