import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { accessApi } from '../features/account/access-api';
import { ApiErrorAlert } from '../features/account/api-error-alert';
import { AuthCard } from '../features/account/auth-card';
import { useTokenAction } from '../features/account/use-token-action';
import { useUser } from '../features/session/use-user';
import { ApiError } from '../lib/api';
import { queryKeys } from '../lib/query-client';
import { usePageTitle } from '../lib/use-page-title';

/** /mail-change/do?token=: confirms the new e-mail address from the mailed link. */
export function MailChangeDoPage() {
  const { t } = useTranslation('access');
  const client = useQueryClient();
  const user = useUser();
  const token = useSearchParams()[0].get('token');
  const change = useTokenAction('mail-change', token, accessApi.confirmMailChange);
  usePageTitle(t('common:routes.mail-change-do.title'));

  useEffect(() => {
    if (change.isSuccess) void client.invalidateQueries({ queryKey: queryKeys.user });
  }, [change.isSuccess, client]);

  return (
    <AuthCard title={t('common:routes.mail-change-do.title')}>
      {!token || change.isError ? (
        <ApiErrorAlert
          error={change.error ?? new ApiError(400, 'reset_link_invalid', t('errors:reset_link_invalid'))}
          showResetLink={false}
        />
      ) : change.isSuccess ? (
        <p className="alert alert-success" role="status" data-testid="mail-change-done">
          {t('mailChange.done')}
        </p>
      ) : (
        <div className="spinner-border text-primary d-block mx-auto" role="status" />
      )}
      <Link to={user ? '/notifications' : '/login'} className="btn btn-outline-primary w-100">
        {user ? t('mailChange.toSettings') : t('common:nav.login')}
      </Link>
    </AuthCard>
  );
}

export { MailChangeDoPage as Component };
