import { PAYMENT_METHODS, type PaymentMethod } from '@app/contracts';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useNavigate } from 'react-router';
import { ErrorAlert } from '../../components/error-alert';
import { NotFound } from '../../components/not-found';
import { usePageTitle } from '../../lib/use-page-title';
import { errorText } from '../account/api-error-alert';
import { checkDiscountCode, creditsOverviewQuery, useStartPayment } from './api';
import { MethodPicker } from './method-picker';
import { OrderSummary } from './order-summary';
import { payPath } from './pricing';
import { QueryState } from './query-state';

/**
 * /credits/{id}/{paymentmethod} (SPEC.md 2): the order summary and the pay button, which starts the
 * payment (POST /api/payment.php) and sends the payer to the provider's checkout. Without a method
 * the member picks one first; a typed code (?code=) is checked again for this package and method.
 */
export function PayOrder({ packageId, method, code }: { packageId: number; method?: string; code: string | null }) {
  const { t } = useTranslation('money');
  const navigate = useNavigate();
  const overview = useQuery(creditsOverviewQuery);
  const validMethod = (PAYMENT_METHODS as readonly string[]).includes(method ?? '') ? (method as PaymentMethod) : null;
  const [picked, setPicked] = useState<PaymentMethod | null>(null);
  const typed = useQuery({
    queryKey: ['discountcode', code, packageId, validMethod],
    queryFn: () => checkDiscountCode(code ?? '', packageId, validMethod ?? undefined),
    enabled: Boolean(code && validMethod),
    retry: false,
  });
  const pay = useStartPayment();
  usePageTitle(t('pay.title'));
  if (!overview.data) {
    return (
      <div className="container py-4">
        <QueryState error={overview.error} onRetry={() => void overview.refetch()} />
      </div>
    );
  }
  const pkg = overview.data.packages.find((p) => p.id === packageId);
  if (!pkg) return <NotFound />;
  if (validMethod === 'sdd') return <Navigate to={payPath(pkg.id, 'sdd', code)} replace />;
  const isOffered = validMethod !== null && overview.data.methods.includes(validMethod);
  const discount = typed.data ?? overview.data.discount;
  const isBusy = pay.isPending || pay.isSuccess || typed.isFetching;

  return (
    <div className="container py-4" style={{ maxWidth: 640 }}>
      <h1 className="h3 mb-3">{t('pay.title')}</h1>
      {!isOffered ? (
        <section className="mb-4" aria-labelledby="pay-methods">
          {method && (
            <div className="alert alert-warning" role="alert">
              {t('pay.methodUnavailable')}
            </div>
          )}
          <h2 id="pay-methods" className="h5 mb-3">
            {t('shop.step2')}
          </h2>
          <MethodPicker methods={overview.data.methods} selected={picked} onSelect={setPicked} />
          <button
            type="button"
            className="btn btn-primary mt-3"
            disabled={!picked}
            onClick={() => picked && void navigate(payPath(pkg.id, picked, code), { replace: true })}
          >
            {t('shop.continue')}
          </button>
        </section>
      ) : (
        <div className="card shadow-sm">
          <div className="card-body">
            {typed.isError && (
              <div className="alert alert-warning" role="alert" data-testid="code-error">
                {errorText(typed.error, t)} {t('pay.withoutCode')}
              </div>
            )}
            <OrderSummary pkg={pkg} method={validMethod} discount={discount} />
            {pay.isError && <ErrorAlert className="mt-3 mb-0">{errorText(pay.error, t)}</ErrorAlert>}
            <button
              type="button"
              className="btn btn-primary btn-lg w-100 mt-3"
              disabled={isBusy}
              data-testid="pay-button"
              onClick={() =>
                pay.mutate({
                  package: pkg.id,
                  method: validMethod,
                  discount_code: typed.data ? typed.data.code : undefined,
                })
              }
            >
              {pay.isPending || pay.isSuccess ? t('pay.redirecting') : t('pay.button')}
            </button>
            <p className="small text-body-secondary mt-2 mb-0">{t('pay.redirectNote')}</p>
          </div>
        </div>
      )}
      <Link to="/credits" className="btn btn-link px-0 mt-3">
        {t('pay.change')}
      </Link>
    </div>
  );
}
