import type { Payment } from '@app/contracts';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ErrorAlert } from '../../components/error-alert';
import { usePageTitle } from '../../lib/use-page-title';
import { errorText } from '../account/api-error-alert';
import { useUser } from '../session/use-user';
import { creditsOverviewQuery } from './api';
import { isCardMethod } from './pricing';
import { usePaymentStatus } from './use-payment-status';

/**
 * The payment result page (/credits/{id}/{paymentmethod}?payment_id=N, SPEC.md 4, 8): being processed
 * (polling), completed with the new balance, or "Betaling mislukt" with retry or PayPal after a card.
 */
export function PaymentResult({ paymentId }: { paymentId: number }) {
  const { t } = useTranslation('money');
  const { payment, phase, error } = usePaymentStatus(paymentId);
  const title =
    phase === 'completed'
      ? t('result.completed.title')
      : phase === 'failed'
        ? t('result.failed.title')
        : t('result.pending.title');
  usePageTitle(title);
  return (
    <div className="container py-5" data-testid="payment-result" data-phase={phase}>
      <div className="mx-auto text-center" style={{ maxWidth: 560 }}>
        {(phase === 'loading' || phase === 'pending') && (
          <>
            <span className="spinner-border text-primary mb-3" aria-hidden="true" />
            <h1 className="h3">{t('result.pending.title')}</h1>
            <p className="lead" role="status">
              {phase === 'loading' ? t('result.loading') : t('result.pending.text')}
            </p>
          </>
        )}
        {phase === 'slow' && (
          <>
            <h1 className="h3">{t('result.pending.title')}</h1>
            <p className="lead" role="status">
              {t('result.slow')}
            </p>
            <Link to="/members" className="btn btn-outline-primary">
              {t('result.toMembers')}
            </Link>
          </>
        )}
        {phase === 'completed' && payment && <Completed payment={payment} />}
        {phase === 'failed' && payment && <Failed payment={payment} />}
        {phase === 'error' && (
          <>
            <h1 className="h3">{t('result.failed.title')}</h1>
            <ErrorAlert>{errorText(error, t)}</ErrorAlert>
            <Link to="/credits" className="btn btn-primary">
              {t('result.backToCredits')}
            </Link>
          </>
        )}
      </div>
    </div>
  );
}

function Completed({ payment }: { payment: Payment }) {
  const { t } = useTranslation('money');
  const user = useUser();
  return (
    <>
      <div className="display-4 text-success mb-2" aria-hidden="true">
        ✓
      </div>
      <h1 className="h3">{t('result.completed.title')}</h1>
      <p className="lead" role="status">
        {t('result.completed.text', { count: payment.credits })}
      </p>
      {user && <p data-testid="new-balance">{t('result.completed.balance', { count: user.credits })}</p>}
      <div className="d-flex flex-wrap justify-content-center gap-2 mt-3">
        <Link to="/chats" className="btn btn-primary">
          {t('result.toChats')}
        </Link>
        <Link to="/members" className="btn btn-outline-primary">
          {t('result.toMembers')}
        </Link>
      </div>
    </>
  );
}

function Failed({ payment }: { payment: Payment }) {
  const { t } = useTranslation('money');
  const overview = useQuery(creditsOverviewQuery);
  const isCard = isCardMethod(payment.method);
  const hasPaypal = overview.data?.methods.includes('paypal') ?? true;
  return (
    <>
      <h1 className="h3 text-danger">{t('result.failed.title')}</h1>
      <p className="lead" role="alert">
        {t('result.failed.text')}
      </p>
      <div className="d-flex flex-wrap justify-content-center gap-2 mt-3">
        {isCard ? (
          <>
            <Link to={`/credits/${payment.package}/${payment.method}`} className="btn btn-primary">
              {t('result.failed.retry')}
            </Link>
            {hasPaypal && (
              <Link to={`/credits/${payment.package}/paypal`} className="btn btn-outline-primary">
                {t('result.failed.paypal')}
              </Link>
            )}
          </>
        ) : (
          <Link to={`/credits/${payment.package}`} className="btn btn-primary">
            {t('result.failed.tryAgain')}
          </Link>
        )}
        <Link to="/credits" className="btn btn-link">
          {t('result.backToCredits')}
        </Link>
      </div>
    </>
  );
}
