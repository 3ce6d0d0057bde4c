import { Outlet } from 'react-router';
import { SignupModal } from '../../features/signup/signup-modal';
import { SITE_ENTRY_COUNTRIES } from '../../features/site-entry/is-site-entry-warning-visible';
import { SiteEntryWarning } from '../../features/site-entry/site-entry-warning';

/** Empty layout (SPEC.md 2): content, site-entry warning for NL and DE, signup modal. */
export function EmptyLayout() {
  return (
    <div className="d-flex flex-column min-vh-100">
      <main id="main" className="flex-grow-1">
        <Outlet />
      </main>
      <SiteEntryWarning countries={SITE_ENTRY_COUNTRIES} />
      <SignupModal />
    </div>
  );
}
