import type { AdminPaymentDetail } from '@app/contracts';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatCents, formatDateTime } from '../../lib/format';
import { ComplaintStatusBadge, PaymentStatusBadge, useMethodName } from './badges';
import { Fields, ScrollTable, Section } from './section';

type Detail = { detail: AdminPaymentDetail };

/** What a payment adds to its facts: the price before discount, discount, package, flow, provider, last change. */
export function PaymentExtras({ detail }: Detail) {
  const { t } = useTranslation('admin-billing');
  const { payment, discount } = detail;
  return (
    <div className="mt-2">
      <Fields
        rows={[
          [t('payment.original'), formatCents(payment.original_cents, payment.currency)],
          discount
            ? [
                t('payment.discount'),
                t('payment.discountValue', { code: discount.code, percentage: discount.percentage }),
              ]
            : null,
          [
            t('payment.package'),
            t('payment.packageValue', {
              id: detail.package.id,
              count: detail.package.credits,
              price: formatCents(detail.package.price_cents, payment.currency),
            }),
          ],
          [t('payment.flow'), t(`flows.${payment.flow}`, { defaultValue: payment.flow })],
          [t('payment.provider'), payment.provider],
          [t('payment.updated'), formatDateTime(payment.updated_at)],
        ]}
      />
    </div>
  );
}

/** The payment at the provider, read when the screen opened; a differing state is pointed out in words. */
export function ProviderState({ detail }: Detail) {
  const { t } = useTranslation('admin-billing');
  const methodName = useMethodName();
  const { provider, payment } = detail;
  return (
    <Section id="provider" title={t('provider.section')}>
      {provider.available && provider.status ? (
        <>
          <Fields
            rows={[
              [t('provider.id'), <code key="id">{provider.provider_payment_id}</code>],
              [t('payment.status'), <PaymentStatusBadge key="status" status={provider.status} />],
              [t('payment.method'), provider.method ? methodName(provider.method) : '—'],
              [
                t('payment.amount'),
                provider.amount_cents === null ? '—' : formatCents(provider.amount_cents, payment.currency),
              ],
            ]}
          />
          {provider.status !== payment.status && (
            <div className="alert alert-warning mt-3 mb-0" role="status">
              {t('provider.differs', {
                ours: t(`paymentStatus.${payment.status}`),
                theirs: t(`paymentStatus.${provider.status}`),
              })}
            </div>
          )}
        </>
      ) : (
        <div className="alert alert-secondary mb-0" data-testid="provider-unavailable">
          {t(`provider.unavailable.${provider.reason ?? 'error'}`)}
          {provider.provider_payment_id && (
            <>
              {' '}
              <code>{provider.provider_payment_id}</code>
            </>
          )}
        </div>
      )}
    </Section>
  );
}

/** The refunds of a payment so far: date, amount, credits taken back, reason, provider's refund id. */
export function PaymentRefunds({ detail }: Detail) {
  const { t } = useTranslation('admin-billing');
  const { refunds, payment } = detail;
  if (refunds.length === 0) return <p className="mb-0">{t('refunds.none')}</p>;
  return (
    <ScrollTable label={t('refunds.section')}>
      <table className="table table-sm align-middle mb-0">
        <caption className="visually-hidden">{t('refunds.section')}</caption>
        <thead>
          <tr>
            <th scope="col">{t('refunds.date')}</th>
            <th scope="col" className="text-end">
              {t('payment.amount')}
            </th>
            <th scope="col" className="text-end">
              {t('refunds.credits')}
            </th>
            <th scope="col">{t('refunds.reason')}</th>
            <th scope="col">{t('refunds.providerId')}</th>
          </tr>
        </thead>
        <tbody>
          {refunds.map((r) => (
            <tr key={r.id} data-testid="refund-row">
              <td className="text-nowrap">{formatDateTime(r.created_at)}</td>
              <td className="text-end text-nowrap">{formatCents(r.amount_cents, payment.currency)}</td>
              <td className="text-end">{r.credits_taken}</td>
              <td className="text-break">{r.reason ?? '—'}</td>
              <td>
                <code>{r.provider_refund_id ?? '—'}</code>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </ScrollTable>
  );
}

/** The member's ledger rows of this payment (purchase and refunds) and the complaints about it. */
export function PaymentLedger({ detail }: Detail) {
  const { t } = useTranslation('admin-billing');
  return (
    <>
      <Section id="ledger" title={t('ledger.section')}>
        {detail.ledger.length === 0 ? (
          <p className="mb-0">{t('ledger.none')}</p>
        ) : (
          <ScrollTable label={t('ledger.section')}>
            <table className="table table-sm align-middle mb-0">
              <caption className="visually-hidden">{t('ledger.section')}</caption>
              <thead>
                <tr>
                  <th scope="col">{t('refunds.date')}</th>
                  <th scope="col">{t('ledger.reason')}</th>
                  <th scope="col" className="text-end">
                    {t('ledger.delta')}
                  </th>
                  <th scope="col" className="text-end">
                    {t('ledger.balance')}
                  </th>
                </tr>
              </thead>
              <tbody>
                {detail.ledger.map((row) => (
                  <tr key={row.id} data-testid="ledger-row">
                    <td className="text-nowrap">{formatDateTime(row.created_at)}</td>
                    <td>{t(`ledger.reasons.${row.reason}`, { defaultValue: row.reason })}</td>
                    <td className="text-end">{row.delta > 0 ? `+${row.delta}` : row.delta}</td>
                    <td className="text-end">{row.balance_after}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </ScrollTable>
        )}
      </Section>
      <Section id="complaints" title={t('payment.complaints')}>
        {detail.complaints.length === 0 ? (
          <p className="mb-0">{t('payment.noComplaints')}</p>
        ) : (
          <ul className="list-unstyled mb-0">
            {detail.complaints.map((c) => (
              <li key={c.id} className="d-flex flex-wrap gap-2 align-items-center mb-1">
                <Link to={`/complaints/${c.id}`}>{t('complaints.open', { id: c.id })}</Link>
                <span>{t(`topics.${c.topic}`)}</span>
                <ComplaintStatusBadge status={c.status} />
              </li>
            ))}
          </ul>
        )}
      </Section>
    </>
  );
}
