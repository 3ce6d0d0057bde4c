/** Routes on which the site-entry warning never shows (SPEC.md 2). */
export const SITE_ENTRY_HIDDEN_ROUTES = ['complete-signup', 'reset-password', 'reset-password-do'] as const;

export { SITE_ENTRY_COUNTRIES } from '@app/contracts';

export interface SiteEntryWarningInput {
  isLoggedIn: boolean;
  isInstalledApp: boolean;
  /** Time of an earlier dismissal, or null. */
  dismissedAt: number | null;
  enableSiteEntryPopup: string;
  selectedCountry: string;
  /** The layout's optional country list; none means the warning stays hidden. */
  countries?: readonly string[];
  /** Name of the current route (e.g. "reset-password-do"). */
  routeName?: string;
}

/**
 * The site-entry warning ("important information") shows only when all hold (SPEC.md 2): logged out,
 * not in the installed app, never dismissed, enable_site_entry_popup is not "no", the selected country
 * is in the layout's country list, and the route is not complete-signup or a password reset.
 */
export function isSiteEntryWarningVisible(input: SiteEntryWarningInput): boolean {
  if (input.isLoggedIn || input.isInstalledApp) return false;
  if (input.dismissedAt !== null) return false;
  if (input.enableSiteEntryPopup === 'no') return false;
  if (!input.countries?.includes(input.selectedCountry.toUpperCase())) return false;
  return !(SITE_ENTRY_HIDDEN_ROUTES as readonly string[]).includes(input.routeName ?? '');
}
