import { Link, Outlet } from 'react-router';
import { useSettings } from '../../features/session/use-settings';
import { SITE_ENTRY_COUNTRIES } from '../../features/site-entry/is-site-entry-warning-visible';
import { Footer } from '../footer';
import { Icon } from '../icon';
import { SiteEntryWarningForVisitors } from './visitor-dialogs';

/** Landing layout (SPEC.md 2): logo bar, page, footer and the site-entry warning for NL and DE. */
export function LandingLayout() {
  const settings = useSettings();
  return (
    <div className="d-flex flex-column min-vh-100">
      <header className="bg-white border-bottom py-2">
        <div className="container">
          <Link to="/" className="navbar-brand fw-bold text-primary">
            <Icon name="heart" /> {settings.name}
          </Link>
        </div>
      </header>
      <main id="main" className="flex-grow-1">
        <Outlet />
      </main>
      <Footer />
      <SiteEntryWarningForVisitors countries={SITE_ENTRY_COUNTRIES} />
    </div>
  );
}
