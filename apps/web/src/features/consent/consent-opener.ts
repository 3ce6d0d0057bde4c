/** Elements that open the cookie settings when clicked (the cookies page's "Cookie settings" button). */
const CONSENT_OPENER = '[data-consent-open]';

/** Whether `event` is a click on a `[data-consent-open]` element. */
export function isConsentOpener(event: MouseEvent): boolean {
  return event.target instanceof Element && event.target.closest(CONSENT_OPENER) !== null;
}
