import { Trans, useTranslation } from 'react-i18next';
import { Outlet } from 'react-router';
import { DiscoveryHost } from '../../features/match-dialog/discovery-host';
import { FictionalIcon } from '../../features/members/fictional-label';
import { useSettings } from '../../features/session/use-settings';
import { SignupModal } from '../../features/signup/signup-modal';
import { SiteEntryWarning } from '../../features/site-entry/site-entry-warning';
import { Footer } from '../footer';
import { TopNav } from '../navigation/top-nav';
import { WarningsHeader } from '../warnings-header';

/** Default layout (SPEC.md 2): navigation, warnings, page, footer, disclaimer, site-entry warning, signup modal. */
export function DefaultLayout({ countries }: { countries?: readonly string[] }) {
  const settings = useSettings();
  const { t } = useTranslation();
  return (
    <div className="d-flex flex-column min-vh-100">
      <a href="#main" className="visually-hidden-focusable skip-link">
        {t('actions.skipToContent')}
      </a>
      <TopNav />
      <WarningsHeader />
      <main id="main" className="flex-grow-1">
        <Outlet />
      </main>
      <Footer />
      {/* Site-wide: the site has fictional profiles and how they are labelled. The per-profile
          fictional_warning belongs next to a fictional profile only (DECISIONS.md). */}
      <p className="disclaimer text-center small text-body-secondary py-2 mb-0 px-3" data-testid="site-disclaimer">
        {t('footer.disclaimer', { site: settings.name })}{' '}
        <Trans
          i18nKey="footer.fictionalNotice"
          values={{ site: settings.name, plural: settings.fictional_plural, singular: settings.fictional_singular }}
          components={{ icon: <FictionalIcon icon={settings.fictional_icon} /> }}
        />
      </p>
      <SiteEntryWarning countries={countries} />
      <SignupModal />
      <DiscoveryHost />
    </div>
  );
}
