import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { AdminError } from '../components/error-text';
import { PageTitle } from '../components/page-title';
import { useSiteName } from '../components/site-select';
import { AnswerForm } from '../features/billing/answer-form';
import { billingPermissions, complaintQuery } from '../features/billing/api';
import { ComplaintStatusBadge } from '../features/billing/badges';
import { PaymentFacts } from '../features/billing/payment-facts';
import { RefundForm } from '../features/billing/refund-form';
import { Fields, Section } from '../features/billing/section';
import { formatDateTime } from '../lib/format';
import { useStaff } from '../lib/session';

/**
 * One complaint (issue: back office I): the complaint and its member, take it up or answer it (the
 * answer is mailed to the member), the linked payment with the refund form for admins, and the
 * member's earlier complaints. Opening it is audit-logged by the server.
 */
export function Component() {
  const { t } = useTranslation('admin-billing');
  const id = Number(useParams().id);
  const staff = useStaff();
  const may = billingPermissions(staff.role);
  const siteName = useSiteName();
  const result = useQuery(complaintQuery(id));
  const title = t('complaint.title', { id });

  if (!result.data) {
    return (
      <>
        <PageTitle>{title}</PageTitle>
        <AdminError error={result.error} />
        {result.isPending && <p role="status">{t('admin:common.loading')}</p>}
      </>
    );
  }
  const { complaint, member, payment, earlier } = result.data;
  return (
    <>
      <PageTitle actions={<Link to="/complaints">{t('complaint.back')}</Link>}>{title}</PageTitle>
      <Section id="complaint" title={t('complaint.section')}>
        <Fields
          rows={[
            [t('complaints.status'), <ComplaintStatusBadge key="status" status={complaint.status} />],
            [t('complaints.topic'), t(`topics.${complaint.topic}`)],
            [t('complaints.filed'), formatDateTime(complaint.created_at)],
            [t('complaints.site'), siteName(complaint.site_id)],
            [
              t('complaints.member'),
              <span key="member">
                <Link to={`/members/${member.id}`}>{member.email}</Link>
                {member.name && ` (${member.name})`}
              </span>,
            ],
            [t('complaint.language'), t(`languages.${member.language}`, { defaultValue: member.language })],
          ]}
        />
        <h3 className="h6 mt-3">{t('complaint.text')}</h3>
        <p className="mb-0 text-break" style={{ whiteSpace: 'pre-line' }} data-testid="complaint-text">
          {complaint.text}
        </p>
      </Section>
      <Section id="answer" title={t('answer.section')}>
        {complaint.answer && (
          <div className="border-start border-3 border-success ps-3 mb-3" data-testid="complaint-answer">
            <p className="mb-1 text-break" style={{ whiteSpace: 'pre-line' }}>
              {complaint.answer}
            </p>
            <div className="small text-body-secondary">
              {t('answer.by', { date: formatDateTime(complaint.answered_at), staff: complaint.answered_by ?? '—' })}
            </div>
          </div>
        )}
        <AnswerForm complaint={complaint} memberLanguage={member.language} />
      </Section>
      {complaint.payment_id !== null && (
        <Section id="payment" title={t('complaint.payment')}>
          {payment ? (
            <>
              <PaymentFacts payment={payment} link={may.payments} />
              {may.refund && payment.status === 'paid' && (
                <div className="mt-3">
                  <RefundForm
                    paymentId={payment.id}
                    currency={payment.currency}
                    leftCents={payment.amount_cents - payment.refunded_cents}
                  />
                </div>
              )}
            </>
          ) : (
            <p className="mb-0">{t('complaint.paymentHidden', { id: complaint.payment_id })}</p>
          )}
        </Section>
      )}
      <Section id="earlier" title={t('complaint.earlier')}>
        {earlier.length === 0 ? (
          <p className="mb-0">{t('complaint.noEarlier')}</p>
        ) : (
          <ul className="list-unstyled mb-0">
            {earlier.map((c) => (
              <li key={c.id} className="d-flex flex-wrap gap-2 align-items-center mb-1">
                <Link to={`/complaints/${c.id}`}>{t('complaints.open', { id: c.id })}</Link>
                <span>{t(`topics.${c.topic}`)}</span>
                <span className="small text-body-secondary">{formatDateTime(c.created_at)}</span>
                <ComplaintStatusBadge status={c.status} />
              </li>
            ))}
          </ul>
        )}
      </Section>
    </>
  );
}
