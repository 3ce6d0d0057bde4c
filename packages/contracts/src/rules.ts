import { BADGE_CAP } from './constants.js';

/**
 * Age in whole years on `today` of someone born on `dateOfBirth` (YYYY-MM-DD).
 * Used by server and client alike so both agree on birthdays.
 */
export function ageOn(dateOfBirth: string, today: Date = new Date()): number {
  const [y, m, d] = dateOfBirth.split('-').map(Number) as [number, number, number];
  let age = today.getUTCFullYear() - y;
  const beforeBirthday = today.getUTCMonth() + 1 < m || (today.getUTCMonth() + 1 === m && today.getUTCDate() < d);
  if (beforeBirthday) age -= 1;
  return age;
}

/** Badge text for a count: '' for 0, the number up to 99, then '99+' (SPEC.md 2). */
export function badgeText(count: number): string {
  if (count <= 0) return '';
  return count > BADGE_CAP ? `${BADGE_CAP}+` : String(count);
}

/** The support phone cleaned of hyphens and spaces before use (SPEC.md 5). */
export function cleanPhone(phone: string): string {
  return phone.replace(/[\s-]/g, '');
}

/**
 * Whether signup is open for this visitor (SPEC.md 5): signups is all, or with_trafficsource and the
 * visitor arrived with a traffic source.
 */
export function isSignupAllowed(signups: 'all' | 'with_trafficsource' | 'none', hasTrafficSource: boolean): boolean {
  return signups === 'all' || (signups === 'with_trafficsource' && hasTrafficSource);
}

/**
 * Whether logged-out search shows (SPEC.md 5): logged_out_search is not none, or
 * logged_out_search_trafficsource is not none and the visitor has a traffic source.
 */
export function isLoggedOutSearchAllowed(
  settings: { logged_out_search: string; logged_out_search_trafficsource: string },
  hasTrafficSource: boolean,
): boolean {
  if (settings.logged_out_search !== 'none') return true;
  return settings.logged_out_search_trafficsource !== 'none' && hasTrafficSource;
}

/**
 * Price after `percentage` off, in cents, rounded to the nearest cent and never below 1 (SPEC.md 3
 * Discount code). The server charges it and the client shows it, so the shown price is the charged one.
 */
export function discountedCents(priceCents: number, percentage: number | null | undefined): number {
  if (!percentage) return priceCents;
  return Math.max(1, Math.round((priceCents * (100 - percentage)) / 100));
}

/**
 * Whether the activation reminder shows (SPEC.md 2, 4): the user is not_confirmed, the profile is
 * disabled and no e-mail notifications are disabled (a bounced address cannot receive the mail).
 */
export function needsActivation(
  user: { status: string; notifications_disabled: readonly string[]; profile: { status: string } } | null,
): boolean {
  if (!user) return false;
  return (
    user.status === 'not_confirmed' && user.profile.status === 'disabled' && user.notifications_disabled.length === 0
  );
}

/** The alerts under the member navigation, most important first; one shows at a time (SPEC.md 2). */
export const MEMBER_ALERTS = ['activation', 'mailOff', 'push', 'photo'] as const;
export type MemberAlert = (typeof MEMBER_ALERTS)[number];

/**
 * The alert the server's snapshot of a member page shows (docs/decisions/020), the same one the
 * app's warnings header will show, so the page does not change when the app starts. The app writes
 * the alert it shows in this browser to SHOWN_ALERT_COOKIE (`shown`: a MEMBER_ALERTS value, `none`,
 * or undefined before the app has run here); the server keeps it while its own facts still want it.
 * Without the cookie it assumes a browser that can take push and has dismissed nothing.
 *
 * @param user the member's activation, disabled mail and main photo (the GET /api/user.php shape)
 * @param hasPushKey whether the site has a push key (settings.push_public_key)
 * @returns the alert, or null for none
 */
export function snapshotAlert(
  user: {
    status: string;
    notifications_disabled: readonly string[];
    profile: { status: string; main_image: unknown };
  },
  hasPushKey: boolean,
  shown: string | undefined,
): MemberAlert | null {
  const wanted: Record<MemberAlert, boolean> = {
    activation: needsActivation(user),
    mailOff: user.notifications_disabled.length > 0,
    push: hasPushKey,
    photo: !user.profile.main_image,
  };
  if (shown === undefined) return MEMBER_ALERTS.find((kind) => wanted[kind]) ?? null;
  const kind = MEMBER_ALERTS.find((known) => known === shown);
  return kind && wanted[kind] ? kind : null;
}

/**
 * The preview line of a chat in the chat list (SPEC.md 2, chats overview), in the app and in the
 * server's snapshot alike: "You: " (`words.you`) before the viewer's own message, then the photo or
 * gift word, else the message's preview text; '' before the first message.
 *
 * @param viewer the viewing member's profile id
 * @param words the list's words in the viewer's language
 */
export function chatPreviewLine(
  last: { sender: number; kind: string; preview: string } | null,
  viewer: number | undefined,
  words: { you: string; photo: string; gift: string },
): string {
  if (!last) return '';
  const prefix = last.sender === viewer ? `${words.you}: ` : '';
  if (last.kind === 'photo') return prefix + words.photo;
  if (last.kind === 'gift') return prefix + words.gift;
  return prefix + last.preview;
}
