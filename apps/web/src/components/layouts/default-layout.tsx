import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet } from 'react-router';
import { DiscoveryHost } from '../../features/match-dialog/discovery-host';
import { useSettings } from '../../features/session/use-settings';
import { FictionalIcon } from '../fictional-icon';
import { Footer } from '../footer';
import { TopNav } from '../navigation/top-nav';
import { WarningsHeader } from '../warnings-header';
import { SignupModalWhenOpen, SiteEntryWarningForVisitors } from './visitor-dialogs';

/**
 * `text` with its `<icon></icon>` tag (footer.fictionalNotice) replaced by `icon`. react-i18next's
 * Trans would do the same with an HTML parser the first download can do without (docs/client.md).
 */
function withIcon(text: string, icon: ReactNode): ReactNode {
  const [before, after] = text.split(/<icon\s*\/>|<icon><\/icon>/);
  if (after === undefined) return text;
  return (
    <>
      {before}
      {icon}
      {after}
    </>
  );
}

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
      <main id="main" className="app-main flex-grow-1">
        <Outlet />
      </main>
      <Footer />
      {/* Site-wide: the site has fictional profiles and how they are labelled. The per-profile
          fictional_warning belongs next to a fictional profile only (DECISIONS.md). */}
      <p className="disclaimer text-center small text-body-secondary py-2 mb-0 px-3" data-testid="site-disclaimer">
        {t('footer.disclaimer', { site: settings.name })}{' '}
        {withIcon(
          t('footer.fictionalNotice', {
            site: settings.name,
            plural: settings.fictional_plural,
            singular: settings.fictional_singular,
          }),
          <FictionalIcon icon={settings.fictional_icon} />,
        )}
      </p>
      <SiteEntryWarningForVisitors countries={countries} />
      <SignupModalWhenOpen />
      <DiscoveryHost />
    </div>
  );
}
