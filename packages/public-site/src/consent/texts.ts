/** The banner's texts: keys of the `consent` catalogue (locales/<lng>/consent.json, top key `consent`). */
export const CONSENT_TEXT_KEYS = [
  'title',
  'intro',
  'policy',
  'acceptAll',
  'necessaryOnly',
  'settings',
  'settingsTitle',
  'save',
  'close',
  'alwaysOn',
  'necessaryTitle',
  'necessaryText',
  'statisticsTitle',
  'statisticsText',
  'marketingTitle',
  'marketingText',
  'saved',
] as const;
export type ConsentTextKey = (typeof CONSENT_TEXT_KEYS)[number];
/** The banner's texts in the page's language, `{{site}}` filled in. */
export type ConsentTexts = Record<ConsentTextKey, string>;

/**
 * The banner's texts through a translate function of the page's language: `t('consent.<key>',
 * { site })` for each of CONSENT_TEXT_KEYS (the server's public translate, or the member app's reader
 * of the same catalogue).
 */
export function consentTexts(t: (key: string, values: { site: string }) => string, site: string): ConsentTexts {
  const texts = {} as ConsentTexts;
  for (const key of CONSENT_TEXT_KEYS) texts[key] = t(`consent.${key}`, { site });
  return texts;
}
