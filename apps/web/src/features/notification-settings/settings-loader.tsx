import type { NotificationSettings } from '@app/contracts';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorAlert } from '../../components/error-alert';
import { errorText } from '../account/api-error-alert';
import { notificationSettingsQuery } from './api';

/**
 * Loads the member's notification settings and renders `children` with them; a spinner while they
 * load, the error with a retry button when they cannot.
 */
export function WithNotificationSettings({ children }: { children: (settings: NotificationSettings) => ReactNode }) {
  const { t } = useTranslation('notifications');
  const query = useQuery(notificationSettingsQuery);
  if (query.data) return <>{children(query.data)}</>;
  if (query.isError) {
    return (
      <ErrorAlert className="d-flex flex-wrap align-items-center gap-2">
        <span className="me-auto">{errorText(query.error, t)}</span>
        <button type="button" className="btn btn-sm btn-outline-danger" onClick={() => void query.refetch()}>
          {t('common:actions.retry')}
        </button>
      </ErrorAlert>
    );
  }
  return (
    <div className="d-flex align-items-center gap-2 text-body-secondary" role="status">
      <span className="spinner-border spinner-border-sm" aria-hidden="true" />
      {t('common:actions.loading')}
    </div>
  );
}
