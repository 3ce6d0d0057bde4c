import { cleanPhone } from '@app/contracts';
import { COOKIE_SETTINGS_HREF, FOOTER_LINKS, INSTALLED_APP_FOOTER_LINKS } from '@app/public-site/footer-links';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { companyInfoQuery } from '../features/session/queries';
import { useSettings } from '../features/session/use-settings';
import { useUser } from '../features/session/use-user';
import { useIsInstalledApp } from '../lib/display-mode';

/**
 * Site footer (SPEC.md 2): legal links and support (the list the public pages' footer shows too,
 * public-site footer-links.ts), cookie settings; logged-out, US and installed-app variants. The
 * installed app (display mode standalone, followed as it changes) keeps only terms, privacy, FAQ
 * and support: no phone, company line or US statement.
 */
export function Footer() {
  const settings = useSettings();
  const user = useUser();
  const { t, i18n } = useTranslation();
  const isApp = useIsInstalledApp();
  const company = useQuery({ ...companyInfoQuery, enabled: !user && !isApp });
  const showUs = settings.us_footer && i18n.language === 'en' && !isApp;
  const links = isApp ? FOOTER_LINKS.filter(([to]) => INSTALLED_APP_FOOTER_LINKS.has(to)) : FOOTER_LINKS;
  const phone = settings.support_phone ? cleanPhone(settings.support_phone) : '';

  return (
    <footer
      className="site-footer mt-auto border-top bg-body-tertiary py-4"
      data-variant={isApp ? 'installed-app' : user ? 'member' : 'logged-out'}
    >
      <div className="container small">
        <nav aria-label={t('footer.label')}>
          <ul className="list-inline mb-2">
            {links.map(([to, key]) => (
              <li key={to} className="list-inline-item me-3 mb-1">
                <Link to={to} className="link-secondary">
                  {t(key)}
                </Link>
              </li>
            ))}
            {phone && !isApp && (
              <li className="list-inline-item me-3 mb-1">
                <a href={`tel:${phone}`} className="link-secondary">
                  {t('footer.call', { phone: settings.support_phone })}
                </a>
              </li>
            )}
            <li className="list-inline-item me-3 mb-1">
              {/* A page of the server: a full load, where the consent settings open at the fragment. */}
              <a href={COOKIE_SETTINGS_HREF} className="link-secondary">
                {t('footer.cookieSettings')}
              </a>
            </li>
          </ul>
        </nav>
        {!isApp && !user && company.data && (
          <p className="text-body-secondary mb-2">
            © {new Date().getFullYear()} {company.data.name} · {company.data.address}, {company.data.city} ·{' '}
            {t('footer.kvk', { kvk: company.data.kvk })}
          </p>
        )}
        {showUs && (
          <p className="text-body-secondary mb-2">
            {t('footer.us.statement')}{' '}
            <Link to="/pages/privacy" className="link-secondary">
              {t('footer.us.privacyRights')}
            </Link>
          </p>
        )}
      </div>
    </footer>
  );
}
