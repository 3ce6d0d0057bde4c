/**
 * Cookie consent (issue: public site, consent): the choice in the `cookie_consent` cookie, the tags it
 * allows, the island's props and texts. Framework-free; the banner (Preact) loads on demand with
 * `loadConsentUi`, so a page that only needs to load the chosen tags does not download it.
 */
export {
  allowsCategory,
  CONSENT_COOKIE,
  CONSENT_COOKIE_DAYS,
  CONSENT_VERSION,
  type ConsentChoice,
  type ConsentChoiceCategory,
  consentCookie,
  decodeConsent,
  encodeConsent,
  readConsent,
  writeConsent,
} from './choice.js';
export { COOKIE_PAGE, type ConsentIslandProps, consentIslandProps } from './props.js';
export {
  type ConsentTag,
  consentTags,
  loadConsentedTags,
  loadedCategories,
  TAG_CATEGORY,
  tagCategory,
  tagUrl,
} from './tags.js';
export { CONSENT_TEXT_KEYS, type ConsentTextKey, type ConsentTexts, consentTexts } from './texts.js';

/** The consent banner's module (Preact, its stylesheet): `mountConsent(element, props)`. */
export function loadConsentUi(): Promise<typeof import('./mount.js')> {
  return import('./mount.js');
}
