import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { AdminError } from '../components/error-text';
import { PageTitle } from '../components/page-title';
import { billingPermissions, paymentQuery } from '../features/billing/api';
import { PaymentFacts } from '../features/billing/payment-facts';
import { PaymentExtras, PaymentLedger, PaymentRefunds, ProviderState } from '../features/billing/payment-sections';
import { RefundForm } from '../features/billing/refund-form';
import { Fields, Section } from '../features/billing/section';
import { formatCents } from '../lib/format';
import { useStaff } from '../lib/session';

/**
 * One payment (admins and support; issue: back office I): our row, the state at the provider (or
 * that the provider could not be asked), the member, package and discount, refunds with the refund
 * form for admins, the ledger rows and complaints about it. Opening it is audit-logged by the server.
 */
export function Component() {
  const { t } = useTranslation('admin-billing');
  const id = Number(useParams().id);
  const may = billingPermissions(useStaff().role);
  const result = useQuery(paymentQuery(id));
  const title = t('payment.title', { id });

  if (!result.data) {
    return (
      <>
        <PageTitle>{title}</PageTitle>
        <AdminError error={result.error} />
        {result.isPending && <p role="status">{t('admin:common.loading')}</p>}
      </>
    );
  }
  const detail = result.data;
  const { payment, member } = detail;
  return (
    <>
      <PageTitle actions={<Link to="/payments">{t('payment.back')}</Link>}>{title}</PageTitle>
      <Section id="payment" title={t('payment.section')}>
        <PaymentFacts payment={payment} />
        <PaymentExtras detail={detail} />
      </Section>
      <ProviderState detail={detail} />
      <Section id="member" title={t('payment.member')}>
        <Fields
          rows={[
            [
              t('member.email'),
              <Link key="email" to={`/members/${member.id}`}>
                {member.email}
              </Link>,
            ],
            [t('member.name'), member.name || '—'],
            [t('member.id'), member.id],
            [t('complaint.language'), t(`languages.${member.language}`, { defaultValue: member.language })],
            [t('member.balance'), t('payment.creditsValue', { count: member.credits })],
            [t('member.premium'), member.paid_user ? t('admin:common.yes') : t('admin:common.no')],
          ]}
        />
      </Section>
      <Section id="refunds" title={t('refunds.section')}>
        <PaymentRefunds detail={detail} />
        {may.refund && payment.status === 'paid' && (
          <div className="mt-3">
            <RefundForm paymentId={payment.id} currency={payment.currency} leftCents={detail.refundable_cents} />
          </div>
        )}
        {!may.refund && payment.status === 'paid' && detail.refundable_cents > 0 && (
          <p className="small text-body-secondary mt-3 mb-0">
            {t('refund.adminsOnly', { amount: formatCents(detail.refundable_cents, payment.currency) })}
          </p>
        )}
      </Section>
      <PaymentLedger detail={detail} />
    </>
  );
}
