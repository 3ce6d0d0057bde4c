// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import {
  isSiteEntryWarningVisible,
  type SiteEntryWarningInput,
} from '../src/features/site-entry/is-site-entry-warning-visible';

const visible: SiteEntryWarningInput = {
  isLoggedIn: false,
  isInstalledApp: false,
  dismissedAt: null,
  enableSiteEntryPopup: 'yes',
  selectedCountry: 'NL',
  countries: ['NL', 'DE'],
  routeName: 'landers-video-slug',
};

describe('isSiteEntryWarningVisible', () => {
  it('shows for a logged-out visitor from a listed country', () => {
    expect(isSiteEntryWarningVisible(visible)).toBe(true);
  });

  it.each<[string, Partial<SiteEntryWarningInput>]>([
    ['logged in', { isLoggedIn: true }],
    ['installed app', { isInstalledApp: true }],
    ['dismissed before', { dismissedAt: 1_700_000_000_000 }],
    ['popup disabled', { enableSiteEntryPopup: 'no' }],
    ['country not listed', { selectedCountry: 'BE' }],
    ['layout without a country list', { countries: undefined }],
    ['complete-signup', { routeName: 'complete-signup' }],
    ['reset-password', { routeName: 'reset-password' }],
    ['reset-password-do', { routeName: 'reset-password-do' }],
  ])('hides when %s', (_, patch) => {
    expect(isSiteEntryWarningVisible({ ...visible, ...patch })).toBe(false);
  });
});
