import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useSearchParams } from 'react-router';
import { accessApi } from '../features/account/access-api';
import { AuthCard } from '../features/account/auth-card';
import { useTokenAction } from '../features/account/use-token-action';
import { useSettings } from '../features/session/use-settings';
import { queryKeys } from '../lib/query-client';
import { usePageTitle } from '../lib/use-page-title';

/**
 * /activate/done?token=: the mailed activation link (SPEC.md 2, 4). Posts the token (which also logs in);
 * success shows the welcome, failure goes to /activate/error.
 */
export function ActivateDonePage() {
  const { t } = useTranslation('access');
  const settings = useSettings();
  const client = useQueryClient();
  const token = useSearchParams()[0].get('token');
  const activation = useTokenAction('activate', token, accessApi.activate);
  usePageTitle(t('common:routes.activate-done.title'));

  useEffect(() => {
    if (activation.data) client.setQueryData(queryKeys.user, activation.data);
  }, [activation.data, client]);

  if (!token || activation.isError) return <Navigate to="/activate/error" replace />;
  if (!activation.data) {
    return (
      <AuthCard title={t('activation.activating')}>
        <div className="spinner-border text-primary d-block mx-auto" role="status" />
      </AuthCard>
    );
  }
  return (
    <AuthCard title={t('common:routes.activate-done.title')} testId="activate-done">
      <p className="lead text-center">{t('activation.welcome', { site: settings.name })}</p>
      <p className="text-center">{t('activation.doneText')}</p>
      <Link to="/members" className="btn btn-primary btn-lg w-100">
        {t('activation.toMembers')}
      </Link>
    </AuthCard>
  );
}

export { ActivateDonePage as Component };
