import { Outlet } from 'react-router';
import { SITE_ENTRY_COUNTRIES } from '../../features/site-entry/is-site-entry-warning-visible';
import { SiteEntryWarning } from '../../features/site-entry/site-entry-warning';

/** Chat layout (SPEC.md 2): bare, plus the site-entry warning for NL and DE. */
export function ChatLayout() {
  return (
    <div className="d-flex flex-column min-vh-100 chat-layout">
      <main id="main" className="flex-grow-1">
        <Outlet />
      </main>
      <SiteEntryWarning countries={SITE_ENTRY_COUNTRIES} />
    </div>
  );
}
