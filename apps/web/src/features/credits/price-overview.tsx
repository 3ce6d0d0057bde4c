import { PREMIUM_PHOTO_LIMIT } from '@app/contracts';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { usePageTitle } from '../../lib/use-page-title';
import { useUser } from '../session/use-user';
import { SignupButton } from '../signup/signup-button';
import { creditsOverviewQuery } from './api';
import { PackageList } from './package-list';
import { QueryState } from './query-state';
import './credits.css';

/**
 * /pricing (SPEC.md 2, public): the packages, what a message, photo and gift cost in credits, that
 * premium starts with the first purchase, and the refund cancellation period of refund_days days (SPEC.md 9).
 */
export function PriceOverview() {
  const { t } = useTranslation('money');
  const user = useUser();
  const overview = useQuery(creditsOverviewQuery);
  usePageTitle(t('pricing.title'));
  if (!overview.data) {
    return (
      <div className="container py-4">
        <h1 className="h3">{t('pricing.title')}</h1>
        <QueryState error={overview.error} onRetry={() => void overview.refetch()} />
      </div>
    );
  }
  const { packages, discount, costs, refund_days } = overview.data;
  const costRows = [
    { key: 'message', credits: costs.message },
    { key: 'photo', credits: costs.photo },
    { key: 'gift', credits: costs.gift },
  ] as const;
  return (
    <div className="container py-4">
      <div className="text-center mx-auto mb-4" style={{ maxWidth: 720 }}>
        <h1 className="h2">{t('pricing.title')}</h1>
        <p className="lead">{t('pricing.intro')}</p>
      </div>
      <section aria-labelledby="pricing-packages" className="mb-5">
        <h2 id="pricing-packages" className="h4 mb-3">
          {t('pricing.packagesHeading')}
        </h2>
        <div className="pt-2">
          <PackageList packages={packages} discount={discount} />
        </div>
        <p className="small text-body-secondary mt-2">{t('pricing.vat')}</p>
      </section>
      <div className="row g-4">
        <section className="col-md-6" aria-labelledby="pricing-costs">
          <h2 id="pricing-costs" className="h4">
            {t('pricing.costsHeading')}
          </h2>
          <table className="money-table mb-2">
            <tbody>
              {costRows.map((row) => (
                <tr key={row.key} data-testid={`cost-${row.key}`}>
                  <th scope="row" className="fw-normal">
                    {t(`pricing.costs.${row.key}`)}
                  </th>
                  <td className="text-end fw-semibold">{t('pricing.credits', { count: row.credits })}</td>
                </tr>
              ))}
            </tbody>
          </table>
          <p className="small text-body-secondary">{t('pricing.free')}</p>
        </section>
        <section className="col-md-6" aria-labelledby="pricing-premium">
          <h2 id="pricing-premium" className="h4">
            {t('pricing.premiumHeading')}
          </h2>
          <p>{t('pricing.premium', { photos: PREMIUM_PHOTO_LIMIT })}</p>
          <Link to="/premium" className="link-primary">
            {t('pricing.premiumLink')}
          </Link>
          <h2 className="h4 mt-4">{t('pricing.refundHeading')}</h2>
          <p data-testid="refund-days">
            {t('pricing.refund', { count: refund_days })}{' '}
            <Link to="/pages/return-policy">{t('pricing.refundLink')}</Link>
          </p>
        </section>
      </div>
      <div className="text-center mt-4">
        {user ? (
          <Link to="/credits" className="btn btn-primary btn-lg">
            {t('pricing.buy')}
          </Link>
        ) : (
          <SignupButton className="btn btn-primary btn-lg">{t('pricing.signup')}</SignupButton>
        )}
      </div>
    </div>
  );
}
