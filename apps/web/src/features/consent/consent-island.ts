import { DEFAULT_LOCALE, type Settings } from '@app/contracts';
import {
  COOKIE_PAGE,
  type ConsentTexts,
  consentTags,
  consentTexts,
  loadConsentedTags,
  loadConsentUi,
  readConsent,
} from '@app/public-site/consent';
import { isConsentOpener } from './consent-opener';

/** A consent catalogue (locales/<lng>/consent.json). */
type Catalogue = { consent?: Record<string, string> };

// Each language's catalogue is its own small file, fetched only when the banner shows.
const catalogues = import.meta.glob<Catalogue>('../../../../../locales/*/consent.json', { import: 'default' });

async function catalogue(lng: string): Promise<Catalogue> {
  const load = catalogues[`../../../../../locales/${lng}/consent.json`];
  return load ? load() : {};
}

/** The banner's texts in `lng` (nl for a text missing there, SPEC.md 1), `{{site}}` filled in. */
async function textsIn(lng: string, site: string): Promise<ConsentTexts> {
  const [own, fallback] = await Promise.all([catalogue(lng), catalogue(DEFAULT_LOCALE)]);
  return consentTexts((key, values) => {
    const name = key.replace(/^consent\./, '');
    const text = own.consent?.[name] ?? fallback.consent?.[name] ?? key;
    return text.replace(/\{\{\s*(\w+)\s*\}\}/g, (_, field: string) => String(values[field as 'site'] ?? ''));
  }, site);
}

/**
 * Cookie consent in the member app (issue: public site, consent), the same island as on the public
 * pages: with a stored choice, the site's tags that it allows are loaded at once and nothing else is
 * downloaded; without one and with tags to ask about, the banner (Preact, loaded on demand) shows.
 * A later click on a `[data-consent-open]` element loads it with the settings open; `startOpen`
 * opens them at once (that click came before this module was loaded). `language` answers the
 * interface language when the banner is drawn.
 */
export function startConsentIsland(
  settings: Pick<Settings, 'name' | 'tags'>,
  language: () => string,
  startOpen = false,
): void {
  const tags = consentTags(settings.tags);
  const choice = readConsent();
  if (choice) loadConsentedTags(tags, choice);
  let mounted: Promise<void> | null = null;
  const mount = (isOpen: boolean) => {
    mounted ??= (async () => {
      const lng = language() || DEFAULT_LOCALE;
      const [ui, texts] = await Promise.all([loadConsentUi(), textsIn(lng, settings.name)]);
      const element = document.createElement('div');
      element.id = 'consent-root';
      document.body.append(element);
      ui.mountConsent(element, { lang: lng, texts, tags, policyUrl: COOKIE_PAGE }, { startOpen: isOpen });
    })();
    return mounted;
  };
  if (startOpen || (!choice && tags.length > 0)) {
    void mount(startOpen);
    return;
  }
  // Once drawn, the island listens for these clicks itself.
  const onClick = (event: MouseEvent) => {
    if (!isConsentOpener(event)) return;
    event.preventDefault();
    document.removeEventListener('click', onClick);
    void mount(true);
  };
  document.addEventListener('click', onClick);
}
