/** Languages of the interface (DECISIONS.md: the superset of SPEC.md section 1). */
export const ALL_LOCALES = ['da', 'de', 'en', 'es', 'fi', 'fr', 'it', 'nb', 'nl', 'pl', 'sv'] as const;
export type LocaleCode = (typeof ALL_LOCALES)[number];
/** Locales whose catalogues ship: all eleven (DECISIONS.md, Languages). */
export const SHIPPED_LOCALES = ALL_LOCALES;
/** Default and fallback language (SPEC.md 1). */
export const DEFAULT_LOCALE = 'nl' satisfies LocaleCode;
/** Locale entity of SPEC.md section 3: code, iso, name (in its own language). */
export const LOCALE_INFO: Record<LocaleCode, { code: LocaleCode; iso: string; name: string }> = {
  da: { code: 'da', iso: 'da-DK', name: 'Dansk' },
  de: { code: 'de', iso: 'de-DE', name: 'Deutsch' },
  en: { code: 'en', iso: 'en-GB', name: 'English' },
  es: { code: 'es', iso: 'es-ES', name: 'Español' },
  fi: { code: 'fi', iso: 'fi-FI', name: 'Suomi' },
  fr: { code: 'fr', iso: 'fr-FR', name: 'Français' },
  it: { code: 'it', iso: 'it-IT', name: 'Italiano' },
  nb: { code: 'nb', iso: 'nb-NO', name: 'Norsk bokmål' },
  nl: { code: 'nl', iso: 'nl-NL', name: 'Nederlands' },
  pl: { code: 'pl', iso: 'pl-PL', name: 'Polski' },
  sv: { code: 'sv', iso: 'sv-SE', name: 'Svenska' },
};
