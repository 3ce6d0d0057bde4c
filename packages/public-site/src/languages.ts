import { LOCALE_INFO, type LocaleCode } from '@app/contracts';

/** A language's name in its own language ("Deutsch"), or the code when unknown (SPEC.md 3 Locale). */
export function languageName(code: string): string {
  return LOCALE_INFO[code as LocaleCode]?.name ?? code;
}

/** BCP 47 tag of a language for Open Graph (`nl_NL`) and Intl formatting. */
export function localeTag(code: string): string {
  return LOCALE_INFO[code as LocaleCode]?.iso ?? code;
}
