import { ALL_LOCALES, LOCALE_INFO, NICHE_SLUG_PREFIX } from '@app/contracts';
import type { TFunction } from 'i18next';

/** The eleven languages as checkbox options: [code, name in its own language]. */
export const LANGUAGE_OPTIONS = ALL_LOCALES.map((code) => [code, LOCALE_INFO[code].name] as [typeof code, string]);

/** domain_language options for the chosen `languages`: [iso tag, "Name (tag)"]; keeps `current` when it is another. */
export function domainLanguageOptions(languages: readonly string[], current?: string): [string, string][] {
  const options = ALL_LOCALES.filter((code) => languages.includes(code)).map(
    (code) => [LOCALE_INFO[code].iso, `${LOCALE_INFO[code].name} (${LOCALE_INFO[code].iso})`] as [string, string],
  );
  if (current && !options.some(([iso]) => iso === current)) options.unshift([current, current]);
  return options;
}

/** The niches 1 to 7 with their landing slug (SPEC.md 9: none, she, bdsm, bbw, gilf, milf, gay). */
export function nicheOptions(t: TFunction): [string, string][] {
  return NICHE_SLUG_PREFIX.map((slug, i) => [String(i + 1), `${i + 1} · ${slug || t('admin-sites:nicheNone')}`]);
}

/** Splits a typed list of country codes ("NL, be de") into codes. */
export function parseCodes(text: string): string[] {
  return text
    .split(/[\s,;]+/)
    .map((c) => c.trim().toUpperCase())
    .filter(Boolean);
}
