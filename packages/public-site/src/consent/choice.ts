/**
 * The visitor's cookie choice (issue: public site, consent): kept in the first-party cookie
 * `cookie_consent` for a year, readable by the public pages and the member app alike. Framework-free:
 * the public islands, the member app and tests use the same codec.
 */

/** Name of the cookie that holds the choice. */
export const CONSENT_COOKIE = 'cookie_consent';
/** Version of the choice's meaning: a stored choice of another version is asked again. */
export const CONSENT_VERSION = 1;
/** Days the choice is remembered. */
export const CONSENT_COOKIE_DAYS = 365;

/** The categories a visitor chooses; `necessary` is always on and needs no choice. */
export type ConsentChoiceCategory = 'statistics' | 'marketing';

/** A stored choice: per category whether it is allowed, and when it was made. */
export interface ConsentChoice {
  version: number;
  statistics: boolean;
  marketing: boolean;
  /** When the choice was made, in seconds since 1970 (UTC). */
  time: number;
}

const STORED = /^v(\d{1,3})\.s([01])\.m([01])\.t(\d{1,12})$/;

/** The cookie value of `choice`: `v1.s1.m0.t1735689600` (version, statistics, marketing, time in seconds). */
export function encodeConsent(choice: ConsentChoice): string {
  const bit = (on: boolean) => (on ? '1' : '0');
  return `v${choice.version}.s${bit(choice.statistics)}.m${bit(choice.marketing)}.t${Math.floor(choice.time)}`;
}

/** The choice in a cookie value; null when missing, malformed or of another version (asked again). */
export function decodeConsent(value: string | null | undefined): ConsentChoice | null {
  const match = STORED.exec(value ?? '');
  if (!match || Number(match[1]) !== CONSENT_VERSION) return null;
  return {
    version: CONSENT_VERSION,
    statistics: match[2] === '1',
    marketing: match[3] === '1',
    time: Number(match[4]),
  };
}

/** The stored choice in a `Cookie`/`document.cookie` string; null when there is none yet. */
export function readConsent(
  cookies: string = typeof document === 'undefined' ? '' : document.cookie,
): ConsentChoice | null {
  for (const part of cookies.split(';')) {
    const [name, ...rest] = part.trim().split('=');
    if (name === CONSENT_COOKIE) return decodeConsent(rest.join('='));
  }
  return null;
}

/** The `document.cookie` assignment that stores `choice`: a year, path /, SameSite=Lax, Secure over https. */
export function consentCookie(choice: ConsentChoice, secure: boolean): string {
  const maxAge = CONSENT_COOKIE_DAYS * 24 * 3600;
  return `${CONSENT_COOKIE}=${encodeConsent(choice)}; max-age=${maxAge}; path=/; samesite=lax${secure ? '; secure' : ''}`;
}

/**
 * Stores the visitor's choice in the cookie (the browser's clock gives the time) and answers it as
 * stored. Only called on the visitor's own action ("Accept all", "Necessary only", "Save choice").
 */
export function writeConsent(
  allowed: Pick<ConsentChoice, 'statistics' | 'marketing'>,
  now: number = Date.now(),
): ConsentChoice {
  const choice: ConsentChoice = {
    version: CONSENT_VERSION,
    statistics: allowed.statistics,
    marketing: allowed.marketing,
    time: Math.floor(now / 1000),
  };
  // biome-ignore lint/suspicious/noDocumentCookie: the Cookie Store API is missing in Firefox and Safari
  document.cookie = consentCookie(choice, window.location.protocol === 'https:');
  return choice;
}

/** Whether `choice` allows `category`: necessary always, the others only when chosen. */
export function allowsCategory(choice: ConsentChoice | null, category: 'necessary' | ConsentChoiceCategory): boolean {
  if (category === 'necessary') return true;
  return choice?.[category] ?? false;
}
