import { Outlet } from 'react-router';
import { SITE_ENTRY_COUNTRIES } from '../../features/site-entry/is-site-entry-warning-visible';
import { SignupModalWhenOpen, SiteEntryWarningForVisitors } from './visitor-dialogs';

/** Empty layout (SPEC.md 2): content, site-entry warning for NL and DE, signup modal. */
export function EmptyLayout() {
  return (
    <div className="d-flex flex-column min-vh-100">
      <main id="main" className="flex-grow-1">
        <Outlet />
      </main>
      <SiteEntryWarningForVisitors countries={SITE_ENTRY_COUNTRIES} />
      <SignupModalWhenOpen />
    </div>
  );
}
