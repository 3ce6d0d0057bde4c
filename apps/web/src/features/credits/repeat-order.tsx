import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ErrorAlert } from '../../components/error-alert';
import { usePageTitle } from '../../lib/use-page-title';
import { errorText } from '../account/api-error-alert';
import { useUser } from '../session/use-user';
import { creditsOverviewQuery, useStartPayment } from './api';
import { OrderSummary } from './order-summary';
import { QueryState } from './query-state';

/**
 * /credits/repeat-order (SPEC.md 2, 6): a premium member buys the last package with the last method
 * again in one step (POST /api/payment.php with repeat); anyone else learns why not.
 */
export function RepeatOrder() {
  const { t } = useTranslation('money');
  const user = useUser();
  const overview = useQuery(creditsOverviewQuery);
  const pay = useStartPayment();
  usePageTitle(t('repeat.title'));
  if (!overview.data) {
    return (
      <div className="container py-4">
        <QueryState error={overview.error} onRetry={() => void overview.refetch()} />
      </div>
    );
  }
  const last = overview.data.last_order;
  const pkg = last ? overview.data.packages.find((p) => p.id === last.package) : undefined;
  const reason = !user?.paid_user ? t('repeat.notPremium') : !last || !pkg ? t('repeat.noOrder') : null;

  return (
    <div className="container py-4" style={{ maxWidth: 640 }}>
      <h1 className="h3 mb-3">{t('repeat.title')}</h1>
      {reason || !last || !pkg ? (
        <div className="alert alert-info" role="status" data-testid="repeat-unavailable">
          <p>{reason}</p>
          <Link to="/credits" className="btn btn-primary">
            {t('repeat.toCredits')}
          </Link>
        </div>
      ) : (
        <div className="card shadow-sm">
          <div className="card-body">
            <p>{t('repeat.intro')}</p>
            <OrderSummary pkg={pkg} method={last.method} discount={null} />
            {pay.isError && <ErrorAlert className="mt-3 mb-0">{errorText(pay.error, t)}</ErrorAlert>}
            <button
              type="button"
              className="btn btn-primary btn-lg w-100 mt-3"
              disabled={pay.isPending || pay.isSuccess}
              onClick={() => pay.mutate({ package: pkg.id, method: last.method, repeat: true })}
              data-testid="pay-now"
            >
              {pay.isPending || pay.isSuccess ? t('pay.redirecting') : t('repeat.payNow')}
            </button>
            <Link to="/credits" className="btn btn-link px-0 mt-2">
              {t('repeat.other')}
            </Link>
          </div>
        </div>
      )}
    </div>
  );
}
