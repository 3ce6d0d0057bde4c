import type { DiscountCode, PaymentMethod } from '@app/contracts';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { usePageTitle } from '../../lib/use-page-title';
import { useUser } from '../session/use-user';
import { ActiveDiscount } from './active-discount';
import { creditsOverviewQuery } from './api';
import { DiscountCodeForm } from './discount-code-form';
import { MethodPicker } from './method-picker';
import { OrderSummary } from './order-summary';
import { PackageList } from './package-list';
import { payPath } from './pricing';
import { QueryState } from './query-state';
import './credits.css';

/**
 * /credits (SPEC.md 2): choose a package (the highlighted one preselected), see the active discount
 * applied, type a discount code, choose a payment method, then pay at /credits/{id}/{method}
 * (direct debit at /directdebit). Premium members with an earlier order get the repeat-order link.
 */
export function CreditsShop() {
  const { t } = useTranslation('money');
  const user = useUser();
  const navigate = useNavigate();
  const overview = useQuery(creditsOverviewQuery);
  const [chosenPackage, setPackage] = useState<number | null>(null);
  const [method, setMethod] = useState<PaymentMethod | null>(null);
  const [typedCode, setTypedCode] = useState<DiscountCode | null>(null);
  usePageTitle(t('shop.title'));
  if (!overview.data) {
    return (
      <div className="container py-4">
        <h1 className="h3">{t('shop.title')}</h1>
        <QueryState error={overview.error} onRetry={() => void overview.refetch()} />
      </div>
    );
  }
  const { packages, methods, discount, last_order } = overview.data;
  const packageId = chosenPackage ?? packages.find((p) => p.highlighted)?.id ?? packages[0]?.id ?? null;
  const pkg = packages.find((p) => p.id === packageId) ?? null;
  const appliedDiscount = typedCode ?? discount;
  const handleContinue = () => {
    if (pkg && method) void navigate(payPath(pkg.id, method, typedCode?.code));
  };

  return (
    <div className="container py-4 credits-page">
      <div className="d-flex flex-wrap align-items-baseline gap-2 mb-3">
        <h1 className="h3 me-auto mb-0">{t('shop.title')}</h1>
        {user && (
          <span className="text-body-secondary" data-testid="balance">
            {t('shop.balance', { count: user.credits })}
          </span>
        )}
        {user?.paid_user && last_order && (
          <Link to="/credits/repeat-order" className="btn btn-sm btn-outline-primary" data-testid="repeat-order-link">
            {t('shop.repeatOrder')}
          </Link>
        )}
      </div>
      {appliedDiscount && <ActiveDiscount discount={appliedDiscount} />}
      <section className="mb-4" aria-labelledby="shop-packages">
        <h2 id="shop-packages" className="h5 mb-3">
          {t('shop.step1')}
        </h2>
        <PackageList
          packages={packages}
          discount={appliedDiscount}
          method={method ?? undefined}
          selected={packageId}
          onSelect={setPackage}
        />
      </section>
      <section className="mb-4" aria-labelledby="shop-methods">
        <h2 id="shop-methods" className="h5 mb-3">
          {t('shop.step2')}
        </h2>
        <MethodPicker methods={methods} selected={method} onSelect={setMethod} />
      </section>
      <div className="row g-4">
        <div className="col-md-6">
          <DiscountCodeForm packageId={packageId} method={method} applied={typedCode} onApply={setTypedCode} />
        </div>
        {pkg && (
          <section className="col-md-6" aria-label={t('summary.heading')}>
            <div className="card shadow-sm">
              <div className="card-body">
                <OrderSummary pkg={pkg} method={method} discount={appliedDiscount} />
                <button
                  type="button"
                  className="btn btn-primary btn-lg w-100 mt-3"
                  disabled={!method}
                  onClick={handleContinue}
                  data-testid="continue"
                >
                  {method ? t('shop.continue') : t('shop.chooseMethod')}
                </button>
                {!user?.paid_user && (
                  <p className="small text-body-secondary mt-2 mb-0" data-testid="premium-note">
                    {t('shop.premiumNote')}
                  </p>
                )}
              </div>
            </div>
          </section>
        )}
      </div>
    </div>
  );
}
