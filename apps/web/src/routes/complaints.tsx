import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ComplaintForm } from '../features/billing/complaint-form';
import { ComplaintList } from '../features/billing/complaint-list';
import { useSettings } from '../features/session/use-settings';
import { useUser } from '../features/session/use-user';
import { usePageTitle } from '../lib/use-page-title';
import '../features/billing/billing.css';

/** The confirmation after filing: the complaint number and that a confirmation mail was sent. */
function Filed({ id, email, onAgain }: { id: number; email: string; onAgain: () => void }) {
  const { t } = useTranslation('billing');
  return (
    <div className="alert alert-success" role="status" data-testid="complaint-filed">
      <h2 className="h5">{t('complaints.filed.title', { id })}</h2>
      <p>{t('complaints.filed.mail', { email })}</p>
      <button type="button" className="btn btn-outline-success btn-sm" onClick={onAgain}>
        {t('complaints.filed.again')}
      </button>
    </div>
  );
}

/**
 * /complaints (SPEC.md 2, public): the refund cancellation period (SPEC.md 9 {refund_days}) and,
 * for a member, the complaint form and their earlier complaints with each one's state and the staff's
 * answer (issue: back office I); a visitor is asked to log in.
 */
export function ComplaintsPage() {
  const { t } = useTranslation('billing');
  const settings = useSettings();
  const user = useUser();
  const [filedId, setFiledId] = useState<number | null>(null);
  usePageTitle(t('common:routes.complaints.title'));
  return (
    <div className="container py-4 billing-page">
      <h1 className="h3 mb-3">{t('common:routes.complaints.title')}</h1>
      <p>{t('complaints.intro')}</p>
      <p className="text-body-secondary" data-testid="refund-days">
        {t('complaints.refundDays', { count: settings.refund_days, days: settings.refund_days })}
      </p>
      {!user ? (
        <div className="card border-0 shadow-sm p-4 text-center" data-testid="complaints-login">
          <p className="mb-3">{t('complaints.loginCall')}</p>
          <div>
            <Link to="/login" className="btn btn-primary">
              {t('common:nav.login')}
            </Link>
          </div>
        </div>
      ) : (
        <>
          <section className="card border-0 shadow-sm">
            <div className="card-body p-3 p-sm-4">
              {filedId === null ? (
                <ComplaintForm onFiled={setFiledId} />
              ) : (
                <Filed id={filedId} email={user.email} onAgain={() => setFiledId(null)} />
              )}
            </div>
          </section>
          <ComplaintList />
        </>
      )}
    </div>
  );
}

export { ComplaintsPage as Component };
