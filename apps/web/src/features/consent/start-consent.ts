import type { Settings } from '@app/contracts';
import { isConsentOpener } from './consent-opener';

/**
 * Cookie consent in the member app (issue: public site, consent). A site with tags loads the consent
 * island at once (it loads the tags the stored choice allows, or shows the banner); a site without
 * any has nothing to load or ask, so the island (the consent codec, its texts, the banner) loads only
 * when a `[data-consent-open]` element is clicked, with the settings open. Either way the first
 * download holds none of it (docs/client.md, client budget). `language` answers the interface language.
 */
export function startConsent(settings: Pick<Settings, 'name' | 'tags'>, language: () => string): void {
  const load = (startOpen: boolean) =>
    import('./consent-island').then((module) => module.startConsentIsland(settings, language, startOpen));
  if (settings.tags.length > 0) {
    void load(false);
    return;
  }
  const onClick = (event: MouseEvent) => {
    if (!isConsentOpener(event)) return;
    event.preventDefault();
    document.removeEventListener('click', onClick);
    void load(true);
  };
  document.addEventListener('click', onClick);
}
