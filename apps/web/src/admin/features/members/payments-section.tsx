import type { AdminMemberPayment } from '@app/contracts';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatCents, formatDateTime } from '../../lib/format';
import { Section, TableBox } from './section';
import { StatusBadge } from './status-badge';

/** The member's last payments; a payment links to the payments area for the roles that open it. */
export function PaymentsSection({ payments, canOpen }: { payments: AdminMemberPayment[]; canOpen: boolean }) {
  const { t } = useTranslation('admin-members');
  return (
    <Section id="payments" title={t('sections.payments')}>
      {payments.length === 0 ? (
        <p className="mb-0">{t('payments.none')}</p>
      ) : (
        <TableBox label={t('sections.payments')}>
          <table className="table table-sm align-middle mb-0">
            <caption className="visually-hidden">{t('sections.payments')}</caption>
            <thead>
              <tr>
                <th scope="col">{t('payments.id')}</th>
                <th scope="col">{t('payments.date')}</th>
                <th scope="col">{t('payments.status')}</th>
                <th scope="col" className="text-end">
                  {t('payments.credits')}
                </th>
                <th scope="col" className="text-end">
                  {t('payments.amount')}
                </th>
                <th scope="col">{t('payments.method')}</th>
                <th scope="col" className="text-end">
                  {t('payments.refunded')}
                </th>
              </tr>
            </thead>
            <tbody>
              {payments.map((p) => (
                <tr key={p.id}>
                  <td>{canOpen ? <Link to={`/payments/${p.id}`}>{p.id}</Link> : p.id}</td>
                  <td className="text-nowrap">{formatDateTime(p.created_at)}</td>
                  <td>
                    <StatusBadge group="paymentStatus" code={p.status} />
                  </td>
                  <td className="text-end">{p.credits}</td>
                  <td className="text-end">
                    {formatCents(p.amount_cents, p.currency)}
                    {p.discount_percentage ? ` (−${p.discount_percentage}%)` : ''}
                  </td>
                  <td>{p.method}</td>
                  <td className="text-end">{p.refunded_cents > 0 ? formatCents(p.refunded_cents, p.currency) : '—'}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableBox>
      )}
    </Section>
  );
}
