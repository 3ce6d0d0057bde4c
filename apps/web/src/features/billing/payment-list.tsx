import type { Payment } from '@app/contracts';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatDateTime, formatMoney, paymentStateColour, paymentStateLabel } from './format';

/** One payment: package, amount, method, date and its state; a paid one links to its invoice. */
function PaymentRow({ payment }: { payment: Payment }) {
  const { t, i18n } = useTranslation('billing');
  const isPaid = payment.status === 'paid';
  return (
    <li className="d-flex justify-content-between align-items-start gap-3" data-testid="payment-row">
      <div className="min-w-0">
        <div className="fw-semibold">
          {t('payments.line', {
            count: payment.credits,
            amount: formatMoney(payment.amount_cents, payment.currency, i18n.language),
          })}
        </div>
        <div className="small text-body-secondary">
          <time dateTime={payment.created_at}>{formatDateTime(payment.created_at, i18n.language)}</time> ·{' '}
          {t(`methods.${payment.method}`)}
        </div>
        {isPaid && (
          <Link to={`/transactions/${payment.payment_id}`} className="small">
            {t('transactions.viewInvoice')}
          </Link>
        )}
      </div>
      <span className={`badge text-bg-${paymentStateColour(payment.status)}`}>
        {t(`payments.state.${paymentStateLabel(payment.status)}`)}
      </span>
    </li>
  );
}

/** The member's payments in every state, newest first (SPEC.md 4 Payment: pending is "being processed"). */
export function PaymentList({ payments }: { payments: Payment[] }) {
  const { t } = useTranslation('billing');
  if (payments.length === 0) return <p className="text-body-secondary mb-0">{t('payments.empty')}</p>;
  return (
    <ul className="list-unstyled mb-0 billing-list" data-testid="payments">
      {payments.map((payment) => (
        <PaymentRow key={payment.payment_id} payment={payment} />
      ))}
    </ul>
  );
}
