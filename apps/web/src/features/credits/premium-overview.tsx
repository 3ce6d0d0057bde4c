import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { usePageTitle } from '../../lib/use-page-title';
import { useUser } from '../session/use-user';
import { ActiveDiscount } from './active-discount';
import { creditsOverviewQuery } from './api';
import { PackageList } from './package-list';
import { PremiumBenefits } from './premium-benefits';
import { QueryState } from './query-state';
import './credits.css';

/**
 * /premium (SPEC.md 2, members area): what premium gives, the packages with the active discount and
 * a call to buy; premium starts with the first purchase. Premium members see that they are premium.
 */
export function PremiumOverview() {
  const { t } = useTranslation('money');
  const user = useUser();
  const overview = useQuery(creditsOverviewQuery);
  const isPremium = user?.paid_user ?? false;
  usePageTitle(t('premium.title'));
  return (
    <div className="container py-4">
      <div className="text-center mx-auto mb-4" style={{ maxWidth: 720 }}>
        <h1 className="h2">{isPremium ? t('premium.youArePremium') : t('premium.title')}</h1>
        <p className="lead">{isPremium ? t('premium.thanks') : t('premium.intro')}</p>
        {isPremium && (
          <span className="badge text-bg-primary fs-6" data-testid="premium-status">
            {t('premium.badge')}
          </span>
        )}
      </div>
      <div className="row g-4 justify-content-center">
        <section className="col-lg-7" aria-label={t('premium.benefitsHeading')}>
          <div className="card shadow-sm">
            <div className="card-body p-2 p-sm-3">
              <h2 className="h5">{t('premium.benefitsHeading')}</h2>
              <PremiumBenefits />
            </div>
          </div>
        </section>
      </div>
      <section className="mt-5" aria-labelledby="premium-packages">
        <h2 id="premium-packages" className="h4 text-center mb-2">
          {isPremium ? t('premium.moreCredits') : t('premium.packagesHeading')}
        </h2>
        {!isPremium && <p className="text-center text-body-secondary">{t('premium.startsWithPurchase')}</p>}
        {overview.data ? (
          <>
            {/* The time bonus has its banner at the top of the members area already. */}
            {overview.data.discount && overview.data.discount.kind !== 'time_bonus' && (
              <ActiveDiscount discount={overview.data.discount} />
            )}
            <div className="pt-2">
              <PackageList packages={overview.data.packages} discount={overview.data.discount} />
            </div>
          </>
        ) : (
          <QueryState error={overview.error} onRetry={() => void overview.refetch()} />
        )}
        <div className="text-center mt-4 d-flex flex-wrap justify-content-center gap-2">
          <Link to="/credits" className="btn btn-primary btn-lg" data-testid="premium-buy">
            {isPremium ? t('premium.buyCredits') : t('premium.cta')}
          </Link>
          {isPremium && overview.data?.last_order && (
            <Link to="/credits/repeat-order" className="btn btn-outline-primary btn-lg">
              {t('shop.repeatOrder')}
            </Link>
          )}
        </div>
      </section>
    </div>
  );
}
