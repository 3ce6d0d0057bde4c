import { REACTIVATION_DAYS } from '@app/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { accessApi } from '../features/account/access-api';
import { ApiErrorAlert } from '../features/account/api-error-alert';
import { AuthCard } from '../features/account/auth-card';
import { useTokenAction } from '../features/account/use-token-action';
import { queryKeys } from '../lib/query-client';
import { showToast } from '../lib/toast-store';
import { usePageTitle } from '../lib/use-page-title';

/**
 * /account-deleted: what happens after deleting (hidden now, reactivation link by mail for 14 days,
 * data erased after; SPEC.md 4). With ?reactivate=<token> (the mailed link) it reactivates and logs in.
 */
export function AccountDeletedPage() {
  const { t } = useTranslation('access');
  const client = useQueryClient();
  const navigate = useNavigate();
  const token = useSearchParams()[0].get('reactivate');
  const reactivation = useTokenAction('reactivate', token, accessApi.reactivate);
  usePageTitle(t('common:routes.account-deleted.title'));

  useEffect(() => {
    if (!reactivation.data) return;
    client.setQueryData(queryKeys.user, reactivation.data);
    showToast(t('deleted.welcomeBack'), 'success');
    void navigate('/members', { replace: true });
  }, [reactivation.data, client, navigate, t]);

  if (token && !reactivation.isError) {
    return (
      <AuthCard title={t('deleted.reactivating')}>
        <div className="spinner-border text-primary d-block mx-auto" role="status" />
      </AuthCard>
    );
  }
  return (
    <AuthCard title={t('common:routes.account-deleted.title')} testId="account-deleted">
      <ApiErrorAlert error={reactivation.error} showResetLink={false} />
      <p>{t('deleted.hidden')}</p>
      <p>{t('deleted.mail', { days: REACTIVATION_DAYS })}</p>
      <p>{t('deleted.erased', { days: REACTIVATION_DAYS })}</p>
      <Link to="/" className="btn btn-outline-primary w-100">
        {t('common:actions.home')}
      </Link>
    </AuthCard>
  );
}

export { AccountDeletedPage as Component };
