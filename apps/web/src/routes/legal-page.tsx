import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Placeholder } from '../components/placeholder';
import { BanPageText } from '../features/session/ban-page-text';
import { companyInfoQuery } from '../features/session/queries';
import { useSettings } from '../features/session/use-settings';
import { countryName } from '../lib/i18n';
import { useRouteHandle } from '../lib/use-route-name';

/**
 * Legal page (terms, privacy, ...): its title and the company behind the site; the text follows.
 * /pages/ban has its text (why accounts are closed; the notice after a refused login).
 */
export function LegalPage() {
  const { t, i18n } = useTranslation();
  const handle = useRouteHandle();
  const settings = useSettings();
  const company = useQuery(companyInfoQuery);
  const info = company.data;
  return (
    <Placeholder
      title={t(handle.titleKey ?? 'routes.fallback.title')}
      purpose={handle.purposeKey ? t(handle.purposeKey) : undefined}
    >
      {handle.name === 'pages-ban' && <BanPageText />}
      {info && (
        <address className="card card-body text-start mt-4 mb-0">
          <strong>{info.name}</strong>
          {info.tradenames.length > 0 && <span>{t('legal.tradenames', { names: info.tradenames.join(', ') })}</span>}
          <span>{info.address}</span>
          <span>
            {info.city}, {countryName(info.country, i18n.language)}
          </span>
          <span>{t('footer.kvk', { kvk: info.kvk })}</span>
          {info.vat_numbers.length > 0 && <span>{t('legal.vat', { numbers: info.vat_numbers.join(', ') })}</span>}
          {settings.support_email && <a href={`mailto:${settings.support_email}`}>{settings.support_email}</a>}
        </address>
      )}
    </Placeholder>
  );
}

export { LegalPage as Component };
