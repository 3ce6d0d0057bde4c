/** @jsxImportSource preact */
import { useEffect, useRef, useState } from 'preact/hooks';
import { type ConsentAllowed, ConsentPanel } from './banner.js';
import { type ConsentChoice, readConsent, writeConsent } from './choice.js';
import type { ConsentIslandProps } from './props.js';
import { consentTags, loadConsentedTags, loadedCategories } from './tags.js';

/** Elements that open the settings when clicked (the cookies page's "Cookie settings" button). */
export const CONSENT_OPEN_SELECTOR = '[data-consent-open]';
/** Fragment of the footer's "Cookie settings" link (/pages/cookies#cookie-settings): opens the settings. */
const SETTINGS_HASH = '#cookie-settings';

/** What is shown: nothing, the banner, or the settings; `n` remounts the panel at each opening. */
type View = { expanded: boolean; focus: boolean; n: number } | null;

/**
 * The consent island (issue: public site, consent), on the public pages and in the member app: with
 * no stored choice and tags to ask about, the banner; with a choice, the tags it allows are loaded
 * (nothing before). Any `[data-consent-open]` element, or arriving at #cookie-settings, opens the
 * settings to change the choice (`startOpen`: open them at once). Withdrawing a category whose tags already run reloads the page, the
 * only way to stop them.
 */
export function ConsentIsland({
  texts,
  tags,
  policyUrl,
  startOpen = false,
}: ConsentIslandProps & { startOpen?: boolean }) {
  const [choice, setChoice] = useState<ConsentChoice | null>(() => readConsent());
  // Without tags there is nothing to ask: no banner, and the settings close without a choice.
  const hasTags = consentTags(tags).length > 0;
  const [view, setView] = useState<View>(() => {
    if (startOpen || window.location.hash === SETTINGS_HASH) return { expanded: true, focus: true, n: 0 };
    return choice === null && hasTags ? { expanded: false, focus: false, n: 0 } : null;
  });
  const [isSaved, setSaved] = useState(false);
  const opener = useRef<HTMLElement | null>(null);

  useEffect(() => {
    loadConsentedTags(tags, choice);
  }, [tags, choice]);

  useEffect(() => {
    const openSettings = () => {
      setSaved(false);
      setView((current) => ({ expanded: true, focus: true, n: (current?.n ?? 0) + 1 }));
    };
    const onClick = (event: MouseEvent) => {
      const target = event.target instanceof Element ? event.target.closest<HTMLElement>(CONSENT_OPEN_SELECTOR) : null;
      if (!target) return;
      event.preventDefault();
      opener.current = target;
      openSettings();
    };
    const onHash = () => {
      if (window.location.hash === SETTINGS_HASH) openSettings();
    };
    document.addEventListener('click', onClick);
    window.addEventListener('hashchange', onHash);
    return () => {
      document.removeEventListener('click', onClick);
      window.removeEventListener('hashchange', onHash);
    };
  }, []);

  const close = () => {
    setView(null);
    opener.current?.focus();
    opener.current = null;
  };
  const choose = (allowed: ConsentAllowed) => {
    const running = loadedCategories();
    const next = writeConsent(allowed);
    if ([...running].some((category) => !next[category])) {
      window.location.reload();
      return;
    }
    setChoice(next);
    setSaved(true);
    close();
  };

  return (
    <>
      <p class="cc-sr" role="status">
        {isSaved ? texts.saved : ''}
      </p>
      {view && (
        <ConsentPanel
          key={view.n}
          texts={texts}
          policyUrl={policyUrl}
          choice={choice}
          expanded={view.expanded}
          focusOnOpen={view.focus}
          onChoose={choose}
          onClose={choice || !hasTags ? close : null}
        />
      )}
    </>
  );
}
