import type { AdminPaymentSummary } from '@app/contracts';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatCents, formatDateTime } from '../../lib/format';
import { PaymentStatusBadge, useMethodName } from './badges';
import { Fields } from './section';

/** The main facts of a payment: state, amount, credits, method, refunded so far, dates; a link to it. */
export function PaymentFacts({ payment, link = false }: { payment: AdminPaymentSummary; link?: boolean }) {
  const { t } = useTranslation('admin-billing');
  const methodName = useMethodName();
  return (
    <Fields
      rows={[
        [
          t('payment.id'),
          link ? (
            <Link key="link" to={`/payments/${payment.id}`}>
              {t('payment.open', { id: payment.id })}
            </Link>
          ) : (
            payment.id
          ),
        ],
        [
          t('payment.status'),
          <PaymentStatusBadge
            key="status"
            status={payment.status}
            refundedCents={payment.refunded_cents}
            amountCents={payment.amount_cents}
          />,
        ],
        [t('payment.amount'), formatCents(payment.amount_cents, payment.currency)],
        [t('payment.credits'), t('payment.creditsValue', { count: payment.credits })],
        [t('payment.method'), methodName(payment.method)],
        [t('payment.refunded'), formatCents(payment.refunded_cents, payment.currency)],
        [t('payment.created'), formatDateTime(payment.created_at)],
        [t('payment.paid'), formatDateTime(payment.paid_at)],
      ]}
    />
  );
}
