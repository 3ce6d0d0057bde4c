import type { AdminPaymentSummary } from '@app/contracts';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useSiteName } from '../../components/site-select';
import { formatCents, formatDateTime } from '../../lib/format';
import { PaymentStatusBadge, useMethodName } from './badges';

/** Payments: a table from 768 px, stacked cards below (phones). */
export function PaymentTable({ payments }: { payments: AdminPaymentSummary[] }) {
  const { t } = useTranslation('admin-billing');
  const methodName = useMethodName();
  const siteName = useSiteName();
  if (payments.length === 0) return <p className="text-body-secondary">{t('payments.none')}</p>;
  const status = (p: AdminPaymentSummary) => (
    <PaymentStatusBadge status={p.status} refundedCents={p.refunded_cents} amountCents={p.amount_cents} />
  );
  return (
    <>
      <div className="table-responsive d-none d-md-block">
        <table className="table table-sm table-hover align-middle">
          <caption className="visually-hidden">{t('payments.title')}</caption>
          <thead>
            <tr>
              <th scope="col">{t('payment.id')}</th>
              <th scope="col">{t('payment.created')}</th>
              <th scope="col">{t('payment.member')}</th>
              <th scope="col">{t('payment.status')}</th>
              <th scope="col" className="text-end">
                {t('payment.amount')}
              </th>
              <th scope="col" className="text-end">
                {t('payment.credits')}
              </th>
              <th scope="col">{t('payment.method')}</th>
              <th scope="col" className="text-end">
                {t('payment.refunded')}
              </th>
              <th scope="col">{t('complaints.site')}</th>
            </tr>
          </thead>
          <tbody>
            {payments.map((p) => (
              <tr key={p.id} data-testid="payment-row">
                <td>
                  <Link to={`/payments/${p.id}`}>{t('payment.open', { id: p.id })}</Link>
                </td>
                <td className="text-nowrap">{formatDateTime(p.created_at)}</td>
                <td className="text-break">
                  {p.member.email}
                  {p.member.name && <div className="small text-body-secondary">{p.member.name}</div>}
                </td>
                <td>{status(p)}</td>
                <td className="text-end text-nowrap">{formatCents(p.amount_cents, p.currency)}</td>
                <td className="text-end">{p.credits}</td>
                <td>{methodName(p.method)}</td>
                <td className="text-end text-nowrap">
                  {p.refunded_cents > 0 ? formatCents(p.refunded_cents, p.currency) : '—'}
                </td>
                <td>{siteName(p.site_id)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <ul className="list-unstyled d-md-none">
        {payments.map((p) => (
          <li key={p.id} className="card mb-2">
            <div className="card-body p-3">
              <div className="d-flex justify-content-between align-items-start gap-2">
                <Link to={`/payments/${p.id}`} className="fw-semibold">
                  {t('payment.open', { id: p.id })} · {formatCents(p.amount_cents, p.currency)}
                </Link>
                {status(p)}
              </div>
              <div className="small text-body-secondary">
                {formatDateTime(p.created_at)} · {methodName(p.method)} · {siteName(p.site_id)}
              </div>
              <div className="small text-break">{p.member.email}</div>
            </div>
          </li>
        ))}
      </ul>
    </>
  );
}
